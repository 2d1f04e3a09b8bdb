import { administerDose } from '../../domain/medication/medication.use-cases';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, perform } from '../tenant.server';

export const loader = postOnlyLoader;

/**
 * A fixed dose `{scheduledFor, status, reason?}` or a zo-nodig dose `{reason, administeredAt?}` →
 * 201 with the registration; a zo-nodig dose over the maximum per 24 hours is a 409.
 */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  const registered = await perform(actor, administerDose, { orderId: params.id ?? '', dose: await readJson(request) });
  return Response.json(registered, { status: 201 });
});
