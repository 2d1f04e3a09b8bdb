import { treatmentPlanProgress } from '../../temporal/treatment-plan';
import { apiRoute, getOnlyAction, queryParams } from '../http.server';
import { requireTemporal } from '../services.server';
import { actorFor } from '../tenant.server';

/** `?patientId=` → where today's generation for the patient stands. */
export const loader = apiRoute(async ({ request, user, context }) => {
  return treatmentPlanProgress(await requireTemporal(), actorFor(user, context, 'web'), queryParams(request, ['patientId']));
});

export const action = getOnlyAction;
