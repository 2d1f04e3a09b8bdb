import { endCoerciveMeasure } from '../../domain/coercive-care/coercive-care.use-cases';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, perform } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{endedAt, note?}` → 200 with the measure, now ended; 409 when it already was. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  return perform(actor, endCoerciveMeasure, { id: params.id ?? '', end: await readJson(request) });
});
