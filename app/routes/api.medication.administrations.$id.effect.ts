import { recordDoseEffect } from '../../domain/medication/medication.use-cases';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor, perform } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{effect}` of a zo-nodig dose → 200; written once (409 after). */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const actor = actorFor(user, context, 'api');
  return perform(actor, recordDoseEffect, { administrationId: params.id ?? '', effect: await readJson(request) });
});
