import { listRisks, recordRiskAssessment } from '../../domain/risks/risks.use-cases';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, perform } from '../tenant.server';

/** The patient's current risk per type and every assessment before it: `{current, history}`. */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  return perform(actor, listRisks, { patientId: params.id ?? '' });
});

/** `{riskType, riskLevel, rationale, reviewDate}` → 201 with the new assessment, now the current one of its type. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const risk = await perform(actor, recordRiskAssessment, { patientId: params.id ?? '', risk: await readJson(request) });
  return Response.json(risk, { status: 201 });
});
