import { generateTreatmentPlan } from '../../temporal/treatment-plan';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { getOrm, requireTemporal } from '../services.server';
import { actorFor } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{patientId}` → the new draft version of the patient's treatment plan, drafted by a workflow. */
export const action = apiRoute(async ({ request, user, context }) => {
  requirePost(request);
  const body = await readJson(request);
  return generateTreatmentPlan({ orm: await getOrm(), ...(await requireTemporal()) }, actorFor(user, context, 'web'), body);
});
