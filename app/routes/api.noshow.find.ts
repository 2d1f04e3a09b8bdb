import { findNoShow } from '../../domain/noshow/noshow.use-cases';
import { apiRoute, getOnlyAction, queryParams } from '../http.server';
import { actorFor, perform } from '../tenant.server';

/** `?q=<the chat sentence>` or `?patientName=&time=&date=` → the clinician's appointments it can mean. */
export const loader = apiRoute(async ({ request, user, context }) => {
  const actor = actorFor(user, context, 'assistant');
  const query = queryParams(request, ['q', 'patientName', 'time', 'date']);
  return perform(actor, findNoShow, query);
});

export const action = getOnlyAction;
