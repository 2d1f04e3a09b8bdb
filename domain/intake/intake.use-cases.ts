import { defineUseCase, thePatient } from '../audit/use-case';
import { intakeEntry } from './intake-entry.service';
import { currentRisks, diagnosesOf, intakeStatus, queriedPatientIds } from './intake.service';

/*
 * The intake's reads over one patient or the whole ward (`{patientId?}`), for the core API, the
 * assistant and the treatment plan's sources: each logs the patients whose data it returned.
 */

/** The intake checklist of a patient, or of the ward. */
export const intakeStatusOf = defineUseCase({
  name: 'intake.status',
  action: 'read',
  resourceType: 'IntakeStatus',
  patients: (_em, query: unknown) => queriedPatientIds(query),
  run: (em, _actor, query) => intakeStatus(em, query),
  logged: ({ patientIds }) => ({ patientIds }),
});

/** The current risk per patient and type, of a patient or of the ward. */
export const currentRisksOf = defineUseCase({
  name: 'intake.risks',
  action: 'read',
  resourceType: 'RiskAssessment',
  patients: (_em, query: unknown) => queriedPatientIds(query),
  run: (em, _actor, query) => currentRisks(em, query),
  logged: ({ risks }) => ({ patientIds: [...new Set(risks.map((risk) => risk.patientId))] }),
});

/** Primary, secondary and ended diagnoses, of a patient or of the ward. */
export const diagnosesOfQuery = defineUseCase({
  name: 'intake.diagnoses',
  action: 'read',
  resourceType: 'Diagnosis',
  patients: (_em, query: unknown) => queriedPatientIds(query),
  run: (em, _actor, query) => diagnosesOf(em, query),
  logged: ({ primary, secondary, ended }) => ({
    patientIds: [...new Set([...primary, ...secondary, ...ended].map((diagnosis) => diagnosis.patientId))],
  }),
});

/**
 * The record's intake tab in one read: the sections, the current risks and the diagnoses, one row
 * each as the three reads log them (risks and diagnoses name the patient only when it has any). A
 * failed attempt is logged as a read of the sections, the first of them (it was "IntakeStatus",
 * a kind the tab never reads).
 */
export const intakeTab = defineUseCase({
  name: 'intake.tab',
  action: 'read',
  resourceType: 'IntakeSection',
  patients: (_em, input: { patientId: string }) => thePatient(input),
  run: async (em, _actor, { patientId }) => ({
    intake: await intakeEntry(em, patientId),
    risks: (await currentRisks(em, { patientId })).risks,
    diagnoses: await diagnosesOf(em, { patientId }),
  }),
  logged: ({ risks, diagnoses }) => [
    {},
    { resourceType: 'RiskAssessment', patientIds: [...new Set(risks.map((risk) => risk.patientId))] },
    {
      resourceType: 'Diagnosis',
      patientIds: [...new Set([...diagnoses.primary, ...diagnoses.secondary, ...diagnoses.ended].map((diagnosis) => diagnosis.patientId))],
    },
  ],
});
