import { listBvc, recordBvcScore } from '../../domain/measurements/scales.use-cases';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, perform } from '../tenant.server';

/** The patient's Brøset Violence Checklist scores, newest first (corrections marked). */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  return { scores: await perform(actor, listBvc, { patientId: params.id ?? '' }) };
});

/** `{observedAt, items: {verward: false, prikkelbaar: true, …}}` → 201 with score, band and advice (computed here). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const score = await perform(actor, recordBvcScore, { patientId: params.id ?? '', score: await readJson(request) });
  return Response.json(score, { status: 201 });
});
