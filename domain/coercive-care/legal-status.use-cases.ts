import { defineUseCase, thePatient } from '../audit/use-case';
import { assertPatientExists } from '../patient/patient.service';
import { correctLegalStatus, legalStatusHistory, legalStatusPatients, registerLegalStatus } from './legal-status';

/** The status whose period covers today, and every registration (corrections marked). */
export const listLegalStatus = defineUseCase({
  name: 'legal-status.list',
  action: 'read',
  resourceType: 'LegalStatus',
  patients: (_em, input: { patientId: string }) => thePatient(input),
  run: (em, _actor, { patientId }) => legalStatusHistory(em, patientId),
});

/** A new legal status; earlier registrations stay. */
export const registerLegalStatusEntry = defineUseCase({
  name: 'legal-status.register',
  action: 'create',
  resourceType: 'LegalStatus',
  patients: (_em, input: { patientId: string; status: unknown }) => thePatient(input),
  run: (em, actor, { patientId, status }) => registerLegalStatus(em, actor, patientId, status),
  logged: (registered) => ({ resourceId: registered.id }),
});

/**
 * A registration corrected: the log names the corrected registration and its patient, whichever
 * door (the API names only the registration; a record page also limits it to its own patient).
 */
export const correctLegalStatusEntry = defineUseCase({
  name: 'legal-status.correct',
  action: 'update',
  resourceType: 'LegalStatus',
  patients: (em, input: { id: string; correction: unknown; patientId?: string }) => legalStatusPatients(em, input.id),
  resourceOf: ({ id }) => id,
  run: async (em, actor, { id, correction, patientId }) => {
    if (patientId) await assertPatientExists(em, patientId);
    return correctLegalStatus(em, actor, id, correction, patientId ? { patientId } : {});
  },
  logged: () => ({ details: { gecorrigeerd: true } }),
});
