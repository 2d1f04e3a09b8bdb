import { readBanner } from '../../domain/patient/banner.use-cases';
import { apiRoute, getOnlyAction } from '../http.server';
import { actorFor, perform } from '../tenant.server';

/** What the record and the handover show above everything: legal status, allergies, high risks, open measures, signaleringsplan. */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  return perform(actor, readBanner, { patientId: params.id ?? '' });
});

export const action = getOnlyAction;
