import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { taskQueues } from '../workflows/task-queues';
import type { Activities } from './activities';

export const workflowBundlePath = fileURLToPath(new URL('../build/workflow-bundle.js', import.meta.url));
const workflowsPath = fileURLToPath(new URL('../workflows/index.ts', import.meta.url));

export interface WorkerConfig {
  address: string;
  namespace: string;
  taskQueue?: string;
  /** From `createActivities(deps)`; tests may wrap them (a crash after the commit, say). */
  activities: Activities;
  /** Production loads the bundle built once by `npm run build`; development bundles at start. */
  usePrebuiltBundle?: boolean;
  /** Another prebuilt bundle (tests that start many worker processes bundle once). */
  workflowBundle?: string;
}

export async function createWorker(config: WorkerConfig): Promise<{ worker: Worker; connection: NativeConnection }> {
  const connection = await NativeConnection.connect({ address: config.address });
  const prebuilt = config.workflowBundle ?? (config.usePrebuiltBundle && existsSync(workflowBundlePath) ? workflowBundlePath : undefined);
  const workflows: Pick<WorkerOptions, 'workflowBundle' | 'workflowsPath'> = prebuilt ? { workflowBundle: { codePath: prebuilt } } : { workflowsPath };
  const worker = await Worker.create({
    connection,
    namespace: config.namespace,
    taskQueue: config.taskQueue ?? taskQueues.clinical,
    activities: config.activities,
    ...workflows,
  });
  return { worker, connection };
}
