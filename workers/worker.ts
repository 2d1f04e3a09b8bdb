import { bundleWorkflowCode, DefaultLogger, NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PayloadKey } from '../domain/config/payload-keys';
import { temporalDataConverter } from '../temporal/client';
import { taskQueues } from '../workflows/task-queues';
import type { Activities } from './activities';
import { withSafeFailures } from './failures';

export const workflowBundlePath = fileURLToPath(new URL('../build/workflow-bundle.js', import.meta.url));
const workflowsPath = fileURLToPath(new URL('../workflows/index.ts', import.meta.url));

/**
 * The product's workflows bundled once into a file (webpack: half a minute on two busy cores), so a
 * worker started with it does not bundle again: production's build, and a test run's stack.
 */
export async function writeWorkflowBundle(file: string, quiet = false): Promise<string> {
  const { code } = await bundleWorkflowCode({ workflowsPath, ...(quiet ? { logger: new DefaultLogger('WARN') } : {}) });
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
}

export async function createWorker(config: WorkerConfig): Promise<{ worker: Worker; connection: NativeConnection }> {
  const connection = await NativeConnection.connect({ address: config.address });
  const prebuilt = config.workflowBundle ?? (config.usePrebuiltBundle && existsSync(workflowBundlePath) ? workflowBundlePath : undefined);
  const workflows: Pick<WorkerOptions, 'workflowBundle' | 'workflowsPath'> = prebuilt
    ? { workflowBundle: { codePath: prebuilt } }
    : { workflowsPath };
  const worker = await Worker.create({
    connection,
    namespace: config.namespace,
    taskQueue: config.taskQueue ?? taskQueues.clinical,
    // Failures reach the history only as class names: their messages can carry what they failed on.
    activities: withSafeFailures(config.activities),
    dataConverter: temporalDataConverter(config.payloadKeys),
    ...workflows,
  });
  return { worker, connection };
}
