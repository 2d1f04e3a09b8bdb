import { rejectChain } from '../../domain/intent/chain.temporal';
import { requireAssistantEnabled } from '../assistant.server';
import { apiRoute, postOnlyLoader, requirePost } from '../http.server';
import { requireTemporalClient } from '../services.server';
import { actorFor } from '../tenant.server';

export const loader = postOnlyLoader;

export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  requireAssistantEnabled();
  return rejectChain(await requireTemporalClient(), actorFor(user, context, 'assistant'), params.id ?? '');
});
