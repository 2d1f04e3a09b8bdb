import { lapseAllergy } from '../../domain/legal/allergies';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, audited } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{reason}` → 200 with the allergy, now vervallen (who, when, why); it is never deleted. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const id = params.id ?? '';
  const body = await readJson(request);
  return audited(actor, { action: 'update', resourceType: 'AllergyIntolerance', resourceId: uuidOrNull(id) }, (em) =>
    lapseAllergy(em, actor, id, body),
  );
});
