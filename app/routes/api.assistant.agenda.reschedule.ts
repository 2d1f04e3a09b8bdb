import { rescheduleAppointment } from '../../domain/agenda/agenda.service';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, audited } from '../tenant.server';

export const loader = postOnlyLoader;

export const action = apiRoute(async ({ request, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'assistant');
  const body = await readJson(request);
  const result = await audited(actor, { action: 'update', resourceType: 'Appointment' }, (em) => rescheduleAppointment(em, actor, body));
  return Response.json(result, { status: 200 });
});
