// First: tracing patches pg before anything imports it (ADR 0086).
import { tracing } from './tracing';
import { Runtime } from '@temporalio/worker';
import { parseArgs } from 'node:util';
import { aiSettingsFrom, createAiPort } from '../domain/ai/ai.port';
import { loadEnvOrExit } from '../domain/config/env';
import { createOrm } from '../domain/db/orm';
import { ActorGrants } from '../temporal/actor-grant';
import { missingKeys } from '../temporal/client';
import { createActivities } from './activities';
import { createWorker } from './worker';

const env = loadEnvOrExit();
if (env.payloadKeys.length === 0) {
  console.error(`worker: ${missingKeys}`);
  process.exit(1);
}
// Both optional: the product's queue and bundle are the defaults; the fault tests run (and kill) workers of their own.
const { values: args } = parseArgs({ options: { 'task-queue': { type: 'string' }, 'workflow-bundle': { type: 'string' } } });
// Before the first connection (ADR 0086).
if (env.WORKER_METRICS_ADDRESS) {
  // Workflow task and activity latencies by workflow and activity type (no ids, no inputs), in seconds.
  Runtime.install({
    telemetryOptions: { metrics: { prometheus: { bindAddress: env.WORKER_METRICS_ADDRESS, useSecondsForDurations: true } } },
  });
}
const orm = await createOrm(env.APP_DATABASE_URL, { payloadKeys: env.payloadKeys });
const { worker, connection } = await createWorker({
  activities: createActivities({ orm, ai: createAiPort({ orm, settings: aiSettingsFrom(env) }), grants: new ActorGrants(env.payloadKeys) }),
  payloadKeys: env.payloadKeys,
  address: env.TEMPORAL_ADDRESS,
  namespace: env.TEMPORAL_NAMESPACE,
  usePrebuiltBundle: env.production,
  taskQueue: args['task-queue'],
  workflowBundle: args['workflow-bundle'],
  tracing,
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => worker.shutdown());
}

console.log(`worker: listening on task queue ${worker.options.taskQueue} at ${env.TEMPORAL_ADDRESS}`);
try {
  await worker.run();
} finally {
  await connection.close();
  await orm.close();
  await tracing.shutdown();
}
