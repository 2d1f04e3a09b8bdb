import { editTreatmentPlan, treatmentPlanOverview } from '../../domain/treatment-plan/treatment-plan.use-cases';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, perform } from '../tenant.server';

// One URL shape, two resources (CONTRACT §8): GET names a patient, PUT names a plan version.

/** `GET /api/behandelplan/{patientId}` → `{patientId, current, draft, versions}`. */
export const loader = apiRoute(async ({ params, user, context }) => {
  return perform(actorFor(user, context, 'api'), treatmentPlanOverview, { patientId: params.id ?? '' });
});

/** `PUT /api/behandelplan/{planId}` with the whole plan → the edited draft; 409 once approved. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'PUT') throw methodNotAllowed(['GET', 'PUT']);
  const actor = actorFor(user, context, 'api');
  const { plan } = await perform(actor, editTreatmentPlan, { planId: params.id ?? '', plan: await readJson(request) });
  return plan;
});
