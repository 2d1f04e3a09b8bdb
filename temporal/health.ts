import type { Client } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '../domain/db/orm';
import type { healthCheck } from '../workflows/health/health.workflow';
import { taskQueues } from '../workflows/task-queues';

export interface Check {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  checks: { database: Check; temporal: Check; worker: Check & { workflowId?: string } };
}

export interface HealthDeps {
  orm: MikroORM;
  temporal: () => Promise<Client>;
  timeoutMs?: number;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function measure(work: () => Promise<unknown>, timeoutMs: number): Promise<Check> {
  const started = performance.now();
  try {
    await withTimeout(work(), timeoutMs);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    // Only the error class and a generic reason: health output is for operators, not for data.
    const reason = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : 'unknown error';
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: reason };
  }
}

/**
 * Database, Temporal and worker status. The worker check runs a tiny workflow end to end, so a
 * worker that is up but cannot reach the database shows as unhealthy too.
 */
export async function checkHealth({ orm, temporal, timeoutMs = 4000 }: HealthDeps): Promise<HealthReport> {
  const workflowId = `health-${randomUUID()}`;
  const [database, temporalCheck] = await Promise.all([
    measure(() => orm.em.fork().execute('select 1'), timeoutMs),
    measure(async () => (await temporal()).workflowService.getSystemInfo({}), timeoutMs),
  ]);
  const worker: HealthReport['checks']['worker'] = temporalCheck.ok
    ? {
        ...(await measure(async () => {
          const client = await temporal();
          const result = await client.workflow.execute<typeof healthCheck>('healthCheck', {
            taskQueue: taskQueues.clinical,
            workflowId,
            workflowExecutionTimeout: `${timeoutMs} ms`,
          });
          if (!result.database) throw new Error('worker cannot reach the database');
        }, timeoutMs)),
        workflowId,
      }
    : { ok: false, latencyMs: 0, error: 'temporal unavailable' };
  const status = database.ok && temporalCheck.ok && worker.ok ? 'ok' : 'degraded';
  return { status, checks: { database, temporal: temporalCheck, worker } };
}
