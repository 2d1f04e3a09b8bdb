import { etagOf, toFhirPatient } from '../../domain/patient/patient.fhir';
import { createFhirPatientOf } from '../../domain/patient/patient.use-cases';
import { searchBundle } from '../fhir-search.server';
import { fhirRoute, fhirWriteResponse, readJson, strictHandling, readableBy } from '../fhir.server';
import { methodNotAllowed } from '../http.server';
import { perform } from '../tenant.server';

/** FHIR search: the parameters of `patientSearch`, `_count` (max 100), `_offset`, `_sort`. */
export const loader = fhirRoute(async ({ request, actor, caller }) =>
  searchBundle(actor, request, 'Patient', new URL(request.url).searchParams, readableBy(caller)),
);

/**
 * Create, conditional with `If-None-Exist`: the existing patient answers 200 instead of a second
 * one. What the record cannot keep is a warning (`Prefer: return=OperationOutcome`), or with
 * `Prefer: handling=strict` a 400.
 */
export const action = fhirRoute(async ({ request, actor }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const body = await readJson(request);
  const { patient, created, unstored } = await perform(actor, createFhirPatientOf, {
    body,
    ifNoneExist: request.headers.get('if-none-exist'),
    strict: strictHandling(request),
  });
  return fhirWriteResponse(
    request,
    toFhirPatient(patient),
    { message: created ? 'De patiënt is aangemaakt.' : 'De patiënt bestond al; er is niets gewijzigd.', unstored },
    { status: created ? 201 : 200, headers: { Location: `/api/fhir/Patient/${patient.id}`, ETag: etagOf(patient) } },
  );
});
