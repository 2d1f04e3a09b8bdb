import { endMeasure } from '../../domain/legal/coercive-care';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, audited } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{endedAt, note?}` → 200 with the measure, now ended; 409 when it already was. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const id = params.id ?? '';
  const body = await readJson(request);
  return audited(actor, { action: 'update', resourceType: 'CoerciveMeasure', resourceId: uuidOrNull(id) }, (em) =>
    endMeasure(em, actor, id, body),
  );
});
