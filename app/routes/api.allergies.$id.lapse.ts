import { lapseAllergyEntry } from '../../domain/allergies/allergies.use-cases';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, perform } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{reason}` → 200 with the allergy, now vervallen (who, when, why); it is never deleted. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  return perform(actor, lapseAllergyEntry, { id: params.id ?? '', lapse: await readJson(request) });
});
