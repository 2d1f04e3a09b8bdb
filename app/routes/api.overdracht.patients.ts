import { handoverOverviewOf } from '../../domain/handover/handover.use-cases';
import { apiRoute, getOnlyAction, queryParams } from '../http.server';
import { actorFor, perform } from '../tenant.server';

/** The ward at handover: `period` 1d (default), 3d, 7d or 14d; `alerts=true` keeps patients with at least one alert; `limit` the first N. */
export const loader = apiRoute(async ({ request, user, context }) => {
  const actor = actorFor(user, context, 'api');
  return perform(actor, handoverOverviewOf, { query: queryParams(request, ['period', 'alerts', 'limit']) });
});

export const action = getOnlyAction;
