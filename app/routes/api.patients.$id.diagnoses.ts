import { addDiagnosisEntry, listDiagnoses } from '../../domain/diagnoses/diagnoses.use-cases';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, perform } from '../tenant.server';

/** The patient's diagnoses: `{active, ended}`, each with its history. */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  return perform(actor, listDiagnoses, { patientId: params.id ?? '' });
});

/** `{code, rank, diagnosedAt?}` → 201; the code must be on the list. A new primary makes the old one secondary. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  const actor = actorFor(user, context, 'api');
  const { diagnosis } = await perform(actor, addDiagnosisEntry, { patientId: params.id ?? '', diagnosis: await readJson(request) });
  return Response.json(diagnosis, { status: 201 });
});
