import { defineUpdate } from '@temporalio/workflow';
import type { TreatmentPlanResult } from './treatment-plan.workflow';

/** The steps the page shows while a treatment plan is drafted, in order. */
export const treatmentPlanSteps = [
  "Intake, diagnoses, risico's en rapportages verzamelen",
  'Concept opstellen',
  'Controleren en opslaan als concept',
] as const;

/** Answers, for whoever started or joined the run, with the new draft once it is stored. */
export const treatmentPlanResultUpdate = defineUpdate<TreatmentPlanResult>('result');
