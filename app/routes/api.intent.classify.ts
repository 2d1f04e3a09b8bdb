import { classifyIntent } from '../../domain/intent/intent.service';
import { classifyDeps, requireAssistantEnabled } from '../assistant.server';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor } from '../tenant.server';

export const loader = postOnlyLoader;

/** One intent with its entities and confidence: the first action of the hybrid classification. */
export const action = apiRoute(async ({ request, user, context }) => {
  requirePost(request);
  requireAssistantEnabled();
  return classifyIntent(await classifyDeps(), actorFor(user, context, 'assistant'), await readJson(request));
});
