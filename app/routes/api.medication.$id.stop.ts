import { stopMedication } from '../../domain/medication/medication.use-cases';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, perform } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{reason}` → 200 with the stopped order; doctors only (403), once (409). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  return perform(actor, stopMedication, { orderId: params.id ?? '', stop: await readJson(request) });
});
