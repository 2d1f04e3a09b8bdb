import { Client } from '@temporalio/client';
import proto from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { chainWorkflowId } from '../../domain/intent/chain';
import { noShowWorkflowId } from '../../domain/noshow/noshow';
import { connectTemporal, temporalDataConverter } from '../../temporal/client';
import { handoverWorkflowId } from '../../temporal/handover';
import { treatmentPlanWorkflowId } from '../../temporal/treatment-plan';
import { asOwner, createAppointment, createGpLetter, createUser, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { json, login, request } from '../support/http';
import { testPayloadKeys } from '../support/worker';

/*
 * Issue 19: what Temporal holds of a no-show, a handover, a treatment plan and an assistant chain,
 * read as an operator with the Temporal CLI or UI would (without the payload keys). None of the
 * patient's identifying data or report text may be there; with the keys, every history still
 * replays against the workflow code.
 */

const { History } = proto.temporal.api.history.v1;

let nurse: SignedIn;
let psychiatristCookie: string;
let raw: Client;
const patient = {
  bsn: '100055436',
  given: 'Wilhelmina',
  family: 'Zonneveldt',
  street: 'Kastanjelaan 17',
  email: 'w.zonneveldt@voorbeeld.nl',
  phone: '0612345678',
  report: 'Hoort stemmen die haar uitlachen en sliep slecht',
};
const workflowIds: Record<string, string> = {};

beforeAll(async () => {
  nurse = await signedInUser('verpleegkundige');
  const psychiatrist = await createUser(nurse.organisationId, { role: 'psychiater' });
  psychiatristCookie = (await login(psychiatrist.email, psychiatrist.password)).cookie!;
  const patientId = await registerPatient(nurse.cookie, {
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: patient.bsn }],
    name: [{ family: patient.family, given: [patient.given] }],
    telecom: [
      { system: 'email', value: patient.email },
      { system: 'phone', value: patient.phone },
    ],
    address: [{ line: [patient.street], postalCode: '7311 AB', city: 'Apeldoorn', country: 'NL' }],
  });
  await asOwner(nurse.organisationId, (db) => db.query("update patients set episode_status = 'active' where id = $1", [patientId]));
  const report = await json('/api/reports', {
    method: 'POST',
    cookie: nurse.cookie,
    body: {
      patientId,
      type: 'verpleegkundig',
      category: 'observatie',
      content: `${patient.given} ${patient.family}: ${patient.report}.`,
      includeInHandover: true,
    },
  });
  expect(report.status).toBe(201);

  // A handover and a treatment plan, generated through the app and its worker.
  const handover = await json('/api/overdracht/generate', { method: 'POST', cookie: nurse.cookie, body: { patientId, period: '1d' } });
  expect(handover.status).toBe(200);
  expect(JSON.stringify(await handover.json())).toContain(patient.report);
  workflowIds.handover = handoverWorkflowId({ patientId, period: '1d', filterForRole: 'verpleegkundige' }, new Date());
  const plan = await json('/api/behandelplan/generate', { method: 'POST', cookie: psychiatristCookie, body: { patientId } });
  expect(plan.status).toBe(200);
  workflowIds.treatmentPlan = treatmentPlanWorkflowId(patientId, new Date());

  // A no-show: the letter names the patient, its BSN and address; rewritten, approved with an edit, dispatched.
  await createGpLetter(nurse.organisationId, {
    patientId,
    createdBy: nurse.user.id,
    gpName: 'Dr. L. Mulder',
    gpPractice: 'Praktijk Mulder',
    subject: 'Voortgang',
    text: `Geachte collega,\n\nUw patiënt ${patient.given} ${patient.family} (BSN ${patient.bsn}), ${patient.street}, is bij ons in behandeling.\n\nMet collegiale groet,`,
  });
  const appointmentId = await createAppointment(nurse.organisationId, {
    patientId,
    practitionerId: nurse.user.id,
    startAt: new Date(Date.now() - 2 * 3600_000),
    minutes: 45,
  });
  expect(
    (
      await json(`/api/noshow/${appointmentId}/cancel`, {
        method: 'POST',
        cookie: nurse.cookie,
        body: { followUp: `Wij bellen ${patient.given} op ${patient.phone}` },
      })
    ).status,
  ).toBe(201);
  const started = await json(`/api/noshow/${appointmentId}/rescript`, { method: 'POST', cookie: nurse.cookie, body: {} });
  expect(started.status).toBe(200);
  const { letter } = (await started.json()) as { letter: { id: string; rewrittenText: string } };
  const approved = await request(`/brieven/${letter.id}`, {
    method: 'POST',
    cookie: psychiatristCookie,
    body: new URLSearchParams({ intent: 'approve', finalText: `${letter.rewrittenText}\n\nP.S. ${patient.email}` }),
  });
  expect(approved.status).toBe(302);
  expect((await json(`/api/noshow/${appointmentId}/dispatch`, { method: 'PATCH', cookie: nurse.cookie })).status).toBe(200);
  workflowIds.noShow = noShowWorkflowId(appointmentId);

  // An assistant chain: a note in the clinician's words, confirmed.
  const chain = await json('/api/intent/chains', {
    method: 'POST',
    cookie: nurse.cookie,
    body: {
      actions: [
        {
          intent: 'dagnotitie',
          entities: {
            patientName: `${patient.given} ${patient.family}`,
            patientId,
            category: 'observatie',
            content: `${patient.given} ${patient.report}`,
          },
          confidence: 0.9,
        },
      ],
    },
  });
  expect(chain.status).toBe(201);
  const { chainId } = (await chain.json()) as { chainId: string };
  const confirmed = await json(`/api/intent/chains/${chainId}/confirm`, { method: 'POST', cookie: nurse.cookie, body: {} });
  expect(((await confirmed.json()) as { status: string }).status).toBe('voltooid');
  workflowIds.chain = chainWorkflowId(chainId);

  // What an operator's tools see: the frontend without the keys.
  const { client } = await connectTemporal({ address: inject('temporalAddress'), namespace: 'default', payloadKeys: testPayloadKeys() });
  raw = new Client({ connection: client.connection });
}, 120_000);

afterAll(async () => {
  await raw?.connection.close();
});

describe('Temporal holds no patient data', () => {
  it('the raw histories of a no-show, a handover, a treatment plan and a chain hold no BSN, name, address, e-mail, phone or report text', async () => {
    const secrets = [
      patient.bsn,
      patient.given,
      patient.family,
      patient.street,
      patient.email,
      patient.phone,
      patient.report,
      'stemmen',
      'uitlachen',
    ];
    for (const [kind, workflowId] of Object.entries(workflowIds)) {
      const handle = raw.workflow.getHandle(workflowId);
      const history = await handle.fetchHistory();
      const bytes = Buffer.from(History.encode(history).finish());
      expect(history.events?.length, kind).toBeGreaterThan(5);
      for (const secret of secrets)
        expect({ kind, secret, found: bytes.includes(Buffer.from(secret, 'utf8')) }).toEqual({ kind, secret, found: false });
      // Inputs, results, memos and Update arguments are encrypted (only the SDK's own local-activity markers stay plain: sequence numbers and activity names).
      expect(bytes.includes(Buffer.from('binary/encrypted')), kind).toBe(true);
      // The memo and search attributes of the run, as `temporal workflow describe` shows them.
      const description = await raw.workflowService.describeWorkflowExecution({ namespace: 'default', execution: { workflowId } });
      const describedBytes = Buffer.from(
        proto.temporal.api.workflowservice.v1.DescribeWorkflowExecutionResponse.encode(description).finish(),
      );
      for (const secret of secrets)
        expect({ kind, secret, inDescription: describedBytes.includes(Buffer.from(secret, 'utf8')) }).toEqual({
          kind,
          secret,
          inDescription: false,
        });
    }
  });

  it('with the keys, every one of those histories replays against the workflow code', async () => {
    const dataConverter = temporalDataConverter(testPayloadKeys());
    const workflowsPath = fileURLToPath(new URL('../../workflows/index.ts', import.meta.url));
    const histories = await Promise.all(
      Object.values(workflowIds).map(async (workflowId) => ({
        workflowId,
        history: await raw.workflow.getHandle(workflowId).fetchHistory(),
      })),
    );
    const replayed: { workflowId: string; error: unknown }[] = [];
    for await (const result of Worker.runReplayHistories({ workflowsPath, dataConverter }, histories))
      replayed.push({ workflowId: result.workflowId, error: result.error ?? null });
    expect(replayed).toEqual(Object.values(workflowIds).map((workflowId) => ({ workflowId, error: null })));
  }, 120_000);

  it('without the keys, a payload cannot be read: the operator sees that it is encrypted, not what it says', async () => {
    await expect(raw.workflow.getHandle(workflowIds.chain!).result()).rejects.toThrow();
  });
});
