import { chainState } from '../../domain/intent/chain.temporal';
import { AppError } from '../../domain/shared/errors';
import { requireAssistantEnabled } from '../assistant.server';
import { apiRoute } from '../http.server';
import { requireTemporalClient } from '../services.server';
import { actorFor } from '../tenant.server';

export const loader = apiRoute(async ({ params, user, context }) => {
  requireAssistantEnabled();
  return chainState(await requireTemporalClient(), actorFor(user, context, 'assistant'), params.id ?? '');
});

export const action = apiRoute(async () => {
  throw new AppError('method_not_allowed', 'Gebruik GET op deze route.');
});
