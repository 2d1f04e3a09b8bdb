import { openNudges } from '../../domain/nudge/nudge.service';
import { apiRoute, getOnlyAction } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** The clinician's open reminders (their own and the organisation's), newest first. */
export const loader = apiRoute(async ({ user, context }) => {
  const actor = actorFor(user, context, 'assistant');
  return audited(actor, { action: 'search', resourceType: 'Nudge' }, async (em) => ({ nudges: await openNudges(em, actor) }));
});

export const action = getOnlyAction;
