import { listCoerciveMeasures, registerCoerciveMeasure } from '../../domain/coercive-care/coercive-care.use-cases';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, perform } from '../tenant.server';

/** `{measures: [...]}`: open measures first, then ended ones, each with its evaluations. */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  return { measures: await perform(actor, listCoerciveMeasures, { patientId: params.id ?? '' }) };
});

/** `{kind, startedAt, legalBasis: maatregel|noodsituatie, decidedBy, note?}` → 201; the ground is looked up here. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const measure = await perform(actor, registerCoerciveMeasure, { patientId: params.id ?? '', measure: await readJson(request) });
  return Response.json(measure, { status: 201 });
});
