import { saveSignaleringsplan, signaleringsplan } from '../../domain/legal/signaleringsplan';
import { AppError } from '../../domain/shared/errors';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, methodNotAllowed, queryParams, readJson } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** `{latest, shown, versions}`; `?version=N` shows an earlier version. */
export const loader = apiRoute(async ({ request, params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  const { version } = queryParams(request, ['version']);
  const number = version === undefined ? null : Number(version);
  if (number !== null && (!Number.isInteger(number) || number < 1 || number > 100_000))
    throw AppError.validation({ version: 'Kies een bestaand versienummer.' });
  return audited(actor, { action: 'read', resourceType: 'Signaleringsplan', patientIds: resourceId ? [resourceId] : [] }, (em) =>
    signaleringsplan(em, actor, patientId, number),
  );
});

/** `{phases: {groen|oranje|rood: {signals, patientActions?, teamActions}}}` → 201 with the new version. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  const body = await readJson(request);
  const plan = await audited(
    actor,
    { action: 'create', resourceType: 'Signaleringsplan', patientIds: resourceId ? [resourceId] : [] },
    (em) => saveSignaleringsplan(em, actor, patientId, body),
  );
  return Response.json(plan, { status: 201 });
});
