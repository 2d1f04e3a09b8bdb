import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { riskLevels, riskTypeLabel, riskTypes } from '../../domain/risks/risk-types';
import { clinicalToday, formatDate, formatWhen } from '../../domain/shared/clinical-time';
import { RiskLevelBadge } from '../components/clinical';
import { Field } from '../components/field';
import { formFailure, valuesOf, type FormFailure } from '../form.server';
import { pageData, patientPage } from '../page.server';
import { listRisks, recordRiskAssessment } from '../patients.server';
import { perform } from '../tenant.server';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const overview = await pageData(perform(actor, listRisks, { patientId }));
  return { ...overview, today: clinicalToday() };
}

type Values = Record<'riskType' | 'riskLevel' | 'rationale' | 'reviewDate', string>;

/** A new assessment of one risk type; the one before stays in the history. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const form = await request.formData();
  const values: Values = valuesOf(form, ['riskType', 'riskLevel', 'rationale', 'reviewDate']);
  try {
    await perform(actor, recordRiskAssessment, { patientId, risk: values });
    return redirect(`/patients/${patientId}/risicos?opgeslagen=1`);
  } catch (error) {
    return formFailure(error, values);
  }
}

interface Risk {
  id: string;
  riskType: string;
  riskLevel: string;
  rationale: string;
  assessedAt: string;
  assessedByName: string | null;
  reviewDate: string | null;
  reviewOverdue: boolean;
  current: boolean;
}

/** A current risk's review date; one that has passed reads "Evaluatie verlopen". */
function ReviewDate({ risk }: { risk: Risk }) {
  if (!risk.reviewDate) return <span className="muted">Geen evaluatiedatum</span>;
  return risk.reviewOverdue ? (
    <span className="review-overdue">
      <span className="badge badge-danger">Evaluatie verlopen</span> {`sinds ${formatDate(risk.reviewDate)}`}
    </span>
  ) : (
    <span>{`Evaluatie ${formatDate(risk.reviewDate)}`}</span>
  );
}

const byWhom = (risk: Risk) => `${formatWhen(risk.assessedAt)}${risk.assessedByName ? ` door ${risk.assessedByName}` : ''}`;

export default function Risks() {
  const { current, history, today } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure<Values>>();
  const busy = useNavigation().state === 'submitting';
  const [search] = useSearchParams();
  const fields = failure?.fields ?? {};
  const typed = (name: keyof Values) => failure?.values[name] ?? '';
  const types = [...new Set(history.map((risk) => risk.riskType))];

  return (
    <div className="measurements">
      <section className="card" aria-labelledby="current-title">
        <h2 id="current-title">Actuele risico&apos;s</h2>
        {search.get('opgeslagen') && !failure ? (
          <p className="notice notice-success" role="status">
            Risicotaxatie opgeslagen.
          </p>
        ) : null}
        {current.length === 0 ? (
          <p className="muted">Nog geen risicotaxatie vastgelegd.</p>
        ) : (
          <ul className="risk-list current-risks">
            {current.map((risk) => (
              <li key={risk.id} className={risk.reviewOverdue ? 'risk-overdue' : undefined}>
                <div className="risk-head">
                  <strong>{riskTypeLabel(risk.riskType)}</strong>
                  <RiskLevelBadge level={risk.riskLevel} />
                </div>
                <p data-authored>{risk.rationale}</p>
                <p className="muted small">
                  {`Beoordeeld ${byWhom(risk)} · `}
                  <ReviewDate risk={risk} />
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card" aria-labelledby="new-title">
        <h2 id="new-title">Nieuwe risicotaxatie</h2>
        <p className="muted small">
          Een nieuwe taxatie wordt de actuele voor dat soort risico. De vorige blijft in de geschiedenis staan; niets wordt overschreven.
        </p>
        {failure ? (
          <p className="notice notice-danger" role="alert">
            {failure.message}
          </p>
        ) : null}
        {/* Keyed by the newest assessment: after a save the form is empty again. */}
        <Form method="post" className="stack-form" noValidate key={history[0]?.id ?? 'leeg'}>
          <div className="field-row">
            <Field id="riskType" label="Soort risico" error={fields.riskType}>
              <select name="riskType" defaultValue={typed('riskType')}>
                <option value="">Kies een risico</option>
                {riskTypes.map((entry) => (
                  <option key={entry.type} value={entry.type}>
                    {`${entry.label} (${entry.hint.toLowerCase()})`}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="riskLevel" label="Risiconiveau" error={fields.riskLevel}>
              <select name="riskLevel" defaultValue={typed('riskLevel')}>
                <option value="">Kies een niveau</option>
                {riskLevels.map((level) => (
                  <option key={level} value={level}>
                    {level.charAt(0).toUpperCase() + level.slice(1)}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <Field id="rationale" label="Onderbouwing" error={fields.rationale} hint="Wat zag of hoorde je, en waarom dit niveau?">
            <textarea name="rationale" rows={4} maxLength={2000} defaultValue={typed('rationale')} />
          </Field>
          <Field id="reviewDate" label="Evaluatiedatum" error={fields.reviewDate} hint="Wanneer wordt dit risico opnieuw beoordeeld?">
            <input type="date" name="reviewDate" min={today} defaultValue={typed('reviewDate')} />
          </Field>
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              Taxatie opslaan
            </button>
          </div>
        </Form>
      </section>

      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">Geschiedenis</h2>
        {types.length === 0 ? (
          <p className="muted">Nog geen eerdere taxaties.</p>
        ) : (
          types.map((type) => (
            <div key={type} className="risk-history">
              <h3>{riskTypeLabel(type)}</h3>
              <div className="table-scroll" tabIndex={0}>
                <table className="trend-table">
                  <caption className="visually-hidden">{`Taxaties van ${type}, nieuwste eerst`}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Beoordeeld</th>
                      <th scope="col">Niveau</th>
                      <th scope="col">Onderbouwing</th>
                      <th scope="col">Evaluatiedatum</th>
                    </tr>
                  </thead>
                  <tbody>
                    {history
                      .filter((risk) => risk.riskType === type)
                      .map((risk) => (
                        <tr key={risk.id} id={`risico-${risk.id}`} className={risk.current ? 'risk-current' : 'risk-superseded'}>
                          <th scope="row">
                            {byWhom(risk)}
                            {risk.current ? <span className="badge badge-small">Actueel</span> : null}
                          </th>
                          <td>
                            <RiskLevelBadge level={risk.riskLevel} />
                          </td>
                          <td className="wrap" data-authored>
                            {risk.rationale}
                          </td>
                          <td>{risk.reviewDate ? formatDate(risk.reviewDate) : <span className="muted">—</span>}</td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              </div>
            </div>
          ))
        )}
      </section>
    </div>
  );
}
