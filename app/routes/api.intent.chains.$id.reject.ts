import { rejectChain } from '../../temporal/chain';
import { requireAssistantEnabled } from '../assistant.server';
import { apiRoute, postOnlyLoader, requirePost } from '../http.server';
import { requireTemporal } from '../services.server';
import { actorFor } from '../tenant.server';

export const loader = postOnlyLoader;

export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  requireAssistantEnabled();
  return rejectChain(await requireTemporal(), actorFor(user, context, 'assistant'), params.id ?? '');
});
