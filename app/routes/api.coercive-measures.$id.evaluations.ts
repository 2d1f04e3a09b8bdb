import { evaluateCoerciveMeasure } from '../../domain/coercive-care/coercive-care.use-cases';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, perform } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{evaluatedAt, evaluatedBy?, text}` → 201 with the evaluation (by: the signed-in clinician when not given). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const evaluation = await perform(actor, evaluateCoerciveMeasure, { id: params.id ?? '', evaluation: await readJson(request) });
  return Response.json(evaluation, { status: 201 });
});
