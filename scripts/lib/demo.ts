import { Connection } from '@temporalio/client';
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { parseEnv } from 'node:util';
import pg from 'pg';
import { createOrm } from '../../domain/db/orm';
import { seedDemo } from '../../domain/demo/demo.seed';
import { taskQueues } from '../../workflows/task-queues';
import type { PayloadKey } from '../../domain/config/payload-keys';
import { prepareDatabase } from './database';

/*
 * The demo that `make dev` shows, and the one command that puts it back (ADR 0041): its database,
 * whatever a demo or someone's checks added to it, and the demo's workflows in the dev Temporal.
 */

/** The ports and files of `make dev`'s own services: an embedded PostgreSQL when no other is found, and Temporal. */
export const demoServices = { embeddedPort: 54329, temporalPort: 7233, temporalUiPort: 8233, temporalDbFile: '.data/temporal.db' } as const;

/**
 * The database `make dev` uses: the name in DATABASE_URL (the environment's, else `.env`'s), else
 * `ggz_epd`. Read without loading `.env` into the caller's environment, so tests and benches can ask.
 */
export function demoDatabase(environment: Record<string, string | undefined> = process.env, envFile = '.env'): string {
  const url = environment.DATABASE_URL ?? (existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')).DATABASE_URL : undefined);
  return url ? new URL(url).pathname.slice(1) : 'ggz_epd';
}

/**
 * Tests and benches recreate their database on every run; the demo's is never one of them, even
 * when TEST_DATABASE or a bench's name says so by mistake.
 */
export function assertNotDemoDatabase(database: string, demo = demoDatabase()): void {
  if (database === demo) {
    throw new Error(`refusing to recreate ${database}: it is the demo database of make dev; tests and benches use a database of their own`);
  }
}

/**
 * Empties every table the migrations made (the migrations' own bookkeeping excepted) and seeds the
 * demo again, so the database holds what a fresh `make dev` would show. Truncating instead of
 * dropping the database leaves a running `make dev` connected: its users log in again, nothing
 * else. A database that does not exist yet is created and migrated first.
 */
export async function resetDemoDatabase(options: {
  urlFor: (database: string) => string;
  database: string;
  appUser: string;
  appPassword: string;
  payloadKeys?: readonly PayloadKey[];
}): Promise<void> {
  const { ownerUrl } = await prepareDatabase(options);
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname = current_schema() and tablename not in ('mikro_orm_migrations', 'tenant_keys') order by tablename`,
    );
    // A request of the running app holding a table waits its turn; one that never ends is an error, not a hang.
    await client.query("set lock_timeout = '15s'");
    await client.query(`truncate ${rows.map((row) => row.name).join(', ')} restart identity cascade`);
  } finally {
    await client.end();
  }
  const orm = await createOrm(ownerUrl, { poolMax: 2 });
  await seedDemo(orm).finally(() => orm.close());
}

/**
 * Deletes the demo's workflow runs, open and closed, from a running Temporal: only those of the
 * app's task queue, as `make dev` may share a dev server that another project started. Deleting
 * is asynchronous in Temporal: a run that closed in the last half minute goes once its closing is
 * done. Returns how many runs were deleted.
 */
export async function forgetDemoWorkflows(options: { address: string; namespace: string; taskQueue?: string }): Promise<number> {
  const connection = await Connection.connect({ address: options.address, connectTimeout: '2 seconds' });
  try {
    const query = `TaskQueue = '${options.taskQueue ?? taskQueues.clinical}'`;
    const runs: { workflowId: string; runId: string }[] = [];
    let nextPageToken: Uint8Array | undefined;
    do {
      const page = await connection.workflowService.listWorkflowExecutions({
        namespace: options.namespace,
        query,
        pageSize: 500,
        nextPageToken,
      });
      for (const execution of page.executions ?? []) {
        if (execution.execution?.workflowId && execution.execution.runId) {
          runs.push({ workflowId: execution.execution.workflowId, runId: execution.execution.runId });
        }
      }
      nextPageToken = page.nextPageToken?.length ? page.nextPageToken : undefined;
    } while (nextPageToken);
    for (const run of runs) {
      await connection.workflowService.deleteWorkflowExecution({ namespace: options.namespace, workflowExecution: run });
    }
    return runs.length;
  } finally {
    await connection.close();
  }
}

/** The dev server's history file, when no server has it open: the next `make dev` starts with none. */
export async function removeTemporalHistory(dbFile: string): Promise<boolean> {
  const files = [dbFile, `${dbFile}-wal`, `${dbFile}-shm`, `${dbFile}-journal`].filter((file) => existsSync(file));
  await Promise.all(files.map((file) => rm(file)));
  return files.length > 0;
}
