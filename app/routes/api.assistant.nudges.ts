import { openNudgesOf } from '../../domain/nudge/nudge.use-cases';
import { apiRoute, getOnlyAction } from '../http.server';
import { actorFor, perform } from '../tenant.server';

/** The clinician's open reminders (their own and the organisation's), newest first. */
export const loader = apiRoute(async ({ user, context }) => {
  const actor = actorFor(user, context, 'assistant');
  return { nudges: await perform(actor, openNudgesOf, {}) };
});

export const action = getOnlyAction;
