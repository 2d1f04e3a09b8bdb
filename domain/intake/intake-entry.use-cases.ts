import { defineUseCase, thePatient } from '../audit/use-case';
import { intakeEntry, intakeSectionHistory, saveIntakeSection } from './intake-entry.service';

/** Every section of the patient's intake with its text and state, and the completion percentage. */
export const readIntake = defineUseCase({
  name: 'intake.entry',
  action: 'read',
  resourceType: 'IntakeSection',
  patients: (_em, input: { patientId: string }) => thePatient(input),
  run: (em, _actor, { patientId }) => intakeEntry(em, patientId),
});

/** One section with its earlier versions, newest first. */
export const readIntakeSection = defineUseCase({
  name: 'intake.section',
  action: 'read',
  resourceType: 'IntakeSection',
  patients: (_em, input: { patientId: string; section: string }) => thePatient(input),
  run: (em, _actor, { patientId, section }) => intakeSectionHistory(em, patientId, section),
});

/** A section's text saved as a new version; a save based on an older text is a 409. */
export const saveIntakeSectionText = defineUseCase({
  name: 'intake.save-section',
  action: 'update',
  resourceType: 'IntakeSection',
  patients: (_em, input: { patientId: string; section: string; text: unknown }) => thePatient(input),
  run: (em, actor, { patientId, section, text }) => saveIntakeSection(em, actor, patientId, section, text),
  logged: ({ sectionId }, { section }) => ({ resourceId: sectionId, details: { section } }),
});
