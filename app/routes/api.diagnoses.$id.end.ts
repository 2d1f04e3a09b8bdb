import { endDiagnosis } from '../../domain/intake/diagnoses.service';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, audited } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{endedAt?, reason}` → the diagnosis, ended (it stays, as history; never deleted). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const id = params.id ?? '';
  const body = await readJson(request);
  return audited(actor, { action: 'update', resourceType: 'Diagnosis', resourceId: uuidOrNull(id) }, (em) =>
    endDiagnosis(em, actor, id, body),
  );
});
