import { tickHandoverAction } from '../handover.server';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, perform } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{done: true|false}` → the action item of the stored summary ticked off (or not) for this clinician, with who and when. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const body = await readJson(request);
  const { tick } = await perform(actor, tickHandoverAction, { summaryId: params.summaryId ?? '', item: params.item ?? '', body });
  return tick;
});
