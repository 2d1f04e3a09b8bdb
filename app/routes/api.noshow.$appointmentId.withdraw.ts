import { withdrawNoShow } from '../../temporal/noshow';
import { apiRoute, postOnlyLoader, requirePost } from '../http.server';
import { noShowDeps } from '../noshow.server';
import { actorFor } from '../tenant.server';

export const loader = postOnlyLoader;

/** Withdraws the no-show before the approval: nothing is sent, the draft and the appointment are as before. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  return withdrawNoShow(await noShowDeps(), actorFor(user, context, 'assistant'), params.appointmentId ?? '');
});
