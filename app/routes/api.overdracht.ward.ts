import { wardHandover } from '../handover.server';
import { apiRoute, getOnlyAction, queryParams } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** The ward handover: `?period=&filterForRole=` → every ward patient with alerts and today's newest summary. */
export const loader = apiRoute(async ({ request, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const query = queryParams(request, ['period', 'filterForRole']);
  return audited(actor, { action: 'search', resourceType: 'Handover' }, (em) => wardHandover(em, actor, query));
});

export const action = getOnlyAction;
