import { patientAccessLog } from './audit.service';
import { defineUseCase, thePatient } from './use-case';

/** The patient's access log (the record's "Toegang" tab): looking at who looked is itself an access to the record. */
export const viewAccessLog = defineUseCase({
  name: 'access-log.view',
  action: 'read',
  resourceType: 'AccessLog',
  patients: (_em, input: { patientId: string; period: { from?: Date; to?: Date } }) => thePatient(input),
  run: (em, _actor, { patientId, period }) => patientAccessLog(em, patientId, period),
});
