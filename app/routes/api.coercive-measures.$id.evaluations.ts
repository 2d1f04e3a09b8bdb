import { evaluateMeasure } from '../../domain/legal/coercive-care';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, audited } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{evaluatedAt, evaluatedBy?, text}` → 201 with the evaluation (by: the signed-in clinician when not given). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const id = params.id ?? '';
  const body = await readJson(request);
  const evaluation = await audited(
    actor,
    { action: 'create', resourceType: 'CoerciveMeasureEvaluation', resourceId: uuidOrNull(id) },
    (em) => evaluateMeasure(em, actor, id, body),
  );
  return Response.json(evaluation, { status: 201 });
});
