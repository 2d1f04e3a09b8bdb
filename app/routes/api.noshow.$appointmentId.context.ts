import { noShowContext } from '../../temporal/noshow';
import { apiRoute, getOnlyAction } from '../http.server';
import { noShowDeps } from '../noshow.server';
import { actorFor } from '../tenant.server';

/** The appointment, patient, GP, letter and the no-show process as it stands. */
export const loader = apiRoute(async ({ params, user, context }) => {
  return noShowContext(await noShowDeps(), actorFor(user, context, 'assistant'), params.appointmentId ?? '');
});

export const action = getOnlyAction;
