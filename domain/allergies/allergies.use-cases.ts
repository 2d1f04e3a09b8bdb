import { defineUseCase, thePatient } from '../audit/use-case';
import { assertPatientExists } from '../patient/patient.service';
import { allergyOverview, allergyPatients, lapseAllergy, recordAllergy } from './allergies';

/** The patient's allergies: in force, the history, and whether anything was recorded at all. */
export const listAllergies = defineUseCase({
  name: 'allergies.list',
  action: 'read',
  resourceType: 'AllergyIntolerance',
  patients: (_em, input: { patientId: string }) => thePatient(input),
  run: (em, _actor, { patientId }) => allergyOverview(em, patientId),
});

/** An allergy, or the statement "geen bekende allergieën" (`{noKnownAllergies: true}`). */
export const recordAllergyEntry = defineUseCase({
  name: 'allergies.record',
  action: 'create',
  resourceType: 'AllergyIntolerance',
  patients: (_em, input: { patientId: string; allergy: unknown }) => thePatient(input),
  run: (em, actor, { patientId, allergy }) => recordAllergy(em, actor, patientId, allergy),
  logged: (recorded) => ({ resourceId: recorded.id }),
});

/**
 * An allergy lapses with a reason: the log names the allergy and its patient, whichever door (the
 * API names only the allergy; a record page also limits it to its own patient).
 */
export const lapseAllergyEntry = defineUseCase({
  name: 'allergies.lapse',
  action: 'update',
  resourceType: 'AllergyIntolerance',
  patients: (em, input: { id: string; lapse: unknown; patientId?: string }) => allergyPatients(em, input.id),
  resourceOf: ({ id }) => id,
  run: async (em, actor, { id, lapse, patientId }) => {
    if (patientId) await assertPatientExists(em, patientId);
    return lapseAllergy(em, actor, id, lapse, patientId ? { patientId } : {});
  },
  logged: () => ({ details: { vervallen: true } }),
});
