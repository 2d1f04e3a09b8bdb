import { correctBvcScore } from '../../domain/measurements/scales.use-cases';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, perform } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{items, reason}` → 201 with the new score; the corrected one stays, marked (never overwritten). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const corrected = await perform(actor, correctBvcScore, { id: params.id ?? '', correction: await readJson(request) });
  return Response.json(corrected, { status: 201 });
});
