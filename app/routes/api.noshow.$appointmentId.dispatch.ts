import { dispatchNoShow } from '../../domain/noshow/noshow.temporal';
import { AppError } from '../../domain/shared/errors';
import { apiRoute } from '../http.server';
import { noShowDeps } from '../noshow.server';
import { actorFor } from '../tenant.server';

const usePatch = 'Gebruik PATCH op deze route.';

export const loader = apiRoute(async () => {
  throw new AppError('method_not_allowed', usePatch);
});

/** Makes the approved letter `verzendklaar`; before the review 409. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'PATCH') throw new AppError('method_not_allowed', usePatch);
  return dispatchNoShow(await noShowDeps(), actorFor(user, context, 'assistant'), params.appointmentId ?? '');
});
