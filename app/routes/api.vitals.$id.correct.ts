import { uuidOrNull } from '../../domain/shared/ids';
import { correctVital } from '../../domain/vitals/vitals.service';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, audited } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{value, reason}` → 201 with the new value; the corrected one stays, marked (never overwritten). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const id = params.id ?? '';
  const body = await readJson(request);
  const corrected = await audited(actor, { action: 'update', resourceType: 'Observation', resourceId: uuidOrNull(id) }, (em) =>
    correctVital(em, actor, id, body),
  );
  return Response.json(corrected, { status: 201 });
});
