import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { createAiPort, type AiPort } from '../domain/ai/ai.port';
import { createOrm, type MikroORM } from '../domain/db/orm';
import { mockModel, modelBaseUrl } from '../tests/msw/model';
import { createActivities } from '../workers/activities';
import { createWorker } from '../workers/worker';
import { startBench, type BenchStack } from './harness';

export interface WorkflowBench {
  stack: BenchStack;
  /** The language model, answering at once (msw). */
  model: ReturnType<typeof mockModel>;
  orm: MikroORM;
  ai: AiPort;
  client: Client;
  taskQueue: string;
  stop(): Promise<void>;
}

/**
 * A bench of a workflow beside its direct call: its own database and Temporal server, the app's
 * ORM and AI port against a mocked model, and a worker in this process on its own task queue.
 */
export async function startWorkflowBench(name: string, embeddedPort: number): Promise<WorkflowBench> {
  const stack = await startBench(name, embeddedPort);
  const model = mockModel();
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const orm = await createOrm(stack.appUrl, { poolMax: 4 });
  const connection = await Connection.connect({ address: stack.temporalAddress });
  const client = new Client({ connection });
  // After the Temporal connection: msw intercepts HTTP, and gRPC is HTTP/2.
  model.server.listen({ onUnhandledFrame: 'bypass' });
  const ai = createAiPort({ orm, settings: { apiKey: 'bench', baseUrl: modelBaseUrl, models: { default: 'bench-model' } } });
  const taskQueue = `bench-${name}`;
  const { worker, connection: workerConnection } = await createWorker({ address: stack.temporalAddress, namespace: 'default', taskQueue, activities: createActivities({ orm, ai }) });
  const running = worker.run();
  return {
    stack,
    model,
    orm,
    ai,
    client,
    taskQueue,
    async stop() {
      worker.shutdown();
      await running;
      await workerConnection.close();
      await connection.close();
      model.server.close();
      await orm.close();
      await stack.stop();
    },
  };
}
