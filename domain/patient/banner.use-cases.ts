import { defineUseCase, thePatient } from '../audit/use-case';
import { patientBanner } from './banner';

/** `GET /api/patients/{id}/banner`: what the record and the handover show above everything, as a read of the patient's record. */
export const readBanner = defineUseCase({
  name: 'patient.banner',
  action: 'read',
  resourceType: 'PatientBanner',
  patients: (_em, input: { patientId: string }) => thePatient(input),
  run: (em, _actor, { patientId }) => patientBanner(em, patientId),
});
