import { handoverProgress } from '../../domain/handover/handover.temporal';
import { apiRoute, queryParams } from '../http.server';
import { requireTemporalClient } from '../services.server';
import { actorFor } from '../tenant.server';

/** `?patientId=&period=&filterForRole=` → where today's generation for that request stands. */
export const loader = apiRoute(async ({ request, user, context }) => {
  return handoverProgress(await requireTemporalClient(), actorFor(user, context, 'web'), queryParams(request, ['patientId', 'period', 'filterForRole']));
});
