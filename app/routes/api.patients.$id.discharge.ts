import { dischargeEpisode } from '../../domain/discharge/discharge.use-cases';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, perform } from '../tenant.server';

export const loader = postOnlyLoader;

/**
 * `{reasonCode, reason?, dischargedOn?}` → 200 `{discharge}`: the episode ended (ADR 0080). 409 in
 * Dutch while a legal or coercive measure runs, or when the patient was already discharged.
 */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const discharge = await perform(actor, dischargeEpisode, { patientId: params.id ?? '', discharge: await readJson(request) });
  return Response.json({ discharge }, { status: 200 });
});
