import { makeDiagnosisPrimary } from '../../domain/diagnoses/diagnoses.use-cases';
import { apiRoute, postOnlyLoader, requirePost } from '../http.server';
import { actorFor, perform } from '../tenant.server';

export const loader = postOnlyLoader;

/** No body → `{diagnosis, demoted}`: the diagnosis is the primary now, the one before (if any) secondary. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const { diagnosis, demoted } = await perform(actor, makeDiagnosisPrimary, { id: params.id ?? '' });
  return { diagnosis, demoted };
});
