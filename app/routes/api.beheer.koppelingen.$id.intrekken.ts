import { revokeClient } from '../../domain/koppeling/koppeling.use-cases';
import { AppError } from '../../domain/shared/errors';
import { postOnlyLoader, requirePost, sessionCheckRoute } from '../http.server';
import { actorFor, perform } from '../tenant.server';

export const loader = postOnlyLoader;

/** A beheerder revokes a koppeling: 200 with it, now `disabled`; it gets no new token and its tokens stop at their next call. */
export const action = sessionCheckRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  if (user.role !== 'beheerder') throw AppError.forbidden('Koppelingen trekt een functioneel beheerder in.');
  const koppeling = await perform(actorFor(user, context, 'api'), revokeClient, { id: params.id ?? '' });
  return Response.json({ koppeling }, { headers: { 'Cache-Control': 'no-store' } });
});
