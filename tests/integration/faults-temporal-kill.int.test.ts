import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { ChainState } from '../../domain/intent/chain';
import type { Managed } from '../../scripts/lib/processes';
import { startWeb, startWorker } from '../../scripts/lib/stack';
import {
  prepareTemporalDatabases,
  startTemporalServer,
  temporalServerBinaries,
  writeTemporalServerConfig,
  type TemporalServerConfig,
} from '../../scripts/lib/temporal-server';
import { handoverAnswer } from '../msw/answers';
import type { ModelReply, ModelRequest } from '../msw/model';
import { registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { json, request } from '../support/http';
import { startModelServer, type ModelServer } from '../support/model-server';

/**
 * The Temporal server killed with SIGKILL (the whole process group, no shutdown) while workflows
 * run, and started again on the same port with the same database file: the app and the worker,
 * never restarted, carry on; a chain waiting for confirmation is confirmed and writes its note
 * once, a handover waiting for the model stores its summary once.
 *
 * The server is Temporal's full server with its history and visibility in PostgreSQL (ADR 0100),
 * as a hospital runs it, built from the Go module proxy (scripts/ensure-temporal-server.sh).
 */
let nurse: SignedIn;
let owner: pg.Client;
let model: ModelServer;
let dataDir: string;
let config: TemporalServerConfig;
const binaries = temporalServerBinaries();
const started: Managed[] = [];
const logDir = path.resolve('.cache/test-logs');

beforeAll(async () => {
  nurse = await signedInUser('verpleegkundige');
  owner = new pg.Client({ connectionString: inject('ownerUrl') });
  await owner.connect();
  model = await startModelServer();
  dataDir = mkdtempSync(path.join(tmpdir(), 'ggz-temporal-kill-'));
  // Two databases of its own beside the suite's, on the same PostgreSQL.
  const suite = new URL(inject('ownerUrl'));
  const ownerUrl = new URL('/postgres', suite).toString();
  const databases = await prepareTemporalDatabases({
    ownerUrl,
    database: `${suite.pathname.slice(1)}_temporal_kill`,
    recreate: true,
    binaries,
  });
  config = await writeTemporalServerConfig({ dir: dataDir, ownerUrl, ...databases });
}, 120_000);

afterAll(async () => {
  for (const managed of started.reverse()) await managed.stop();
  await model?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (config)
    for (const name of [config.database, config.visibilityDatabase]) await owner.query(`drop database if exists ${name} with (force)`);
  await owner?.end();
});

async function count(sql: string, params: unknown[]): Promise<number> {
  return Number((await owner.query<{ n: string }>(sql, params)).rows[0]!.n);
}

/** The first model call waits until `release` is called; later calls are answered at once. */
function holdFirstModelCall(): { held: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  let held = false;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const arrived = new Promise<void>((resolve) => {
    model.answer(async (request: ModelRequest): Promise<ModelReply> => {
      if (!held) {
        held = true;
        resolve();
        await gate;
      }
      return handoverAnswer(request);
    });
  });
  return { held: arrived, release };
}

/** SIGKILL to the server's process group: no shutdown, nothing flushed on the way out, as a crash or the OOM killer. */
async function killHard(server: Managed): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  process.kill(-server.child.pid!, 'SIGKILL');
  await exited;
}

describe('Temporal server killed with SIGKILL', () => {
  it('started again on its PostgreSQL databases: a waiting chain and a handover in its model call finish, each effect once, app and worker not restarted', async () => {
    const address = `127.0.0.1:${config.port}`;
    const logFile = path.join(logDir, 'temporal-kill.log');
    const first = await startTemporalServer(config, { quiet: true, logFile, binaries });
    started.push(first);
    const env = { ...process.env, ...inject('appEnv'), TEMPORAL_ADDRESS: address };
    const worker = startWorker(
      { ...env, OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: 'test-model' },
      { quiet: true, logFile: path.join(logDir, 'temporal-kill-worker.log'), workflowBundle: inject('workflowBundle') },
    );
    started.push(worker);
    const web = await startWeb(env, { quiet: true, logFile: path.join(logDir, 'temporal-kill-web.log') });
    started.push(web);
    const base = web.baseUrl;
    const cookie = nurse.cookie;

    // A chain prepared by the assistant, waiting for the nurse's confirmation.
    const patientId = await registerPatient(cookie);
    const content = `Rustig op de afdeling (${randomUUID().slice(0, 8)}).`;
    const created = await json('/api/intent/chains', {
      base,
      cookie,
      method: 'POST',
      body: { actions: [{ intent: 'dagnotitie', entities: { patientId, category: 'observatie', content }, confidence: 0.9 }] },
    });
    expect(created.status).toBe(201);
    const chain = (await created.json()) as ChainState;
    expect(chain.status).toBe('wacht_op_bevestiging');

    // A handover whose activity is inside its model call.
    const report = await json('/api/reports', {
      base,
      cookie,
      method: 'POST',
      body: { patientId, type: 'incident', content: 'Sloeg een medepatiënt in de huiskamer; gesepareerd.', includeInHandover: true },
    });
    expect(report.status).toBe(201);
    const { held, release } = holdFirstModelCall();
    // The request that starts it waits for the summary; what it answers is printed, not asserted
    // (its client may ride out the outage, or give the Dutch 503).
    let beforeKill = 'nog geen antwoord';
    void json('/api/overdracht/generate', { base, cookie, method: 'POST', body: { patientId } }).then(
      (response) => (beforeKill = String(response.status)),
      () => (beforeKill = 'geen antwoord'),
    );
    await held;
    const progress = await json(`/api/overdracht/generate/status?patientId=${patientId}`, { base, cookie });
    expect(await progress.json()).toMatchObject({ status: 'bezig' });

    await killHard(first);
    // The app notices: what needs Temporal answers 503, the process itself stays up.
    await expect
      .poll(async () => (await request(`/api/intent/chains/${chain.chainId}`, { base, cookie })).status, { interval: 250, timeout: 20_000 })
      .toBe(503);

    const restarted = Date.now();
    started.push(await startTemporalServer(config, { quiet: true, logFile, binaries }));
    await expect
      .poll(async () => (await request(`/api/intent/chains/${chain.chainId}`, { base, cookie })).status, { interval: 100, timeout: 30_000 })
      .toBe(200);
    const recovered = (Date.now() - restarted) / 1000;
    console.log(
      `[faults] Temporal hersteld na kill -9: ${recovered.toFixed(1)} s (nieuwe server tot de eerste workflow-opvraging via de app)`,
    );
    const waiting = (await (await request(`/api/intent/chains/${chain.chainId}`, { base, cookie })).json()) as ChainState;
    expect(waiting).toMatchObject({ status: 'wacht_op_bevestiging', steps: [{ status: 'klaar_voor_bevestiging' }] });

    // The chain, started before the kill, is confirmed after it and writes its note once.
    const confirmed = await json(`/api/intent/chains/${chain.chainId}/confirm`, { base, cookie, method: 'POST', body: {} });
    expect(confirmed.status).toBe(200);
    await expect
      .poll(async () => ((await (await request(`/api/intent/chains/${chain.chainId}`, { base, cookie })).json()) as ChainState).status, {
        interval: 200,
        timeout: 30_000,
      })
      .toBe('voltooid');
    const confirmedAfter = (Date.now() - restarted) / 1000;
    expect(await count('select count(*) as n from reports where patient_id = $1 and content = $2', [patientId, content])).toBe(1);

    // The model answers now: the handover started before the kill stores its summary once.
    release();
    await expect
      .poll(
        async () =>
          ((await (await json(`/api/overdracht/generate/status?patientId=${patientId}`, { base, cookie })).json()) as { status: string })
            .status,
        {
          interval: 250,
          timeout: 45_000,
        },
      )
      .toBe('klaar');
    const handoverAfter = (Date.now() - restarted) / 1000;
    expect(await count('select count(*) as n from handover_summaries where patient_id = $1', [patientId])).toBe(1);
    console.log(
      `[faults] na de herstart: keten bevestigd en geschreven na ${confirmedAfter.toFixed(1)} s, overdracht opgeslagen na ${handoverAfter.toFixed(1)} s; modelaanroepen ${model.requests.length}; het verzoek van voor de kill: ${beforeKill}`,
    );

    // Neither the app nor the worker was restarted, and the app reports itself healthy again.
    expect(web.child.exitCode).toBeNull();
    expect(worker.child.exitCode).toBeNull();
    const health = await request('/api/health', { base });
    expect(await health.json()).toMatchObject({ checks: { database: { ok: true }, temporal: { ok: true } } });
    expect(health.status).toBe(200);
  }, 90_000);
});
