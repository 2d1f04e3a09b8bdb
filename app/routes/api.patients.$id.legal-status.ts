import { legalStatusHistory, registerLegalStatus } from '../../domain/legal/legal-status';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** `{current, history}`: the status whose period covers today, and every registration (corrections marked). */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  return audited(actor, { action: 'read', resourceType: 'LegalStatus', patientIds: resourceId ? [resourceId] : [] }, (em) =>
    legalStatusHistory(em, actor, patientId),
  );
});

/** `{kind, startsOn, endsOn?, note?}` → 201; earlier registrations stay. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  const body = await readJson(request);
  const status = await audited(actor, { action: 'create', resourceType: 'LegalStatus', patientIds: resourceId ? [resourceId] : [] }, (em) =>
    registerLegalStatus(em, actor, patientId, body),
  );
  return Response.json(status, { status: 201 });
});
