import { chainState } from '../../temporal/chain';
import { readChainState } from '../../domain/intent/chain.use-cases';
import { requireAssistantEnabled } from '../assistant.server';
import { apiRoute, getOnlyAction } from '../http.server';
import { requireTemporal } from '../services.server';
import { actorFor, perform } from '../tenant.server';

export const loader = apiRoute(async ({ params, user, context }) => {
  requireAssistantEnabled();
  const actor = actorFor(user, context, 'assistant');
  const chainId = params.id ?? '';
  const temporal = await requireTemporal();
  return perform(actor, readChainState, { chainId, state: () => chainState(temporal, actor, chainId) });
});

export const action = getOnlyAction;
