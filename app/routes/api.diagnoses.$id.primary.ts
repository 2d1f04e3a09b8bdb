import { makePrimaryDiagnosis } from '../../domain/intake/diagnoses.service';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, postOnlyLoader, requirePost } from '../http.server';
import { actorFor, audited } from '../tenant.server';

export const loader = postOnlyLoader;

/** No body → `{diagnosis, demoted}`: the diagnosis is the primary now, the one before (if any) secondary. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const id = params.id ?? '';
  return audited(actor, { action: 'update', resourceType: 'Diagnosis', resourceId: uuidOrNull(id) }, (em) =>
    makePrimaryDiagnosis(em, actor, id),
  );
});
