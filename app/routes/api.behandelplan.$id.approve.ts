import { approvePlan } from '../../domain/treatment-plan/treatment-plan.use-cases';
import { apiRoute, postOnlyLoader, requirePost } from '../http.server';
import { actorFor, perform } from '../tenant.server';

export const loader = postOnlyLoader;

/** `POST /api/behandelplan/{planId}/approve` → the draft as the plan in force (psychiatrist only). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  return perform(actorFor(user, context, 'api'), approvePlan, { planId: params.id ?? '' });
});
