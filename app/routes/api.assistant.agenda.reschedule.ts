import { moveAppointment } from '../../domain/agenda/agenda.use-cases';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, perform } from '../tenant.server';

export const loader = postOnlyLoader;

export const action = apiRoute(async ({ request, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'assistant');
  const result = await perform(actor, moveAppointment, await readJson(request));
  return Response.json({ appointment: result.appointment }, { status: 200 });
});
