import { rescriptNoShow } from '../../temporal/noshow';
import { apiRoute, postOnlyLoader, requirePost } from '../http.server';
import { noShowDeps } from '../noshow.server';
import { actorFor } from '../tenant.server';

export const loader = postOnlyLoader;

/** The rewritten letter, ready for review (409 before `cancel`); the context as it stands after at most 10 s. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  return rescriptNoShow(await noShowDeps(), actorFor(user, context, 'assistant'), params.appointmentId ?? '');
});
