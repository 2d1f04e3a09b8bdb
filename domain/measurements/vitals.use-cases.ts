import { defineUseCase, thePatient } from '../audit/use-case';
import { correctVital, latestVitals, recordVitals, vitalPatients, vitalRounds } from './vitals.service';

/** The patient's rounds at the bedside, newest first: values (corrections marked) and NEWS2, for the trend. */
export const listVitalRounds = defineUseCase({
  name: 'vitals.list',
  action: 'read',
  resourceType: 'Observation',
  patients: (_em, input: { patientId: string }) => thePatient(input),
  run: (em, _actor, { patientId }) => vitalRounds(em, patientId),
});

/** The latest value of each kind, corrected ones left out, for the record's overview. */
export const latestVitalsOf = defineUseCase({
  name: 'vitals.latest',
  action: 'read',
  resourceType: 'Observation',
  patients: (_em, input: { patientId: string }) => thePatient(input),
  run: (em, _actor, { patientId }) => latestVitals(em, patientId),
});

/** One round at the bedside (from the page, the API or a FHIR Observation); interpretation and NEWS2 computed here. */
export const recordVitalRound = defineUseCase({
  name: 'vitals.record',
  action: 'create',
  resourceType: 'Observation',
  patients: (_em, input: { patientId: string; round: unknown }) => thePatient(input),
  run: (em, actor, { patientId, round }) => recordVitals(em, actor, patientId, round),
  logged: (round) => ({ resourceId: round.id }),
});

/**
 * A wrongly entered value corrected: the log names the corrected measurement and its patient,
 * whichever door (the API names only the measurement; a record page also limits it to its own patient).
 */
export const correctVitalValue = defineUseCase({
  name: 'vitals.correct',
  action: 'update',
  resourceType: 'Observation',
  patients: (em, input: { id: string; correction: unknown; patientId?: string }) => vitalPatients(em, input.id),
  resourceOf: ({ id }) => id,
  run: (em, actor, { id, correction, patientId }) => correctVital(em, actor, id, correction, patientId ? { patientId } : {}),
  logged: () => ({ details: { gecorrigeerd: true } }),
});
