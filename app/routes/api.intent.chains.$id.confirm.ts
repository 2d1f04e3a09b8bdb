import { confirmChain } from '../../domain/intent/chain.temporal';
import { requireAssistantEnabled } from '../assistant.server';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { requireTemporalClient } from '../services.server';
import { actorFor } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{choices?: {"<step>": "<appointmentId>"}}` → the chain once its writes are done (or after 5 s). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  requireAssistantEnabled();
  const actor = actorFor(user, context, 'assistant');
  return confirmChain(await requireTemporalClient(), actor, params.id ?? '', await readJson(request));
});
