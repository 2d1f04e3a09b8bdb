import { readIntake } from '../../domain/intake/intake-entry.use-cases';
import { apiRoute, getOnlyAction } from '../http.server';
import { actorFor, perform } from '../tenant.server';

/** Every section of the patient's intake with its text and state, and the completion percentage. */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  return perform(actor, readIntake, { patientId: params.id ?? '' });
});

export const action = getOnlyAction;
