import { deleteReport, getReport, updateReport } from '../../domain/report/report.service';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, audited } from '../tenant.server';

export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const id = params.id ?? '';
  return audited(actor, { action: 'read', resourceType: 'Report', resourceId: uuidOrNull(id) }, (em) => getReport(em, actor, id));
});

export const action = apiRoute(async ({ request, params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const id = params.id ?? '';
  const resourceId = uuidOrNull(id);
  switch (request.method) {
    case 'PATCH': {
      const patch = await readJson(request);
      return audited(actor, { action: 'update', resourceType: 'Report', resourceId }, (em) => updateReport(em, actor, id, patch));
    }
    case 'DELETE':
      return audited(actor, { action: 'delete', resourceType: 'Report', resourceId }, (em) => deleteReport(em, actor, id));
    default:
      throw methodNotAllowed(['GET', 'PATCH', 'DELETE']);
  }
});
