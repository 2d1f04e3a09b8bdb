import { administer } from '../../domain/medication/medication.service';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, audited } from '../tenant.server';

export const loader = postOnlyLoader;

/**
 * A fixed dose `{scheduledFor, status, reason?}` or a zo-nodig dose `{reason, administeredAt?}` →
 * 201 with the registration; a zo-nodig dose over the maximum per 24 hours is a 409.
 */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const id = params.id ?? '';
  const body = await readJson(request);
  const registered = await audited(
    actor,
    { action: 'create', resourceType: 'MedicationAdministration', resourceId: uuidOrNull(id) },
    (em) => administer(em, actor, id, body),
  );
  return Response.json(registered, { status: 201 });
});
