import { saveSignaleringsplanVersion, showSignaleringsplan } from '../../domain/signaleringsplan/signaleringsplan.use-cases';
import { AppError } from '../../domain/shared/errors';
import { apiRoute, methodNotAllowed, queryParams, readJson } from '../http.server';
import { actorFor, perform } from '../tenant.server';

/** `{latest, shown, versions}`; `?version=N` shows an earlier version. */
export const loader = apiRoute(async ({ request, params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const { version } = queryParams(request, ['version']);
  const number = version === undefined ? null : Number(version);
  if (number !== null && (!Number.isInteger(number) || number < 1 || number > 100_000))
    throw AppError.validation({ version: 'Kies een bestaand versienummer.' });
  return perform(actor, showSignaleringsplan, { patientId: params.id ?? '', version: number });
});

/** `{phases: {groen|oranje|rood: {signals, patientActions?, teamActions}}}` → 201 with the new version. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const plan = await perform(actor, saveSignaleringsplanVersion, { patientId: params.id ?? '', plan: await readJson(request) });
  return Response.json(plan, { status: 201 });
});
