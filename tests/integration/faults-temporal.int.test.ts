import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { dutchMessages } from '../../domain/shared/errors';
import { freePort, type Managed } from '../../scripts/lib/processes';
import { startWeb, startWorker } from '../../scripts/lib/stack';
import { startTemporalDevServer } from '../../scripts/lib/temporal';
import { createAppointment, createUser, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { json, login, request } from '../support/http';

/**
 * The app without Temporal: started against a port where nothing listens, against a server that
 * accepts connections and never answers, and connected to a Temporal server that goes away and
 * comes back. Records, reports and the agenda keep working; what needs a workflow answers with the
 * Dutch 503 (pages show the message) within a bounded time; the process stays up, and works again
 * when Temporal is back, without a restart.
 */
let nurse: SignedIn;
let opsCookie: string;
let patientId: string;
let appointmentId: string;
const started: Managed[] = [];

async function appWith(temporalAddress: string): Promise<string> {
  const web = await startWeb({ ...process.env, ...inject('appEnv'), TEMPORAL_ADDRESS: temporalAddress }, { quiet: true, degraded: true });
  started.push(web);
  return web.baseUrl;
}

/** What keeps working: the patient list and search, a record page, reports (read and write), the agenda. */
async function expectRecordsWork(base: string) {
  const cookie = nurse.cookie;
  expect((await request('/patients', { base, cookie })).status).toBe(200);
  expect((await request(`/patients/${patientId}`, { base, cookie })).status).toBe(200);
  const search = await request('/api/patients/search?q=Vries', { base, cookie });
  expect(search.status).toBe(200);
  expect(((await search.json()) as { results: { id: string }[] }).results.map((row) => row.id)).toContain(patientId);
  const written = await json('/api/reports', {
    base,
    cookie,
    method: 'POST',
    body: { patientId, type: 'dagnotitie', category: 'observatie', content: 'Rustige dienst zonder Temporal.' },
  });
  expect(written.status).toBe(201);
  const reports = await request(`/api/reports?patientId=${patientId}`, { base, cookie });
  expect(((await reports.json()) as { items: { id: string }[] }).items.map((item) => item.id)).toContain(
    ((await written.json()) as { id: string }).id,
  );
  expect((await request('/api/assistant/agenda?label=deze week', { base, cookie })).status).toBe(200);
  expect((await request('/agenda', { base, cookie })).status).toBe(200);
}

/**
 * What needs a workflow: a Dutch 503 in the contract's error shape, or the message on the page.
 * `withinMs`: each answer comes within this bound (a generous one: what matters is that nothing hangs).
 */
async function expectWorkflowsUnavailable(base: string, withinMs = 15_000): Promise<number> {
  let slowest = 0;
  const cookie = nurse.cookie;
  const unavailable = { error: { code: 'unavailable', message: dutchMessages.unavailable } };
  const calls: [string, unknown?][] = [
    ['/api/overdracht/generate', { patientId }],
    [`/api/overdracht/generate/status?patientId=${patientId}`],
    ['/api/behandelplan/generate', { patientId }],
    [`/api/behandelplan/generate/status?patientId=${patientId}`],
    ['/api/overdracht/ward/generate', {}],
    ['/api/overdracht/ward/generate/status'],
    [`/api/noshow/${appointmentId}/cancel`, {}],
    [`/api/noshow/${appointmentId}/rescript`, {}],
    [
      '/api/intent/chains',
      { actions: [{ intent: 'dagnotitie', entities: { patientId, category: 'observatie', content: 'Notitie' }, confidence: 0.9 }] },
    ],
  ];
  for (const [path, body] of calls) {
    const started = Date.now();
    const response = await json(path, { base, cookie, ...(body ? { method: 'POST', body } : {}) });
    expect({ path, status: response.status }).toEqual({ path, status: 503 });
    expect(await response.json()).toMatchObject(unavailable);
    slowest = Math.max(slowest, Date.now() - started);
    expect(Date.now() - started, path).toBeLessThan(withinMs);
  }
  const page = await request(`/patients/${patientId}/behandelplan`, {
    base,
    cookie,
    method: 'POST',
    body: new URLSearchParams({ intent: 'genereren' }),
  });
  expect(page.status).toBe(503);
  expect(await page.text()).toContain(dutchMessages.unavailable);
  const ward = await request('/overdracht/afdeling', { base, cookie, method: 'POST', body: new URLSearchParams({ intent: 'genereren' }) });
  expect(ward.status).toBe(503);
  expect(await ward.text()).toContain(dutchMessages.unavailable);
  // The ward's summaries are read from the database: the page itself still opens.
  expect((await request('/overdracht/afdeling', { base, cookie })).status).toBe(200);
  const ops = await request('/beheer/workflows', { base, cookie: opsCookie });
  expect(ops.status).toBe(200);
  expect(await ops.text()).toMatch(/Temporal|niet beschikbaar/);
  const health = await request('/api/health', { base });
  expect(health.status).toBe(503);
  expect(await health.json()).toMatchObject({ status: 'degraded', checks: { database: { ok: true }, temporal: { ok: false } } });
  return slowest;
}

beforeAll(async () => {
  nurse = await signedInUser('verpleegkundige');
  const ops = await createUser(nurse.organisationId, { role: 'beheerder' });
  opsCookie = (await login(ops.email, ops.password)).cookie!;
  patientId = await registerPatient(nurse.cookie);
  appointmentId = await createAppointment(nurse.organisationId, {
    patientId,
    practitionerId: nurse.user.id,
    startAt: new Date(Math.floor((Date.now() - 60 * 60_000) / 900_000) * 900_000),
    minutes: 45,
  });
});

afterAll(async () => {
  for (const managed of started.reverse()) await managed.stop();
  for (const socket of heldSockets) socket.destroy();
  await new Promise((resolve) => (blackHole ? blackHole.close(resolve) : resolve(undefined)));
});

let blackHole: Server | undefined;
const heldSockets: Socket[] = [];

/** A port that accepts every connection and never says a word: a Temporal that hangs. */
async function silentServer(): Promise<number> {
  blackHole = createServer((socket) => heldSockets.push(socket));
  await new Promise<void>((resolve) => blackHole!.listen(0, '127.0.0.1', resolve));
  return (blackHole.address() as { port: number }).port;
}

describe('Temporal unavailable', () => {
  it('started without Temporal: records work, workflow features answer the Dutch 503, the app keeps serving', async () => {
    const base = await appWith(`127.0.0.1:${await freePort()}`);
    await expectRecordsWork(base);
    await expectWorkflowsUnavailable(base);
    // Asked again, nothing has worn down: still answers, still in Dutch.
    await expectWorkflowsUnavailable(base);
    await expectRecordsWork(base);
  }, 120_000);

  it('Temporal accepts connections but never answers: the Dutch 503 within a bounded time, records work', async () => {
    const base = await appWith(`127.0.0.1:${await silentServer()}`);
    await expectRecordsWork(base);
    const slowest = await expectWorkflowsUnavailable(base, 15_000);
    console.log(`[faults] Temporal that never answers: slowest 503 after ${slowest} ms`);
    await expectRecordsWork(base);
  }, 180_000);

  it('Temporal goes away while the app runs, and comes back: the same 503s, then everything works again without a restart', async () => {
    const port = await freePort();
    const temporal = await startTemporalDevServer({ port, quiet: true });
    const base = await appWith(`127.0.0.1:${port}`);
    // Connected: the progress of a generation nobody started is read from Temporal.
    const status = await json(`/api/overdracht/generate/status?patientId=${patientId}`, { base, cookie: nurse.cookie });
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ status: 'niet_gestart' });
    await temporal.stop();
    await expectRecordsWork(base);
    const slowest = await expectWorkflowsUnavailable(base);
    console.log(`[faults] Temporal gone while connected: slowest 503 after ${slowest} ms`);

    // Back on the same address, with a worker: the same app process generates a handover again.
    started.push(await startTemporalDevServer({ port, quiet: true }));
    started.push(
      startWorker(
        { ...process.env, ...inject('appEnv'), TEMPORAL_ADDRESS: `127.0.0.1:${port}` },
        { quiet: true, workflowBundle: inject('workflowBundle') },
      ),
    );
    const back = Date.now();
    await expect
      .poll(async () => (await json(`/api/overdracht/generate/status?patientId=${patientId}`, { base, cookie: nurse.cookie })).status, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(200);
    console.log(`[faults] Temporal back: the app answers from it again after ${Date.now() - back} ms`);
    const generated = await json('/api/overdracht/generate', { base, cookie: nurse.cookie, method: 'POST', body: { patientId } });
    expect(generated.status).toBe(200);
    expect(await generated.json()).toMatchObject({ meta: { patientId, bron: 'lokaal' } });
    expect((await json(`/api/overdracht/generate/status?patientId=${patientId}`, { base, cookie: nurse.cookie })).status).toBe(200);
    await expectRecordsWork(base);
  }, 240_000);
});
