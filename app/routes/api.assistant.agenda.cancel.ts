import { cancelAppointment } from '../../domain/agenda/agenda.service';
import { AppError } from '../../domain/shared/errors';
import { apiRoute, readJson } from '../http.server';
import { actorFor, audited } from '../tenant.server';

export const action = apiRoute(async ({ request, user, context }) => {
  if (request.method !== 'POST') throw new AppError('method_not_allowed', 'Gebruik POST op deze route.');
  const actor = actorFor(user, context, 'assistant');
  const body = await readJson(request);
  const result = await audited(actor, { action: 'update', resourceType: 'Appointment' }, (em) => cancelAppointment(em, actor, body));
  return Response.json(result, { status: 200 });
});
