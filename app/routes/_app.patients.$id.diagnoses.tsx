import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { diagnosisCodesByChapter, rankLabels } from '../../domain/diagnoses/diagnosis-codes';
import { clinicalToday, formatDate, formatWhen } from '../../domain/shared/clinical-time';
import { Field } from '../components/field';
import { formFailure, valuesOf, type FormFailure } from '../form.server';
import { pageData, patientPage } from '../page.server';
import { addDiagnosisEntry, endDiagnosisEntry, listDiagnoses, makeDiagnosisPrimary } from '../patients.server';
import { perform } from '../tenant.server';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const overview = await pageData(perform(actor, listDiagnoses, { patientId }));
  return { ...overview, today: clinicalToday() };
}

type Values = Record<'intent' | 'id' | 'code' | 'rank' | 'diagnosedAt' | 'endedAt' | 'reason', string>;

const saved = { toevoegen: 'toegevoegd', hoofddiagnose: 'hoofddiagnose', beeindigen: 'beeindigd' } as const;

/** Add, make primary, end: each one use case, each on this page's patient only. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const form = await request.formData();
  const values: Values = valuesOf(form, ['intent', 'id', 'code', 'rank', 'diagnosedAt', 'endedAt', 'reason']);
  try {
    if (values.intent === 'hoofddiagnose') await perform(actor, makeDiagnosisPrimary, { id: values.id, patientId });
    else if (values.intent === 'beeindigen')
      await perform(actor, endDiagnosisEntry, { id: values.id, end: { endedAt: values.endedAt, reason: values.reason }, patientId });
    else
      await perform(actor, addDiagnosisEntry, {
        patientId,
        diagnosis: { code: values.code, rank: values.rank, diagnosedAt: values.diagnosedAt },
      });
    const done = saved[values.intent as keyof typeof saved] ?? saved.toevoegen;
    return redirect(`/patients/${patientId}/diagnoses?opgeslagen=${done}`);
  } catch (error) {
    return formFailure(error, values);
  }
}

const savedMessages: Record<string, string> = {
  toegevoegd: 'Diagnose toegevoegd.',
  hoofddiagnose: 'Hoofddiagnose gewijzigd; de vorige hoofddiagnose is nu nevendiagnose.',
  beeindigd: 'Diagnose beëindigd. Je vindt hem onder Beëindigde diagnoses.',
};

interface Diagnosis {
  id: string;
  code: string;
  label: string;
  chapter: string | null;
  rank: 'primary' | 'secondary';
  diagnosedAt: string;
  diagnosedByName: string | null;
  endedAt: string | null;
  endReason: string | null;
  endedByName: string | null;
  history: { kind: string; text: string; reason: string | null; occurredAt: string; actorName: string | null }[];
}

function History({ diagnosis }: { diagnosis: Diagnosis }) {
  return (
    <details className="diagnosis-history">
      <summary>{`Geschiedenis (${diagnosis.history.length})`}</summary>
      <ol>
        {diagnosis.history.map((event, index) => (
          <li key={index}>
            {`${formatWhen(event.occurredAt)} · ${event.text}${event.actorName ? ` door ${event.actorName}` : ''}`}
            {event.reason ? <span className="muted">{` — ${event.reason}`}</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

function Title({ diagnosis }: { diagnosis: Diagnosis }) {
  return (
    <div className="diagnosis-title" id={`diagnose-${diagnosis.id}`}>
      <span className="mono">{diagnosis.code}</span> <strong>{diagnosis.label}</strong>
      {diagnosis.chapter ? <div className="muted small">{diagnosis.chapter}</div> : null}
    </div>
  );
}

export default function Diagnoses() {
  const { active, ended, today } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure<Values>>();
  const busy = useNavigation().state === 'submitting';
  const [search] = useSearchParams();
  const savedMessage = savedMessages[search.get('opgeslagen') ?? ''];
  const failedFor = (intent: string, id = '') =>
    failure && failure.values.intent === intent && (id === '' || failure.values.id === id) ? failure : undefined;
  const adding = failure && failure.values.intent !== 'hoofddiagnose' && failure.values.intent !== 'beeindigen' ? failure : undefined;
  const added = adding?.fields ?? {};

  return (
    <div className="measurements">
      <section className="card" aria-labelledby="active-title">
        <h2 id="active-title">Actieve diagnoses</h2>
        {savedMessage && !failure ? (
          <p className="notice notice-success" role="status">
            {savedMessage}
          </p>
        ) : null}
        {failedFor('hoofddiagnose') ? (
          <p className="notice notice-danger" role="alert">
            {failedFor('hoofddiagnose')!.message}
          </p>
        ) : null}
        {active.length === 0 ? (
          <p className="muted">Geen actieve diagnoses.</p>
        ) : (
          <ul className="diagnosis-list">
            {active.map((diagnosis) => {
              const ending = failedFor('beeindigen', diagnosis.id);
              return (
                <li key={diagnosis.id} className="diagnosis-item">
                  <div className="diagnosis-main">
                    <span className={diagnosis.rank === 'primary' ? 'badge badge-primary' : 'badge badge-secondary'}>
                      {rankLabels[diagnosis.rank]}
                    </span>
                    <Title diagnosis={diagnosis} />
                    <p className="muted small">
                      {`Sinds ${formatDate(diagnosis.diagnosedAt)}${diagnosis.diagnosedByName ? ` · vastgelegd door ${diagnosis.diagnosedByName}` : ''}`}
                    </p>
                    <History diagnosis={diagnosis} />
                  </div>
                  <div className="diagnosis-actions">
                    {diagnosis.rank === 'secondary' ? (
                      <Form method="post" aria-label={`${diagnosis.label} hoofddiagnose maken`}>
                        <input type="hidden" name="intent" value="hoofddiagnose" />
                        <input type="hidden" name="id" value={diagnosis.id} />
                        <button type="submit" className="button button-secondary button-small" disabled={busy}>
                          Maak hoofddiagnose
                        </button>
                      </Form>
                    ) : null}
                    <details className="diagnosis-end" open={Boolean(ending)}>
                      <summary>Beëindigen</summary>
                      <Form method="post" className="stack-form" noValidate aria-label={`${diagnosis.label} beëindigen`}>
                        <input type="hidden" name="intent" value="beeindigen" />
                        <input type="hidden" name="id" value={diagnosis.id} />
                        {ending ? (
                          <p className="notice notice-danger" role="alert">
                            {ending.message}
                          </p>
                        ) : null}
                        <Field id={`endedAt-${diagnosis.id}`} label="Einddatum" error={ending?.fields.endedAt}>
                          <input type="date" name="endedAt" max={today} defaultValue={ending?.values.endedAt ?? today} />
                        </Field>
                        <Field id={`reason-${diagnosis.id}`} label="Reden van beëindigen" error={ending?.fields.reason}>
                          <input type="text" name="reason" maxLength={500} defaultValue={ending?.values.reason ?? ''} />
                        </Field>
                        <button type="submit" className="button button-primary button-small" disabled={busy}>
                          Diagnose beëindigen
                        </button>
                      </Form>
                    </details>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className="card" aria-labelledby="add-title">
        <h2 id="add-title">Diagnose toevoegen</h2>
        {adding ? (
          <p className="notice notice-danger" role="alert">
            {adding.message}
          </p>
        ) : null}
        {/* Keyed by the newest diagnosis: after a save the form is empty again. */}
        <Form method="post" className="stack-form" noValidate key={active.map((diagnosis) => diagnosis.id).join() || 'leeg'}>
          <input type="hidden" name="intent" value="toevoegen" />
          <Field id="code" label="Diagnose (DSM-5 met ICD-10-code)" error={added.code}>
            <select name="code" defaultValue={adding?.values.code ?? ''}>
              <option value="">Kies een diagnose</option>
              {diagnosisCodesByChapter().map(({ chapter, codes }) => (
                <optgroup key={chapter} label={chapter}>
                  {codes.map((entry) => (
                    <option key={entry.code} value={entry.code}>
                      {`${entry.code} ${entry.label}`}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </Field>
          <div className="field-row">
            <Field
              id="rank"
              label="Soort diagnose"
              error={added.rank}
              hint="Een nieuwe hoofddiagnose maakt de huidige hoofddiagnose tot nevendiagnose."
            >
              <select
                name="rank"
                defaultValue={adding?.values.rank ?? (active.some((d) => d.rank === 'primary') ? 'secondary' : 'primary')}
              >
                <option value="primary">Hoofddiagnose</option>
                <option value="secondary">Nevendiagnose</option>
              </select>
            </Field>
            <Field id="diagnosedAt" label="Datum van de diagnose" error={added.diagnosedAt}>
              <input type="date" name="diagnosedAt" max={today} defaultValue={adding?.values.diagnosedAt ?? today} />
            </Field>
          </div>
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              Diagnose toevoegen
            </button>
          </div>
        </Form>
      </section>

      <section className="card" aria-labelledby="ended-title">
        <h2 id="ended-title">Beëindigde diagnoses</h2>
        {ended.length === 0 ? (
          <p className="muted">Geen beëindigde diagnoses.</p>
        ) : (
          <ul className="diagnosis-list">
            {ended.map((diagnosis) => (
              <li key={diagnosis.id} className="diagnosis-item diagnosis-ended">
                <div className="diagnosis-main">
                  <span className="badge status-ended">Beëindigd</span>
                  <Title diagnosis={diagnosis} />
                  <p className="muted small">
                    {`${formatDate(diagnosis.diagnosedAt)} tot ${formatDate(diagnosis.endedAt)}${diagnosis.endedByName ? ` · beëindigd door ${diagnosis.endedByName}` : ''}`}
                  </p>
                  <p className="small">{`Reden: ${diagnosis.endReason ?? ''}`}</p>
                  <History diagnosis={diagnosis} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
