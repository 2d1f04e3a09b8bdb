import { confirmChain } from '../../temporal/chain';
import { requireAssistantEnabled } from '../assistant.server';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { requireTemporal } from '../services.server';
import { actorFor } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{choices?: {"<step>": "<appointmentId>"}}` → the chain once its writes are done (or after 5 s). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  requireAssistantEnabled();
  const actor = actorFor(user, context, 'assistant');
  return confirmChain(await requireTemporal(), actor, params.id ?? '', await readJson(request));
});
