import { coerciveMeasures, registerMeasure } from '../../domain/legal/coercive-care';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** `{measures: [...]}`: open measures first, then ended ones, each with its evaluations. */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  const measures = await audited(
    actor,
    { action: 'read', resourceType: 'CoerciveMeasure', patientIds: resourceId ? [resourceId] : [] },
    (em) => coerciveMeasures(em, actor, patientId),
  );
  return { measures };
});

/** `{kind, startedAt, legalBasis: maatregel|noodsituatie, decidedBy, note?}` → 201; the ground is looked up here. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  const body = await readJson(request);
  const measure = await audited(
    actor,
    { action: 'create', resourceType: 'CoerciveMeasure', patientIds: resourceId ? [resourceId] : [] },
    (em) => registerMeasure(em, actor, patientId, body),
  );
  return Response.json(measure, { status: 201 });
});
