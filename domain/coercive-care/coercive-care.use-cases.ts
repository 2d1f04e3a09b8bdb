import { defineUseCase, thePatient } from '../audit/use-case';
import { assertPatientExists } from '../patient/patient.service';
import { clinicalToday } from '../shared/clinical-time';
import { coerciveMeasures, endMeasure, evaluateMeasure, groundingStatus, measurePatients, registerMeasure } from './coercive-care';
import { legalStatusHistory } from './legal-status';
import { legalStatusKinds } from './coercive-care.vocabulary';

/** The patient's measures of compulsory care, open ones first, each with its evaluations. */
export const listCoerciveMeasures = defineUseCase({
  name: 'coercive-care.list',
  action: 'read',
  resourceType: 'CoerciveMeasure',
  patients: (_em, input: { patientId: string }) => thePatient(input),
  run: (em, _actor, { patientId }) => coerciveMeasures(em, patientId),
});

/**
 * The record's "Verplichte zorg" tab in one read: the legal status with its history, the measures,
 * and the Wvggz measure that grounds compulsory care today. Two rows: the legal status and the measures.
 */
export const compulsoryCareTab = defineUseCase({
  name: 'coercive-care.tab',
  action: 'read',
  resourceType: 'CoerciveMeasure',
  patients: (_em, input: { patientId: string }) => thePatient(input),
  run: async (em, _actor, { patientId }) => {
    const legal = await legalStatusHistory(em, patientId);
    const measures = await coerciveMeasures(em, patientId);
    const ground = await groundingStatus(em, patientId, clinicalToday());
    return { legal, measures, ground: ground ? { label: legalStatusKinds[ground.kind].label, startsOn: ground.startsOn } : null };
  },
  logged: () => [{ action: 'read', resourceType: 'LegalStatus' }, {}],
});

/** A measure of compulsory care; its ground is the patient's Wvggz measure, looked up, or an emergency. */
export const registerCoerciveMeasure = defineUseCase({
  name: 'coercive-care.register',
  action: 'create',
  resourceType: 'CoerciveMeasure',
  patients: (_em, input: { patientId: string; measure: unknown }) => thePatient(input),
  run: (em, actor, { patientId, measure }) => registerMeasure(em, actor, patientId, measure),
  logged: (registered) => ({ resourceId: registered.id, details: { kind: registered.kind, legalBasis: registered.legalBasis } }),
});

/** The input of an action on one measure: a record page also limits it to its own patient. */
interface OnMeasure {
  id: string;
  patientId?: string;
}

const onItsPatient = async (em: Parameters<typeof assertPatientExists>[0], { patientId }: OnMeasure) => {
  if (patientId) await assertPatientExists(em, patientId);
  return patientId ? { patientId } : {};
};

/** A measure ended; the log names the measure and its patient, whichever door. */
export const endCoerciveMeasure = defineUseCase({
  name: 'coercive-care.end',
  action: 'update',
  resourceType: 'CoerciveMeasure',
  patients: (em, input: OnMeasure & { end: unknown }) => measurePatients(em, input.id),
  resourceOf: ({ id }) => id,
  run: async (em, actor, input) => endMeasure(em, actor, input.id, input.end, await onItsPatient(em, input)),
  logged: () => ({ details: { beeindigd: true } }),
});

/** An evaluation of a measure, logged as the new evaluation of the measure's patient. */
export const evaluateCoerciveMeasure = defineUseCase({
  name: 'coercive-care.evaluate',
  action: 'create',
  resourceType: 'CoerciveMeasureEvaluation',
  patients: (em, input: OnMeasure & { evaluation: unknown }) => measurePatients(em, input.id),
  resourceOf: ({ id }) => id,
  run: async (em, actor, input) => evaluateMeasure(em, actor, input.id, input.evaluation, await onItsPatient(em, input)),
  logged: (evaluation) => ({ resourceId: evaluation.id }),
});
