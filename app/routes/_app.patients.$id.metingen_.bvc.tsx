import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { bvcItems } from '../../domain/measurements/bvc';
import { formatWhen, wallClockOf } from '../../domain/shared/clinical-time';
import { uuidOrNull } from '../../domain/shared/ids';
import { Field } from '../components/field';
import { formFailure, instantOf, valuesOf } from '../form.server';
import { pageData, patientPage } from '../page.server';
import { correctBvcScore, listBvc, recordBvcScore } from '../patients.server';
import { perform } from '../tenant.server';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const scores = await pageData(perform(actor, listBvc, { patientId }));
  // "Corrigeren" opens the correction form with the answers filled in (a link: works without JavaScript).
  const correcting = uuidOrNull(new URL(request.url).searchParams.get('corrigeer'));
  const score = correcting ? scores.find((candidate) => candidate.id === correcting && !candidate.correctedAt) : null;
  return { scores, correcting: score ?? null, now: wallClockOf(new Date()) };
}

type Values = Record<string, string>;

/** Ticked is present, unticked absent: every behaviour is answered. */
const answersOf = (values: Values) => Object.fromEntries(bvcItems.map((item) => [item.key, values[item.key] === 'on']));

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const form = await request.formData();
  const values = valuesOf(form);
  try {
    if (values.intent === 'corrigeren') {
      const correction = { items: answersOf(values), reason: values.reason ?? '' };
      await perform(actor, correctBvcScore, { id: values.id ?? '', correction, patientId });
      return redirect(`/patients/${patientId}/metingen/bvc`);
    }
    const observedAt = instantOf(values.datum ?? '', values.tijd ?? '');
    await perform(actor, recordBvcScore, { patientId, score: { observedAt, items: answersOf(values) } });
    return redirect(`/patients/${patientId}/metingen/bvc?opgeslagen=1`);
  } catch (error) {
    return formFailure(error, values);
  }
}

function Behaviours({ checked }: { checked: (key: string) => boolean }) {
  return (
    <fieldset className="bvc-items">
      <legend>Gedrag in de afgelopen dienst, vergeleken met het gewone gedrag van de patiënt</legend>
      {bvcItems.map((item) => (
        <label key={item.key} className="bvc-item">
          <input type="checkbox" name={item.key} defaultChecked={checked(item.key)} />
          <span>
            <strong>{item.label}</strong>
            <span className="muted small">{item.help}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export default function BrosetChecklist() {
  const { scores, correcting, now } = useLoaderData<typeof loader>();
  const failure = useActionData<{ message: string; fields?: Record<string, string>; values: Values }>();
  const busy = useNavigation().state === 'submitting';
  const fields = failure?.fields ?? {};
  const typed = (name: string, fallback = '') => failure?.values[name] ?? fallback;
  const [datum, tijd] = now.split('T') as [string, string];
  const latest = scores.find((score) => !score.correctedAt);

  return (
    <div className="measurements">
      <nav className="subtabs" aria-label="Soort meting">
        <Link to="..">Vitale functies</Link>
        <span aria-current="page">Brøset Violentie Checklist</span>
      </nav>

      {latest ? (
        <section className={`card bvc-latest bvc-${latest.band.replace(' ', '-')}`} aria-labelledby="bvc-latest-title">
          <h2 id="bvc-latest-title">{`BVC-score ${latest.score} van 6`}</h2>
          <p>
            <strong>{latest.label}</strong> · {`gescoord ${formatWhen(latest.observedAt)}`}
          </p>
          <p>{latest.advice}</p>
        </section>
      ) : null}

      {correcting ? (
        <section className="card" aria-labelledby="bvc-correct-title">
          <h2 id="bvc-correct-title">BVC corrigeren</h2>
          <p className="muted">
            {`Score ${correcting.score}, gescoord ${formatWhen(correcting.observedAt)}. De oude score blijft zichtbaar als gecorrigeerd.`}
          </p>
          <Form method="post" className="stack-form">
            <input type="hidden" name="intent" value="corrigeren" />
            <input type="hidden" name="id" value={correcting.id} />
            <Behaviours
              checked={(key) => (failure ? failure.values[key] === 'on' : correcting.items[key as keyof typeof correcting.items])}
            />
            <Field id="reason" label="Reden van de correctie" error={fields.reason}>
              <input type="text" name="reason" maxLength={300} defaultValue={typed('reason')} />
            </Field>
            <div className="form-actions">
              <Link to="." className="button button-secondary">
                Annuleren
              </Link>
              <button type="submit" className="button button-primary" disabled={busy}>
                Correctie opslaan
              </button>
            </div>
          </Form>
        </section>
      ) : null}

      <section className="card" aria-labelledby="bvc-new-title">
        <h2 id="bvc-new-title">Nieuwe BVC</h2>
        <p className="muted small">
          Scoor elke dienst. Vink een gedrag alleen aan als het afwijkt van wat gewoon is voor deze patiënt. Het dossier telt de score en
          geeft het advies.
        </p>
        {failure && failure.values.intent !== 'corrigeren' ? (
          <p className="notice notice-danger" role="alert">
            {failure.message}
          </p>
        ) : null}
        <Form method="post" className="stack-form" noValidate key={scores[0]?.id ?? 'leeg'}>
          <input type="hidden" name="intent" value="scoren" />
          <div className="field-row">
            <Field id="datum" label="Datum" error={fields.datum}>
              <input type="date" name="datum" defaultValue={typed('datum', datum)} />
            </Field>
            <Field id="tijd" label="Tijd" error={fields.tijd ?? fields.observedAt}>
              <input type="time" name="tijd" defaultValue={typed('tijd', tijd)} />
            </Field>
          </div>
          <Behaviours checked={(key) => failure?.values.intent !== 'corrigeren' && failure?.values[key] === 'on'} />
          <button type="submit" className="button button-primary" disabled={busy}>
            BVC opslaan
          </button>
        </Form>
      </section>

      <section className="card" aria-labelledby="bvc-history-title">
        <h2 id="bvc-history-title">Eerdere scores</h2>
        {scores.length === 0 ? (
          <p className="muted">Nog geen BVC gescoord.</p>
        ) : (
          <div className="table-scroll" tabIndex={0}>
            <table className="trend-table">
              <caption className="visually-hidden">BVC-scores per tijdstip, nieuwste eerst</caption>
              <thead>
                <tr>
                  <th scope="col">Tijdstip</th>
                  <th scope="col">Score</th>
                  <th scope="col">Risico</th>
                  <th scope="col">Aanwezig gedrag</th>
                  <th scope="col">
                    <span className="visually-hidden">Acties</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {scores.map((score) => (
                  <tr key={score.id} id={`meting-${score.id}`} className={score.correctedAt ? 'row-corrected' : undefined}>
                    <th scope="row">{formatWhen(score.observedAt)}</th>
                    <td>{score.correctedAt ? <del title="Gecorrigeerd">{score.score}</del> : <strong>{score.score}</strong>}</td>
                    <td>
                      {score.correctedAt ? 'gecorrigeerd' : score.label}
                      {score.correctionReason ? <span className="muted small">{` (correctie: ${score.correctionReason})`}</span> : null}
                    </td>
                    <td>
                      {bvcItems
                        .filter((item) => score.items[item.key])
                        .map((item) => item.label)
                        .join(', ') || <span className="muted">geen</span>}
                    </td>
                    <td>
                      {score.correctedAt ? null : (
                        <Link to={`?corrigeer=${score.id}`} aria-label={`BVC van ${formatWhen(score.observedAt)} corrigeren`}>
                          Corrigeren
                        </Link>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
