// The beheer pages reach Temporal and their use cases through this `.server` module, so the browser
// bundle never pulls in the Temporal client or the ORM behind the use-case runner.
export { recentWorkflows, retryWorkflow } from '../temporal/ops';
export { retryWorkflowRun } from '../domain/ops/ops.use-cases';
