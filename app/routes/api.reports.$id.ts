import { changeReport, readReport, removeReport } from '../../domain/report/report.use-cases';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, perform } from '../tenant.server';

export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  return perform(actor, readReport, { id: params.id ?? '' });
});

export const action = apiRoute(async ({ request, params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const id = params.id ?? '';
  switch (request.method) {
    case 'PATCH':
      return (await perform(actor, changeReport, { id, patch: await readJson(request) })).report;
    case 'DELETE':
      return perform(actor, removeReport, { id });
    default:
      throw methodNotAllowed(['GET', 'PATCH', 'DELETE']);
  }
});
