import { listLegalStatus, registerLegalStatusEntry } from '../../domain/coercive-care/legal-status.use-cases';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, perform } from '../tenant.server';

/** `{current, history}`: the status whose period covers today, and every registration (corrections marked). */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  return perform(actor, listLegalStatus, { patientId: params.id ?? '' });
});

/** `{kind, startsOn, endsOn?, note?}` → 201; earlier registrations stay. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const status = await perform(actor, registerLegalStatusEntry, { patientId: params.id ?? '', status: await readJson(request) });
  return Response.json(status, { status: 201 });
});
