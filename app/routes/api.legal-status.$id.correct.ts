import { correctLegalStatusEntry } from '../../domain/coercive-care/legal-status.use-cases';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, perform } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{kind, startsOn, endsOn?, note?, reason}` → 201 with the new registration; the corrected one stays, marked. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const corrected = await perform(actor, correctLegalStatusEntry, { id: params.id ?? '', correction: await readJson(request) });
  return Response.json(corrected, { status: 201 });
});
