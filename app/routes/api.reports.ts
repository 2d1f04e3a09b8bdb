import { searchReports, writeReport } from '../../domain/report/report.use-cases';
import { apiRoute, methodNotAllowed, queryParams, readJson } from '../http.server';
import { actorFor, perform } from '../tenant.server';

/** `limit` default 20, maximum 100 (above → 400); filters `patientId` and `type`; newest first. */
export const loader = apiRoute(async ({ request, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const query = queryParams(request, ['limit', 'offset', 'patientId', 'type']);
  return (await perform(actor, searchReports, query)).page;
});

export const action = apiRoute(async ({ request, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const report = await perform(actor, writeReport, await readJson(request));
  return Response.json(report, { status: 201, headers: { Location: `/api/reports/${report.id}` } });
});
