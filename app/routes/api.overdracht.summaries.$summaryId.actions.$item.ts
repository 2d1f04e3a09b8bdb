import { tickAction } from '../handover.server';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, audited } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{done: true|false}` → the action item of the stored summary ticked off (or not) for this clinician, with who and when. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const summaryId = params.summaryId ?? '';
  const body = await readJson(request);
  return audited(actor, { action: 'update', resourceType: 'HandoverSummary', resourceId: uuidOrNull(summaryId) }, (em) =>
    tickAction(em, actor, summaryId, params.item ?? '', body),
  );
});
