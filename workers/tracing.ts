import { startTracing } from '../domain/observability/tracing';

/**
 * The worker's tracing, started by `main.ts`'s first import: the pg instrumentation patches pg's
 * client only if it sees pg load, which the ORM's modules, imported after this one, then do.
 */
export const tracing = startTracing('ggz-worker');
