import type { Client } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { rangeForLabel } from '../../domain/agenda/agenda.dates';
import type { AuditActor } from '../../domain/audit/audit.service';
import { type MikroORM } from '../../domain/db/orm';
import { tenantOf, withTenant } from '../../domain/db/tenant';
import { createDraftLetter, getGpLetter } from '../../domain/gp-letter/gp-letter.service';
import { generateHandover } from '../../temporal/handover';
import { chainWorkflowId } from '../../domain/intent/chain';
import { startChain } from '../../temporal/chain';
import { approveNoShowLetter, dispatchNoShow, noShowState, startNoShow, type NoShowDeps } from '../../temporal/noshow';
import { generateTreatmentPlan } from '../../temporal/treatment-plan';
import type { intentChain } from '../../workflows/intent-chain/intent-chain.workflow';
import { confirmUpdate } from '../../workflows/intent-chain/messages';
import { connectTemporal, type TemporalDeps } from '../../temporal/client';
import { handoverAnswer, noShowAnswer, treatmentPlanAnswer } from '../msw/answers';
import type { ModelReply, ModelRequest } from '../msw/model';
import { createAppointment, createUser, fhirPatientBody, signedInUser, validBsns, type SignedIn } from '../support/factories';
import { json } from '../support/http';
import { startModelServer, type ModelServer } from '../support/model-server';
import { startWorkerProcess, testPayloadKeys, type WorkerProcess } from '../support/worker';
import { appOrm } from '../support/app-orm';

/**
 * Each workflow type with its worker process killed (SIGKILL) in the middle of a step: a new
 * worker process finishes the run, and every effect in the database is there exactly once.
 */
let orm: MikroORM;
let env: { temporal: TemporalDeps };
let client: Client;
let owner: pg.Client;
let model: ModelServer;
let nurse: SignedIn;
let actor: AuditActor;
let psychiatrist: AuditActor;

/** Every worker process a test started, so one cut off by a timeout is stopped too. */
const workers = new Set<WorkerProcess>();

async function startWorker(taskQueue: string, env: Record<string, string>): Promise<WorkerProcess> {
  const worker = await startWorkerProcess(taskQueue, env);
  workers.add(worker);
  return worker;
}

/** The first model call hangs, as a worker is killed while it waits; later calls get `answer`. */
function holdFirstModelCall(answer: (request: ModelRequest) => ModelReply): Promise<void> {
  let held = false;
  model.requests.length = 0;
  return new Promise((resolve) => {
    model.answer((request) => {
      if (held) return answer(request);
      held = true;
      resolve();
      return new Promise<ModelReply>(() => undefined);
    });
  });
}

/**
 * Starts worker A on a fresh task queue, runs `work`, kills A once `middle` says the run is inside
 * a step, starts worker B, and returns what `work` returns once B has finished the run.
 */
async function killedMidway<T>(options: {
  /** Named in the printed figure: which run was killed. */
  run: string;
  middle: (taskQueue: string) => Promise<void>;
  afterKill?: () => Promise<void>;
  work: (taskQueue: string) => Promise<T>;
}): Promise<T> {
  const taskQueue = `test-faults-${randomUUID()}`;
  const env = { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: 'test-model' };
  const workerA = await startWorker(taskQueue, env);
  const middle = options.middle(taskQueue);
  const pending = options.work(taskQueue).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  try {
    const first = await Promise.race([middle.then(() => 'middle' as const), pending.then(() => 'finished' as const)]);
    if (first === 'finished') throw new Error(`the run ended before the worker could be killed: ${JSON.stringify(await pending)}`);
  } finally {
    await workerA.kill();
  }
  const killedAt = performance.now();
  await options.afterKill?.();
  const workerB = await startWorker(taskQueue, env);
  try {
    const outcome = await pending;
    if ('error' in outcome) throw outcome.error;
    console.log(
      `[faults] worker killed in ${options.run}: finished on the other worker ${((performance.now() - killedAt) / 1000).toFixed(1)} s after the kill`,
    );
    return outcome.value;
  } finally {
    await workerB.stop();
  }
}

async function count(sql: string, params: unknown[]): Promise<number> {
  return Number((await owner.query<{ n: string }>(sql, params)).rows[0]!.n);
}

let bsnIndex = 0;

async function newPatient(): Promise<string> {
  const identifier = [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[bsnIndex++] }];
  const created = await json('/api/fhir/Patient', { method: 'POST', cookie: nurse.cookie, body: fhirPatientBody({ identifier }) });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

beforeAll(async () => {
  model = await startModelServer();
  orm = await appOrm({ poolMax: 2 });
  env = { temporal: await connectTemporal({ address: inject('temporalAddress'), namespace: 'default', payloadKeys: testPayloadKeys() }) };
  client = env.temporal.client;
  owner = new pg.Client({ connectionString: inject('ownerUrl') });
  await owner.connect();
  nurse = await signedInUser('verpleegkundige');
  actor = { organisationId: nurse.organisationId, userId: nurse.user.id, role: nurse.user.role, channel: 'web' };
  const user = await createUser(nurse.organisationId, { role: 'psychiater' });
  psychiatrist = { organisationId: nurse.organisationId, userId: user.id, role: 'psychiater', channel: 'web' };
}, 120_000);

afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await model?.close();
  await owner?.end();
  await client?.connection.close();
  await orm?.close();
});

describe('a worker killed in the middle of a workflow', () => {
  it('handover: killed in the model call, the new worker stores the summary once', async () => {
    const patientId = await newPatient();
    const report = await json('/api/reports', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { patientId, type: 'incident', content: 'Sloeg een medepatiënt in de huiskamer; gesepareerd.', includeInHandover: true },
    });
    expect(report.status).toBe(201);
    const held = holdFirstModelCall((request) => handoverAnswer(request));
    const request = { patientId, period: '1d', filterForRole: 'verpleegkundige' };
    const summary = await killedMidway({
      run: 'a handover',
      middle: () => held,
      work: (taskQueue) => generateHandover({ orm, ...env.temporal, taskQueue, waitMs: 60_000 }, actor, request),
    });
    expect(summary.aandachtspunten.length).toBeGreaterThan(0);
    expect(await count('select count(*) as n from handover_summaries where workflow_id like $1', [`${summary.meta.workflowId}@%`])).toBe(1);
    expect(model.requests).toHaveLength(2);
  }, 120_000);

  it('treatment plan: killed in the model call, the new worker stores one draft version', async () => {
    const patientId = await newPatient();
    const held = holdFirstModelCall((request) => ({ content: treatmentPlanAnswer(request) }));
    const view = await killedMidway({
      run: 'a treatment plan',
      middle: () => held,
      work: (taskQueue) => generateTreatmentPlan({ orm, ...env.temporal, taskQueue, waitMs: 60_000 }, psychiatrist, { patientId }),
    });
    expect(view).toMatchObject({ status: 'concept', version: 1 });
    expect(view.plan.hulpvraag).toBe('Ik wil weer grip op mijn dagen en minder spanning.');
    expect(await count('select count(*) as n from treatment_plans where patient_id = $1', [patientId])).toBe(1);
    expect(model.requests).toHaveLength(2);
  }, 120_000);

  it('no-show: killed in the rewrite, the new worker registers it once and the letter goes through review to ready-to-send once', async () => {
    const patientId = await newPatient();
    const letterId = await withTenant(orm, tenantOf(actor), async (em) => {
      const text =
        'Geachte collega Jansen,\n\nHierbij informeren wij u over uw patiënt Jan de Vries.\n\nMet collegiale groet,\n\nDr. A. Arts';
      return (
        await createDraftLetter(em, actor, {
          patientId,
          subject: 'Voortgang',
          text,
          gpName: 'Dr. H. Jansen',
          gpPractice: 'Praktijk Jansen',
        })
      ).id;
    });
    const appointmentId = await createAppointment(actor.organisationId, {
      patientId,
      practitionerId: actor.userId,
      startAt: new Date(Math.floor((Date.now() - 30 * 60_000) / 900_000) * 900_000),
      minutes: 45,
    });
    const held = holdFirstModelCall(noShowAnswer);
    let deps: NoShowDeps | undefined;
    await killedMidway({
      run: 'a no-show',
      middle: () => held,
      work: async (taskQueue) => {
        deps = { orm, ...env.temporal, taskQueue };
        await startNoShow(deps, { ...actor, channel: 'assistant' }, appointmentId, {});
        const started = deps;
        await expect
          .poll(async () => (await noShowState(started, actor, appointmentId))?.status, {
            interval: 200,
            timeout: 60_000,
            message: 'the no-show process never reached the review',
          })
          .toBe('ter_beoordeling');
        const letter = await withTenant(orm, tenantOf(actor), (em) => getGpLetter(em, letterId));
        await approveNoShowLetter(deps, psychiatrist, letterId, { finalText: letter.rewrittenText! });
        return dispatchNoShow(deps, actor, appointmentId);
      },
    });
    const facts = await owner.query<{ status: string; noshows: number; events: string[] }>(
      `select (select status from appointments where id = $1) as status,
              (select count(*)::int from audit_events where resource_id = $1 and action = 'update' and details->>'status' = 'niet-verschenen') as noshows,
              (select array_agg(event order by version) from gp_letter_versions where letter_id = $2) as events`,
      [appointmentId, letterId],
    );
    expect(facts.rows[0]).toEqual({
      status: 'niet-verschenen',
      noshows: 1,
      events: ['concept', 'herschreven', 'goedgekeurd', 'verzendklaar'],
    });
    expect(model.requests).toHaveLength(2);
  }, 120_000);

  it('intent chain: killed while writing the first step, the new worker cancels the appointment once and writes the note once', async () => {
    const patientId = await newPatient();
    const start = new Date(rangeForLabel('morgen')!.start.getTime() + 10 * 3600_000).toISOString();
    const booked = await json('/api/assistant/agenda/create', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { patientId, type: 'behandelgesprek', start },
    });
    expect(booked.status).toBe(201);
    const appointmentId = ((await booked.json()) as { id: string }).id;
    const content = `Patiënt meldt zich ziek (${randomUUID().slice(0, 8)}).`;
    const chain = {
      actions: [
        {
          intent: 'cancel_appointment',
          entities: { patientName: 'Jan', patientId, dateLabel: 'morgen', content: 'Patiënt belde af' },
          confidence: 0.92,
        },
        { intent: 'dagnotitie', entities: { patientId, category: 'observatie', content }, confidence: 0.88 },
      ],
    };
    // The test holds the appointment's row: the cancellation blocks on it, inside the activity's transaction.
    const locker = new pg.Client({ connectionString: inject('ownerUrl') });
    await locker.connect();
    let chainId = '';
    try {
      await killedMidway({
        run: 'an intent chain',
        middle: async (taskQueue) => {
          const prepared = await startChain({ ...env.temporal, taskQueue }, { ...actor, channel: 'assistant' }, chain);
          expect(prepared.status).toBe('wacht_op_bevestiging');
          chainId = prepared.chainId;
          await locker.query('begin');
          await locker.query('select 1 from appointments where id = $1 for update', [appointmentId]);
          const grant = env.temporal.grants.grant({ ...actor, channel: 'assistant' }, chainWorkflowId(chainId), 'decision');
          await client.workflow
            .getHandle(chainWorkflowId(chainId))
            .startUpdate(confirmUpdate, { args: [{ grant }], waitForStage: 'ACCEPTED' });
          await expect
            .poll(
              () => count("select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'", []),
              { interval: 100, timeout: 30_000 },
            )
            .toBeGreaterThan(0);
        },
        afterKill: () => locker.query('commit').then(() => undefined),
        work: async () => {
          await expect.poll(() => chainId, { timeout: 30_000 }).not.toBe('');
          return client.workflow.getHandle(chainWorkflowId(chainId)).result();
        },
      });
    } finally {
      await locker.end();
    }
    const state = await client.workflow.getHandle<typeof intentChain>(chainWorkflowId(chainId)).result();
    expect(state.status).toBe('voltooid');
    expect(state.steps.map((step) => step.status)).toEqual(['klaar', 'klaar']);
    const facts = await owner.query<{ status: string; updates: number; notes: number; keys: string[] }>(
      `select (select status from appointments where id = $1) as status,
              (select count(*)::int from audit_events where resource_id = $1 and action = 'update') as updates,
              (select count(*)::int from reports where patient_id = $2 and content = $3) as notes,
              (select array_agg(key order by key) from workflow_effects where key like $4) as keys`,
      [appointmentId, patientId, content, `${chainId}:%`],
    );
    expect(facts.rows[0]).toEqual({ status: 'geannuleerd', updates: 1, notes: 1, keys: [`${chainId}:0`, `${chainId}:1`] });
  }, 120_000);
});
