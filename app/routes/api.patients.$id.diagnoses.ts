import { addDiagnosis, diagnosisOverview } from '../../domain/intake/diagnoses.service';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** The patient's diagnoses: `{active, ended}`, each with its history. */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  return audited(actor, { action: 'read', resourceType: 'Diagnosis', patientIds: resourceId ? [resourceId] : [] }, (em) =>
    diagnosisOverview(em, actor, patientId),
  );
});

/** `{code, rank, diagnosedAt?}` → 201; the code must be on the list. A new primary makes the old one secondary. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  const body = await readJson(request);
  const diagnosis = await audited(
    actor,
    { action: 'create', resourceType: 'Diagnosis', patientIds: resourceId ? [resourceId] : [] },
    (em) => addDiagnosis(em, actor, patientId, body),
  );
  return Response.json(diagnosis, { status: 201 });
});
