import { createPatient } from '../../domain/patient/patient.service';
import { etagOf, toFhirPatient, fromFhirPatient } from '../../domain/patient/patient.fhir';
import { searchBundle } from '../fhir-search.server';
import { fhirResponse, fhirRoute, readJson } from '../fhir.server';
import { methodNotAllowed } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** FHIR search: the parameters of `patientSearch`, `_count` (max 100), `_offset`, `_sort`. */
export const loader = fhirRoute(async ({ request, user, context }) =>
  searchBundle(actorFor(user, context, 'fhir'), request, 'Patient', new URL(request.url).searchParams),
);

export const action = fhirRoute(async ({ request, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'fhir');
  const input = fromFhirPatient(await readJson(request));
  const patient = await audited(actor, { action: 'create', resourceType: 'Patient' }, (em) => createPatient(em, actor, input));
  return fhirResponse(toFhirPatient(patient), {
    status: 201,
    headers: { Location: `/api/fhir/Patient/${patient.id}`, ETag: etagOf(patient) },
  });
});
