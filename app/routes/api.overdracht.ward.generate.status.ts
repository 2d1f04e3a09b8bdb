import { wardHandoverProgress } from '../handover.server';
import { apiRoute, getOnlyAction, queryParams } from '../http.server';
import { requireTemporal } from '../services.server';
import { actorFor } from '../tenant.server';

/** `?period=&filterForRole=` → where today's ward handover stands: `{status, done, total, failed}`. */
export const loader = apiRoute(async ({ request, user, context }) =>
  wardHandoverProgress(await requireTemporal(), actorFor(user, context, 'api'), queryParams(request, ['period', 'filterForRole'])),
);

export const action = getOnlyAction;
