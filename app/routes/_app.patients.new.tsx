import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { formFieldErrors, formValues, patientInputFromForm, type PatientFormValues } from '../../domain/patient/patient.form';
import { requireUser } from '../auth.server';
import { PageHeader } from '../components/page';
import { PatientForm } from '../components/patient-form';
import { formFailure, type FormFailure } from '../form.server';
import { actorFor, perform } from '../tenant.server';
import { registerPatient } from '../patients.server';

export const meta: MetaFunction = () => [{ title: 'Nieuwe patiënt — GGZ-EPD' }];

const empty = formValues(new FormData());

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const values = formValues(await request.formData());
  const actor = actorFor(user, context, 'web');
  try {
    const patient = await perform(actor, registerPatient, { patient: patientInputFromForm(values) });
    return redirect(`/patients/${patient.id}`);
  } catch (error) {
    return formFailure(error, values, { mapFields: formFieldErrors });
  }
}

export default function NewPatient() {
  const failure = useActionData<FormFailure<PatientFormValues>>();
  return (
    <>
      <PageHeader
        title="Nieuwe patiënt"
        description="Registreer een nieuwe aanmelding of opname. Het zorgtraject start met de status Gepland."
      />
      <PatientForm
        values={failure?.values ?? empty}
        errors={failure?.fields}
        message={failure?.message}
        submitLabel="Patiënt registreren"
        cancelTo="/patients"
      />
    </>
  );
}
