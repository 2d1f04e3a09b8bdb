import { bvcScorePatients, correctBvc } from '../../domain/scales/scales.service';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, audited } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{items, reason}` → 201 with the new score; the corrected one stays, marked (never overwritten). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const id = params.id ?? '';
  const body = await readJson(request);
  const corrected = await audited(
    actor,
    // The URL names the score, not the patient: a refused correction names the score's patient, as the record page's does.
    { action: 'update', resourceType: 'Observation', resourceId: uuidOrNull(id), patientsOf: (em) => bvcScorePatients(em, id) },
    (em) => correctBvc(em, actor, id, body),
  );
  return Response.json(corrected, { status: 201 });
});
