import { startChain } from '../../temporal/chain';
import { requireAssistantEnabled } from '../assistant.server';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { requireTemporal } from '../services.server';
import { actorFor } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{actions}` as the classifier produced them → 201 with the chain, its steps prepared. */
export const action = apiRoute(async ({ request, user, context }) => {
  requirePost(request);
  requireAssistantEnabled();
  const actor = actorFor(user, context, 'assistant');
  const state = await startChain(await requireTemporal(), actor, await readJson(request));
  return Response.json(state, { status: 201, headers: { Location: `/api/intent/chains/${state.chainId}`, 'Cache-Control': 'no-store' } });
});
