import { defineUseCase, thePatient } from '../audit/use-case';
import { bvcScorePatients, bvcScores, correctBvc, latestBvc, recordBvc } from './scales.service';

/** The patient's BVC scores, newest first, corrections marked. */
export const listBvc = defineUseCase({
  name: 'bvc.list',
  action: 'read',
  resourceType: 'Observation',
  patients: (_em, input: { patientId: string }) => thePatient(input),
  run: (em, _actor, { patientId }) => bvcScores(em, patientId),
});

/** The newest BVC that was not corrected, for the record's overview. */
export const latestBvcOf = defineUseCase({
  name: 'bvc.latest',
  action: 'read',
  resourceType: 'Observation',
  patients: (_em, input: { patientId: string }) => thePatient(input),
  run: (em, _actor, { patientId }) => latestBvc(em, patientId),
});

/** Records a BVC; score and band are computed from the six answers. */
export const recordBvcScore = defineUseCase({
  name: 'bvc.record',
  action: 'create',
  resourceType: 'Observation',
  patients: (_em, input: { patientId: string; score: unknown }) => thePatient(input),
  run: (em, actor, { patientId, score }) => recordBvc(em, actor, patientId, score),
  logged: (created) => ({ resourceId: created.id }),
});

/**
 * A wrongly scored BVC corrected: the log names the corrected score and its patient, whichever door
 * (the API names only the score; a record page also limits it to its own patient).
 */
export const correctBvcScore = defineUseCase({
  name: 'bvc.correct',
  action: 'update',
  resourceType: 'Observation',
  patients: (em, input: { id: string; correction: unknown; patientId?: string }) => bvcScorePatients(em, input.id),
  resourceOf: ({ id }) => id,
  run: (em, actor, { id, correction, patientId }) => correctBvc(em, actor, id, correction, patientId ? { patientId } : {}),
  logged: () => ({ details: { gecorrigeerd: true } }),
});
