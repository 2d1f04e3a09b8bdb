import { classifyCore } from '../../domain/intent/intent.service';
import { classifyDeps, requireAssistantEnabled } from '../assistant.server';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor } from '../tenant.server';

export const loader = postOnlyLoader;

/** The hybrid classifier: the local reflex, and the orchestrator when the reflex is unsure. */
export const action = apiRoute(async ({ request, user, context }) => {
  requirePost(request);
  requireAssistantEnabled();
  return classifyCore(await classifyDeps(), actorFor(user, context, 'assistant'), await readJson(request));
});
