import { endDiagnosisEntry } from '../../domain/diagnoses/diagnoses.use-cases';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, perform } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{endedAt?, reason}` → the diagnosis, ended (it stays, as history; never deleted). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  return perform(actor, endDiagnosisEntry, { id: params.id ?? '', end: await readJson(request) });
});
