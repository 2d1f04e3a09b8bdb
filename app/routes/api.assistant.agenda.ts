import { queryAgenda } from '../../domain/agenda/agenda.use-cases';
import { apiRoute, getOnlyAction, queryParams } from '../http.server';
import { jsonAnswerSharing } from '../json.server';
import { actorFor, perform } from '../tenant.server';

/**
 * `start`, `end` (ISO 8601 with offset) or `label` (vandaag, morgen, overmorgen, deze week, volgende
 * week, a weekday); default today. Optionally only one patient's (`patientId`) or the user's own
 * (`van=mij`) appointments; without them, the organisation's.
 */
export const loader = apiRoute(async ({ request, user, context }) => {
  const actor = actorFor(user, context, 'assistant');
  const query = queryParams(request, ['start', 'end', 'label', 'patientId', 'van']);
  const { appointments, range } = await perform(actor, queryAgenda, query);
  return jsonAnswerSharing('appointments', appointments, { range });
});

export const action = getOnlyAction;
