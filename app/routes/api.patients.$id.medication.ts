import { medicationOverview, prescribe } from '../../domain/medication/medication.service';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** The medication list, today's fixed doses with what was registered, zo-nodig state and the week's registrations. */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  return audited(actor, { action: 'read', resourceType: 'MedicationRequest', patientIds: resourceId ? [resourceId] : [] }, (em) =>
    medicationOverview(em, actor, patientId),
  );
});

/** A new prescription by the signed-in doctor → 201 with the order. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  const body = await readJson(request);
  const order = await audited(
    actor,
    { action: 'create', resourceType: 'MedicationRequest', patientIds: resourceId ? [resourceId] : [] },
    (em) => prescribe(em, actor, patientId, body),
  );
  return Response.json(order, { status: 201 });
});
