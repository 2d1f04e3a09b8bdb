import { bundleWorkflowCode, DefaultLogger, NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { Resource } from '@opentelemetry/resources';
import { NoopSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { makeWorkflowExporter, OpenTelemetryActivityInboundInterceptor } from '@temporalio/interceptors-opentelemetry';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PayloadKey } from '../domain/config/payload-keys';
import type { Tracing } from '../domain/observability/tracing';
import { temporalDataConverter } from '../temporal/client';
import { taskQueues } from '../workflows/task-queues';
import type { Activities } from './activities';
import { withSafeFailures } from './failures';

export const workflowBundlePath = fileURLToPath(new URL('../build/workflow-bundle.js', import.meta.url));
const workflowsPath = fileURLToPath(new URL('../workflows/index.ts', import.meta.url));
/**
 * The workflow side of tracing (ADR 0086), in every bundle: a run continues the trace its start
 * carried in its headers and passes it on to its activities. Its spans leave the sandbox through the
 * `exporter` sink, which every worker registers (a no-op one when tracing is off).
 */
const workflowInterceptorModules = [
  createRequire(import.meta.url).resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors'),
];

/**
 * The product's workflows bundled once into a file (webpack: half a minute on two busy cores), so a
 * worker started with it does not bundle again: production's build, and a test run's stack.
 */
export async function writeWorkflowBundle(file: string, quiet = false): Promise<string> {
  const { code } = await bundleWorkflowCode({
    workflowsPath,
    workflowInterceptorModules,
    ...(quiet ? { logger: new DefaultLogger('WARN') } : {}),
  });
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, code);
  return file;
}

export interface WorkerConfig {
  address: string;
  namespace: string;
  taskQueue?: string;
  /** From `createActivities(deps)`; tests may wrap them (a crash after the commit, say). */
  activities: Activities;
  /** The keys of the encrypting codec: the same as the app's (ADR 0025). */
  payloadKeys: readonly PayloadKey[];
  /** Production loads the bundle built once by `npm run build`; development bundles at start. */
  usePrebuiltBundle?: boolean;
  /** Another prebuilt bundle (tests that start many worker processes bundle once). */
  workflowBundle?: string;
  /** This process's tracing (`startTracing`): activities continue the workflow's trace when it is on. */
  tracing?: Tracing;
}

export async function createWorker(config: WorkerConfig): Promise<{ worker: Worker; connection: NativeConnection }> {
  const connection = await NativeConnection.connect({ address: config.address });
  const prebuilt = config.workflowBundle ?? (config.usePrebuiltBundle && existsSync(workflowBundlePath) ? workflowBundlePath : undefined);
  const workflows: Pick<WorkerOptions, 'workflowBundle' | 'workflowsPath'> = prebuilt
    ? { workflowBundle: { codePath: prebuilt } }
    : { workflowsPath };
  const tracing = config.tracing?.enabled ? config.tracing : undefined;
  const worker = await Worker.create({
    connection,
    namespace: config.namespace,
    taskQueue: config.taskQueue ?? taskQueues.clinical,
    // Failures reach the history only as class names: their messages can carry what they failed on.
    activities: withSafeFailures(config.activities),
    dataConverter: temporalDataConverter(config.payloadKeys),
    interceptors: {
      workflowModules: prebuilt ? [] : workflowInterceptorModules,
      activity: tracing ? [(ctx) => ({ inbound: new OpenTelemetryActivityInboundInterceptor(ctx) })] : [],
    },
    sinks: { exporter: makeWorkflowExporter(tracing?.spanProcessor ?? new NoopSpanProcessor(), tracing?.resource ?? Resource.empty()) },
    ...workflows,
  });
  return { worker, connection };
}
