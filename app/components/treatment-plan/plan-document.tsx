import { formatDate, formatWhen } from '../../../domain/shared/clinical-time';
import type { ReactNode } from 'react';
import {
  classificationKindLabels,
  consentLabels,
  planStatusLabels,
  type PlanStatus,
  type TreatmentPlanContent,
  type TreatmentPlanView,
} from '../../../domain/treatment-plan/treatment-plan.schemas';

export const statusClass: Record<PlanStatus, string> = {
  concept: 'plan-status-draft',
  goedgekeurd: 'plan-status-approved',
  vervangen: 'plan-status-superseded',
};

export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  return <span className={`badge ${statusClass[status]}`}>{planStatusLabels[status]}</span>;
}

/** Said wherever a local draft is shown: it was built by rules, not written, and needs completing. */
export function SourceBadge({ plan }: { plan: Pick<TreatmentPlanView, 'bron' | 'status'> }) {
  if (plan.bron === 'taalmodel') return <span className="badge plan-source-model">Opgesteld met taalmodel</span>;
  return (
    <span className="badge badge-warning">{plan.status === 'concept' ? 'Concept zonder taalmodel' : 'Opgesteld zonder taalmodel'}</span>
  );
}

/** Who made the version, who changed it last and who approved it. */
export function PlanProvenance({ plan }: { plan: TreatmentPlanView }) {
  return (
    <p className="plan-provenance muted small">
      Opgesteld door {plan.generatedBy.name}, {formatWhen(plan.generatedAt)}
      {plan.updatedBy ? ` · gewijzigd door ${plan.updatedBy.name}, ${formatWhen(plan.updatedAt)}` : ''}
      {plan.approvedBy && plan.approvedAt ? ` · goedgekeurd door ${plan.approvedBy.name}, ${formatWhen(plan.approvedAt)}` : ''}
    </p>
  );
}

function Section({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section className="plan-section" aria-labelledby={`plan-section-${number}`}>
      <h3 id={`plan-section-${number}`}>
        <span className="plan-section-number" aria-hidden="true">
          {number}
        </span>
        {title}
      </h3>
      <div className="plan-section-body">{children}</div>
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="muted plan-empty">{children}</p>;

function Lines({ items, empty }: { items: string[]; empty: string }) {
  return items.length ? (
    <ul className="plan-lines">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  ) : (
    <Empty>{empty}</Empty>
  );
}

/** A version as it reads on paper: the sections in the order of the Dutch GGZ treatment plan. */
export function PlanDocument({ plan }: { plan: TreatmentPlanContent }) {
  return (
    <div className="plan-document">
      <Section number={1} title="Hulpvraag">
        {plan.hulpvraag ? <p className="plan-text">{plan.hulpvraag}</p> : <Empty>Nog niet ingevuld.</Empty>}
      </Section>
      <Section number={2} title="Probleemanalyse">
        {plan.probleemanalyse ? <p className="plan-text">{plan.probleemanalyse}</p> : <Empty>Nog niet ingevuld.</Empty>}
      </Section>
      <Section number={3} title="DSM-5-classificatie">
        {plan.classificatie.length ? (
          <ul className="plan-classification">
            {plan.classificatie.map((row) => (
              <li key={`${row.code}-${row.soort}`}>
                <span className="mono plan-code">{row.code}</span>
                <span>{row.omschrijving}</span>
                <span className="chip">{classificationKindLabels[row.soort]}</span>
              </li>
            ))}
          </ul>
        ) : (
          <Empty>Nog geen classificatie vastgelegd.</Empty>
        )}
      </Section>
      <Section number={4} title="Doelen">
        <ol className="plan-goals">
          {plan.doelen.map((goal, index) => (
            <li key={index}>
              <p>{goal.omschrijving}</p>
              <p className="plan-goal-date">Evaluatie {formatDate(goal.evaluatiedatum)}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section number={5} title="Interventies en medicatie">
        <div className="plan-columns">
          <div>
            <h4>Interventies</h4>
            <Lines items={plan.interventies} empty="Geen interventies vastgelegd." />
          </div>
          <div>
            <h4>Medicatie</h4>
            <Lines items={plan.medicatie} empty="Geen medicatie vastgelegd." />
          </div>
        </div>
      </Section>
      <Section number={6} title="Frequentie en duur">
        <dl className="definitions">
          <div className="definition">
            <dt>Frequentie</dt>
            <dd>{plan.frequentie || <span className="muted">Nog niet ingevuld.</span>}</dd>
          </div>
          <div className="definition">
            <dt>Duur</dt>
            <dd>{plan.duur || <span className="muted">Nog niet ingevuld.</span>}</dd>
          </div>
        </dl>
      </Section>
      <Section number={7} title="Verantwoordelijke behandelaren">
        {plan.behandelaren.length ? (
          <ul className="plan-people">
            {plan.behandelaren.map((person, index) => (
              <li key={index}>
                <strong>{person.naam}</strong>
                <span className="muted">{person.rol}</span>
              </li>
            ))}
          </ul>
        ) : (
          <Empty>Nog geen behandelaar vastgelegd.</Empty>
        )}
      </Section>
      <Section number={8} title="Signalerings- en crisisplan">
        <div className="plan-columns">
          <div>
            <h4>Vroege signalen</h4>
            <Lines items={plan.crisisplan.signalen} empty="Geen signalen vastgelegd." />
          </div>
          <div>
            <h4>Afspraken</h4>
            <Lines items={plan.crisisplan.acties} empty="Geen afspraken vastgelegd." />
          </div>
        </div>
        {plan.crisisplan.contact ? (
          <p className="plan-crisis-contact">
            <strong>Bij crisis:</strong> {plan.crisisplan.contact}
          </p>
        ) : null}
      </Section>
      <Section number={9} title="Evaluatiemomenten">
        {plan.evaluatiemomenten.length ? (
          <ul className="plan-moments">
            {plan.evaluatiemomenten.map((moment, index) => (
              <li key={index}>
                <span className="plan-moment-date">{formatDate(moment.datum)}</span>
                <span>{moment.omschrijving}</span>
              </li>
            ))}
          </ul>
        ) : (
          <Empty>Nog geen evaluatiemoment gepland.</Empty>
        )}
      </Section>
      <Section number={10} title="Instemming van de patiënt">
        <p>
          <span className={`badge consent-${plan.toestemming.status}`}>{consentLabels[plan.toestemming.status]}</span>
        </p>
        {plan.toestemming.toelichting ? (
          <p className="plan-text" data-authored>
            {plan.toestemming.toelichting}
          </p>
        ) : null}
      </Section>
    </div>
  );
}
