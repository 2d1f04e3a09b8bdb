import { correctVitalValue } from '../../domain/measurements/vitals.use-cases';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, perform } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{value, reason}` → 201 with the new value; the corrected one stays, marked (never overwritten). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const corrected = await perform(actor, correctVitalValue, { id: params.id ?? '', correction: await readJson(request) });
  return Response.json(corrected, { status: 201 });
});
