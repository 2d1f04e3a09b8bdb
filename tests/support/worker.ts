import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { inject } from 'vitest';
import { createAiPort, type AiPort } from '../../domain/ai/ai.port';
import { createOrm, type MikroORM } from '../../domain/db/orm';
import type { Activities } from '../../workers/activities';
import { createWorker } from '../../workers/worker';
import { modelBaseUrl, type mockModel } from '../msw/model';

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

export interface WorkflowTest {
  orm: MikroORM;
  client: Client;
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
  const orm = await createOrm(inject('appUrl'), { poolMax: 4 });
  const connection = await Connection.connect({ address: inject('temporalAddress') });
  model?.server.listen({ onUnhandledFrame: 'error' });
  const offline = createAiPort({ orm, settings: { models: { default: 'none' } } });
  return {
    orm,
    client: new Client({ connection }),
    withModel: model ? createAiPort({ orm, settings: { apiKey: 'test-key', baseUrl: modelBaseUrl, models: { default: 'test-model' } } }) : offline,
    offline,
    async close() {
      model?.server.close();
      await connection.close();
      await orm.close();
    },
  };
}
