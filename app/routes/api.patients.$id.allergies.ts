import { listAllergies, recordAllergyEntry } from '../../domain/allergies/allergies.use-cases';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, perform } from '../tenant.server';

/** `{status: vastgelegd|geen-bekende|niet-vastgelegd, active, history}`. */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  return perform(actor, listAllergies, { patientId: params.id ?? '' });
});

/** `{substance, reaction?, severity}` or `{noKnownAllergies: true}` → 201. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const allergy = await perform(actor, recordAllergyEntry, { patientId: params.id ?? '', allergy: await readJson(request) });
  return Response.json(allergy, { status: 201 });
});
