import { dispatchNoShow } from '../../temporal/noshow';
import { apiRoute, methodNotAllowed } from '../http.server';
import { noShowDeps } from '../noshow.server';
import { actorFor } from '../tenant.server';

export const loader = apiRoute(async () => {
  throw methodNotAllowed(['PATCH']);
});

/** Makes the approved letter `verzendklaar`; before the review 409. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'PATCH') throw methodNotAllowed(['PATCH']);
  return dispatchNoShow(await noShowDeps(), actorFor(user, context, 'assistant'), params.appointmentId ?? '');
});
