import { intakeStatusOf } from '../../domain/intake/intake.use-cases';
import { apiRoute, getOnlyAction, queryParams } from '../http.server';
import { actorFor, perform } from '../tenant.server';

export const loader = apiRoute(async ({ request, user, context }) => {
  const actor = actorFor(user, context, 'api');
  return (await perform(actor, intakeStatusOf, queryParams(request, ['patientId']))).status;
});

export const action = getOnlyAction;
