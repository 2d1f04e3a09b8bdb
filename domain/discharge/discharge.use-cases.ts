import { defineUseCase, thePatient } from '../audit/use-case';
import { dischargePatient } from './discharge.service';

/**
 * Ontslag (ADR 0080): the patient's episode ends, with a date and a reason. The record page, the
 * API and the assistant's confirmed chain step all run this declaration, so a discharge is logged
 * alike whichever door: an update of the patient, with the reason's choice (never its words, never
 * a name). A refused attempt (a measure runs, already discharged) is logged as a failure by the runner.
 */
export const dischargeEpisode = defineUseCase({
  name: 'patient.discharge',
  action: 'update',
  resourceType: 'Patient',
  patients: (_em, input: { patientId: string; discharge: unknown }) => thePatient(input),
  resourceOf: ({ patientId }) => patientId,
  run: (em, actor, { patientId, discharge }) => dischargePatient(em, actor, patientId, discharge),
  logged: (discharged) => ({ details: { episodeStatus: 'finished', reasonCode: discharged.reasonCode } }),
});
