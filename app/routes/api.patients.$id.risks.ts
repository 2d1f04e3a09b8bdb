import { recordRisk, riskOverview } from '../../domain/intake/risks.service';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** The patient's current risk per type and every assessment before it: `{current, history}`. */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  return audited(actor, { action: 'read', resourceType: 'RiskAssessment', patientIds: resourceId ? [resourceId] : [] }, (em) =>
    riskOverview(em, actor, patientId),
  );
});

/** `{riskType, riskLevel, rationale, reviewDate}` → 201 with the new assessment, now the current one of its type. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  const body = await readJson(request);
  const risk = await audited(
    actor,
    { action: 'create', resourceType: 'RiskAssessment', patientIds: resourceId ? [resourceId] : [] },
    (em) => recordRisk(em, actor, patientId, body),
  );
  return Response.json(risk, { status: 201 });
});
