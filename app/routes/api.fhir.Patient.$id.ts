import { contactPersonsOf } from '../../domain/patient/contact-persons';
import { getPatient } from '../../domain/patient/patient.service';
import { updateFhirPatient } from '../../domain/patient/patient.fhir-write';
import { etagOf, expectedVersion, toFhirPatient } from '../../domain/patient/patient.fhir';
import { uuidOrNull } from '../../domain/shared/ids';
import { fhirResponse, fhirRoute, fhirWriteResponse, readJson, strictHandling } from '../fhir.server';
import { methodNotAllowed } from '../http.server';
import { audited } from '../tenant.server';

export const loader = fhirRoute(async ({ params, actor }) => {
  const id = params.id ?? '';
  const [patient, contacts] = await audited(
    actor,
    { action: 'read', resourceType: 'Patient', resourceId: uuidOrNull(id) },
    async (em) => [await getPatient(em, actor, id), await contactPersonsOf(em, id)] as const,
  );
  return fhirResponse(toFhirPatient(patient, contacts), { headers: { ETag: etagOf(patient) } });
});

/** PUT replaces the patient's data with the same validation as the form; what the record cannot keep as with create. */
export const action = fhirRoute(async ({ request, params, actor }) => {
  if (request.method !== 'PUT') throw methodNotAllowed(['GET', 'PUT']);
  const id = params.id ?? '';
  const version = expectedVersion(request.headers.get('if-match'));
  const body = await readJson(request);
  const [{ patient, unstored }, contacts] = await audited(
    actor,
    { action: 'update', resourceType: 'Patient', resourceId: uuidOrNull(id) },
    async (em) =>
      [await updateFhirPatient(em, actor, id, body, version, { strict: strictHandling(request) }), await contactPersonsOf(em, id)] as const,
  );
  return fhirWriteResponse(
    request,
    toFhirPatient(patient, contacts),
    { message: 'De patiënt is bijgewerkt.', unstored },
    { headers: { ETag: etagOf(patient) } },
  );
});
