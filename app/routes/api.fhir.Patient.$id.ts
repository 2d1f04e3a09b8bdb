import { AppError } from '../../domain/shared/errors';
import { etagOf, expectedVersion, toFhirPatient } from '../../domain/patient/patient.fhir';
import { readFhirPatient, updateFhirPatientOf } from '../../domain/patient/patient.use-cases';
import { fhirResponse, fhirRoute, fhirWriteResponse, readJson, strictHandling } from '../fhir.server';
import { methodNotAllowed } from '../http.server';
import { perform } from '../tenant.server';

export const loader = fhirRoute(async ({ params, actor }) => {
  // The type-level operation (every patient at once) is not served: a bulk export, not a page (ADR 0089).
  if (params.id === '$everything')
    throw AppError.notFound('Patient/$everything voor alle patiënten wordt niet ondersteund; vraag Patient/<id>/$everything per patiënt.');
  const { patient, contacts } = await perform(actor, readFhirPatient, { patientId: params.id ?? '' });
  return fhirResponse(toFhirPatient(patient, contacts), { headers: { ETag: etagOf(patient) } });
});

/** PUT replaces the patient's data with the same validation as the form; what the record cannot keep as with create. */
export const action = fhirRoute(async ({ request, params, actor }) => {
  if (request.method !== 'PUT') throw methodNotAllowed(['GET', 'PUT']);
  const version = expectedVersion(request.headers.get('if-match'));
  const body = await readJson(request);
  const { patient, unstored, contacts } = await perform(actor, updateFhirPatientOf, {
    patientId: params.id ?? '',
    body,
    version,
    strict: strictHandling(request),
  });
  return fhirWriteResponse(
    request,
    toFhirPatient(patient, contacts),
    { message: 'De patiënt is bijgewerkt.', unstored },
    { headers: { ETag: etagOf(patient) } },
  );
});
