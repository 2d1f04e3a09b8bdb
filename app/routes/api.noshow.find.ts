import { findNoShowAppointments } from '../../domain/noshow/noshow.service';
import { apiRoute, getOnlyAction, queryParams } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** `?q=<the chat sentence>` or `?patientName=&time=&date=` → the clinician's appointments it can mean. */
export const loader = apiRoute(async ({ request, user, context }) => {
  const actor = actorFor(user, context, 'assistant');
  const query = queryParams(request, ['q', 'patientName', 'time', 'date']);
  return audited(actor, { action: 'search', resourceType: 'Appointment' }, (em) => findNoShowAppointments(em, actor, query));
});

export const action = getOnlyAction;
