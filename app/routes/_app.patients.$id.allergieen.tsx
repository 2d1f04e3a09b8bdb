import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { allergySeverities } from '../../domain/allergies/allergies.vocabulary';
import { formatWhen } from '../../domain/shared/clinical-time';
import { uuidOrNull } from '../../domain/shared/ids';
import { Field } from '../components/field';
import { formFailure, valuesOf, type FormFailure } from '../form.server';
import { pageData, patientPage } from '../page.server';
import { lapseAllergyEntry, listAllergies, recordAllergyEntry } from '../patients.server';
import { perform } from '../tenant.server';

/*
 * Allergies and intolerances, reached from the patient banner: record one, record "geen bekende
 * allergieën", or let one lapse with a reason (?vervallen=<id>). Nothing is deleted.
 */

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const overview = await pageData(perform(actor, listAllergies, { patientId }));
  const lapsing = uuidOrNull(new URL(request.url).searchParams.get('vervallen'));
  return { ...overview, lapsing: overview.history.find((entry) => entry.id === lapsing && !entry.lapsedAt) ?? null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const values = valuesOf(await request.formData());
  try {
    switch (values.intent) {
      case 'allergie':
        await perform(actor, recordAllergyEntry, {
          patientId,
          allergy: { substance: values.substance, reaction: values.reaction, severity: values.severity },
        });
        break;
      case 'geen-bekende':
        await perform(actor, recordAllergyEntry, { patientId, allergy: { noKnownAllergies: true } });
        break;
      case 'vervallen':
        await perform(actor, lapseAllergyEntry, { id: values.id ?? '', lapse: { reason: values.reason }, patientId });
        break;
      default:
        throw Response.json({ message: 'Onbekende actie.' }, { status: 400 });
    }
    return redirect(`/patients/${patientId}/allergieen?opgeslagen=${values.intent}`);
  } catch (error) {
    if (error instanceof Response) throw error;
    return formFailure(error, values, { shows: ['conflict'] });
  }
}

type Failure = FormFailure;

const savedMessages: Record<string, string> = {
  allergie: 'De allergie is vastgelegd.',
  'geen-bekende': 'Vastgelegd: geen bekende allergieën.',
  vervallen: 'De allergie is vervallen; ze blijft zichtbaar in de geschiedenis.',
};

const statusText = {
  vastgelegd: null,
  'geen-bekende': 'Geen bekende allergieën.',
  'niet-vastgelegd':
    'Allergieën zijn nog niet vastgelegd. Vraag ernaar en leg vast wat de patiënt heeft, of dat er geen bekende allergieën zijn.',
};

export default function Allergies() {
  const data = useLoaderData<typeof loader>();
  const failure = useActionData<Failure>();
  const busy = useNavigation().state === 'submitting';
  const [params] = useSearchParams();
  const saved = savedMessages[params.get('opgeslagen') ?? ''];
  const mine = (intent: string) => (failure?.values.intent === intent ? failure : undefined);
  const add = mine('allergie');
  const lapse = mine('vervallen');
  const none = mine('geen-bekende');
  const past = data.history.filter((entry) => entry.lapsedAt);

  return (
    <div className="legal-page">
      {saved && !failure ? (
        <p className="notice notice-success" role="status">
          {saved}
        </p>
      ) : null}
      <section className="card" aria-labelledby="allergies-title">
        <h2 id="allergies-title">Allergieën en intoleranties</h2>
        {statusText[data.status] ? (
          <p className={data.status === 'niet-vastgelegd' ? 'notice notice-warning' : undefined}>{statusText[data.status]}</p>
        ) : (
          <ul className="history-list" aria-label="Geldende allergieën">
            {data.active.map((allergy) => (
              <li key={allergy.id} className="history-entry is-current">
                <div className="history-head">
                  <strong>{allergy.substance}</strong>
                  <span className="badge badge-small">{allergy.severity}</span>
                </div>
                {allergy.reaction ? <p>{`Reactie: ${allergy.reaction}`}</p> : null}
                <p className="muted small">{`Vastgelegd door ${allergy.recordedBy}, ${formatWhen(allergy.recordedAt)}`}</p>
                {data.lapsing?.id === allergy.id ? (
                  <div className="card-inset" id="vervallen">
                    <h3>{`${allergy.substance} laten vervallen`}</h3>
                    {lapse && Object.keys(lapse.fields).length === 0 ? (
                      <p className="notice notice-danger" role="alert">
                        {lapse.message}
                      </p>
                    ) : null}
                    <Form method="post" className="stack-form" noValidate>
                      <input type="hidden" name="intent" value="vervallen" />
                      <input type="hidden" name="id" value={allergy.id} />
                      <Field
                        id="reason"
                        label="Reden"
                        error={lapse?.fields.reason}
                        hint="Bijvoorbeeld: bij navraag geen allergie, maar bijwerking."
                      >
                        <input type="text" name="reason" maxLength={300} defaultValue={lapse?.values.reason ?? ''} />
                      </Field>
                      <div className="form-actions">
                        <Link to="." className="button button-secondary">
                          Annuleren
                        </Link>
                        <button type="submit" className="button button-primary" disabled={busy}>
                          Laten vervallen
                        </button>
                      </div>
                    </Form>
                  </div>
                ) : (
                  <div className="history-actions">
                    <Link to={`?vervallen=${allergy.id}#vervallen`} aria-label={`${allergy.substance} laten vervallen`}>
                      Laten vervallen
                    </Link>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {data.status === 'niet-vastgelegd' ? (
          <Form method="post">
            <input type="hidden" name="intent" value="geen-bekende" />
            {none ? (
              <p className="notice notice-danger" role="alert">
                {none.message}
              </p>
            ) : null}
            <button type="submit" className="button button-secondary" disabled={busy}>
              Geen bekende allergieën vastleggen
            </button>
          </Form>
        ) : null}
      </section>

      <section className="card" aria-labelledby="new-allergy-title">
        <h2 id="new-allergy-title">Allergie of intolerantie vastleggen</h2>
        {add && Object.keys(add.fields).length === 0 ? (
          <p className="notice notice-danger" role="alert">
            {add.message}
          </p>
        ) : null}
        <Form method="post" className="stack-form" noValidate key={data.history[0]?.id ?? 'leeg'}>
          <input type="hidden" name="intent" value="allergie" />
          <Field id="substance" label="Stof of middel" error={add?.fields.substance}>
            <input type="text" name="substance" maxLength={120} autoComplete="off" defaultValue={add?.values.substance ?? ''} />
          </Field>
          <Field id="reaction" label="Reactie (optioneel)" error={add?.fields.reaction} hint="Bijvoorbeeld: huiduitslag, benauwdheid.">
            <input type="text" name="reaction" maxLength={300} defaultValue={add?.values.reaction ?? ''} />
          </Field>
          <Field id="severity" label="Ernst" error={add?.fields.severity}>
            <select name="severity" defaultValue={add?.values.severity ?? ''}>
              <option value="">Kies de ernst</option>
              {allergySeverities.map((severity) => (
                <option key={severity} value={severity}>
                  {severity}
                </option>
              ))}
            </select>
          </Field>
          <button type="submit" className="button button-primary" disabled={busy}>
            Allergie vastleggen
          </button>
        </Form>
      </section>

      {past.length ? (
        <section className="card" aria-labelledby="past-allergies-title">
          <h2 id="past-allergies-title">Vervallen</h2>
          <ul className="history-list">
            {past.map((entry) => (
              <li key={entry.id} className="history-entry is-past">
                <div className="history-head">
                  <del>{entry.kind === 'geen-bekende' ? 'Geen bekende allergieën' : entry.substance}</del>
                  {entry.severity ? <span className="muted small">{entry.severity}</span> : null}
                </div>
                <p className="small">{`Reden: ${entry.lapseReason ?? ''}`}</p>
                <p className="muted small">
                  {`Vastgelegd door ${entry.recordedBy}, ${formatWhen(entry.recordedAt)} · vervallen door ${entry.lapsedBy ?? 'onbekend'}, ${formatWhen(entry.lapsedAt!)}`}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
