import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useRouteLoaderData } from '@remix-run/react';
import { formFieldErrors, formValues, formValuesOf, patientInputFromForm, type PatientFormValues } from '../../domain/patient/patient.form';
import { uuidOrNull } from '../../domain/shared/ids';
import { requireUser } from '../auth.server';
import { PatientForm } from '../components/patient-form';
import { formFailure, type FormFailure } from '../form.server';
import { actorFor, audited } from '../tenant.server';
import type { loader as recordLoader } from './_app.patients.$id';
import { updatePatient } from '../patients.server';

export const meta: MetaFunction = () => [{ title: 'Gegevens wijzigen — GGZ-EPD' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const values = formValues(await request.formData());
  const actor = actorFor(user, context, 'web');
  const id = params.id ?? '';
  try {
    await audited(actor, { action: 'update', resourceType: 'Patient', resourceId: uuidOrNull(id) }, (em) => updatePatient(em, actor, id, patientInputFromForm(values)));
    return redirect(`/patients/${id}`);
  } catch (error) {
    return formFailure(error, values, formFieldErrors);
  }
}

export default function EditPatient() {
  const data = useRouteLoaderData<typeof recordLoader>('routes/_app.patients.$id');
  const failure = useActionData<FormFailure<PatientFormValues>>();
  if (!data) return null;
  return (
    <PatientForm
      values={failure?.values ?? formValuesOf(data.patient)}
      errors={failure?.fields}
      message={failure?.message}
      submitLabel="Wijzigingen opslaan"
      cancelTo={`/patients/${data.patient.id}`}
      showStatus
    />
  );
}
