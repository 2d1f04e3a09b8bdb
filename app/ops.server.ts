// The beheer pages reach Temporal through this `.server` module, so the browser bundle never
// pulls in the Temporal client.
export { recentWorkflows, retryWorkflow } from '../temporal/ops';
