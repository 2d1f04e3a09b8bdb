import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { startProcess, waitFor } from '../../scripts/lib/processes';
import { tsxCli } from '../../scripts/lib/stack';
import type { Activities } from '../../workers/activities';
import { createWorker } from '../../workers/worker';

/**
 * An in-process worker on a task queue of one test, so the stack's worker never picks up its
 * tasks; `stop` shuts it down the way a restarted worker process would go.
 */
export async function startTestWorker(taskQueue: string, activities: Activities): Promise<{ stop(): Promise<void> }> {
  const started = await createWorker({ address: inject('temporalAddress'), namespace: 'default', taskQueue, activities });
  const running = started.worker.run();
  return {
    async stop() {
      started.worker.shutdown();
      await running;
      await started.connection.close();
    },
  };
}

/** The product's workflows bundled once into a file, so the worker processes of a test start in seconds. */
export async function bundleWorkflowsOnce(file = path.resolve('.cache/test-workflow-bundle.js')): Promise<string> {
  const { code } = await bundleWorkflowCode({ workflowsPath: fileURLToPath(new URL('../../workflows/index.ts', import.meta.url)), logger: new DefaultLogger('WARN') });
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, code);
  return file;
}

export interface WorkerProcess {
  /** SIGKILL to the process group: no shutdown, no goodbye to Temporal, as a crash or the OOM killer. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The real worker (`workers/main.ts`) as a process of its own on a task queue of one test, with
 * the stack's database and Temporal and whatever `env` adds (a model server, say).
 */
export async function startWorkerProcess(taskQueue: string, workflowBundle: string, env: Record<string, string> = {}): Promise<WorkerProcess> {
  let listening = false;
  const worker = startProcess('worker', process.execPath, [tsxCli, 'workers/main.ts', '--task-queue', taskQueue, '--workflow-bundle', workflowBundle], {
    env: { ...process.env, ...inject('appEnv'), ...env },
    quiet: true,
    logFile: path.resolve('.cache/test-logs/fault-workers.log'),
    onLine: (line) => {
      if (line.startsWith('worker: listening')) listening = true;
    },
  });
  await waitFor('worker process', async () => (listening ? true : undefined), 60_000, worker.child);
  return {
    async kill() {
      const exited = new Promise((resolve) => worker.child.once('exit', resolve));
      process.kill(-worker.child.pid!, 'SIGKILL');
      await exited;
    },
    stop: worker.stop,
  };
}
