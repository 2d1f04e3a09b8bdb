// The worker bundles this file: every workflow of the product is exported here.
export { healthCheck } from './health/health.workflow';
