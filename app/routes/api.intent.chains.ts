import { startChain } from '../../temporal/chain';
import { requireAssistantEnabled } from '../assistant.server';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { requireTemporal } from '../services.server';
import { actorFor, inTenant } from '../tenant.server';
import { checkChainPatients } from '../../domain/intent/chain.service';

export const loader = postOnlyLoader;

/** `{actions}` as the classifier produced them → 201 with the chain, its steps prepared. */
export const action = apiRoute(async ({ request, user, context }) => {
  requirePost(request);
  requireAssistantEnabled();
  const actor = actorFor(user, context, 'assistant');
  const input = await readJson(request);
  // Another organisation's patient is a 404 here, before a workflow exists that could only fail.
  await inTenant(user, (em) => checkChainPatients(em, input));
  const state = await startChain(await requireTemporal(), actor, input);
  return Response.json(state, { status: 201, headers: { Location: `/api/intent/chains/${state.chainId}`, 'Cache-Control': 'no-store' } });
});
