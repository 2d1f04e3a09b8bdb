import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { ArrowLeftIcon } from '@radix-ui/react-icons';
import { uuidOrNull } from '../../domain/shared/ids';
import { requireUser } from '../auth.server';
import { Field } from '../components/field';
import { PageHeader } from '../components/page';
import { RouteError } from '../components/route-error';
import { newGpLetterForm, startGpLetter } from '../noshow.server';
import { patientNotFound } from '../patients.server';
import { formFailure, valuesOf, type FormFailure } from '../form.server';
import { pageData } from '../page.server';
import { actorFor, perform } from '../tenant.server';

export const meta: MetaFunction = () => [{ title: 'Nieuwe huisartsbrief — GGZ-EPD' }];

const fields = ['subject', 'text', 'gpName', 'gpPractice', 'gpAddress'] as const;
type Values = Record<(typeof fields)[number], string>;

/** A new letter to the GP, from the patient's record (`?patient=`); the record's GP is filled in. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const actor = actorFor(user, context, 'web');
  const patientId = uuidOrNull(new URL(request.url).searchParams.get('patient'));
  if (!patientId) throw Response.json({ message: patientNotFound }, { status: 404 });
  return pageData(perform(actor, newGpLetterForm, { patientId }));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const actor = actorFor(user, context, 'web');
  const patientId = uuidOrNull(new URL(request.url).searchParams.get('patient'));
  if (!patientId) throw Response.json({ message: patientNotFound }, { status: 404 });
  const form = await request.formData();
  const values = valuesOf(form, fields);
  try {
    const letter = await perform(actor, startGpLetter, { ...values, patientId });
    return redirect(`/brieven/${letter.id}`);
  } catch (error) {
    return formFailure(error, values);
  }
}

export default function NewLetter() {
  const { patient, gpName } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure<Values>>();
  const busy = useNavigation().state === 'submitting';
  const value = (name: keyof Values, fallback = '') => failure?.values[name] ?? fallback;
  const errors = failure?.fields ?? {};
  return (
    <>
      <Link to={`/patients/${patient.id}`} className="back-link">
        <ArrowLeftIcon aria-hidden="true" /> {patient.name}
      </Link>
      <PageHeader title="Nieuwe huisartsbrief" description={`Een concept aan de huisarts van ${patient.name}.`} />
      {failure ? (
        <p className="notice notice-danger" role="alert">
          {failure.message}
        </p>
      ) : null}
      <Form method="post" className="card stack-form letter-edit">
        <Field id="subject" label="Onderwerp" error={errors.subject}>
          <input type="text" name="subject" maxLength={200} defaultValue={value('subject', `Behandeling ${patient.name}`)} />
        </Field>
        <Field id="text" label="Tekst van de brief" error={errors.text}>
          <textarea name="text" rows={14} defaultValue={value('text', 'Geachte collega,\n\n\n\nMet vriendelijke groet,')} />
        </Field>
        <div className="field-row">
          <Field id="gpName" label="Huisarts" error={errors.gpName}>
            <input type="text" name="gpName" maxLength={120} defaultValue={value('gpName', gpName)} />
          </Field>
          <Field id="gpPractice" label="Praktijk" error={errors.gpPractice}>
            <input type="text" name="gpPractice" maxLength={120} defaultValue={value('gpPractice')} />
          </Field>
        </div>
        <Field
          id="gpAddress"
          label="Adres van de praktijk"
          hint="Straat en huisnummer, postcode en plaats, elk op een regel."
          error={errors.gpAddress}
        >
          <textarea name="gpAddress" rows={3} maxLength={300} defaultValue={value('gpAddress')} />
        </Field>
        <div className="form-actions">
          <Link to={`/patients/${patient.id}`} className="button button-secondary">
            Annuleren
          </Link>
          <button type="submit" className="button button-primary" disabled={busy}>
            Concept opslaan
          </button>
        </div>
      </Form>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo="/patients" backLabel="Naar de patiënten" />;
}
