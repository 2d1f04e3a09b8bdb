import { ApplicationFailure, WorkflowFailedError } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { Activities } from '../../workers/activities';
import { connectTemporal } from '../../temporal/client';
import { quietWorkerLogs, startTestWorker, testPayloadKeys } from './worker';

/**
 * A real failed run: the product's `healthCheck` workflow on a task queue of its own, served by an
 * in-process worker whose database check throws. The run fails in Temporal exactly as it would
 * when the worker loses its database.
 */
export async function failedHealthCheck(message: string): Promise<{ workflowId: string; runId: string }> {
  // The failure is the point here: the worker's warnings about it would only bury real errors.
  quietWorkerLogs('ERROR');
  const taskQueue = `test-ops-${randomUUID()}`;
  const checkDatabase = async (): Promise<boolean> => {
    throw ApplicationFailure.nonRetryable(message, 'DatabaseUnavailable');
  };
  // healthCheck calls no other activity, so the worker needs only this one.
  const activities = { checkDatabase } as Partial<Activities> as Activities;
  const worker = await startTestWorker(taskQueue, activities);
  const { client } = await connectTemporal({ address: inject('temporalAddress'), namespace: 'default', payloadKeys: testPayloadKeys() });
  try {
    const handle = await client.workflow.start('healthCheck', {
      taskQueue,
      workflowId: `health-test-${randomUUID()}`,
      workflowExecutionTimeout: '30 seconds',
    });
    const outcome = await handle.result().catch((error: unknown) => error);
    if (!(outcome instanceof WorkflowFailedError)) throw new Error('the health check was expected to fail');
    return { workflowId: handle.workflowId, runId: handle.firstExecutionRunId };
  } finally {
    await client.connection.close();
    await worker.stop();
  }
}

/** A run stopped by an operator: started on a task queue nobody serves, then terminated with a reason. */
export async function terminatedRun(reason: string): Promise<{ workflowId: string; runId: string }> {
  const { client } = await connectTemporal({ address: inject('temporalAddress'), namespace: 'default', payloadKeys: testPayloadKeys() });
  try {
    const handle = await client.workflow.start('healthCheck', {
      taskQueue: `test-ops-idle-${randomUUID()}`,
      workflowId: `health-test-${randomUUID()}`,
    });
    await handle.terminate(reason);
    return { workflowId: handle.workflowId, runId: handle.firstExecutionRunId };
  } finally {
    await client.connection.close();
  }
}
