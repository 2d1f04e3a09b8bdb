// The handover page reaches its use cases through this `.server` module, so the browser bundle
// never pulls in the ORM behind them.
export { handoverDetail, handoverOverview } from '../domain/handover/handover.service';
