import { stopOrder } from '../../domain/medication/medication.service';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, audited } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{reason}` → 200 with the stopped order; doctors only (403), once (409). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const id = params.id ?? '';
  const body = await readJson(request);
  return audited(actor, { action: 'update', resourceType: 'MedicationRequest', resourceId: uuidOrNull(id) }, (em) =>
    stopOrder(em, actor, id, body),
  );
});
