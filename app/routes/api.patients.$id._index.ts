import { getPatient, patchPatient } from '../../domain/patient/patient.service';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** The patient as the record holds it, the room included (FHIR `GET /api/fhir/Patient/{id}` has no room). */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const id = params.id ?? '';
  return audited(actor, { action: 'read', resourceType: 'Patient', resourceId: uuidOrNull(id) }, (em) => getPatient(em, actor, id));
});

/** `{"room": "K12"}` (or `null` / `""`: no room) → the patient; other fields are a 400 (ADR 0061). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'PATCH') throw methodNotAllowed(['GET', 'PATCH']);
  const actor = actorFor(user, context, 'api');
  const id = params.id ?? '';
  const body = await readJson(request);
  return audited(actor, { action: 'update', resourceType: 'Patient', resourceId: uuidOrNull(id) }, (em) =>
    patchPatient(em, actor, id, body),
  );
});
