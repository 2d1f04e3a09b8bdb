import type { Client } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiPort } from '../../domain/ai/ai.port';
import type { AuditActor } from '../../domain/audit/audit.service';
import type { MikroORM } from '../../domain/db/orm';
import { tenantOf, withTenant } from '../../domain/db/tenant';
import type { HandoverSummary } from '../../domain/handover/handover.schemas';
import type { ReportCategory, ReportType } from '../../domain/report/report.schemas';
import { generateHandover, handoverProgress, handoverWorkflowId } from '../../temporal/handover';
import { createPatient } from '../../domain/patient/patient.service';
import { AppError } from '../../domain/shared/errors';
import { createOrganisation, createReport, createRisk, createUser, createVital, validBsns } from '../../tests/support/factories';
import { handoverAnswer } from '../../tests/msw/answers';
import { mockModel } from '../../tests/msw/model';
import { connectWorkflowTest, startTestWorker, type WorkflowTest } from '../../tests/support/worker';
import { createActivities, type Activities } from '../../workers/activities';

const model = mockModel();
let orm: MikroORM;
let client: Client;
let env: WorkflowTest;
let ai: AiPort;
let actor: AuditActor;
let patientId: string;
const ids = { incident: '', refusal: '', walk: '', bp: '', pulse: '', risk: '' };

/** Runs one generation on a fresh task queue with its own in-process worker. */
async function generate(
  role: 'verpleegkundige' | 'psychiater',
  activities?: Activities,
  period = '3d',
  now = new Date(),
): Promise<HandoverSummary> {
  const taskQueue = `test-handover-${randomUUID()}`;
  const worker = await startTestWorker(taskQueue, activities ?? createActivities({ orm, ai, grants: env.grants }));
  try {
    return await generateHandover(
      { orm, ...env.temporal, taskQueue, waitMs: 30_000 },
      actor,
      { patientId, period, filterForRole: role },
      now,
    );
  } finally {
    await worker.stop();
  }
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

async function storedFor(workflowId: string): Promise<number> {
  const rows = await withTenant(orm, { organisationId: actor.organisationId }, (em) =>
    em.execute<{ n: string }[]>('select count(*) as n from handover_summaries where workflow_id like ?', [`${workflowId}@%`]),
  );
  return Number(rows[0]!.n);
}

async function aiEvents(workflowId: string) {
  return withTenant(orm, { organisationId: actor.organisationId }, (em) =>
    em.execute<{ capability: string; outcome: string; prompt_version: string; patient_id: string }[]>(
      'select capability, outcome, prompt_version, patient_id from ai_events where workflow_id = ?',
      [workflowId],
    ),
  );
}

beforeAll(async () => {
  env = await connectWorkflowTest(model);
  ({ orm, client, withModel: ai } = env);
  const organisation = await createOrganisation();
  const user = await createUser(organisation.id, { role: 'verpleegkundige' });
  actor = { organisationId: organisation.id, userId: user.id, role: user.role, channel: 'web' };
  await withTenant(orm, tenantOf(actor), async (em) => {
    patientId = (
      await createPatient(em, actor, {
        nameGiven: ['Marloes'],
        namePrefix: 'van',
        familyName: 'Houten',
        bsn: validBsns[6],
        birthDate: '1988-02-03',
        gender: 'female',
      })
    ).id;
  });
  const org = actor.organisationId;
  const report = (type: ReportType, category: ReportCategory, content: string, hours: number, includeInHandover = true) =>
    createReport(org, { patientId, createdBy: actor.userId, type, category, content, createdAt: hoursAgo(hours), includeInHandover });
  ids.incident = await report('incident', 'incident', 'Marloes van Houten sloeg een medepatiënt in de huiskamer; gesepareerd.', 5);
  ids.refusal = await report('dagnotitie', 'medicatie', 'Weigerde haar avondmedicatie (clozapine), zegt dat het vergif is.', 20);
  ids.walk = await report('dagnotitie', 'adl', 'Heeft gedoucht en ontbeten, daarna mee met de wandelgroep.', 30);
  await report('dagnotitie', 'observatie', 'Niet voor de overdracht: rustig.', 10, false);
  ids.bp = await createVital(org, {
    patientId,
    code: '8480-6',
    label: 'Bloeddruk systolisch',
    value: 186,
    unit: 'mmHg',
    interpretation: 'HH',
    observedAt: hoursAgo(3),
  });
  ids.pulse = await createVital(org, {
    patientId,
    code: '8867-4',
    label: 'Hartfrequentie',
    value: 72,
    unit: '/min',
    interpretation: 'N',
    observedAt: hoursAgo(3),
  });
  ids.risk = await createRisk(org, {
    patientId,
    riskType: 'agressie',
    riskLevel: 'hoog',
    rationale: 'Twee incidenten deze week.',
    assessedAt: hoursAgo(6),
  });
});

afterAll(async () => {
  await env?.close();
});

describe('handover generation on the real Temporal server', () => {
  it('psychiatrist: the role reaches the prompt, only relevant sources are offered, limits hold, every item cites an existing source', async () => {
    model.requests.length = 0;
    model.answer((request) =>
      handoverAnswer(request, {
        aandachtspunten: [{ tekst: 'Verzonnen punt', bron: 'R99' }, { tekst: 'Zonder bron' }],
        actiepunten: [
          { tekst: 'a', eigenaar: 'psychiater' },
          { tekst: 'b', eigenaar: 'psychiater' },
          { tekst: 'c', eigenaar: 'team' },
        ],
      }),
    );
    const summary = await generate('psychiater');
    const [system, user] = model.requests[0]!.messages;
    expect(system!.content).toContain('De lezer is de psychiater');
    expect(user!.content).toContain('Rol: psychiater');
    // Routine ADL, normal pulse and the report not marked for the handover never reach the model.
    expect(user!.content).not.toContain('wandelgroep');
    expect(user!.content).not.toContain('Hartfrequentie');
    expect(user!.content).not.toContain('Niet voor de overdracht');
    expect(user!.content).not.toContain('Marloes');

    expect(summary.aandachtspunten.length).toBeLessThanOrEqual(3);
    expect(summary.actiepunten.length).toBeLessThanOrEqual(2);
    expect(summary.aandachtspunten.map((item) => item.tekst)).not.toContain('Verzonnen punt');
    for (const item of summary.aandachtspunten) {
      expect(Object.values(ids)).toContain(item.bron.id);
      expect(item.sourceData).toBeDefined();
    }
    const incident = summary.aandachtspunten.find((item) => item.bron.id === ids.incident);
    expect(incident?.sourceData).toEqual({ content: expect.stringContaining('sloeg een medepatiënt'), createdBy: expect.any(String) });
    const bp = summary.aandachtspunten.find((item) => item.bron.id === ids.bp);
    // The very high blood pressure is among the points, and its source data is the measurement itself.
    expect(bp?.sourceData).toEqual({ value: 186, unit: 'mmHg', interpretation: 'HH' });
    // The model said "let op"; an incident with seclusion makes the sources say "instabiel", and the model cannot lower that.
    expect(summary.meta).toMatchObject({
      role: 'psychiater',
      bron: 'taalmodel',
      model: 'test-model',
      ernst: 'instabiel',
      patientName: 'Marloes van Houten',
    });
    expect(summary.meta.droppedUncited).toBeGreaterThanOrEqual(2);

    expect(await storedFor(summary.meta.workflowId)).toBe(1);
    expect(await aiEvents(summary.meta.workflowId)).toEqual([
      { capability: 'handover', outcome: 'ok', prompt_version: 'handover-summary@2', patient_id: patientId },
    ]);
    const history = await client.workflow.getHandle(summary.meta.workflowId).fetchHistory();
    expect(history.events?.length).toBeGreaterThan(10);
  });

  it('nurse: keeps more, within 5 + 3', async () => {
    model.answer((request) =>
      handoverAnswer(request, { aandachtspunten: Array.from({ length: 6 }, (_, index) => ({ tekst: `Extra ${index}`, bron: 'R1' })) }),
    );
    const summary = await generate('verpleegkundige');
    expect(summary.meta.role).toBe('verpleegkundige');
    expect(summary.aandachtspunten).toHaveLength(5);
    expect(summary.actiepunten.length).toBeLessThanOrEqual(3);
    expect(summary.meta.sourcesKept).toBeGreaterThan(3);
  });

  it('an unusable model answer is a Dutch error and nothing is stored', async () => {
    model.answer(() => ({ content: 'Ik kan hier geen overdracht van maken.' }));
    const now = new Date(Date.now() + 24 * 3600_000);
    const error = await generate('psychiater', undefined, '7d', now).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'upstream_failed', message: expect.stringMatching(/onbruikbaar antwoord.*niets opgeslagen/) });
    const workflowId = handoverWorkflowId({ patientId, period: '7d', filterForRole: 'psychiater' }, now);
    expect(await storedFor(workflowId)).toBe(0);
    expect((await aiEvents(workflowId)).map((event) => event.outcome)).toEqual(['malformed']);
  });

  it('without a model: an extractive summary from the filtered sources, labelled as such', async () => {
    const offline = createActivities({ orm, ai: env.offline, grants: env.grants });
    const summary = await generate('psychiater', offline, '14d');
    expect(summary.meta).toMatchObject({ bron: 'lokaal', model: null, ernst: 'instabiel' });
    expect(summary.aandachtspunten[0]!.bron.id).toBe(ids.incident);
    expect(summary.aandachtspunten.every((item) => item.bron.id !== ids.walk && item.bron.id !== ids.pulse)).toBe(true);
  });

  it('asking again after a finished generation makes a new summary, not the stored one', async () => {
    const offline = createActivities({ orm, ai: env.offline, grants: env.grants });
    const now = new Date(Date.now() + 3 * 24 * 3600_000);
    const first = await generate('verpleegkundige', offline, '3d', now);
    const second = await generate('verpleegkundige', offline, '3d', new Date(now.getTime() + 1000));
    expect(second.meta.workflowId).toBe(first.meta.workflowId);
    expect(second.meta.generatedAt).not.toBe(first.meta.generatedAt);
    expect(await storedFor(first.meta.workflowId)).toBe(2);
  });

  it('completes after the worker dies in the middle of summarising: stored once, every model call accounted', async () => {
    model.requests.length = 0;
    model.answer((request) => handoverAnswer(request));
    const taskQueue = `test-handover-${randomUUID()}`;
    const real = createActivities({ orm, ai, grants: env.grants });
    let stopA: (() => Promise<void>) | undefined;
    const crashed = new Promise<void>((resolve) => {
      void startTestWorker(taskQueue, {
        ...real,
        async summariseHandover(input) {
          // The model is asked, and the worker dies before it can report the answer.
          await real.summariseHandover(input);
          resolve();
          throw new Error('worker killed during the model call');
        },
      }).then((worker) => (stopA = worker.stop));
    });
    const now = new Date(Date.now() + 2 * 24 * 3600_000);
    const request = { patientId, period: '1d', filterForRole: 'verpleegkundige' };
    const pending = generateHandover({ orm, ...env.temporal, taskQueue, waitMs: 30_000 }, actor, request, now);
    await crashed;
    await stopA?.();
    // No worker runs now; the page still sees where the generation stands.
    expect(await handoverProgress(env.temporal, actor, request, now)).toMatchObject({ status: 'bezig', step: 1 });
    const workerB = await startTestWorker(taskQueue, real);
    let summary: HandoverSummary;
    try {
      summary = await pending;
    } finally {
      await workerB.stop();
    }
    expect(summary.aandachtspunten.length).toBeGreaterThan(0);
    expect(await storedFor(summary.meta.workflowId)).toBe(1);
    expect(model.requests).toHaveLength(2);
    expect((await aiEvents(summary.meta.workflowId)).map((event) => event.outcome)).toEqual(['ok', 'ok']);
    expect(await handoverProgress(env.temporal, actor, request, now)).toMatchObject({ status: 'klaar', step: 3 });
    expect(await handoverProgress(env.temporal, { ...actor, organisationId: randomUUID() }, request, now)).toMatchObject({
      status: 'niet_gestart',
    });
  });
});
