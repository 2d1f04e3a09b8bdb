import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Cross2Icon } from '@radix-ui/react-icons';
import { appointmentDurations, appointmentTypeLabels, appointmentTypes } from '../../domain/agenda/agenda.schemas';
import { clinicalToday, formatDate, isoDay } from '../../domain/shared/clinical-time';
import { uuidOrNull } from '../../domain/shared/ids';
import {
  agendaQuery,
  appointmentFormValues,
  appointmentInput,
  formFields,
  newAppointmentForm,
  planAppointment,
  type AppointmentFormValues,
} from '../agenda.server';
import { requireUser } from '../auth.server';
import { Field, FieldGroup } from '../components/field';
import { RouteError } from '../components/route-error';
import { formFailure, type FormFailure } from '../form.server';
import { pageData } from '../page.server';
import { actorFor, perform } from '../tenant.server';

export const meta: MetaFunction = () => [{ title: 'Nieuwe afspraak — Agenda — GGZ-EPD' }];

/**
 * The new-appointment form. Its values travel in the URL until it is sent, so a click on a free
 * slot fills in day and time, and the patient search (a GET of the same form) works without
 * JavaScript and keeps what was typed.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const actor = actorFor(user, context, 'web');
  const url = new URL(request.url);
  const typed = appointmentFormValues(url.searchParams);
  const values: AppointmentFormValues = {
    ...typed,
    datum: typed.datum || url.searchParams.get('datum') || clinicalToday(),
    tijd: typed.tijd || '09:00',
    duur: typed.duur || '45',
    type: typed.type || 'behandelgesprek',
    practitionerId: typed.practitionerId || user.id,
  };
  // "datum" also names the agenda's week: a date in the past opens the form on today.
  if (values.datum < clinicalToday()) values.datum = clinicalToday();
  const search = url.searchParams.get('zoek')?.trim() ?? '';
  // "Andere patiënt" sends the chosen one along too: it is dropped, and the search shows again.
  const patientId = url.searchParams.has('anderePatient') ? null : uuidOrNull(values.patientId);
  const { patient, matches, team } = await pageData(perform(actor, newAppointmentForm, { patientId, search }));
  return {
    values,
    search,
    patient: patient ? { id: patient.id, name: patient.displayName, birthDate: patient.birthDate } : null,
    matches,
    team,
    context: agendaQuery(url),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const actor = actorFor(user, context, 'web');
  const url = new URL(request.url);
  const values = appointmentFormValues(await request.formData());
  try {
    const input = appointmentInput(values);
    const created = await perform(actor, planAppointment, input);
    return redirect(`/agenda/${created.id}${agendaQuery(url, { datum: isoDay(created.start) })}`);
  } catch (error) {
    return formFailure(error, values, { mapFields: formFields });
  }
}

export default function NewAppointment() {
  const { values: loaded, search, patient, matches, team, context } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure<AppointmentFormValues>>();
  const busy = useNavigation().state === 'submitting';
  const values = failure?.values ?? loaded;
  const errors = failure?.fields ?? {};

  return (
    <aside className="card agenda-panel" aria-labelledby="nieuw-titel">
      <div className="agenda-panel-head">
        <h2 id="nieuw-titel">Nieuwe afspraak</h2>
        <Link to={`/agenda${context}`} className="icon-button" aria-label="Sluit het formulier">
          <Cross2Icon aria-hidden="true" />
        </Link>
      </div>
      {failure ? (
        <p className="notice notice-danger" role="alert">
          {failure.message}
        </p>
      ) : null}
      <Form method="post" className="stack-form" noValidate>
        {/* The agenda's own view and week, for the search's GET and the return after saving. */}
        {['weergave', 'van'].map((name) => {
          const value = new URLSearchParams(context.slice(1)).get(name);
          return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
        })}
        <FieldGroup id="patientId" label="Patiënt" error={errors.patientId}>
          {patient ? (
            <div className="picked">
              <input type="hidden" name="patientId" value={patient.id} />
              <strong>{patient.name}</strong>
              {patient.birthDate ? <span className="muted"> · geboren {formatDate(patient.birthDate)}</span> : null}
              <button type="submit" formMethod="get" name="anderePatient" value="ja" className="button-link">
                Andere patiënt
              </button>
            </div>
          ) : (
            <>
              <div className="search-row">
                <label htmlFor="zoek" className="visually-hidden">
                  Zoek een patiënt op naam of BSN
                </label>
                <input id="zoek" name="zoek" type="search" defaultValue={search} placeholder="Naam of BSN" autoComplete="off" />
                <button type="submit" formMethod="get" className="button button-secondary">
                  Zoeken
                </button>
              </div>
              {matches.length > 0 ? (
                <ul className="choice-list" aria-label="Gevonden patiënten">
                  {matches.map((match, index) => (
                    <li key={match.id}>
                      <label>
                        <input type="radio" name="patientId" value={match.id} defaultChecked={index === 0 && matches.length === 1} />
                        <span>
                          {match.name}
                          {match.birthDate ? <span className="muted"> · {formatDate(match.birthDate)}</span> : null}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              ) : search ? (
                <p className="muted small">Geen patiënt gevonden voor "{search}".</p>
              ) : (
                <p className="muted small">Zoek de patiënt en kies hem of haar uit de lijst.</p>
              )}
            </>
          )}
        </FieldGroup>

        <Field id="type" label="Soort afspraak" error={errors.type}>
          <select name="type" defaultValue={values.type}>
            {appointmentTypes.map((type) => (
              <option key={type} value={type}>
                {appointmentTypeLabels[type]}
              </option>
            ))}
          </select>
        </Field>
        <div className="field-row">
          <Field id="datum" label="Datum" error={errors.datum}>
            <input type="date" name="datum" defaultValue={values.datum} required />
          </Field>
          <Field id="tijd" label="Begintijd" error={errors.tijd}>
            <input type="time" name="tijd" step={300} defaultValue={values.tijd} required />
          </Field>
          <Field id="duur" label="Duur" error={errors.duur}>
            <select name="duur" defaultValue={values.duur}>
              {appointmentDurations.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes} minuten
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field id="location" label="Locatie" error={errors.location} hint="Bijvoorbeeld een spreekkamer of de afdeling.">
          <input type="text" name="location" maxLength={120} defaultValue={values.location} />
        </Field>
        <Field id="practitionerId" label="Behandelaar" error={errors.practitionerId}>
          <select name="practitionerId" defaultValue={values.practitionerId}>
            {team.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
        </Field>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            Afspraak maken
          </button>
          <Link to={`/agenda${context}`} className="button button-secondary">
            Annuleren
          </Link>
        </div>
      </Form>
    </aside>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo="/agenda" backLabel="Naar de agenda" />;
}
