import { formatDate, formatWhen } from '../../domain/shared/clinical-time';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { CheckCircledIcon, CircleIcon } from '@radix-ui/react-icons';
import { RiskList } from '../components/clinical';
import { pageData, patientPage } from '../page.server';
import { intakeTab } from '../patients.server';
import { perform } from '../tenant.server';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  return pageData(perform(actor, intakeTab, { patientId }));
}

export default function IntakeTab() {
  const { intake, risks, diagnoses } = useLoaderData<typeof loader>();
  return (
    <div className="cards">
      <section className="card" aria-labelledby="intake-title">
        <h2 id="intake-title">Intake</h2>
        <div
          className="progress"
          role="progressbar"
          aria-valuenow={intake.completionPercentage}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label="Intake voltooid"
        >
          <div className="progress-bar" style={{ width: `${intake.completionPercentage}%` }} />
        </div>
        <p className="muted">{`${intake.completionPercentage}% voltooid`}</p>
        <ul className="intake-sections">
          {intake.sections.map((section) => (
            <li key={section.key} className={section.complete ? 'done' : undefined}>
              <div className="intake-section-head">
                {section.complete ? <CheckCircledIcon aria-hidden="true" /> : <CircleIcon aria-hidden="true" />}
                <strong>{section.label}</strong>
                <span className="muted small">
                  {section.complete ? 'afgerond' : section.content ? 'in bewerking' : 'nog niet ingevuld'}
                  {section.updatedAt ? ` · ${formatWhen(section.updatedAt)}${section.updatedBy ? ` door ${section.updatedBy}` : ''}` : ''}
                </span>
                <Link
                  to={section.key}
                  className="intake-section-edit"
                  aria-label={`${section.label} ${section.content ? 'bewerken' : 'invullen'}`}
                >
                  {section.content ? 'Bewerken' : 'Invullen'}
                </Link>
              </div>
              {section.content ? (
                <p className="intake-section-text" data-authored>
                  {section.content}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section className="card">
        <h2>Risicotaxatie</h2>
        {risks.length === 0 ? <p className="muted">Nog geen risicotaxatie vastgelegd.</p> : <RiskList risks={risks} />}
      </section>
      <section className="card">
        <h2>Diagnoses (DSM-5)</h2>
        {diagnoses.primary.length + diagnoses.secondary.length === 0 ? (
          <p className="muted">Nog geen diagnose vastgelegd.</p>
        ) : (
          <dl className="definitions">
            {[
              ...diagnoses.primary.map((d) => ({ ...d, rank: 'Hoofddiagnose' })),
              ...diagnoses.secondary.map((d) => ({ ...d, rank: 'Nevendiagnose' })),
            ].map((diagnosis) => (
              <div className="definition" key={diagnosis.id}>
                <dt>{diagnosis.rank}</dt>
                <dd>
                  <span className="mono">{diagnosis.code}</span> {diagnosis.label}
                  <span className="muted small"> · {formatDate(diagnosis.diagnosedAt)}</span>
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </div>
  );
}
