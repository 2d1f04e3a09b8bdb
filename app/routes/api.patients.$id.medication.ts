import { medicationOf, prescribeMedication } from '../../domain/medication/medication.use-cases';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, perform } from '../tenant.server';

/** The medication list, today's fixed doses with what was registered, zo-nodig state and the week's registrations. */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  return perform(actor, medicationOf, { patientId: params.id ?? '' });
});

/** A new prescription by the signed-in doctor → 201 with the order. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const order = await perform(actor, prescribeMedication, { patientId: params.id ?? '', prescription: await readJson(request) });
  return Response.json(order, { status: 201 });
});
