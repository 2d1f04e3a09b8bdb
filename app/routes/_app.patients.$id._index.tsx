import { clinicalToday, formatDate, formatNumericDate, formatWhen } from '../../domain/shared/clinical-time';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { ContactPersonsCard, type ContactFailure } from '../components/contact-persons';
import { formFailure, valuesOf } from '../form.server';
import { pageData, patientPage } from '../page.server';
import { addContact, dischargeEpisode, recordOverview, removeContact, updateContact } from '../patients.server';
import { perform } from '../tenant.server';
import { genderLabels } from '../../domain/patient/patient.schemas';
import { dischargeNoteMaxLength, dischargeReasonCodes, dischargeReasonLabels } from '../../domain/discharge/discharge.vocabulary';
import type { FormFailure } from '../form.server';
import { VitalList } from '../components/clinical';
import type { loader as recordLoader } from './_app.patients.$id';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  // One transaction for the whole overview: the shift change opens many records in a row.
  return pageData(perform(actor, recordOverview, { patientId }));
}

/** The contact-person forms (add, change, remove) and the discharge. Each write is one use case, in one transaction. */
export async function action(args: ActionFunctionArgs) {
  const { actor, patientId } = await patientPage(args);
  const form = await args.request.formData();
  const intent = String(form.get('intent') ?? '');
  if (intent === 'ontslag') {
    const discharge = valuesOf(form, ['reasonCode', 'reason', 'dischargedOn']);
    try {
      await perform(actor, dischargeEpisode, { patientId, discharge });
      return redirect(`/patients/${patientId}`);
    } catch (error) {
      // A measure that runs, or a discharge already recorded, is said beside the form (409).
      return formFailure(error, discharge, { shows: ['conflict'], extra: { form: 'ontslag' } });
    }
  }
  const contactId = String(form.get('contactId') ?? '');
  const values = valuesOf(form, ['name', 'relation', 'phone', 'email']);
  try {
    if (intent === 'contact-toevoegen') await perform(actor, addContact, { patientId, contact: values });
    else if (intent === 'contact-wijzigen') await perform(actor, updateContact, { patientId, contactId, contact: values });
    else if (intent === 'contact-verwijderen') await perform(actor, removeContact, { patientId, contactId });
    else return Response.json({ message: 'Onbekende actie.' }, { status: 400 });
    return redirect(`/patients/${patientId}#contactpersonen`);
  } catch (error) {
    return formFailure(error, values, { extra: { form: intent === 'contact-toevoegen' ? 'nieuw' : contactId } });
  }
}

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="definition">
      <dt>{label}</dt>
      <dd>{value ? value : <span className="muted">Niet ingevuld</span>}</dd>
    </div>
  );
}

type DischargeFailure = FormFailure<Record<'reasonCode' | 'reason' | 'dischargedOn', string>> & { form: 'ontslag' };

/** Ontslag (ADR 0080): the reason, its words and the date; refused beside the form while a measure runs. */
function DischargeCard({ failure }: { failure?: DischargeFailure }) {
  const values = failure?.values;
  const error = (field: string) => (failure?.fields[field] ? <p className="field-error">{failure.fields[field]}</p> : null);
  return (
    <section className="card" id="ontslag">
      <h2>Ontslag</h2>
      <Form method="post" className="form">
        <input type="hidden" name="intent" value="ontslag" />
        {failure && Object.keys(failure.fields).length === 0 ? <p className="field-error">{failure.message}</p> : null}
        <fieldset className="choice-list">
          <legend>Reden van het ontslag</legend>
          {dischargeReasonCodes.map((option) => (
            <label key={option}>
              <input type="radio" name="reasonCode" value={option} defaultChecked={values?.reasonCode === option} />
              <span>{dischargeReasonLabels[option]}</span>
            </label>
          ))}
          {error('reasonCode')}
        </fieldset>
        <div className="field">
          <label htmlFor="ontslag-reason">Toelichting</label>
          <textarea id="ontslag-reason" name="reason" rows={2} maxLength={dischargeNoteMaxLength} defaultValue={values?.reason ?? ''} />
          {error('reason')}
        </div>
        <div className="field">
          <label htmlFor="ontslag-date">Ontslagdatum</label>
          <input
            id="ontslag-date"
            name="dischargedOn"
            type="date"
            max={clinicalToday()}
            defaultValue={values?.dischargedOn ?? clinicalToday()}
          />
          {error('dischargedOn')}
        </div>
        <button type="submit" className="button">
          Ontslag vastleggen
        </button>
      </Form>
    </section>
  );
}

export default function PatientOverview() {
  const data = useRouteLoaderData<typeof recordLoader>('routes/_app.patients.$id');
  const { vitals, contacts } = useLoaderData<typeof loader>();
  const failure = useActionData<ContactFailure | DischargeFailure>();
  if (!data) return null;
  const { patient } = data;
  const dischargeFailure = failure?.form === 'ontslag' ? (failure as DischargeFailure) : undefined;
  const contactFailure = failure?.form === 'ontslag' ? undefined : (failure as ContactFailure | undefined);
  return (
    <div className="cards">
      <section className="card card-wide">
        <h2>Metingen</h2>
        {vitals.values.length === 0 ? <p className="muted">Nog geen metingen vastgelegd.</p> : <VitalList vitals={vitals.values} />}
        {vitals.bvc ? (
          <p className={`bvc-line bvc-${vitals.bvc.band.replace(' ', '-')}`}>
            <Link to="metingen/bvc">{`BVC ${vitals.bvc.score} van 6`}</Link>
            {` · ${vitals.bvc.label} · gescoord ${formatWhen(vitals.bvc.observedAt)}`}
          </p>
        ) : null}
      </section>
      <section className="card">
        <h2>Persoonsgegevens</h2>
        <dl className="definitions">
          <Row label="Voornamen" value={patient.nameGiven.join(' ')} />
          <Row label="Voorvoegsel" value={patient.namePrefix} />
          <Row label="Achternaam" value={patient.familyName} />
          <Row label="Geboortedatum" value={formatDate(patient.birthDate)} />
          <Row label="Geslacht" value={genderLabels[patient.gender]} />
          <Row label="BSN" value={patient.bsn} />
        </dl>
      </section>
      <section className="card">
        <h2>Adres en contact</h2>
        <dl className="definitions">
          <Row label="Adres" value={patient.address.street} />
          <Row label="Postcode en plaats" value={[patient.address.postalCode, patient.address.city].filter(Boolean).join('  ')} />
          <Row label="Telefoon" value={patient.contact.phone} />
          <Row label="E-mail" value={patient.contact.email} />
        </dl>
      </section>
      <section className="card">
        <h2>Verzekering</h2>
        <dl className="definitions">
          <Row label="Zorgverzekeraar" value={patient.insurance.company} />
          <Row label="Polisnummer" value={patient.insurance.policyNumber} />
        </dl>
        <p className="muted small">Laatst gewijzigd {formatWhen(patient.updatedAt)}</p>
      </section>
      <ContactPersonsCard contacts={contacts} failure={contactFailure} />
      {patient.discharge ? (
        <section className="card" id="ontslag">
          <h2>Ontslag</h2>
          <p>{`Ontslagen per ${formatNumericDate(patient.discharge.dischargedOn)}: ${patient.discharge.reasonText}`}</p>
        </section>
      ) : patient.episodeStatus === 'finished' || patient.episodeStatus === 'cancelled' ? null : (
        <DischargeCard failure={dischargeFailure} />
      )}
    </div>
  );
}
