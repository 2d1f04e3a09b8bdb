import { uuidOrNull } from '../../domain/shared/ids';
import { approveTreatmentPlan } from '../../domain/treatment-plan/treatment-plan.service';
import { apiRoute, postOnlyLoader, requirePost } from '../http.server';
import { actorFor, audited } from '../tenant.server';

export const loader = postOnlyLoader;

/** `POST /api/behandelplan/{planId}/approve` → the draft as the plan in force (psychiatrist only). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const planId = params.id ?? '';
  return audited(
    actor,
    { action: 'update', resourceType: 'TreatmentPlan', resourceId: uuidOrNull(planId), details: { approve: true } },
    (em) => approveTreatmentPlan(em, actor, planId),
  );
});
