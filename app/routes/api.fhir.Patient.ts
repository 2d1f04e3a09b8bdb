import { contactPersonsByPatient } from '../../domain/patient/contact-persons';
import { createPatient, listPatients } from '../../domain/patient/patient.service';
import { searchsetBundle, toFhirPatient, fromFhirPatient } from '../../domain/patient/patient.fhir';
import { fhirResponse, fhirRoute, readJson } from '../fhir.server';
import { methodNotAllowed } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** FHIR search: `status`, `_count` (max 100) and `_offset`; newest change first. */
export const loader = fhirRoute(async ({ request, user, context }) => {
  const url = new URL(request.url);
  const actor = actorFor(user, context, 'fhir');
  const query = {
    status: url.searchParams.get('status') ?? undefined,
    limit: url.searchParams.get('_count') ?? undefined,
    offset: url.searchParams.get('_offset') ?? undefined,
  };
  const [page, contacts] = await audited(actor, { action: 'search', resourceType: 'Patient' }, async (em) => {
    const found = await listPatients(em, actor, query);
    return [found, await contactPersonsByPatient(em, found.items.map((patient) => patient.id))] as const;
  });
  return searchsetBundle(page, url, contacts);
});

export const action = fhirRoute(async ({ request, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'fhir');
  const input = fromFhirPatient(await readJson(request));
  const patient = await audited(actor, { action: 'create', resourceType: 'Patient' }, (em) => createPatient(em, actor, input));
  return fhirResponse(toFhirPatient(patient), { status: 201, headers: { Location: `/api/fhir/Patient/${patient.id}` } });
});
