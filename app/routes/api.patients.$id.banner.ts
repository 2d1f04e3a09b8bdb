import { patientBanner } from '../../domain/legal/banner';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, getOnlyAction } from '../http.server';
import { actorFor, audited } from '../tenant.server';

/** What the record and the handover show above everything: legal status, allergies, high risks, open measures, signaleringsplan. */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const patientId = params.id ?? '';
  const resourceId = uuidOrNull(patientId);
  return audited(actor, { action: 'read', resourceType: 'PatientBanner', patientIds: resourceId ? [resourceId] : [] }, (em) =>
    patientBanner(em, actor, patientId),
  );
});

export const action = getOnlyAction;
