import { defineUseCase, thePatient } from '../audit/use-case';
import { addDiagnosis, diagnosisOverview, diagnosisPatients, endDiagnosis, makePrimaryDiagnosis } from './diagnoses.service';

/** The patient's active and ended diagnoses, each with its history. */
export const listDiagnoses = defineUseCase({
  name: 'diagnoses.list',
  action: 'read',
  resourceType: 'Diagnosis',
  patients: (_em, input: { patientId: string }) => thePatient(input),
  run: (em, _actor, { patientId }) => diagnosisOverview(em, patientId),
});

/** A diagnosis from the code list; a new primary makes the one before secondary, logged as its update first. */
export const addDiagnosisEntry = defineUseCase({
  name: 'diagnoses.add',
  action: 'create',
  resourceType: 'Diagnosis',
  patients: (_em, input: { patientId: string; diagnosis: unknown }) => thePatient(input),
  run: (em, actor, { patientId, diagnosis }) => addDiagnosis(em, actor, patientId, diagnosis),
  logged: ({ diagnosis, demotedId }) => [
    ...(demotedId ? [{ action: 'update' as const, resourceId: demotedId }] : []),
    { resourceId: diagnosis.id },
  ],
});

/** A record page limits an action on a diagnosis to its own patient; the API names only the diagnosis. */
interface OnDiagnosis {
  id: string;
  patientId?: string;
}

/**
 * A diagnosis made the primary: the primary before (if any) and then this one are logged as
 * updates, naming the diagnosis's patient; one that already was the primary logs nothing.
 */
export const makeDiagnosisPrimary = defineUseCase({
  name: 'diagnoses.primary',
  action: 'update',
  resourceType: 'Diagnosis',
  patients: (em, input: OnDiagnosis) => diagnosisPatients(em, input.id),
  resourceOf: ({ id }) => id,
  run: (em, actor, { id, patientId }) => makePrimaryDiagnosis(em, actor, id, patientId),
  logged: ({ diagnosis, demoted, changed }) =>
    changed
      ? [
          ...(demoted ? [{ resourceId: demoted.id, patientIds: [demoted.patientId] }] : []),
          { resourceId: diagnosis.id, patientIds: [diagnosis.patientId] },
        ]
      : [],
});

/** A diagnosis ended with a date and a reason; it stays, as history. */
export const endDiagnosisEntry = defineUseCase({
  name: 'diagnoses.end',
  action: 'update',
  resourceType: 'Diagnosis',
  patients: (em, input: OnDiagnosis & { end: unknown }) => diagnosisPatients(em, input.id),
  resourceOf: ({ id }) => id,
  run: (em, actor, { id, end, patientId }) => endDiagnosis(em, actor, id, end, patientId),
  logged: (ended) => ({ patientIds: [ended.patientId] }),
});
