import type { Client } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { connectTemporal } from '../../temporal/client';
import { request } from '../../tests/support/http';
import { testPayloadKeys } from '../../tests/support/worker';
import { taskQueues } from '../task-queues';

let client: Client;

beforeAll(async () => {
  // The app's payload keys: its results are encrypted (ADR 0025).
  ({ client } = await connectTemporal({ address: inject('temporalAddress'), namespace: 'default', payloadKeys: testPayloadKeys() }));
});

afterAll(async () => {
  await client?.connection.close();
});

describe('a workflow started from the app', () => {
  it('runs on the Temporal dev server through the worker, and its history can be read back', async () => {
    const response = await request('/api/health');
    expect(response.status).toBe(200);
    const report = (await response.json()) as { status: string; checks: { worker: { ok: boolean; workflowId: string } } };
    expect(report.status).toBe('ok');
    expect(report.checks.worker.ok).toBe(true);

    const handle = client.workflow.getHandle(report.checks.worker.workflowId);
    const description = await handle.describe();
    expect(description.status.name).toBe('COMPLETED');
    expect(description.taskQueue).toBe(taskQueues.clinical);
    expect(description.type).toBe('healthCheck');
    expect(await handle.result()).toEqual({ database: true });

    const history = await handle.fetchHistory();
    const events = (history.events ?? []).map((event) => String(event.eventType));
    expect(events.length).toBeGreaterThan(5);
    const scheduled = history.events?.find((event) => event.activityTaskScheduledEventAttributes);
    expect(scheduled?.activityTaskScheduledEventAttributes?.activityType?.name).toBe('checkDatabase');
    expect(history.events?.some((event) => event.activityTaskCompletedEventAttributes)).toBe(true);
    expect(history.events?.at(-1)?.workflowExecutionCompletedEventAttributes).toBeTruthy();
  });
});
