// The handover page reaches its use cases through this `.server` module, so the browser bundle
// never pulls in the ORM or the Temporal client behind them.
export { handoverDetail, handoverOverview, latestHandoverSummary } from '../domain/handover/handover.service';
export { generateHandover, handoverProgress } from '../temporal/handover';
