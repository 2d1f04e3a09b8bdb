import { uuidOrNull } from '../../domain/shared/ids';
import { treatmentPlanVersions, updateTreatmentPlan } from '../../domain/treatment-plan/treatment-plan.service';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, audited } from '../tenant.server';

// One URL shape, two resources (CONTRACT §8): GET names a patient, PUT names a plan version.

/** `GET /api/behandelplan/{patientId}` → `{patientId, current, draft, versions}`. */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  return audited(actor, { action: 'read', resourceType: 'TreatmentPlan', patientIds: uuidOrNull(patientId) ? [patientId] : [] }, (em) =>
    treatmentPlanVersions(em, actor, patientId),
  );
});

/** `PUT /api/behandelplan/{planId}` with the whole plan → the edited draft; 409 once approved. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'PUT') throw methodNotAllowed(['GET', 'PUT']);
  const actor = actorFor(user, context, 'api');
  const planId = params.id ?? '';
  const body = await readJson(request);
  return audited(actor, { action: 'update', resourceType: 'TreatmentPlan', resourceId: uuidOrNull(planId) }, (em) =>
    updateTreatmentPlan(em, actor, planId, body),
  );
});
