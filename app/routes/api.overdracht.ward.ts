import { wardHandoverOf } from '../handover.server';
import { apiRoute, getOnlyAction, queryParams } from '../http.server';
import { actorFor, perform } from '../tenant.server';

/** The ward handover: `?period=&filterForRole=` → every ward patient with alerts and today's newest summary. */
export const loader = apiRoute(async ({ request, user, context }) => {
  const actor = actorFor(user, context, 'api');
  return perform(actor, wardHandoverOf, { query: queryParams(request, ['period', 'filterForRole']) });
});

export const action = getOnlyAction;
