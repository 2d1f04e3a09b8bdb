import { listVitalRounds, recordVitalRound } from '../../domain/measurements/vitals.use-cases';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, perform } from '../tenant.server';

/** The patient's rounds at the bedside, newest first: values (corrections marked) and NEWS2. */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  return { rounds: await perform(actor, listVitalRounds, { patientId: params.id ?? '' }) };
});

/** `{observedAt, measures: {hartfrequentie: 72, …}, consciousness?, oxygen?}` → 201 with the round (interpretation and NEWS2 computed here). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const round = await perform(actor, recordVitalRound, { patientId: params.id ?? '', round: await readJson(request) });
  return Response.json(round, { status: 201 });
});
