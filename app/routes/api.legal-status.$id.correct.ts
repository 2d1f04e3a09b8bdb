import { correctLegalStatus } from '../../domain/legal/legal-status';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, audited } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{kind, startsOn, endsOn?, note?, reason}` → 201 with the new registration; the corrected one stays, marked. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const id = params.id ?? '';
  const body = await readJson(request);
  const corrected = await audited(actor, { action: 'update', resourceType: 'LegalStatus', resourceId: uuidOrNull(id) }, (em) =>
    correctLegalStatus(em, actor, id, body),
  );
  return Response.json(corrected, { status: 201 });
});
