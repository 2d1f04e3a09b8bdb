import type { Client } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AiPort } from '../../domain/ai/ai.port';
import type { AuditActor } from '../../domain/audit/audit.service';
import type { MikroORM } from '../../domain/db/orm';
import { tenantOf, withTenant } from '../../domain/db/tenant';
import { createDraftLetter, getGpLetter } from '../../domain/gp-letter/gp-letter.service';
import { noShowWorkflowId, type NoShowJob, type NoShowState } from '../../domain/noshow/noshow';
import { prepareNoShow } from '../../domain/noshow/noshow.steps';
import {
  approveNoShowLetter,
  dispatchNoShow,
  noShowState,
  rescriptNoShow,
  startNoShow,
  withdrawNoShow,
  type NoShowDeps,
} from '../../temporal/noshow';
import { openNudges } from '../../domain/nudge/nudge.service';
import { createPatient } from '../../domain/patient/patient.service';
import { AppError } from '../../domain/shared/errors';
import { noShowAnswer } from '../../tests/msw/answers';
import { mockModel } from '../../tests/msw/model';
import { asOwner, createAppointment, createOrganisation, createUser, validBsns } from '../../tests/support/factories';
import { connectWorkflowTest, startTestWorker, type WorkflowTest } from '../../tests/support/worker';
import { createActivities, type Activities } from '../../workers/activities';

const model = mockModel();
let orm: MikroORM;
let env: WorkflowTest;
let client: Client;
let withModel: AiPort;
let offline: AiPort;
let nurse: AuditActor;
let reviewer: AuditActor;
let bsnIndex = 0;

/** A patient of the nurse's organisation with a draft GP letter that names, dates and numbers them. */
async function patientWithDraft(given: string, family: string): Promise<{ patientId: string; letterId: string; bsn: string }> {
  const bsn = validBsns[bsnIndex++]!;
  return withTenant(orm, tenantOf(nurse), async (em) => {
    const patient = await createPatient(em, nurse, {
      nameGiven: [given],
      namePrefix: 'de',
      familyName: family,
      bsn,
      birthDate: '1971-04-12',
      gender: 'male',
    });
    const text = `Geachte collega Jansen,\n\nHierbij informeren wij u over uw patiënt ${given} de ${family}, geboren 12-04-1971 (BSN ${bsn}).\n\nDe heer De ${family} is stabiel op de huidige medicatie.\n\nMet collegiale groet,\n\nDr. A. Arts`;
    const letter = await createDraftLetter(em, nurse, {
      patientId: patient.id,
      subject: 'Voortgang behandeling',
      text,
      gpName: 'Dr. H. Jansen',
      gpPractice: 'Huisartsenpraktijk De Linde',
    });
    return { patientId: patient.id, letterId: letter.id, bsn };
  });
}

/** The nurse's appointment that began `minutesAgo` minutes ago (no API books one in the past). */
function appointment(patientId: string, minutesAgo = 30): Promise<string> {
  const startAt = new Date(Math.floor((Date.now() - minutesAgo * 60_000) / 300_000) * 300_000);
  return createAppointment(nurse.organisationId, { patientId, practitionerId: nurse.userId, startAt });
}

async function facts(appointmentId: string, letterId: string) {
  return asOwner(nurse.organisationId, async (db) => {
    const { rows } = await db.query<{ status: string; noshow_updates: number; events: string[] }>(
      `select (select status from appointments where id = $1) as status,
              (select count(*)::int from audit_events where resource_id = $1 and action = 'update' and details->>'status' = 'niet-verschenen') as noshow_updates,
              (select coalesce(array_agg(event order by version), '{}') from gp_letter_versions where letter_id = $2) as events`,
      [appointmentId, letterId],
    );
    return rows[0]!;
  });
}

const letterOf = (letterId: string) => withTenant(orm, tenantOf(nurse), (em) => getGpLetter(em, letterId));

async function until(deps: NoShowDeps, appointmentId: string, done: (state: NoShowState) => boolean, ms = 20_000): Promise<NoShowState> {
  // vi.waitFor, not expect.poll: a caller may catch the wait that ran out (and approve again).
  return vi.waitFor(
    async () => {
      const state = await noShowState(deps, nurse, appointmentId);
      if (!state || !done(state)) throw new Error(`no-show process stuck at ${state?.status ?? 'nothing'}`);
      return state;
    },
    { interval: 100, timeout: ms },
  );
}

/** A fresh task queue with its own in-process worker for one test. */
async function withWorker<T>(activities: Activities, work: (deps: NoShowDeps) => Promise<T>, extra: Partial<NoShowDeps> = {}): Promise<T> {
  const taskQueue = `test-noshow-${randomUUID()}`;
  const worker = await startTestWorker(taskQueue, activities);
  try {
    return await work({ orm, ...env.temporal, taskQueue, ...extra });
  } finally {
    await worker.stop();
  }
}

beforeAll(async () => {
  env = await connectWorkflowTest(model);
  ({ orm, client, withModel, offline } = env);
  const organisation = await createOrganisation();
  const [nurseUser, psychiatrist] = [
    await createUser(organisation.id, { role: 'verpleegkundige' }),
    await createUser(organisation.id, { role: 'psychiater' }),
  ];
  nurse = { organisationId: organisation.id, userId: nurseUser.id, role: 'verpleegkundige', channel: 'assistant' };
  reviewer = { organisationId: organisation.id, userId: psychiatrist.id, role: 'psychiater', channel: 'web' };
});

afterAll(async () => {
  await env?.close();
});

/** The chat's command: cancel the appointment (the process starts or is joined), then wait for the rewrite. */
async function noShowCommand(deps: NoShowDeps, actor: AuditActor, appointmentId: string, body: unknown) {
  const { created } = await startNoShow(deps, actor, appointmentId, body);
  return { created, context: await rescriptNoShow(deps, actor, appointmentId) };
}

describe('no-show → GP letter on the real Temporal server', () => {
  it('registers the no-show, rewrites the draft locally, waits for the review, and makes the approved text ready to send', async () => {
    const { patientId, letterId } = await patientWithDraft('Jan', 'Vries');
    const appointmentId = await appointment(patientId);
    await withWorker(createActivities({ orm, ai: offline, grants: env.grants }), async (deps) => {
      const started = await noShowCommand(deps, nurse, appointmentId, { followUp: 'Wij bellen hem morgen voor een nieuwe afspraak' });
      expect(started.created).toBe(true);
      const { context } = started;
      expect(context.workflow).toMatchObject({
        workflowId: noShowWorkflowId(appointmentId),
        status: 'ter_beoordeling',
        statusLabel: 'Wacht op beoordeling',
        letterId,
        rewrite: { bron: 'lokaal', model: null },
      });
      expect(context.appointment.status).toBe('niet-verschenen');
      expect(context.gp).toEqual({ name: 'Dr. H. Jansen', practice: 'Huisartsenpraktijk De Linde', address: null });
      const letter = context.letter!;
      expect(letter).toMatchObject({ id: letterId, status: 'ter_beoordeling', appointmentId });
      expect(letter.originalText).not.toContain('Niet verschenen');
      // The templated paragraph sits before the closing, with the appointment and the follow-up.
      expect(letter.rewrittenText).toMatch(
        /stabiel op de huidige medicatie\.\n\nNiet verschenen op afspraak\nOp \w+ \d+ \w+ \d{4} om \d\d:\d\d is Jan de Vries niet verschenen op de geplande afspraak \(behandelgesprek\)\. Wij bellen hem morgen voor een nieuwe afspraak\.\n\nMet collegiale groet,/,
      );

      // Dispatch before the review: a Dutch 409, nothing changes.
      const early = await dispatchNoShow(deps, nurse, appointmentId).catch((error: unknown) => error);
      expect(early).toBeInstanceOf(AppError);
      expect(early).toMatchObject({ code: 'conflict', status: 409, message: expect.stringMatching(/nog niet beoordeeld/) });

      const edited = `${letter.rewrittenText!.replace('Wij bellen hem morgen', 'De praktijkondersteuner belt hem morgen')}`;
      const approved = await approveNoShowLetter(deps, reviewer, letterId, { finalText: edited });
      expect(approved).toMatchObject({ status: 'goedgekeurd', finalText: edited, reviewer: { id: reviewer.userId } });
      // Approved once: a second approval is refused in Dutch.
      await expect(approveNoShowLetter(deps, reviewer, letterId, { finalText: edited })).rejects.toMatchObject({
        code: 'conflict',
        message: 'Deze brief is al goedgekeurd.',
      });

      const dispatched = await dispatchNoShow(deps, nurse, appointmentId);
      expect(dispatched.workflow?.status).toBe('verzendklaar');
      expect(dispatched.letter).toMatchObject({ status: 'verzendklaar', finalText: edited, workflowId: null });
      // A second dispatch changes nothing.
      expect((await dispatchNoShow(deps, nurse, appointmentId)).letter?.version).toBe(dispatched.letter?.version);
    });
    expect(await facts(appointmentId, letterId)).toEqual({
      status: 'niet-verschenen',
      noshow_updates: 1,
      events: ['concept', 'herschreven', 'goedgekeurd', 'verzendklaar'],
    });
    const handle = client.workflow.getHandle(noShowWorkflowId(appointmentId));
    expect((await handle.describe()).status.name).toBe('COMPLETED');
    expect(
      (await handle.fetchHistory()).events?.some(
        (event) => event.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name === 'approve',
      ),
    ).toBe(true);
  });

  it('cancel is the first step: the appointment is niet-verschenen when it answers; rescript before it is refused, after it returns the rewrite', async () => {
    const { patientId, letterId } = await patientWithDraft('Ria', 'Eerst');
    const appointmentId = await appointment(patientId);
    await withWorker(createActivities({ orm, ai: offline, grants: env.grants }), async (deps) => {
      await expect(rescriptNoShow(deps, nurse, appointmentId)).rejects.toMatchObject({
        code: 'conflict',
        message: expect.stringMatching(/Registreer dat eerst/),
      });
      const cancelled = await startNoShow(deps, nurse, appointmentId, {});
      expect(cancelled.created).toBe(true);
      expect(cancelled.context.appointment.status).toBe('niet-verschenen');
      expect(cancelled.context.workflow?.status).not.toBe('voorbereiden');
      const rewritten = await rescriptNoShow(deps, nurse, appointmentId);
      expect(rewritten.workflow).toMatchObject({ status: 'ter_beoordeling', letterId });
      expect((await rescriptNoShow(deps, nurse, appointmentId)).letter?.version).toBe(rewritten.letter?.version);
      await withdrawNoShow(deps, nurse, appointmentId);
    });
  });

  it('withdrawn before the review: nothing is dispatched, the draft and the appointment are as before, and a new command starts again', async () => {
    const { patientId, letterId } = await patientWithDraft('Kees', 'Bruin');
    const appointmentId = await appointment(patientId, 10);
    await withWorker(createActivities({ orm, ai: offline, grants: env.grants }), async (deps) => {
      await noShowCommand(deps, nurse, appointmentId, {});
      const cancelled = await withdrawNoShow(deps, nurse, appointmentId);
      expect(cancelled.workflow?.status).toBe('geannuleerd');
      expect(cancelled.appointment.status).toBe('gepland');
      expect(cancelled.letter).toMatchObject({ id: letterId, status: 'concept', rewrittenText: null, workflowId: null });
      await expect(dispatchNoShow(deps, nurse, appointmentId)).rejects.toMatchObject({
        code: 'conflict',
        message: expect.stringMatching(/is ingetrokken; er is geen brief/),
      });
      // Cancelling twice is harmless; someone else's organisation sees no process at all.
      expect((await withdrawNoShow(deps, nurse, appointmentId)).workflow?.status).toBe('geannuleerd');
      expect(await noShowState(deps, { ...nurse, organisationId: randomUUID() }, appointmentId)).toBeNull();

      const again = await noShowCommand(deps, nurse, appointmentId, {});
      expect(again.created).toBe(true);
      expect(again.context.workflow?.status).toBe('ter_beoordeling');
      expect(again.context.letter?.id).toBe(letterId);
      await withdrawNoShow(deps, nurse, appointmentId);
    });
    expect(await facts(appointmentId, letterId)).toMatchObject({
      status: 'gepland',
      noshow_updates: 2,
      events: ['concept', 'herschreven', 'ingetrokken', 'herschreven', 'ingetrokken'],
    });
  });

  it('the same command twice: one cancellation, one rewritten version; a retried step returns its first outcome', async () => {
    const { patientId, letterId } = await patientWithDraft('Piet', 'Groot');
    const appointmentId = await appointment(patientId);
    await withWorker(createActivities({ orm, ai: offline, grants: env.grants }), async (deps) => {
      const [first, second] = await Promise.all([
        noShowCommand(deps, nurse, appointmentId, {}),
        noShowCommand(deps, nurse, appointmentId, {}),
      ]);
      expect(first.context.workflow?.letterId).toBe(letterId);
      expect(second.context.workflow?.letterId).toBe(letterId);
      const third = await noShowCommand(deps, nurse, appointmentId, {});
      expect(third.created).toBe(false);
      expect(third.context.workflow?.status).toBe('ter_beoordeling');

      // What a worker that died after the commit would do: run the step again with the same key.
      const runId = (await client.workflow.getHandle(noShowWorkflowId(appointmentId)).describe()).runId;
      const job: NoShowJob = {
        actor: nurse,
        appointmentId,
        workflowId: noShowWorkflowId(appointmentId),
        followUp: null,
        requestedAt: new Date().toISOString(),
      };
      const key = `${job.workflowId}/${runId}:voorbereiden`;
      const retried = await withTenant(orm, tenantOf(nurse), (em) => prepareNoShow(em, job, key));
      expect(retried.letterId).toBe(letterId);
      expect(retried.appointment.previousStatus).toBe('gepland');
      await withdrawNoShow(deps, nurse, appointmentId);
    });
    const after = await facts(appointmentId, letterId);
    expect(after.noshow_updates).toBe(1);
    expect(after.events.filter((event) => event === 'herschreven')).toHaveLength(1);
  });

  it('a process an operator terminated halfway counts as failed, and the next command starts it again', async () => {
    const { patientId, letterId } = await patientWithDraft('Teun', 'Term');
    const appointmentId = await appointment(patientId);
    await withWorker(createActivities({ orm, ai: offline, grants: env.grants }), async (deps) => {
      await noShowCommand(deps, nurse, appointmentId, {});
      await client.workflow.getHandle(noShowWorkflowId(appointmentId)).terminate('operator test');
      expect(await noShowState(deps, nurse, appointmentId)).toMatchObject({
        status: 'mislukt',
        error: expect.stringMatching(/afgebroken/),
      });
      await expect(dispatchNoShow(deps, nurse, appointmentId)).rejects.toMatchObject({
        code: 'conflict',
        message: expect.stringMatching(/mislukt/),
      });
      const again = await noShowCommand(deps, nurse, appointmentId, {});
      expect(again.created).toBe(true);
      expect(again.context.workflow).toMatchObject({ status: 'ter_beoordeling', letterId });
      await approveNoShowLetter(deps, reviewer, letterId, { finalText: again.context.letter!.rewrittenText! });
      expect((await dispatchNoShow(deps, nurse, appointmentId)).letter?.status).toBe('verzendklaar');
    });
  });

  it('records a reminder nudge when the review waits longer than the configured time, and clears it on approval', async () => {
    const { patientId, letterId } = await patientWithDraft('Wim', 'Wacht');
    const appointmentId = await appointment(patientId);
    await withWorker(
      createActivities({ orm, ai: offline, grants: env.grants }),
      async (deps) => {
        await noShowCommand(deps, nurse, appointmentId, {});
        const reminded = await until(deps, appointmentId, (state) => state.reminders >= 1);
        expect(reminded.status).toBe('ter_beoordeling');
        const nudges = await withTenant(orm, tenantOf(reviewer), (em) => openNudges(em, reviewer));
        expect(nudges).toContainEqual(
          expect.objectContaining({
            kind: 'huisartsbrief_beoordelen',
            text: 'De huisartsbrief van Wim de Wacht over de gemiste afspraak wacht op beoordeling.',
            href: `/brieven/${letterId}`,
            patientId,
            subjectId: letterId,
          }),
        );
        const letter = await letterOf(letterId);
        await approveNoShowLetter(deps, reviewer, letterId, { finalText: letter.rewrittenText! });
        const open = await withTenant(orm, tenantOf(reviewer), (em) => openNudges(em, reviewer));
        expect(open.filter((nudge) => nudge.subjectId === letterId)).toEqual([]);
        await dispatchNoShow(deps, reviewer, appointmentId);
      },
      { reminderAfterMs: 1500 },
    );
    const rows = await asOwner(
      nurse.organisationId,
      async (db) => (await db.query<{ n: number }>('select count(*)::int as n from nudges where subject_id = $1', [letterId])).rows[0]!.n,
    );
    expect(rows).toBeGreaterThanOrEqual(1);
  });

  it('rewrites with the model on pseudonymised text: no name, BSN, birth date or GP reaches it; the answer is re-identified and accounted for', async () => {
    const { patientId, letterId, bsn } = await patientWithDraft('Jan', 'Hendriks');
    const appointmentId = await appointment(patientId);
    model.requests.length = 0;
    model.answer((request) => {
      const user = request.messages[1]!.content;
      const draft = user.slice(user.indexOf('Conceptbrief:\n') + 'Conceptbrief:\n'.length);
      const closing = draft.indexOf('Met collegiale groet');
      const patient = /uw patiënt (\[PATIENT_\d+\])/.exec(draft)?.[1] ?? '[PATIENT_1]';
      return {
        content: JSON.stringify({
          brief: `${draft.slice(0, closing)}Op de afspraak van vandaag is ${patient} niet verschenen. Wij nemen contact met hem op.\n\n${draft.slice(closing)}`,
        }),
      };
    });
    await withWorker(createActivities({ orm, ai: withModel, grants: env.grants }), async (deps) => {
      const { context } = await noShowCommand(deps, nurse, appointmentId, {});
      expect(context.workflow?.rewrite).toEqual({ bron: 'taalmodel', model: 'test-model' });
      expect(context.letter?.rewrittenText).toContain('Op de afspraak van vandaag is Jan de Hendriks niet verschenen.');
      expect(context.letter?.rewrittenText).toContain(`(BSN ${bsn})`);
      await withdrawNoShow(deps, nurse, appointmentId);
    });
    const sent = model.sentText();
    expect(model.requests).toHaveLength(1);
    for (const secret of ['Hendriks', bsn, '12-04-1971', 'Jansen']) expect(sent).not.toContain(secret);
    expect(sent).toContain('[BSN_1]');
    expect(sent).toMatch(/behandelgesprek op \w+ \d+ \w+ \d{4} om \d\d:\d\d/);
    const events = await withTenant(orm, tenantOf(nurse), (em) =>
      em.execute<{ capability: string; prompt_version: string; outcome: string; patient_id: string }[]>(
        'select capability, prompt_version, outcome, patient_id from ai_events where workflow_id = ?',
        [noShowWorkflowId(appointmentId)],
      ),
    );
    expect(events).toEqual([{ capability: 'gp_letter', prompt_version: 'gp-letter-noshow@2', outcome: 'ok', patient_id: patientId }]);
    expect((await letterOf(letterId)).status).toBe('concept');
  });

  it('an unusable model answer falls back to the local paragraph, with a note for the reviewer', async () => {
    const { patientId } = await patientWithDraft('Ruud', 'Raar');
    const appointmentId = await appointment(patientId);
    model.answer(() => ({ content: 'Sorry, dat kan ik niet.' }));
    await withWorker(createActivities({ orm, ai: withModel, grants: env.grants }), async (deps) => {
      const { context } = await noShowCommand(deps, nurse, appointmentId, {});
      expect(context.workflow?.rewrite).toMatchObject({ bron: 'lokaal', melding: expect.stringMatching(/onbruikbaar antwoord/) });
      expect(context.letter?.rewrite?.note).toMatch(/onbruikbaar antwoord/);
      expect(context.letter?.rewrittenText).toContain('Niet verschenen op afspraak');
      await withdrawNoShow(deps, nurse, appointmentId);
    });
  });

  it('survives its worker: killed during the rewrite and gone during the review, it resumes and completes after the approval', async () => {
    const { patientId, letterId } = await patientWithDraft('Sanne', 'Sterk');
    const appointmentId = await appointment(patientId);
    model.requests.length = 0;
    model.answer(noShowAnswer);
    const taskQueue = `test-noshow-${randomUUID()}`;
    const deps: NoShowDeps = { orm, ...env.temporal, taskQueue, decisionWaitMs: 1500 };
    const real = createActivities({ orm, ai: withModel, grants: env.grants });
    let stopA: (() => Promise<void>) | undefined;
    const crashed = new Promise<void>((resolve) => {
      void startTestWorker(taskQueue, {
        ...real,
        async rewriteNoShowLetter(input) {
          // The model answers, and the worker dies before it can report the rewrite.
          await real.rewriteNoShowLetter(input);
          resolve();
          throw new Error('worker killed during the rewrite');
        },
      }).then((worker) => (stopA = worker.stop));
    });
    const pending = startNoShow(deps, nurse, appointmentId, {});
    await crashed;
    await stopA?.();

    const workerB = await startTestWorker(taskQueue, real);
    await until(deps, appointmentId, (state) => state.status === 'ter_beoordeling');
    await pending;
    await workerB.stop();

    // Days may pass without a worker. An approval meanwhile is not carried out, and the reviewer is told so in Dutch.
    const letter = await letterOf(letterId);
    const waiting = await approveNoShowLetter(deps, reviewer, letterId, { finalText: letter.rewrittenText! }).catch(
      (error: unknown) => error,
    );
    expect(waiting).toMatchObject({
      code: 'unavailable',
      message: expect.stringMatching(/doorgegeven, maar de verwerking reageert nu niet/),
    });
    expect((await noShowState(deps, nurse, appointmentId))?.status).toBe('ter_beoordeling');

    const workerC = await startTestWorker(taskQueue, real);
    try {
      // Temporal may still hand the first approval to the new worker; if not, the reviewer approves again.
      await until(deps, appointmentId, (state) => state.status === 'goedgekeurd', 3000).catch(() =>
        approveNoShowLetter(deps, reviewer, letterId, { finalText: letter.rewrittenText! }),
      );
      await until(deps, appointmentId, (state) => state.status === 'goedgekeurd');
      expect((await dispatchNoShow(deps, nurse, appointmentId)).letter?.status).toBe('verzendklaar');
    } finally {
      await workerC.stop();
    }
    expect((await facts(appointmentId, letterId)).events).toEqual(['concept', 'herschreven', 'goedgekeurd', 'verzendklaar']);
    // The model was asked twice (the first answer died with the worker); both calls are accounted for.
    expect(model.requests).toHaveLength(2);
    const outcomes = await withTenant(orm, tenantOf(nurse), (em) =>
      em.execute<{ outcome: string }[]>('select outcome from ai_events where workflow_id = ?', [noShowWorkflowId(appointmentId)]),
    );
    expect(outcomes.map((row) => row.outcome)).toEqual(['ok', 'ok']);
  });
});
