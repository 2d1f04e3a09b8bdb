import { handoverDetail } from '../../domain/handover/handover.service';
import { uuidOrNull } from '../../domain/shared/ids';
import { apiRoute, getOnlyAction, queryParams } from '../http.server';
import { actorFor, audited } from '../tenant.server';

// `/api/overdracht/patients` and `/api/overdracht/generate` are static siblings: Remix matches them first.
/** One patient's handover period: alerts, vitals, reports, current risks and recent access; `period` as the overview. */
export const loader = apiRoute(async ({ request, params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  const patientId = params.patientId ?? '';
  const query = queryParams(request, ['period']);
  const resourceId = uuidOrNull(patientId);
  return audited(actor, { action: 'read', resourceType: 'Handover', resourceId, patientIds: resourceId ? [resourceId] : [] }, (em) =>
    handoverDetail(em, actor, patientId, query),
  );
});

export const action = getOnlyAction;
