import { uuidOrNull } from '../../domain/shared/ids';
import { recordVitals, vitalRounds } from '../../domain/vitals/vitals.service';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** The patient's rounds at the bedside, newest first: values (corrections marked) and NEWS2. */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  const rounds = await audited(actor, { action: 'read', resourceType: 'Observation', patientIds: resourceId ? [resourceId] : [] }, (em) =>
    vitalRounds(em, actor, patientId),
  );
  return { rounds };
});

/** `{observedAt, measures: {hartfrequentie: 72, …}, consciousness?, oxygen?}` → 201 with the round (interpretation and NEWS2 computed here). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  const body = await readJson(request);
  const round = await audited(actor, { action: 'create', resourceType: 'Observation', patientIds: resourceId ? [resourceId] : [] }, (em) =>
    recordVitals(em, actor, patientId, body),
  );
  return Response.json(round, { status: 201 });
});
