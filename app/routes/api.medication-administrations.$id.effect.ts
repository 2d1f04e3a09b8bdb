import { recordEffect } from '../../domain/medication/medication.service';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, audited } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{effect}` of a zo-nodig dose → 200; written once (409 after). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const id = params.id ?? '';
  const body = await readJson(request);
  return audited(actor, { action: 'update', resourceType: 'MedicationAdministration', resourceId: uuidOrNull(id) }, (em) =>
    recordEffect(em, actor, id, body),
  );
});
