import { treatmentPlanProgress } from '../../domain/treatment-plan/treatment-plan.temporal';
import { apiRoute, queryParams } from '../http.server';
import { requireTemporalClient } from '../services.server';
import { actorFor } from '../tenant.server';

/** `?patientId=` → where today's generation for the patient stands. */
export const loader = apiRoute(async ({ request, user, context }) => {
  return treatmentPlanProgress(await requireTemporalClient(), actorFor(user, context, 'web'), queryParams(request, ['patientId']));
});
