import { allergyOverview, recordAllergy } from '../../domain/legal/allergies';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** `{status: vastgelegd|geen-bekende|niet-vastgelegd, active, history}`. */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  return audited(actor, { action: 'read', resourceType: 'AllergyIntolerance', patientIds: resourceId ? [resourceId] : [] }, (em) =>
    allergyOverview(em, actor, patientId),
  );
});

/** `{substance, reaction?, severity}` or `{noKnownAllergies: true}` → 201. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  const body = await readJson(request);
  const allergy = await audited(
    actor,
    { action: 'create', resourceType: 'AllergyIntolerance', patientIds: resourceId ? [resourceId] : [] },
    (em) => recordAllergy(em, actor, patientId, body),
  );
  return Response.json(allergy, { status: 201 });
});
