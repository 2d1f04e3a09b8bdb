import { intakeStatus } from '../../domain/intake/intake.service';
import { apiRoute, getOnlyAction, queryParams } from '../http.server';
import { actorFor, audited } from '../tenant.server';

export const loader = apiRoute(async ({ request, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const query = queryParams(request, ['patientId']);
  return audited(actor, { action: 'read', resourceType: 'IntakeStatus' }, (em) => intakeStatus(em, actor, query));
});

export const action = getOnlyAction;
