// The worker bundles this file: every workflow of the product is exported here.
export { healthCheck } from './health/health.workflow';
export { intentChain } from './intent-chain/intent-chain.workflow';
export { handoverGeneration, wardHandoverGeneration } from './handover/handover.workflow';
export { treatmentPlanGeneration } from './treatment-plan/treatment-plan.workflow';
export { noShow } from './noshow/noshow.workflow';
