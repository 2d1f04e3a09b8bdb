import { chainState } from '../../domain/intent/chain.temporal';
import { requireAssistantEnabled } from '../assistant.server';
import { apiRoute, getOnlyAction } from '../http.server';
import { requireTemporalClient } from '../services.server';
import { actorFor } from '../tenant.server';

export const loader = apiRoute(async ({ params, user, context }) => {
  requireAssistantEnabled();
  return chainState(await requireTemporalClient(), actorFor(user, context, 'assistant'), params.id ?? '');
});

export const action = getOnlyAction;
