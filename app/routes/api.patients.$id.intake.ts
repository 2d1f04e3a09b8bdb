import { intakeEntry } from '../../domain/intake/intake-entry.service';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, getOnlyAction } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** Every section of the patient's intake with its text and state, and the completion percentage. */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  return audited(actor, { action: 'read', resourceType: 'IntakeSection', patientIds: resourceId ? [resourceId] : [] }, (em) =>
    intakeEntry(em, actor, patientId),
  );
});

export const action = getOnlyAction;
