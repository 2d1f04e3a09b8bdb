import { createReport, listReports } from '../../domain/report/report.service';
import { apiRoute, methodNotAllowed, queryParams, readJson } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** `limit` default 20, maximum 100 (above → 400); filters `patientId` and `type`; newest first. */
export const loader = apiRoute(async ({ request, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const query = queryParams(request, ['limit', 'offset', 'patientId', 'type']);
  return audited(actor, { action: 'search', resourceType: 'Report' }, (em) => listReports(em, actor, query));
});

export const action = apiRoute(async ({ request, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const body = await readJson(request);
  const report = await audited(actor, { action: 'create', resourceType: 'Report' }, (em) => createReport(em, actor, body));
  return Response.json(report, { status: 201, headers: { Location: `/api/reports/${report.id}` } });
});
