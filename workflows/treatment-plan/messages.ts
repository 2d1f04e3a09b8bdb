/** The steps the page shows while a treatment plan is drafted, in order. */
export const treatmentPlanSteps = ["Intake, diagnoses, risico's en rapportages verzamelen", 'Concept opstellen', 'Controleren en opslaan als concept'] as const;
