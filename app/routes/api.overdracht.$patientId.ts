import { handoverDetailOf } from '../../domain/handover/handover.use-cases';
import { apiRoute, getOnlyAction, queryParams } from '../http.server';
import { actorFor, perform } from '../tenant.server';

// `/api/overdracht/patients` and `/api/overdracht/generate` are static siblings: Remix matches them first.
/** One patient's handover period: alerts, vitals, reports, current risks and recent access; `period` as the overview. */
export const loader = apiRoute(async ({ request, params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  return perform(actor, handoverDetailOf, { patientId: params.patientId ?? '', query: queryParams(request, ['period']) });
});

export const action = getOnlyAction;
