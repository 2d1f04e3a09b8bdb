import { handoverOverview } from '../../domain/handover/handover.service';
import { apiRoute, getOnlyAction, queryParams } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** The ward at handover: `period` 1d (default), 3d, 7d or 14d; `alerts=true` keeps patients with at least one alert; `limit` the first N. */
export const loader = apiRoute(async ({ request, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const query = queryParams(request, ['period', 'alerts', 'limit']);
  return audited(actor, { action: 'search', resourceType: 'Handover' }, (em) => handoverOverview(em, actor, query));
});

export const action = getOnlyAction;
