import { Client } from '@temporalio/client';
import { temporal as temporalProto } from '@temporalio/proto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { rangeForLabel } from '../../domain/agenda/agenda.dates';
import type { AuditActor } from '../../domain/audit/audit.service';
import { newPayloadKey, parsePayloadKeys } from '../../domain/config/payload-keys';
import { chainWorkflowId, type ChainState } from '../../domain/intent/chain';
import { noShowWorkflowId, type NoShowState } from '../../domain/noshow/noshow';
import { ActorGrants } from '../../temporal/actor-grant';
import { connectTemporal, type TemporalDeps } from '../../temporal/client';
import { confirmUpdate } from '../../workflows/intent-chain/messages';
import { onlySignerApproves } from '../../domain/gp-letter/gp-letter.schemas';
import { approveUpdate, dispatchUpdate, withdrawUpdate } from '../../workflows/noshow/messages';
import { taskQueues } from '../../workflows/task-queues';
import {
  asOwner,
  createAppointment,
  createGpLetter,
  createOrganisation,
  createUser,
  registerPatient,
  signedInUser,
  validBsns,
  type SignedIn,
} from '../support/factories';
import { json, login, request } from '../support/http';
import { testPayloadKeys } from '../support/worker';

/*
 * Issue 19: a workflow input cannot make the worker act for someone (ADR 0025), and decisions are
 * Updates: the caller gets the new state, a refused Update never enters the history, and a second
 * decision changes nothing.
 */

let nurse: SignedIn;
let actor: AuditActor;
let patientId: string;
let temporal: TemporalDeps;
/** The Temporal CLI's view: no keys, plain JSON payloads. */
let cli: Client;

beforeAll(async () => {
  nurse = await signedInUser('verpleegkundige');
  actor = { organisationId: nurse.organisationId, userId: nurse.user.id, role: 'verpleegkundige', channel: 'assistant' };
  patientId = await registerPatient(nurse.cookie);
  temporal = await connectTemporal({ address: inject('temporalAddress'), namespace: 'default', payloadKeys: testPayloadKeys() });
  cli = new Client({ connection: temporal.client.connection });
});

afterAll(async () => {
  await temporal?.client.connection.close();
});

const noteAction = (content: string) => ({
  intent: 'dagnotitie',
  entities: { patientId, category: 'observatie', content },
  confidence: 0.9,
});

async function notesWith(content: string): Promise<number> {
  return asOwner(nurse.organisationId, async (db) =>
    Number((await db.query<{ n: string }>('select count(*) as n from reports where content = $1', [content])).rows[0]!.n),
  );
}

async function refusals(
  organisationId: string,
  workflowId: string,
): Promise<{ outcome: string; reason: string; user_id: string | null; client_address: string | null }[]> {
  return asOwner(
    organisationId,
    async (db) =>
      (
        await db.query<{ outcome: string; reason: string; user_id: string | null; client_address: string | null }>(
          "select outcome, details->>'reason' as reason, user_id, client_address from audit_events where resource_type = 'Workflow' and details->>'workflowId' = $1",
          [workflowId],
        )
      ).rows,
  );
}

/** A chain prepared through the app (the nurse's own session), waiting for confirmation. */
async function preparedChain(content: string): Promise<ChainState> {
  const created = await json('/api/intent/chains', { method: 'POST', cookie: nurse.cookie, body: { actions: [noteAction(content)] } });
  expect(created.status).toBe(201);
  const state = (await created.json()) as ChainState;
  expect(state.status).toBe('wacht_op_bevestiging');
  return state;
}

async function historyLength(workflowId: string): Promise<number> {
  return (await temporal.client.workflow.getHandle(workflowId).fetchHistory()).events?.length ?? 0;
}

describe('forged actors', () => {
  it('a chain started straight on Temporal (no session, no keys) for another organisation’s clinician writes nothing, and the refusal is in the access log', async () => {
    const victim = await createOrganisation();
    const invented = {
      organisationId: victim.id,
      userId: randomUUID(),
      role: 'verpleegkundige',
      channel: 'assistant',
      clientAddress: '203.0.113.66',
    };
    const content = `Vervalst ${randomUUID().slice(0, 8)}`;
    const variants = {
      // The shape before issue 19: a bare actor.
      unsigned: (workflowId: string) => ({
        chainId: workflowId.replace('intent-chain-', ''),
        actor: invented,
        actions: [noteAction(content)],
      }),
      // A grant signed with a key the worker does not hold.
      forged: (workflowId: string) => ({
        chainId: workflowId.replace('intent-chain-', ''),
        actions: [noteAction(content)],
        grant: new ActorGrants(parsePayloadKeys(newPayloadKey())).grant(invented as AuditActor, workflowId, 'chainPreparation'),
      }),
    };
    for (const [reason, input] of Object.entries(variants)) {
      const workflowId = chainWorkflowId(randomUUID());
      const handle = await cli.workflow.start('intentChain', { taskQueue: taskQueues.clinical, workflowId, args: [input(workflowId)] });
      const state = (await temporal.client.workflow.getHandle(workflowId).result()) as ChainState;
      expect({ reason, status: state.status, step: state.steps[0]!.status }).toEqual({ reason, status: 'mislukt', step: 'mislukt' });
      expect(await notesWith(content)).toBe(0);
      // The refusal is logged for the organisation named, without the invented user or address.
      expect(await refusals(victim.id, workflowId)).toEqual([{ outcome: 'denied', reason, user_id: null, client_address: null }]);
      // Read with the app's keys: the chain's memo (its outcome) is encrypted like every payload.
      expect((await temporal.client.workflow.getHandle(handle.workflowId).describe()).status.name).toBe('COMPLETED');
    }
  });

  it('a confirmation with an expired or forged grant writes nothing; one for another organisation is refused before the history', async () => {
    const cases = [
      {
        reason: 'expired',
        grant: (workflowId: string) => temporal.grants.grant(actor, workflowId, 'decision', new Date(Date.now() - 3600_000)),
      },
      {
        reason: 'forged',
        grant: (workflowId: string) => new ActorGrants(parsePayloadKeys(newPayloadKey())).grant(actor, workflowId, 'decision'),
      },
      {
        reason: 'forged',
        grant: (workflowId: string) => ({
          ...temporal.grants.grant(actor, workflowId, 'decision'),
          actor: { ...actor, clientAddress: '203.0.113.66' },
        }),
      },
    ];
    for (const { reason, grant } of cases) {
      const content = `Bevestiging ${reason} ${randomUUID().slice(0, 8)}`;
      const chain = await preparedChain(content);
      const workflowId = chainWorkflowId(chain.chainId);
      const settled = await temporal.client.workflow
        .getHandle(workflowId)
        .executeUpdate(confirmUpdate, { args: [{ grant: grant(workflowId) }] });
      expect(settled.status).toBe('mislukt');
      expect(await notesWith(content)).toBe(0);
      expect(await refusals(nurse.organisationId, workflowId)).toEqual([
        { outcome: 'denied', reason, user_id: null, client_address: null },
      ]);
    }

    const content = `Andere organisatie ${randomUUID().slice(0, 8)}`;
    const chain = await preparedChain(content);
    const workflowId = chainWorkflowId(chain.chainId);
    const before = await historyLength(workflowId);
    const stranger = { ...actor, organisationId: randomUUID() };
    const refused = await temporal.client.workflow
      .getHandle(workflowId)
      .executeUpdate(confirmUpdate, { args: [{ grant: temporal.grants.grant(stranger, workflowId, 'decision') }] })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ cause: { type: 'not_found', message: 'Deze opdracht van de assistent is niet gevonden.' } });
    expect(await historyLength(workflowId)).toBe(before);
    expect(
      (await json(`/api/intent/chains/${chain.chainId}`, { cookie: nurse.cookie }).then((response) => response.json())) as ChainState,
    ).toMatchObject({ status: 'wacht_op_bevestiging' });
  });
});

describe('Updates', () => {
  it('confirm: answers with the chain once written; an invalid confirmation is refused by the validator and leaves no trace in the history', async () => {
    const start = new Date(rangeForLabel('morgen')!.start.getTime() + 9 * 3600_000).toISOString();
    for (const hour of [0, 1]) {
      const booked = await json('/api/assistant/agenda/create', {
        method: 'POST',
        cookie: nurse.cookie,
        body: { patientId, type: 'behandelgesprek', start: new Date(new Date(start).getTime() + hour * 3600_000).toISOString() },
      });
      expect(booked.status).toBe(201);
    }
    const created = await json('/api/intent/chains', {
      method: 'POST',
      cookie: nurse.cookie,
      body: {
        actions: [
          { intent: 'cancel_appointment', entities: { patientId, dateLabel: 'morgen', content: 'Dubbel gepland' }, confidence: 0.9 },
        ],
      },
    });
    const chain = (await created.json()) as ChainState;
    expect(chain.steps[0]!.status).toBe('keuze_nodig');
    const workflowId = chainWorkflowId(chain.chainId);
    const before = await historyLength(workflowId);

    const missing = await json(`/api/intent/chains/${chain.chainId}/confirm`, { method: 'POST', cookie: nurse.cookie, body: {} });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { 'choices.0': 'Kies welke afspraak bedoeld is.' } },
    });
    expect(await historyLength(workflowId)).toBe(before);

    const choice = chain.steps[0]!.candidates![0]!.appointmentId;
    const confirmed = await json(`/api/intent/chains/${chain.chainId}/confirm`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: { choices: { 0: choice } },
    });
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json()) as ChainState).toMatchObject({ status: 'voltooid', steps: [{ status: 'klaar' }] });
    const again = await json(`/api/intent/chains/${chain.chainId}/confirm`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: { choices: { 0: choice } },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { message: 'Deze opdracht is al afgerond.' } });
  });

  describe('of the no-show letter', () => {
    let appointmentId: string;
    let letterId: string;
    let reviewerCookie: string;
    let reviewer: AuditActor;

    beforeAll(async () => {
      const psychiatrist = await createUser(nurse.organisationId, { role: 'psychiater' });
      reviewerCookie = (await login(psychiatrist.email, psychiatrist.password)).cookie!;
      reviewer = { organisationId: nurse.organisationId, userId: psychiatrist.id, role: 'psychiater', channel: 'web' };
      letterId = await createGpLetter(nurse.organisationId, {
        patientId,
        createdBy: nurse.user.id,
        subject: 'Voortgang',
        text: 'Geachte collega,\n\nVoortgang van de behandeling.\n\nMet collegiale groet,',
        gpName: null,
        gpPractice: null,
      });
      appointmentId = await createAppointment(nurse.organisationId, {
        patientId,
        practitionerId: nurse.user.id,
        startAt: new Date(Date.now() - 3 * 3600_000),
        minutes: 45,
      });
      const started = await json(`/api/noshow/${appointmentId}/cancel`, { method: 'POST', cookie: nurse.cookie, body: {} });
      expect(started.status).toBe(201);
      expect((await json(`/api/noshow/${appointmentId}/rescript`, { method: 'POST', cookie: nurse.cookie, body: {} })).status).toBe(200);
    });

    const versions = () =>
      asOwner(nurse.organisationId, async (db) =>
        (
          await db.query<{ event: string }>('select event from gp_letter_versions where letter_id = $1 order by version', [letterId])
        ).rows.map((row) => row.event),
      );
    const handle = () => temporal.client.workflow.getHandle(noShowWorkflowId(appointmentId));

    it('dispatch before the approval and an empty approval are refused by the validators, out of the history', async () => {
      const before = await historyLength(noShowWorkflowId(appointmentId));
      const early = await handle()
        .executeUpdate(dispatchUpdate, { args: [{ grant: temporal.grants.grant(actor, noShowWorkflowId(appointmentId), 'decision') }] })
        .catch((error: unknown) => error);
      expect(early).toMatchObject({ cause: { type: 'conflict', message: expect.stringMatching(/nog niet beoordeeld/) } });
      const empty = await handle()
        .executeUpdate(approveUpdate, {
          args: [{ grant: temporal.grants.grant(reviewer, noShowWorkflowId(appointmentId), 'decision'), finalText: '   ' }],
        })
        .catch((error: unknown) => error);
      expect(empty).toMatchObject({ cause: { type: 'validation_failed', message: 'De brief mag niet leeg zijn.' } });
      // A nurse's own grant is genuine, but a nurse does not sign a GP letter.
      const byNurse = await handle()
        .executeUpdate(approveUpdate, {
          args: [{ grant: temporal.grants.grant(actor, noShowWorkflowId(appointmentId), 'decision'), finalText: 'Goedgekeurde tekst.' }],
        })
        .catch((error: unknown) => error);
      expect(byNurse).toMatchObject({ cause: { type: 'forbidden', message: onlySignerApproves } });
      expect(await historyLength(noShowWorkflowId(appointmentId))).toBe(before);
      expect(await versions()).toEqual(['concept', 'herschreven']);
    });

    it('approve answers with the approved state; a second approval changes nothing', async () => {
      const grant = temporal.grants.grant(reviewer, noShowWorkflowId(appointmentId), 'decision');
      const approved: NoShowState = await handle().executeUpdate(approveUpdate, { args: [{ grant, finalText: 'Goedgekeurde tekst.' }] });
      expect(approved).toMatchObject({ status: 'goedgekeurd', letterId });
      const second = await handle()
        .executeUpdate(approveUpdate, { args: [{ grant, finalText: 'Andere tekst.' }] })
        .catch((error: unknown) => error);
      expect(second).toMatchObject({
        cause: { type: 'conflict', message: 'Deze brief wacht niet (meer) op beoordeling. Vernieuw de pagina.' },
      });
      const page = await request(`/brieven/${letterId}`, {
        method: 'POST',
        cookie: reviewerCookie,
        body: new URLSearchParams({ intent: 'approve', finalText: 'Nog een tekst.' }),
      });
      expect(page.status).toBe(409);
      expect(await versions()).toEqual(['concept', 'herschreven', 'goedgekeurd']);
      const withdraw = await handle()
        .executeUpdate(withdrawUpdate, { args: [{ grant: temporal.grants.grant(actor, noShowWorkflowId(appointmentId), 'decision') }] })
        .catch((error: unknown) => error);
      expect(withdraw).toMatchObject({
        cause: {
          type: 'conflict',
          message: 'De brief is al goedgekeurd; de registratie ‘niet verschenen’ kan niet meer worden ingetrokken.',
        },
      });
    });

    it('dispatch answers with the letter ready to send; a second dispatch changes nothing', async () => {
      const first = await json(`/api/noshow/${appointmentId}/dispatch`, { method: 'PATCH', cookie: nurse.cookie });
      expect(first.status).toBe(200);
      const context = (await first.json()) as { workflow: NoShowState; letter: { status: string; version: number } };
      expect(context.workflow.status).toBe('verzendklaar');
      expect(context.letter.status).toBe('verzendklaar');
      const second = await json(`/api/noshow/${appointmentId}/dispatch`, { method: 'PATCH', cookie: nurse.cookie });
      expect(second.status).toBe(200);
      expect(((await second.json()) as typeof context).letter.version).toBe(context.letter.version);
      expect(await versions()).toEqual(['concept', 'herschreven', 'goedgekeurd', 'verzendklaar']);
      expect((await handle().describe()).status.name).toBe('COMPLETED');
    });
  });
});

/*
 * Issue 39, point 3: a grant is good for the one start it was made for. What a replaying attacker
 * does with the Temporal CLI: the first run's input, copied from its history as it is (encrypted;
 * no key needed), started again under the same workflow id.
 */
async function replayStart(workflowId: string): Promise<string> {
  const history = await cli.workflow.getHandle(workflowId).fetchHistory();
  const started = history.events![0]!.workflowExecutionStartedEventAttributes!;
  const { runId } = await cli.workflowService.startWorkflowExecution({
    namespace: 'default',
    workflowId,
    workflowType: started.workflowType,
    taskQueue: started.taskQueue,
    input: started.input,
    requestId: randomUUID(),
    identity: 'replay',
    workflowIdReusePolicy: temporalProto.api.enums.v1.WorkflowIdReusePolicy.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE,
  });
  return runId!;
}

async function accessRows(organisationId: string, patient: string, action: string): Promise<number> {
  return asOwner(organisationId, async (db) =>
    Number(
      (
        await db.query<{ n: string }>('select count(*) as n from audit_events where action = $1 and $2 = any(patient_ids)', [
          action,
          patient,
        ])
      ).rows[0]!.n,
    ),
  );
}

/** The id of the run whose id starts so (visibility is eventually consistent). */
async function listedWorkflowId(prefix: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        // Listing and describing decode the memo, which only the app's client (with the codec) can read.
        for await (const info of temporal.client.workflow.list({ query: `WorkflowId STARTS_WITH '${prefix}'` })) found = info.workflowId;
        return found;
      },
      { timeout: 10_000 },
    )
    .toBeDefined();
  return found!;
}

const closed = async (workflowId: string) => (await temporal.client.workflow.getHandle(workflowId).describe()).status.name !== 'RUNNING';

describe('replayed starts (issue 39)', () => {
  it('a handover started again with its own input from the history is refused, logged as denied, and reads nothing', async () => {
    const ownPatient = await registerPatient(nurse.cookie, {
      identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[2] }],
    });
    const generated = await json('/api/overdracht/generate', { method: 'POST', cookie: nurse.cookie, body: { patientId: ownPatient } });
    expect(generated.status).toBe(200);
    const workflowId = await listedWorkflowId(`handover-${ownPatient}`);
    await expect.poll(() => closed(workflowId), { timeout: 15_000 }).toBe(true);
    const reads = await accessRows(nurse.organisationId, ownPatient, 'read');
    expect(reads).toBeGreaterThan(0);

    const replayRun = await replayStart(workflowId);
    await cli.workflow
      .getHandle(workflowId, replayRun)
      .result()
      .catch(() => undefined);
    expect(await refusals(nurse.organisationId, workflowId)).toEqual([
      { outcome: 'denied', reason: 'replayed', user_id: null, client_address: null },
    ]);
    // The nurse made one handover: the access log says so, and no read in her name for the replay.
    expect(await accessRows(nurse.organisationId, ownPatient, 'read')).toBe(reads);
  });

  it('a withdrawn no-show started again with its own input from the history is refused: the appointment and the letter stay as withdrawn', async () => {
    const ownPatient = await registerPatient(nurse.cookie, {
      identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[3] }],
    });
    await createGpLetter(nurse.organisationId, {
      patientId: ownPatient,
      createdBy: nurse.user.id,
      subject: 'Voortgang',
      text: 'Geachte collega,\n\nVoortgang van de behandeling.\n\nMet collegiale groet,',
      gpName: null,
      gpPractice: null,
    });
    const appointmentId = await createAppointment(nurse.organisationId, {
      patientId: ownPatient,
      practitionerId: nurse.user.id,
      startAt: new Date(Date.now() - 3 * 3600_000),
      minutes: 45,
    });
    expect((await json(`/api/noshow/${appointmentId}/cancel`, { method: 'POST', cookie: nurse.cookie, body: {} })).status).toBe(201);
    expect((await json(`/api/noshow/${appointmentId}/withdraw`, { method: 'POST', cookie: nurse.cookie, body: {} })).status).toBe(200);
    const workflowId = noShowWorkflowId(appointmentId);
    await expect.poll(() => closed(workflowId), { timeout: 15_000 }).toBe(true);
    const state = () =>
      asOwner(nurse.organisationId, async (db) => ({
        appointment: (await db.query<{ status: string }>('select status from appointments where id = $1', [appointmentId])).rows[0]!.status,
        letters: (await db.query<{ status: string }>('select status from gp_letters where patient_id = $1', [ownPatient])).rows.map(
          (row) => row.status,
        ),
        updates: (await db.query('select 1 from audit_events where action = $1 and $2 = any(patient_ids)', ['update', ownPatient]))
          .rowCount,
      }));
    const withdrawn = await state();
    expect(withdrawn.appointment).not.toBe('niet-verschenen');

    const replayRun = await replayStart(workflowId);
    await expect
      .poll(() => refusals(nurse.organisationId, workflowId), { timeout: 15_000 })
      .toEqual([{ outcome: 'denied', reason: 'replayed', user_id: null, client_address: null }]);
    await cli.workflow
      .getHandle(workflowId, replayRun)
      .result()
      .catch(() => undefined);
    expect(await state()).toEqual(withdrawn);
  });
});

describe('a bare actor (issue 39, point 9)', () => {
  it('a handover started straight on Temporal with a bare actor and no grant is refused and leaves a denied row', async () => {
    const victim = await createOrganisation();
    const workflowId = `handover-${randomUUID()}-1d-verpleegkundige-2026-01-01`;
    const handle = await cli.workflow.start('handoverGeneration', {
      taskQueue: taskQueues.clinical,
      workflowId,
      args: [
        {
          actor: {
            organisationId: victim.id,
            userId: randomUUID(),
            role: 'verpleegkundige',
            channel: 'web',
            clientAddress: '203.0.113.66',
          },
          patientId: randomUUID(),
          period: '1d',
          role: 'verpleegkundige',
          workflowId,
          requestedAt: new Date().toISOString(),
        },
      ],
    });
    await handle.result().catch(() => undefined);
    expect(await refusals(victim.id, workflowId)).toEqual([{ outcome: 'denied', reason: 'unsigned', user_id: null, client_address: null }]);
  });
});
