import type { Client } from '@temporalio/client';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import path from 'node:path';
import { inject } from 'vitest';
import { createAiPort, type AiPort } from '../../domain/ai/ai.port';

import { type MikroORM } from '../../domain/db/orm';
import type { ActorGrants } from '../../temporal/actor-grant';
import { connectTemporal, type TemporalDeps } from '../../temporal/client';
import { startProcess, waitFor } from '../../scripts/lib/processes';
import { tsxCli } from '../../scripts/lib/stack';
import type { Activities } from '../../workers/activities';
import { createWorker } from '../../workers/worker';
import { modelBaseUrl, type mockModel } from '../msw/model';
import { appOrm, testPayloadKeys } from './app-orm';

/**
 * An in-process worker on a task queue of one test, so the stack's worker never picks up its
 * tasks; `stop` shuts it down the way a restarted worker process would go.
 */
/** The stack's payload keys: what the app and the worker encrypt and sign with (ADR 0025). */
export { testPayloadKeys };

export async function startTestWorker(taskQueue: string, activities: Activities): Promise<{ stop(): Promise<void> }> {
  const started = await createWorker({
    address: inject('temporalAddress'),
    namespace: 'default',
    taskQueue,
    activities,
    payloadKeys: testPayloadKeys(),
    // Bundled once by the global setup: each worker of a test starts in a second, not half a minute.
    workflowBundle: inject('workflowBundle'),
  });
  const running = started.worker.run();
  return {
    async stop() {
      started.worker.shutdown();
      await running;
      await started.connection.close();
    },
  };
}

export interface WorkflowTest {
  orm: MikroORM;
  client: Client;
  /** The client and the app's signer, as the app's client layer takes them. */
  temporal: TemporalDeps;
  grants: ActorGrants;
  /** The AI port against the mocked model (when one was given), and one with no model at all. */
  withModel: AiPort;
  offline: AiPort;
  close(): Promise<void>;
}

let runtimeInstalled = false;

/** Worker logs only from `level` up (once per test file): staged failures would bury real errors. */
export function quietWorkerLogs(level: 'WARN' | 'ERROR' = 'WARN'): void {
  if (!runtimeInstalled) Runtime.install({ logger: new DefaultLogger(level) });
  runtimeInstalled = true;
}

/**
 * What a workflow test talks to: the app's database role, the stack's Temporal server, and the
 * model mock, which starts listening after the Temporal connection (msw intercepts HTTP, and gRPC
 * is HTTP/2).
 */
export async function connectWorkflowTest(model?: ReturnType<typeof mockModel>): Promise<WorkflowTest> {
  quietWorkerLogs();
  const orm = await appOrm({ poolMax: 4 });
  const temporal = await connectTemporal({ address: inject('temporalAddress'), namespace: 'default', payloadKeys: testPayloadKeys() });
  model?.server.listen({ onUnhandledFrame: 'error' });
  const offline = createAiPort({ orm, settings: { models: { default: 'none' } } });
  return {
    orm,
    client: temporal.client,
    temporal,
    grants: temporal.grants,
    withModel: model
      ? createAiPort({ orm, settings: { apiKey: 'test-key', baseUrl: modelBaseUrl, models: { default: 'test-model' } } })
      : offline,
    offline,
    async close() {
      model?.server.close();
      await temporal.client.connection.close();
      await orm.close();
    },
  };
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
export async function startWorkerProcess(taskQueue: string, env: Record<string, string> = {}): Promise<WorkerProcess> {
  let listening = false;
  const worker = startProcess(
    'worker',
    process.execPath,
    [tsxCli, 'workers/main.ts', '--task-queue', taskQueue, '--workflow-bundle', inject('workflowBundle')],
    {
      env: { ...process.env, ...inject('appEnv'), ...env },
      quiet: true,
      logFile: path.resolve('.cache/test-logs/fault-workers.log'),
      onLine: (line) => {
        if (line.startsWith('worker: listening')) listening = true;
      },
    },
  );
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
