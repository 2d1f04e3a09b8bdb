import { changeRoom, readPatient } from '../../domain/patient/patient.use-cases';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, perform } from '../tenant.server';

/** The patient as the record holds it, the room included (FHIR `GET /api/fhir/Patient/{id}` has no room). */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  return perform(actor, readPatient, { patientId: params.id ?? '' });
});

/** `{"room": "K12"}` (or `null` / `""`: no room) → the patient; other fields are a 400 (ADR 0061). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'PATCH') throw methodNotAllowed(['GET', 'PATCH']);
  const actor = actorFor(user, context, 'api');
  const body = await readJson(request);
  return (await perform(actor, changeRoom, { patientId: params.id ?? '', patch: body })).patient;
});
