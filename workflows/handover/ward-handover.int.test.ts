import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditActor } from '../../domain/audit/audit.service';
import { tenantOf, withTenant } from '../../domain/db/tenant';
import { wardHandover } from '../../domain/handover/ward.service';
import { generateBsn, random } from '../../domain/demo/patient-generator';
import { createPatient } from '../../domain/patient/patient.service';
import { startWardHandover, wardHandoverProgress, wardHandoverWorkflowId, type WardHandoverProgress } from '../../temporal/handover';
import { handoverAnswer } from '../../tests/msw/answers';
import { mockModel } from '../../tests/msw/model';
import { asOwner, createOrganisation, createReport, createUser } from '../../tests/support/factories';
import { connectWorkflowTest, startTestWorker, type WorkflowTest } from '../../tests/support/worker';
import { createActivities } from '../../workers/activities';
import { wardParallelism } from './messages';

/*
 * Issue 26, point 2: the ward handover on the real Temporal server, with the model mocked. One
 * workflow makes every patient's summary, never more than `wardParallelism` model calls at once,
 * shows its progress in the memo, and carries on past a patient whose summary fails.
 */

const model = mockModel();
let env: WorkflowTest;
let actor: AuditActor;
const patientIds: string[] = [];
const wardSize = 30;
const modelDelayMs = 150;
const givenNames = ['Anna', 'Bram', 'Cas', 'Daan', 'Eva', 'Fleur', 'Gijs', 'Hanna', 'Ilse', 'Joris'];
const familyNames = ['Smit', 'Mulder', 'Bos'];
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

beforeAll(async () => {
  env = await connectWorkflowTest(model);
  const organisation = await createOrganisation();
  const user = await createUser(organisation.id, { role: 'verpleegkundige' });
  actor = { organisationId: organisation.id, userId: user.id, role: user.role, channel: 'web' };
  await withTenant(env.orm, tenantOf(actor), async (em) => {
    for (let i = 0; i < wardSize; i++) {
      const patient = await createPatient(em, actor, {
        nameGiven: [givenNames[i % givenNames.length]!],
        familyName: `${familyNames[Math.floor(i / givenNames.length)]}`,
        birthDate: '1980-01-01',
        bsn: generateBsn(random(i + 1)),
      });
      patientIds.push(patient.id);
    }
  });
  await asOwner(actor.organisationId, (db) => db.query("update patients set episode_status = 'active' where id = any($1)", [patientIds]));
  for (const [index, patientId] of patientIds.entries())
    await createReport(actor.organisationId, {
      patientId,
      createdBy: actor.userId,
      type: 'incident',
      category: 'incident',
      content: `Onrustig in de huiskamer, schold een medepatiënt uit (${index}).`,
      createdAt: hoursAgo(2),
      includeInHandover: true,
    });
});

afterAll(async () => {
  await env?.close();
});

/** Polls the progress until the run is no longer busy; every answer seen, in order. */
async function followUntilDone(deps: WorkflowTest['temporal'], now: Date): Promise<WardHandoverProgress[]> {
  const seen: WardHandoverProgress[] = [];
  await expect
    .poll(
      async () => {
        const progress = await wardHandoverProgress(deps, actor, { period: '1d', filterForRole: 'verpleegkundige' }, now);
        seen.push(progress);
        return progress.status;
      },
      { interval: 50, timeout: 30_000, message: 'the ward handover did not finish within 30 seconds' },
    )
    .not.toBe('bezig');
  return seen;
}

describe('ward handover workflow', () => {
  it('makes every summary with bounded parallelism, shows its progress and carries on past a failure', async () => {
    const calls: { start: number; end: number }[] = [];
    const failing = 'Hanna Smit';
    model.requests.length = 0;
    model.answer((request) => {
      const start = Date.now();
      calls.push({ start, end: start + modelDelayMs });
      // One patient's answer is unusable: that patient gets no new summary, the others do. The
      // model sees pseudonyms, not names: the patient is known by the number in its report.
      if (request.messages[1]!.content.includes(`(${givenNames.indexOf('Hanna')})`)) return { content: 'geen json', delayMs: modelDelayMs };
      return { ...handoverAnswer(request), delayMs: modelDelayMs };
    });
    const taskQueue = `test-ward-${randomUUID()}`;
    const worker = await startTestWorker(taskQueue, createActivities({ orm: env.orm, ai: env.withModel, grants: env.grants }));
    const now = new Date();
    try {
      const deps = { ...env.temporal, taskQueue };
      const started = await startWardHandover(deps, actor, { period: '1d', filterForRole: 'verpleegkundige' }, now);
      expect(started.status).toBe('bezig');
      // Asked again while it runs: the same run is joined, not a second one started.
      const workflowId = wardHandoverWorkflowId(actor.organisationId, { period: '1d', filterForRole: 'verpleegkundige' }, now);
      const firstRun = (await env.client.workflow.getHandle(workflowId).describe()).runId;
      await startWardHandover(deps, actor, { period: '1d', filterForRole: 'verpleegkundige' }, now);
      expect((await env.client.workflow.getHandle(workflowId).describe()).runId).toBe(firstRun);

      const seen = await followUntilDone(deps, now);
      expect(seen.at(-1)).toMatchObject({ status: 'klaar', done: wardSize, total: wardSize, failed: 1 });
      // Progress moved on while it ran, and never backwards.
      expect(seen.some((progress) => progress.status === 'bezig' && progress.done > 0 && progress.done < wardSize)).toBe(true);
      const dones = seen.map((progress) => progress.done);
      expect(dones).toEqual([...dones].sort((a, b) => a - b));

      // The model: one call per patient (the unusable answer is not retried as a new summary), never more than the bound at once.
      expect(calls.length).toBeGreaterThanOrEqual(wardSize);
      const overlap = Math.max(...calls.map((call) => calls.filter((other) => other.start <= call.start && other.end > call.start).length));
      expect(overlap).toBeLessThanOrEqual(wardParallelism);
      expect(overlap).toBeGreaterThan(1);
      // No patient's name in the workflow id.
      expect(workflowId).not.toMatch(/Smit|Mulder|Bos/);
      expect(model.sentText()).not.toContain('Smit');
    } finally {
      await worker.stop();
    }

    const ward = await withTenant(env.orm, tenantOf(actor), (em) =>
      wardHandover(em, actor, { period: '1d', filterForRole: 'verpleegkundige' }, new Date()),
    );
    expect(ward.patients).toHaveLength(wardSize);
    const withSummary = ward.patients.filter((entry) => entry.summary);
    expect(withSummary).toHaveLength(wardSize - 1);
    expect(ward.patients.find((entry) => entry.patient.name === failing)?.summary).toBeNull();
    for (const { patient, summary } of withSummary) {
      expect(summary!.meta).toMatchObject({ patientId: patient.patientId, period: '1d', role: 'verpleegkundige', bron: 'taalmodel' });
      expect(summary!.meta.summaryId).toMatch(/^[0-9a-f-]{36}$/);
      expect(summary!.aandachtspunten.length).toBeGreaterThan(0);
    }
  });

  it('refuses a forged start: a grant signed for another workflow makes nothing', async () => {
    const taskQueue = `test-ward-${randomUUID()}`;
    const worker = await startTestWorker(taskQueue, createActivities({ orm: env.orm, ai: env.withModel, grants: env.grants }));
    const workflowId = `ward-handover-forged-${randomUUID()}`;
    const before = await summaryCount();
    try {
      const handle = await env.client.workflow.start('wardHandoverGeneration', {
        taskQueue,
        workflowId,
        args: [
          {
            period: '1d',
            role: 'psychiater',
            workflowId,
            requestedAt: new Date().toISOString(),
            grant: env.grants.grant(actor, 'another-workflow', 'generation'),
          },
        ],
      });
      await expect(handle.result()).rejects.toThrow();
    } finally {
      await worker.stop();
    }
    expect(await summaryCount()).toBe(before);
    const denied = await withTenant(env.orm, tenantOf(actor), (em) =>
      em.execute<{ n: string }[]>("select count(*) as n from audit_events where outcome = 'denied' and details->>'workflowId' = ?", [
        workflowId,
      ]),
    );
    expect(Number(denied[0]!.n)).toBeGreaterThan(0);
  });
});

async function summaryCount(): Promise<number> {
  const rows = await withTenant(env.orm, tenantOf(actor), (em) =>
    em.execute<{ n: string }[]>('select count(*) as n from handover_summaries'),
  );
  return Number(rows[0]!.n);
}
