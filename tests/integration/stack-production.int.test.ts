import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { ChainState } from '../../domain/intent/chain';
import { freePort, run, startProcess, waitFor, type Managed } from '../../scripts/lib/processes';
import { tsxCli } from '../../scripts/lib/stack';
import { generateBsn, random } from '../../domain/demo/patient-generator';
import { handoverAnswer } from '../msw/answers';
import { fhirPatientBody } from '../support/factories';
import { json, login, request } from '../support/http';
import { startModelServer, type ModelServer } from '../support/model-server';

/**
 * Issue 45 point 1: `npm run stack:production` as an ops engineer starts it (ADR 0100) — the
 * production build under NODE_ENV=production, two web processes behind one port, two workers,
 * Temporal's full server with its history in PostgreSQL, the app's login role with a password,
 * secrets kept 0600. A worker killed with SIGKILL leaves its work to the other; the stack stopped
 * and started again on its directory reads the workflows it wrote before.
 */
interface Ready {
  baseUrl: string;
  temporalAddress: string;
  temporalMetricsPort: number;
  web: number;
  workers: number[];
  temporal: number;
}

const suite = new URL(inject('ownerUrl'));
const clusterUrl = new URL('/postgres', suite).toString();
const database = `${suite.pathname.slice(1)}_production`;
const databases = [database, `${database}_temporal`, `${database}_temporal_visibility`];
let dir: string;
let port: number;
let stack: Managed | undefined;
let ready: Ready;
let admin: pg.Client;
let model: ModelServer;

async function startStack(): Promise<Ready> {
  let found: Ready | undefined;
  const lastLines: string[] = [];
  stack = startProcess('stack', process.execPath, [tsxCli, 'scripts/stack-production.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: clusterUrl,
      PORT: String(port),
      STACK_DIR: dir,
      STACK_DATABASE: database,
      STACK_REUSE_BUILD: '1',
      REMIX_SERVER_BUILD_PATH: inject('appEnv').REMIX_SERVER_BUILD_PATH,
      REMIX_ASSETS_BUILD_DIR: inject('appEnv').REMIX_ASSETS_BUILD_DIR,
      WORKFLOW_BUNDLE: inject('workflowBundle'),
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_MODEL: 'test-model',
    },
    quiet: true,
    logFile: path.join(dir, 'stack.log'),
    onLine: (line) => {
      lastLines.push(line);
      if (lastLines.length > 30) lastLines.shift();
      const match = /ready (\{.*\})$/.exec(line);
      if (match) found = JSON.parse(match[1]!) as Ready;
    },
  });
  try {
    return await waitFor('stack:production', async () => found, 240_000, stack.child);
  } catch (error) {
    throw new Error(`${(error as Error).message}; its last lines:\n${lastLines.join('\n')}`, { cause: error });
  }
}

/** Which of these processes has a TCP connection open to the model server (the kernel's socket table and each process's descriptors). */
function modelCaller(pids: number[]): number | undefined {
  const port = Number(new URL(model.baseUrl).port).toString(16).toUpperCase().padStart(4, '0');
  const sockets = new Set(
    readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields.length > 9 && fields[2] === `0100007F:${port}` && fields[3] === '01')
      .map((fields) => fields[9]!),
  );
  return pids.find((pid) =>
    readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return sockets.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '');
      } catch {
        return false;
      }
    }),
  );
}

/** The process tree under the stack's command: its web processes (server.ts), workers and Temporal server. */
function processes(): { web: number[]; workers: number[]; temporal: number[] } {
  // Each child runs in its own process group (startProcess), so walk every process down from the stack's.
  const all = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length > 2)
    .map(([pid, ppid, ...args]) => ({ pid: Number(pid), ppid: Number(ppid), args: args.join(' ') }));
  const inStack = new Set([stack!.child.pid!]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of all) {
      if (inStack.has(row.pid) || !inStack.has(row.ppid)) continue;
      inStack.add(row.pid);
      grew = true;
    }
  }
  const mine = all.filter((row) => inStack.has(row.pid));
  const parents = new Set(mine.map((row) => row.ppid));
  const leaves = (test: (args: string) => boolean) => mine.filter((row) => test(row.args) && !parents.has(row.pid)).map((row) => row.pid);
  return {
    web: leaves((args) => args.includes('server.ts')),
    workers: leaves((args) => args.includes('workers/main.ts')),
    temporal: mine.filter((row) => / --env temporal .*start$/.test(row.args)).map((row) => row.pid),
  };
}

/** SIGTERM, as an ops engineer's Ctrl-C or systemd's stop, and the time the stack takes to stop web, workers and Temporal in turn. */
async function stopStack(): Promise<void> {
  const child = stack?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

async function signIn(): Promise<string> {
  const { response, cookie, setCookie } = await login('verpleegkundige@demo.nl', 'demo', ready.baseUrl);
  expect(response.status).toBe(302);
  // Production's session cookie is Secure (and HttpOnly, SameSite=Lax).
  expect(setCookie).toMatch(/;\s*Secure/i);
  return cookie!;
}

async function patientId(): Promise<string> {
  const owner = new pg.Client({ connectionString: new URL(`/${database}`, suite).toString() });
  await owner.connect();
  try {
    return (
      await owner.query<{ id: string }>(
        "select p.id from patients p join users u on u.organisation_id = p.organisation_id where u.email = 'verpleegkundige@demo.nl' order by p.id limit 1",
      )
    ).rows[0]!.id;
  } finally {
    await owner.end();
  }
}

async function count(databaseName: string, sql: string, params: unknown[] = []): Promise<number> {
  const client = new pg.Client({ connectionString: new URL(`/${databaseName}`, suite).toString() });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>(sql, params)).rows[0]!.n);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  model = await startModelServer();
  admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  // Under .cache/test-logs, so the stack's logs stay for a failed run to be read; the dumps and the secrets do not.
  dir = path.resolve('.cache/test-logs/stack-production');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  port = await freePort();
  const started = Date.now();
  ready = await startStack();
  console.log(
    `[stack] stack:production klaar in ${((Date.now() - started) / 1000).toFixed(1)} s (nieuwe database, migraties, Temporal-schema's, 2 workers, 2 webprocessen)`,
  );
}, 300_000);

afterAll(async () => {
  await stopStack();
  for (const name of databases) await admin?.query(`drop database if exists ${name} with (force)`);
  await admin?.end();
  await model?.close();
  for (const file of ['secrets.env', ...databases.map((name) => `${name}.dump`)]) if (dir) rmSync(path.join(dir, file), { force: true });
});

describe('npm run stack:production', () => {
  it('serves the production build on one port from two web processes, with two workers and Temporal’s full server on PostgreSQL', async () => {
    const health = await request('/api/health', { base: ready.baseUrl });
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ checks: { database: { ok: true }, temporal: { ok: true } } });
    const tree = processes();
    expect(tree.web).toHaveLength(2);
    expect(tree.workers).toHaveLength(2);
    expect(tree.temporal).toEqual([ready.temporal]);
    // The server keeps its namespace and history in its own PostgreSQL databases.
    expect(await count(`${database}_temporal`, "select count(*) as n from namespaces where name = 'default'")).toBe(1);
    // Its own metrics, for the ops team's Prometheus.
    const metrics = await fetch(`http://127.0.0.1:${ready.temporalMetricsPort}/metrics`);
    expect(await metrics.text()).toMatch(/^# TYPE \w+/m);
    // The app's login role has a password; the secrets it was made with are the owner's only.
    expect(await count('postgres', "select count(*) as n from pg_authid where rolname = 'ggz_app' and rolpassword is not null")).toBe(1);
    expect(statSync(path.join(dir, 'secrets.env')).mode & 0o077).toBe(0);
  });

  it('a chain confirmed after one worker was killed with SIGKILL is written once by the other, and its history is in PostgreSQL', async () => {
    const cookie = await signIn();
    const base = ready.baseUrl;
    const patient = await patientId();
    const content = `Productievorm: rustig op de afdeling (${randomUUID().slice(0, 8)}).`;
    const created = await json('/api/intent/chains', {
      base,
      cookie,
      method: 'POST',
      body: { actions: [{ intent: 'dagnotitie', entities: { patientId: patient, category: 'observatie', content }, confidence: 0.9 }] },
    });
    expect(created.status).toBe(201);
    const chain = (await created.json()) as ChainState;
    const [killed, survivor] = processes().workers;
    process.kill(killed!, 'SIGKILL');
    const killedAt = Date.now();
    // Until the other worker has the chain, the confirmation may meet the Dutch 503 ("probeer het
    // later opnieuw"), and the clinician presses again: confirming is idempotent.
    let unavailable = 0;
    await expect
      .poll(
        async () => {
          const confirmed = await json(`/api/intent/chains/${chain.chainId}/confirm`, { base, cookie, method: 'POST', body: {} });
          if (confirmed.status === 503) unavailable++;
          return confirmed.status;
        },
        { interval: 500, timeout: 60_000 },
      )
      .toBe(200);
    await expect
      .poll(async () => ((await (await request(`/api/intent/chains/${chain.chainId}`, { base, cookie })).json()) as ChainState).status, {
        interval: 200,
        timeout: 60_000,
      })
      .toBe('voltooid');
    console.log(
      `[faults] productievorm: worker ${killed} gedood, keten door de andere voltooid na ${((Date.now() - killedAt) / 1000).toFixed(1)} s (bevestiging ${unavailable}× 503 voor ze lukte)`,
    );
    expect(await count(database, 'select count(*) as n from reports where patient_id = $1 and content = $2', [patient, content])).toBe(1);
    expect(processes().workers).toContain(survivor);
    expect(await count(`${database}_temporal`, 'select count(*) as n from executions')).toBeGreaterThan(0);
  }, 90_000);

  it('a ward handover whose model calls are held: the worker holding one is killed with SIGKILL, the other makes every summary once', async () => {
    const cookie = await signIn();
    const base = ready.baseUrl;
    // A ward of at least 30: the demo's patients and as many new ones as it takes.
    const onWard = (
      (await (await json('/api/overdracht/ward?period=1d&filterForRole=verpleegkundige', { base, cookie })).json()) as {
        patients: unknown[];
      }
    ).patients.length;
    for (let index = onWard; index < 30; index++) {
      const registered = await json('/api/fhir/Patient', {
        base,
        cookie,
        method: 'POST',
        body: fhirPatientBody({
          name: [{ family: 'Afdeling', given: [`Patiënt ${index}`] }],
          identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: generateBsn(random(900 + index)) }],
        }),
      });
      expect(registered.status).toBe(201);
      // On the ward's handover: something reported in the period.
      const report = await json('/api/reports', {
        base,
        cookie,
        method: 'POST',
        body: {
          patientId: ((await registered.json()) as { id: string }).id,
          type: 'incident',
          content: `Onrustig in de huiskamer, liep weg van de groep (${index}).`,
          includeInHandover: true,
        },
      });
      expect(report.status).toBe(201);
    }
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    model.answer(async (request) => {
      await gate;
      return handoverAnswer(request);
    });
    const started = await json('/api/overdracht/ward/generate', { base, cookie, method: 'POST', body: { period: '1d' } });
    expect(started.status).toBe(202);
    await expect.poll(() => model.requests.length, { interval: 100, timeout: 30_000 }).toBeGreaterThan(0);
    const workers = processes().workers;
    const holder = await vi.waitFor(() => {
      const found = modelCaller(workers);
      if (!found) throw new Error('no worker holds a model call yet');
      return found;
    });
    process.kill(holder, 'SIGKILL');
    const killedAt = Date.now();
    release();
    const progress = await vi.waitFor(
      async () => {
        const answer = (await (
          await json('/api/overdracht/ward/generate/status?period=1d&filterForRole=verpleegkundige', { base, cookie })
        ).json()) as { status: string; done: number; total: number; failed: number };
        expect(answer.status, JSON.stringify(answer)).toBe('klaar');
        return answer;
      },
      { timeout: 90_000, interval: 250 },
    );
    console.log(
      `[faults] productievorm: afdelingsoverdracht van ${progress.total}, worker ${holder} gedood in een modelaanroep, klaar na ${((Date.now() - killedAt) / 1000).toFixed(1)} s; modelaanroepen ${model.requests.length}`,
    );
    expect(progress.total).toBeGreaterThanOrEqual(30);
    expect(progress).toMatchObject({ done: progress.total, failed: 0 });
    expect(await count(database, 'select count(distinct patient_id) as n from handover_summaries')).toBe(progress.total);
    expect(await count(database, 'select count(*) as n from handover_summaries')).toBe(progress.total);
    // The survivor did the work; the stack started a new worker in place of the killed one.
    expect(processes().workers).toContain(workers.find((pid) => pid !== holder));
    await expect.poll(() => processes().workers, { interval: 250, timeout: 60_000 }).toHaveLength(2);
    expect(processes().workers).not.toContain(holder);
  }, 150_000);

  it('stopped with SIGTERM leaves no process; its Temporal databases restored from dumps, it starts again and reads the workflows it wrote before', async () => {
    const cookie = await signIn();
    const base = ready.baseUrl;
    const patient = await patientId();
    const created = await json('/api/intent/chains', {
      base,
      cookie,
      method: 'POST',
      body: {
        actions: [
          { intent: 'dagnotitie', entities: { patientId: patient, category: 'observatie', content: 'Sliep goed.' }, confidence: 0.9 },
        ],
      },
    });
    expect(created.status).toBe(201);
    const chain = (await created.json()) as ChainState;
    // Temporal's backup as docs/temporal-production.md gives it: a dump of each of its databases,
    // taken while it runs.
    const temporalDatabases = databases.slice(1);
    for (const name of temporalDatabases) {
      await run('pg_dump', [
        '--format=custom',
        `--file=${path.join(dir, `${name}.dump`)}`,
        `--dbname=${new URL(`/${name}`, suite).toString()}`,
      ]);
    }
    const before = [...Object.values(processes()).flat()];
    await stopStack();
    const running = () =>
      before.filter((pid) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      });
    // Gone once the stack has exited, give or take the moment the kernel takes to reap them.
    await expect.poll(running, { interval: 100, timeout: 5_000 }).toEqual([]);

    // Both databases lost and restored from their dumps into new, empty databases.
    const restoreStarted = Date.now();
    for (const name of temporalDatabases) {
      await admin.query(`drop database ${name} with (force)`);
      await admin.query(`create database ${name}`);
      await run('pg_restore', [
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${new URL(`/${name}`, suite).toString()}`,
        path.join(dir, `${name}.dump`),
      ]);
    }
    const restoreSeconds = (Date.now() - restoreStarted) / 1000;

    const startedAgain = Date.now();
    ready = await startStack();
    console.log(
      `[faults] productievorm: Temporal-databases hersteld uit pg_dump in ${restoreSeconds.toFixed(1)} s, stack weer klaar in ${((Date.now() - startedAgain) / 1000).toFixed(1)} s`,
    );
    const again = await signIn();
    const read = await request(`/api/intent/chains/${chain.chainId}`, { base, cookie: again });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ status: 'wacht_op_bevestiging', steps: [{ status: 'klaar_voor_bevestiging' }] });
  }, 300_000);
});
