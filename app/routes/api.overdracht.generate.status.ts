import { handoverProgress } from '../../temporal/handover';
import { apiRoute, getOnlyAction, queryParams } from '../http.server';
import { requireTemporal } from '../services.server';
import { actorFor } from '../tenant.server';

/** `?patientId=&period=&filterForRole=` → where today's generation for that request stands. */
export const loader = apiRoute(async ({ request, user, context }) => {
  return handoverProgress(
    await requireTemporal(),
    actorFor(user, context, 'web'),
    queryParams(request, ['patientId', 'period', 'filterForRole']),
  );
});

export const action = getOnlyAction;
