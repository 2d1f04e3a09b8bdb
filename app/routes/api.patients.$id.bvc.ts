import { recordBvc, bvcScores } from '../../domain/scales/scales.service';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** The patient's Brøset Violence Checklist scores, newest first (corrections marked). */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  const scores = await audited(actor, { action: 'read', resourceType: 'Observation', patientIds: resourceId ? [resourceId] : [] }, (em) =>
    bvcScores(em, actor, patientId),
  );
  return { scores };
});

/** `{observedAt, items: {verward: false, prikkelbaar: true, …}}` → 201 with score, band and advice (computed here). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  const body = await readJson(request);
  const score = await audited(actor, { action: 'create', resourceType: 'Observation', patientIds: resourceId ? [resourceId] : [] }, (em) =>
    recordBvc(em, actor, patientId, body),
  );
  return Response.json(score, { status: 201 });
});
