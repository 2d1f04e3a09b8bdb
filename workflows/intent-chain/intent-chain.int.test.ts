import type { Client } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rangeForLabel } from '../../domain/agenda/agenda.dates';
import type { AuditActor } from '../../domain/audit/audit.service';
import type { MikroORM } from '../../domain/db/orm';
import { chainWorkflowId, type ChainState } from '../../domain/intent/chain';
import { confirmChain, rejectChain, startChain } from '../../temporal/chain';
import { recentWorkflows } from '../../temporal/ops';
import { asOwner, createOrganisation, createUser, registerPatient, signedInUser, type SignedIn } from '../../tests/support/factories';
import { json, login } from '../../tests/support/http';
import { connectWorkflowTest, startTestWorker, type WorkflowTest } from '../../tests/support/worker';
import { createActivities } from '../../workers/activities';
import type { intentChain } from './intent-chain.workflow';
import { confirmUpdate } from './messages';

let orm: MikroORM;
let env: WorkflowTest;
let client: Client;
let nurse: SignedIn;
let actor: AuditActor;
let patientId: string;

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** A day named like the assistant names it, at a whole hour, Europe/Amsterdam. */
function dayAt(label: string, hour: number): string {
  return new Date(rangeForLabel(label)!.start.getTime() + hour * 3600_000).toISOString();
}

async function appointmentAt(label: string, hour: number): Promise<string> {
  const response = await json('/api/assistant/agenda/create', {
    method: 'POST',
    cookie: nurse.cookie,
    body: { patientId, type: 'behandelgesprek', start: dayAt(label, hour) },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const cancelAndNote = (content: string, cancel: Record<string, string> = {}) => ({
  actions: [
    {
      intent: 'cancel_appointment',
      entities: { patientName: 'Jan', patientId, dateLabel: 'morgen', content: 'Patiënt belde af', ...cancel },
      confidence: 0.92,
    },
    { intent: 'dagnotitie', entities: { patientId, category: 'observatie', content }, confidence: 0.88 },
  ],
});

/** What the chain may change, read as the table owner. */
async function effects(chainId: string, appointmentId: string, content: string) {
  return asOwner(nurse.organisationId, async (db) => {
    const { rows } = await db.query<{ status: string; updates: string[]; notes: number; keys: string[] | null }>(
      `select (select status from appointments where id = $1) as status,
              (select coalesce(array_agg(channel), '{}') from audit_events where resource_id = $1 and action = 'update') as updates,
              (select count(*)::int from reports where patient_id = $2 and type = 'dagnotitie' and content = $3 and deleted_at is null) as notes,
              (select array_agg(key order by key) from workflow_effects where key like $4) as keys`,
      [appointmentId, patientId, content, `${chainId}:%`],
    );
    return rows[0]!;
  });
}

const untouched = { status: 'gepland', updates: [], notes: 0, keys: null };

beforeAll(async () => {
  env = await connectWorkflowTest();
  ({ orm, client } = env);
  nurse = await signedInUser();
  actor = { organisationId: nurse.organisationId, userId: nurse.user.id, role: nurse.user.role, channel: 'assistant' };
  patientId = await registerPatient(nurse.cookie);
});

afterAll(async () => {
  await env?.close();
});

describe('an intent chain on the real Temporal server', () => {
  it('waits for confirmation, then writes both effects exactly once although the worker restarts mid-chain', async () => {
    const content = 'Patiënt meldt zich ziek.';
    const appointmentId = await appointmentAt('morgen', 10);
    const taskQueue = `test-intent-chain-${randomUUID()}`;
    const real = createActivities({ orm, ai: env.offline, grants: env.grants });

    // Worker A prepares the chain and is gone before the clinician answers.
    const workerA = await startTestWorker(taskQueue, real);
    let prepared: ChainState;
    try {
      prepared = await startChain({ ...env.temporal, taskQueue }, actor, cancelAndNote(content));
    } finally {
      await workerA.stop();
    }
    expect(prepared.status).toBe('wacht_op_bevestiging');
    expect(prepared.steps.map((step) => [step.intent, step.kind, step.status])).toEqual([
      ['cancel_appointment', 'write', 'klaar_voor_bevestiging'],
      ['dagnotitie', 'write', 'klaar_voor_bevestiging'],
    ]);
    expect(prepared.steps[0]!.plan).toMatchObject({ appointmentId, patientId, patientName: 'Jan de Vries' });
    expect(prepared.steps[0]!.summary).toMatch(/^Afspraak behandelgesprek \S+ \d{1,2} \S+ 10:00 met Jan de Vries annuleren$/);
    expect(prepared.steps[1]!.summary).toBe('Dagnotitie voor Jan de Vries vastleggen (Observatie): “Patiënt meldt zich ziek.”');
    expect(await effects(prepared.chainId, appointmentId, content)).toEqual(untouched);

    // The confirmation (an Update, signed for the nurse) reaches Temporal while no worker runs; nothing can happen yet.
    const handle = client.workflow.getHandle<typeof intentChain>(chainWorkflowId(prepared.chainId));
    const grant = env.grants.grant(actor, chainWorkflowId(prepared.chainId), 'decision');
    const confirmation = handle.startUpdate(confirmUpdate, { args: [{ grant }], waitForStage: 'ACCEPTED' });
    // Temporal holds a workflow task for the Update that no worker is there to take.
    await vi.waitFor(async () => expect((await handle.describe()).raw.pendingWorkflowTask).toBeTruthy(), { timeout: 10_000, interval: 50 });
    expect(await effects(prepared.chainId, appointmentId, content)).toEqual(untouched);

    // Worker B commits step 0 and then dies once before reporting it; Temporal retries the activity.
    let firstStepRuns = 0;
    const workerB = await startTestWorker(taskQueue, {
      ...real,
      async executeChainStep(input) {
        const step = await real.executeChainStep(input);
        if (input.step.index === 0 && ++firstStepRuns === 1) throw new Error('worker died after the commit');
        return step;
      },
    });
    let finished: ChainState;
    try {
      // The waiting confirmation is taken by the new worker and answers with the chain once written.
      finished = await (await confirmation).result();
      expect(await handle.result()).toEqual(finished);
    } finally {
      await workerB.stop();
    }

    expect(firstStepRuns).toBe(2);
    expect(finished.status).toBe('voltooid');
    expect(finished.steps.map((step) => step.status)).toEqual(['klaar', 'klaar']);
    expect(finished.steps[0]!.summary).toMatch(/^Afspraak behandelgesprek .* met Jan de Vries geannuleerd$/);
    expect(finished.steps[1]!.summary).toBe('Dagnotitie voor Jan de Vries vastgelegd (Observatie)');
    expect(await effects(prepared.chainId, appointmentId, content)).toEqual({
      status: 'geannuleerd',
      updates: ['assistant'],
      notes: 1,
      keys: [`${prepared.chainId}:0`, `${prepared.chainId}:1`],
    });
    const history = await handle.fetchHistory();
    const started = (history.events ?? []).flatMap((event) =>
      event.activityTaskStartedEventAttributes ? [event.activityTaskStartedEventAttributes.attempt] : [],
    );
    expect(started).toContain(2);
  });

  it('starts one workflow per request key: a repeat joins it, an ended chain is not started again', async () => {
    const content = 'Eén verzoek, één keten.';
    await appointmentAt('morgen', 14);
    const taskQueue = `test-intent-chain-${randomUUID()}`;
    const worker = await startTestWorker(taskQueue, createActivities({ orm, ai: env.offline, grants: env.grants }));
    const requestKey = `assistant-${randomUUID()}`;
    const request = { ...cancelAndNote(content, { identifier: '14:00' }), requestKey };
    try {
      // The block's effect runs twice at once (a re-render, a retry after a lost answer).
      const [first, second] = await Promise.all([
        startChain({ ...env.temporal, taskQueue }, actor, request),
        startChain({ ...env.temporal, taskQueue }, actor, request),
      ]);
      expect(second.chainId).toBe(first.chainId);
      const runs = async () => {
        const found: string[] = [];
        for await (const execution of client.workflow.list({ query: `WorkflowId = '${chainWorkflowId(first.chainId)}'` }))
          found.push(execution.runId);
        return found;
      };
      // Visibility is eventually consistent: wait until the run is listed, then count.
      let listed: string[] = [];
      await expect.poll(async () => (listed = await runs()).length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(listed).toHaveLength(1);

      // Rejected, then the same request again: the chain's final state, no second run.
      await rejectChain(env.temporal, actor, first.chainId);
      const again = await startChain({ ...env.temporal, taskQueue }, actor, request);
      expect(again).toMatchObject({ chainId: first.chainId, status: 'afgewezen' });
      expect(await runs()).toEqual(listed);

      // The same key from another clinician is another chain.
      const colleague = await createUser(nurse.organisationId);
      const theirs = await startChain(
        { ...env.temporal, taskQueue },
        { ...actor, userId: colleague.id },
        { ...cancelAndNote(content, { identifier: '14:00' }), requestKey },
      );
      expect(theirs.chainId).not.toBe(first.chainId);
      // Theirs ends at once: the appointment is the nurse's own, not the colleague's.
      expect(theirs).toMatchObject({ userId: colleague.id, status: 'mislukt' });

      // Temporal says "completed" for both; the ops page says how each chain ended.
      const outcomes = async () => {
        const listed = await recentWorkflows(async () => client, { type: 'intentChain' }, nurse.organisationId);
        return Object.fromEntries(listed.filter((run) => run.status === 'Completed').map((run) => [run.workflowId, run.outcome]));
      };
      await expect
        .poll(
          async () => {
            const seen = await outcomes();
            return [seen[chainWorkflowId(theirs.chainId)], seen[chainWorkflowId(first.chainId)]];
          },
          { timeout: 10_000 },
        )
        .toEqual(['mislukt', 'afgewezen']);
      // The status filter goes by how a chain ended: the failed one under "Mislukt", not under "Voltooid".
      const ids = async (status: 'Failed' | 'Completed') =>
        (await recentWorkflows(async () => client, { type: 'intentChain', status }, nurse.organisationId)).map((run) => run.workflowId);
      expect(await ids('Failed')).toContain(chainWorkflowId(theirs.chainId));
      expect(await ids('Completed')).not.toContain(chainWorkflowId(theirs.chainId));
      expect(await ids('Completed')).toContain(chainWorkflowId(first.chainId));
    } finally {
      await worker.stop();
    }
  });

  it('lapses unconfirmed: every write cancelled, nothing changed, and a late confirmation is refused in Dutch', async () => {
    const content = 'Niet bevestigd.';
    const appointmentId = await appointmentAt('morgen', 11);
    const taskQueue = `test-intent-chain-${randomUUID()}`;
    const worker = await startTestWorker(taskQueue, createActivities({ orm, ai: env.offline, grants: env.grants }));
    try {
      const prepared = await startChain({ ...env.temporal, taskQueue }, actor, cancelAndNote(content, { identifier: '11:00' }), {
        confirmWithinMs: 1000,
      });
      expect(prepared.status).toBe('wacht_op_bevestiging');
      const lapsed = await client.workflow.getHandle<typeof intentChain>(chainWorkflowId(prepared.chainId)).result();
      expect(lapsed.status).toBe('verlopen');
      expect(lapsed.steps.map((step) => step.status)).toEqual(['geannuleerd', 'geannuleerd']);
      expect(await effects(prepared.chainId, appointmentId, content)).toEqual(untouched);
      await expect(confirmChain(env.temporal, actor, prepared.chainId, {})).rejects.toMatchObject({
        code: 'conflict',
        message: 'De tijd om te bevestigen is verstreken. Geef de opdracht opnieuw.',
      });
    } finally {
      await worker.stop();
    }
  });
});

describe('POST /api/intent/chains and the stack worker', () => {
  const post = (body: unknown, cookie = nurse.cookie) => json('/api/intent/chains', { method: 'POST', cookie, body });
  const confirm = (chainId: string, body: unknown = {}, cookie = nurse.cookie) =>
    json(`/api/intent/chains/${chainId}/confirm`, { method: 'POST', cookie, body });

  it('refuses a note without a patient with a Dutch field message, and other methods with 405', async () => {
    const response = await post({
      actions: [{ intent: 'dagnotitie', entities: { category: 'observatie', content: 'Rustig.' }, confidence: 0.9 }],
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields).toEqual({ 'actions.0.entities.patientId': 'Kies de patiënt voor de dagnotitie.' });

    // A name that fits no single patient is asked for (the chat shows a picker), for reads as well.
    const named = await post({
      actions: [
        { intent: 'dagnotitie', entities: { patientName: 'Jan', category: 'observatie', content: 'Rustig.' }, confidence: 0.9 },
        { intent: 'risico_query', entities: { patientName: 'Piet' }, confidence: 0.6 },
      ],
    });
    expect(named.status).toBe(400);
    expect(((await named.json()) as ErrorBody).error.fields).toEqual({
      'actions.0.entities.patientId': 'Kies welke patiënt met “Jan” bedoeld is.',
      'actions.1.entities.patientId': 'Kies welke patiënt met “Piet” bedoeld is.',
    });

    const get = await json('/api/intent/chains', { cookie: nurse.cookie });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(((await get.json()) as ErrorBody).error).toMatchObject({ code: 'method_not_allowed', message: 'Gebruik POST op deze route.' });
  });

  it('prepares, confirms and writes through the app and its worker', async () => {
    const content = 'Patiënt meldt zich ziek, belt morgen terug.';
    const appointmentId = await appointmentAt('morgen', 12);
    const created = await post(cancelAndNote(content, { identifier: '12:00' }));
    expect(created.status).toBe(201);
    const prepared = (await created.json()) as ChainState;
    expect(created.headers.get('location')).toBe(`/api/intent/chains/${prepared.chainId}`);
    expect(prepared).toMatchObject({ organisationId: nurse.organisationId, userId: nurse.user.id, status: 'wacht_op_bevestiging' });
    expect(prepared.steps[0]!.plan?.appointmentId).toBe(appointmentId);

    const read = await json(`/api/intent/chains/${prepared.chainId}`, { cookie: nurse.cookie });
    expect(((await read.json()) as ChainState).status).toBe('wacht_op_bevestiging');
    expect(await effects(prepared.chainId, appointmentId, content)).toEqual(untouched);

    const confirmed = await confirm(prepared.chainId);
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as ChainState).status).toBe('voltooid');
    expect(await effects(prepared.chainId, appointmentId, content)).toEqual({
      status: 'geannuleerd',
      updates: ['assistant'],
      notes: 1,
      keys: [`${prepared.chainId}:0`, `${prepared.chainId}:1`],
    });

    const again = await confirm(prepared.chainId);
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.message).toBe('Deze opdracht is al afgerond.');
  });

  it('writes what the clinician changed in the block: the note text, category and handover flag, and the new time', async () => {
    const from = await appointmentAt('morgen', 15);
    const prepared = (await (
      await post({
        actions: [
          {
            intent: 'reschedule_appointment',
            entities: { patientName: 'Jan', patientId, identifier: 'morgen 15:00', datetime: dayAt('morgen', 18) },
            confidence: 0.9,
          },
          { intent: 'dagnotitie', entities: { patientId, category: 'observatie', content: 'Hij rustig was' }, confidence: 0.9 },
        ],
      })
    ).json()) as ChainState;
    expect(prepared.status).toBe('wacht_op_bevestiging');
    expect(prepared.steps[0]!.plan).toMatchObject({ appointmentId: from, moveTo: dayAt('morgen', 18) });

    // A change a step cannot take is refused in Dutch, and nothing is written.
    const misfit = await confirm(prepared.chainId, { edits: { 1: { start: dayAt('morgen', 19) } } });
    expect(misfit.status).toBe(400);
    expect(((await misfit.json()) as ErrorBody).error.fields).toEqual({ 'edits.1.start': 'Deze stap kan niet worden aangepast.' });

    const content = `Hij was rustig en at goed (${randomUUID().slice(0, 8)}).`;
    const confirmed = await confirm(prepared.chainId, {
      edits: { 0: { start: dayAt('morgen', 19) }, 1: { content, category: 'gedrag', includeInHandover: true } },
    });
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as ChainState).status).toBe('voltooid');
    const written = await asOwner(nurse.organisationId, async (db) => ({
      start: (
        await db.query<{ start_at: Date }>('select start_at from appointments where id = $1', [from])
      ).rows[0]!.start_at.toISOString(),
      notes: (await db.query('select category, include_in_handover from reports where content = $1', [content])).rows,
    }));
    expect(written).toEqual({
      start: new Date(dayAt('morgen', 19)).toISOString(),
      notes: [{ category: 'gedrag', include_in_handover: true }],
    });
  });

  it('writes nothing when the clinician rejects', async () => {
    const content = 'Deze notitie wordt afgewezen.';
    const appointmentId = await appointmentAt('morgen', 13);
    const prepared = (await (await post(cancelAndNote(content, { identifier: '13 uur' }))).json()) as ChainState;
    expect(prepared.status).toBe('wacht_op_bevestiging');

    const rejected = await json(`/api/intent/chains/${prepared.chainId}/reject`, { method: 'POST', cookie: nurse.cookie });
    expect(rejected.status).toBe(200);
    const state = (await rejected.json()) as ChainState;
    expect(state.status).toBe('afgewezen');
    expect(state.steps.map((step) => step.status)).toEqual(['geannuleerd', 'geannuleerd']);
    expect(await effects(prepared.chainId, appointmentId, content)).toEqual(untouched);
  });

  it('answers a chain of reads at once through the existing services, asking nothing', async () => {
    const read = (intent: string, entities: Record<string, string> = {}) => ({
      intent,
      entities: { patientName: 'Jan', patientId, ...entities },
      confidence: 0.9,
    });
    const first = (await (
      await post({
        actions: [
          read('agenda_query', { dateLabel: 'morgen' }),
          read('intake_status'),
          read('risico_query'),
          read('diagnose_query'),
          read('rapportage'),
        ],
      })
    ).json()) as ChainState;
    expect(first.status).toBe('voltooid');
    expect(first.steps.map((step) => [step.kind, step.status])).toEqual(Array.from({ length: 5 }, () => ['read', 'klaar']));
    expect(first.steps[0]!.summary).toMatch(/^\d+ afspraken? van Jan morgen$/);
    expect(
      (first.steps[0]!.result as { appointments: { patientId: string }[] }).appointments.every(
        (appointment) => appointment.patientId === patientId,
      ),
    ).toBe(true);
    expect(first.steps[1]!.result).toMatchObject({ patientId, sections: expect.any(Array) });
    expect(first.steps[4]!.result).toMatchObject({ items: expect.any(Array), limit: 5 });

    const second = (await (
      await post({ actions: [read('overdracht'), read('intake_navigeer'), { intent: 'unknown', entities: {}, confidence: 0.2 }] })
    ).json()) as ChainState;
    expect(second.status).toBe('voltooid');
    expect(second.steps.map((step) => step.status)).toEqual(['klaar', 'klaar', 'overgeslagen']);
    expect(second.steps[0]!.result).toEqual({ patientId, href: `/overdracht?patient=${patientId}` });
    expect(second.steps[1]!.result).toEqual({ href: `/patients/${patientId}/intake` });
  });

  it("hides a clinician's chain from everyone else with a Dutch 404", async () => {
    const prepared = (await (
      await post({ actions: [{ intent: 'zoeken', entities: { patientName: 'Jan de Vries' }, confidence: 0.95 }] })
    ).json()) as ChainState;
    expect(prepared.status).toBe('voltooid');
    expect(prepared.steps[0]).toMatchObject({ kind: 'read', status: 'klaar', summary: '1 patiënt gevonden voor “Jan de Vries”' });

    const colleague = await createUser(nurse.organisationId);
    const elsewhere = await createUser((await createOrganisation()).id);
    for (const user of [colleague, elsewhere]) {
      const { cookie } = await login(user.email, user.password);
      const response = await json(`/api/intent/chains/${prepared.chainId}`, { cookie });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Deze opdracht van de assistent is niet gevonden.' } });
      expect((await confirm(prepared.chainId, {}, cookie)).status).toBe(404);
    }
    expect((await json('/api/intent/chains/niet-een-id', { cookie: nurse.cookie })).status).toBe(404);
  });

  it('asks which appointment when the words fit several, and cancels only the chosen one', async () => {
    const [morning, afternoon] = [await appointmentAt('overmorgen', 9), await appointmentAt('overmorgen', 15)];
    const prepared = (await (
      await post({
        actions: [
          { intent: 'cancel_appointment', entities: { patientId, dateLabel: 'overmorgen', content: 'Dubbel gepland' }, confidence: 0.9 },
        ],
      })
    ).json()) as ChainState;
    expect(prepared.status).toBe('wacht_op_bevestiging');
    expect(prepared.steps[0]).toMatchObject({
      status: 'keuze_nodig',
      summary: '2 afspraken gevonden voor Jan de Vries overmorgen; kies welke bedoeld is',
    });
    expect(prepared.steps[0]!.candidates?.map((candidate) => candidate.appointmentId)).toEqual([morning, afternoon]);
    expect(prepared.steps[0]!.candidates?.[0]?.label).toMatch(/^Behandelgesprek .* 09:00 met Jan de Vries$/);

    const unchosen = await confirm(prepared.chainId);
    expect(unchosen.status).toBe(400);
    expect(((await unchosen.json()) as ErrorBody).error.fields).toEqual({ 'choices.0': 'Kies welke afspraak bedoeld is.' });

    const confirmed = (await (await confirm(prepared.chainId, { choices: { 0: afternoon } })).json()) as ChainState;
    expect(confirmed.status).toBe('voltooid');
    expect(confirmed.steps[0]!.summary).toMatch(/^Afspraak behandelgesprek .* 15:00 met Jan de Vries geannuleerd$/);
    expect((await effects(prepared.chainId, morning, '')).status).toBe('gepland');
    expect((await effects(prepared.chainId, afternoon, '')).status).toBe('geannuleerd');
  });

  it('fails a chain whose appointment cannot be found, before asking anything and without writing', async () => {
    const content = 'Wordt niet geschreven.';
    const response = await post({
      actions: [
        {
          intent: 'cancel_appointment',
          entities: { patientName: 'Jan', patientId, dateLabel: 'volgende week', identifier: '07:00' },
          confidence: 0.9,
        },
        { intent: 'dagnotitie', entities: { patientId, category: 'observatie', content }, confidence: 0.9 },
      ],
    });
    const state = (await response.json()) as ChainState;
    expect(state.status).toBe('mislukt');
    expect(state.steps.map((step) => step.status)).toEqual(['mislukt', 'geannuleerd']);
    expect(state.steps[0]!.error).toBe('Geen afspraak gevonden voor Jan de Vries volgende week om 07:00.');
  });

  it('confirms a cancellation that was already done by hand without changing it twice', async () => {
    const appointmentId = await appointmentAt('morgen', 16);
    const prepared = (await (
      await post({
        actions: [
          {
            intent: 'cancel_appointment',
            entities: { patientId, identifier: 'morgen 16:00', content: 'Patiënt belde af' },
            confidence: 0.9,
          },
        ],
      })
    ).json()) as ChainState;
    expect(prepared.steps[0]!.plan?.appointmentId).toBe(appointmentId);
    const byHand = await json('/api/assistant/agenda/cancel', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { appointmentId, reason: 'Patiënt belde af' },
    });
    expect(byHand.status).toBe(200);

    const confirmed = (await (await confirm(prepared.chainId)).json()) as ChainState;
    expect(confirmed.status).toBe('voltooid');
    expect(await effects(prepared.chainId, appointmentId, '')).toMatchObject({ status: 'geannuleerd', updates: ['assistant'] });
  });
});
