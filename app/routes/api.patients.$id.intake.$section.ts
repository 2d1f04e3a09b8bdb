import { intakeSectionHistory, saveIntakeSection } from '../../domain/intake/intake-entry.service';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** One section with its earlier versions, newest first. */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  return audited(actor, { action: 'read', resourceType: 'IntakeSection', patientIds: resourceId ? [resourceId] : [] }, (em) =>
    intakeSectionHistory(em, actor, patientId, params.section ?? ''),
  );
});

/** PUT `{content, complete, basedOn?}` → 200 with the section; the earlier text stays as a version. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'PUT') throw methodNotAllowed(['GET', 'PUT']);
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  const body = await readJson(request);
  return audited(actor, { action: 'update', resourceType: 'IntakeSection', patientIds: resourceId ? [resourceId] : [] }, (em) =>
    saveIntakeSection(em, actor, patientId, params.section ?? '', body),
  );
});
