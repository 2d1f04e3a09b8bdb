import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { formFieldErrors, formValues, formValuesOf, patientInputFromForm, type PatientFormValues } from '../../domain/patient/patient.form';
import { requireUser } from '../auth.server';
import { PatientForm } from '../components/patient-form';
import { formFailure, type FormFailure } from '../form.server';
import { pageData } from '../page.server';
import { actorFor, perform } from '../tenant.server';
import { changePatient, readPatient } from '../patients.server';

export const meta: MetaFunction = () => [{ title: 'Gegevens wijzigen — GGZ-EPD' }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const actor = actorFor(user, context, 'web');
  const id = params.id ?? '';
  const patient = await pageData(perform(actor, readPatient, { patientId: id }));
  return { values: formValuesOf(patient), id: patient.id };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const values = formValues(await request.formData());
  const actor = actorFor(user, context, 'web');
  const id = params.id ?? '';
  try {
    await perform(actor, changePatient, { patientId: id, patient: patientInputFromForm(values) });
    return redirect(`/patients/${id}`);
  } catch (error) {
    return formFailure(error, values, { mapFields: formFieldErrors });
  }
}

export default function EditPatient() {
  const { values, id } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure<PatientFormValues>>();
  return (
    <PatientForm
      values={failure?.values ?? values}
      errors={failure?.fields}
      message={failure?.message}
      submitLabel="Wijzigingen opslaan"
      cancelTo={`/patients/${id}`}
      showStatus
    />
  );
}
