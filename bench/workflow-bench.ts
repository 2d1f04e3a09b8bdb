import { DefaultLogger, Runtime } from '@temporalio/worker';
import { createAiPort, type AiPort } from '../domain/ai/ai.port';
import { AppError } from '../domain/shared/errors';
import { parsePayloadKeys } from '../domain/config/payload-keys';
import { createOrm, type MikroORM } from '../domain/db/orm';
import { connectTemporal, type TemporalDeps } from '../temporal/client';
import { mockModel, modelBaseUrl } from '../tests/msw/model';
import { createActivities } from '../workers/activities';
import { createWorker } from '../workers/worker';
import { log, percentile, smoke, startBench, time, type BenchStack } from './harness';

export interface WorkflowBench {
  stack: BenchStack;
  /** The language model, answering at once (msw). */
  model: ReturnType<typeof mockModel>;
  orm: MikroORM;
  ai: AiPort;
  /** The app's client layer deps: the client with the encrypting codec and the actor signer, on the bench's task queue. */
  temporal: TemporalDeps & { taskQueue: string };
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
  // Payloads encrypted as in production (ADR 0025): the figures include the codec.
  const payloadKeys = parsePayloadKeys(stack.payloadKeys);
  const orm = await createOrm(stack.appUrl, { poolMax: 4, payloadKeys });
  const temporal = await connectTemporal({ address: stack.temporalAddress, namespace: 'default', payloadKeys });
  // After the Temporal connection: msw intercepts HTTP, and gRPC is HTTP/2.
  model.server.listen({ onUnhandledFrame: 'bypass' });
  const ai = createAiPort({ orm, settings: { apiKey: 'bench', baseUrl: modelBaseUrl, models: { default: 'bench-model' } } });
  const taskQueue = `bench-${name}`;
  const { worker, connection: workerConnection } = await createWorker({
    address: stack.temporalAddress,
    namespace: 'default',
    taskQueue,
    payloadKeys,
    activities: createActivities({ orm, ai, grants: temporal.grants }),
    workflowBundle: process.env.BENCH_WORKFLOW_BUNDLE,
  });
  const running = worker.run();
  return {
    stack,
    model,
    orm,
    ai,
    temporal: { ...temporal, taskQueue },
    taskQueue,
    async stop() {
      worker.shutdown();
      await running;
      await workerConnection.close();
      await temporal.client.connection.close();
      model.server.close();
      await orm.close();
      await stack.stop();
    },
  };
}

/**
 * A warm-up call on a fresh worker: its first workflow task builds the workflow sandbox, which on a
 * busy machine takes longer than the app waits for an answer (the Dutch 503). The process goes
 * on; the same call again joins it. Measured calls are never retried.
 */
export async function warmUp<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= 3 || !(error instanceof AppError && error.code === 'unavailable')) throw error;
      log(`warm-up: Temporal answered late (a cold worker), asking again`);
    }
  }
}

/**
 * The same work called directly and through its workflow, alternately: five warm-up rounds, then
 * `samples` of each; prints p50/p95 of both and the workflow's overhead at p50 (target ≤ 150 ms).
 */
export async function compareWithWorkflow(
  label: string,
  samples: number,
  direct: (i: number) => Promise<void>,
  viaWorkflow: (i: number) => Promise<unknown>,
  workflowNote = '',
): Promise<void> {
  for (let i = 0; i < (smoke ? 1 : 5); i++) {
    await direct(-i - 1);
    await warmUp(() => viaWorkflow(1000 + i));
  }
  const directTimes: number[] = [];
  const workflowTimes: number[] = [];
  for (let i = 0; i < samples; i++) {
    directTimes.push(await time(() => direct(i)));
    workflowTimes.push(await time(() => viaWorkflow(i)));
  }
  const figures = (values: number[]) => `p50 ${percentile(values, 50).toFixed(1)} ms · p95 ${percentile(values, 95).toFixed(1)} ms`;
  log(`${label}, ${samples} samples each, model mocked with zero delay`);
  log(`direct steps: ${figures(directTimes)}`);
  log(`workflow:     ${figures(workflowTimes)}${workflowNote}`);
  log(`workflow overhead p50: ${(percentile(workflowTimes, 50) - percentile(directTimes, 50)).toFixed(1)} ms (target ≤ 150 ms)`);
}
