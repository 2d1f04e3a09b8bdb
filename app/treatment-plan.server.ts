// The treatment-plan tab reaches its use cases through this `.server` module, so the browser
// bundle never pulls in the ORM or the Temporal client behind them.
export { editTreatmentPlan, saveAndApprovePlan, treatmentPlanOverview } from '../domain/treatment-plan/treatment-plan.use-cases';
export { generateTreatmentPlan } from '../temporal/treatment-plan';
