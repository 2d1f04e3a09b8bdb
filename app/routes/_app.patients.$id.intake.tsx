import { formatDate } from '../../domain/shared/clinical-time';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { IntakeProgress, RiskList } from '../components/clinical';
import { pageData, patientPage } from '../page.server';
import { currentRisks, diagnosesOf, intakeStatus } from '../patients.server';
import { audited } from '../tenant.server';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  return pageData(
    audited(actor, { action: 'read', resourceType: 'IntakeStatus', patientIds: [patientId] }, async (em) => ({
      status: await intakeStatus(em, actor, { patientId }),
      risks: (await currentRisks(em, actor, { patientId })).risks,
      diagnoses: await diagnosesOf(em, actor, { patientId }),
    })),
  );
}

export default function IntakeTab() {
  const { status, risks, diagnoses } = useLoaderData<typeof loader>();
  return (
    <div className="cards">
      <section className="card">
        <h2>Intake</h2>
        <IntakeProgress status={status} />
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
