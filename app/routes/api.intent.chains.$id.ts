import { readChain } from '../../temporal/chain';
import { uuidOrNull } from '../../domain/shared/ids';
import { requireAssistantEnabled } from '../assistant.server';
import { apiRoute, getOnlyAction } from '../http.server';
import { requireTemporal } from '../services.server';
import { actorFor, audited } from '../tenant.server';

export const loader = apiRoute(async ({ params, user, context }) => {
  requireAssistantEnabled();
  const actor = actorFor(user, context, 'assistant');
  const chainId = params.id ?? '';
  const temporal = await requireTemporal();
  return audited(actor, { action: 'read', resourceType: 'IntentChain', resourceId: uuidOrNull(chainId) }, (em) =>
    readChain(em, temporal, actor, chainId),
  );
});

export const action = getOnlyAction;
