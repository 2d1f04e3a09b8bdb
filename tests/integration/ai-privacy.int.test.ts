import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAiPort, refusedNotice, type AiPort } from '../../domain/ai/ai.port';
import type { AuditActor } from '../../domain/audit/audit.service';
import { chatRequestSchema } from '../../domain/chat/chat.schemas';
import { chatReply } from '../../domain/chat/chat.service';
import { type MikroORM } from '../../domain/db/orm';
import { tenantOf, withTenant } from '../../domain/db/tenant';
import { createDraftLetter } from '../../domain/gp-letter/gp-letter.service';
import { collectHandoverSources, summariseHandover, type HandoverJob } from '../../domain/handover/generate';
import { classifyCore } from '../../domain/intent/intent.service';
import { prepareNoShow } from '../../domain/noshow/noshow.steps';
import { rewriteLetter } from '../../domain/noshow/rewrite';
import { createPatient } from '../../domain/patient/patient.service';
import { collectTreatmentPlanSources, draftTreatmentPlan, type TreatmentPlanJob } from '../../domain/treatment-plan/generate';
import { handoverAnswer, noShowAnswer, treatmentPlanAnswer } from '../msw/answers';
import { mockModel, modelBaseUrl } from '../msw/model';
import { asOwner, createAppointment, createOrganisation, createReport, createUser, validBsns } from '../support/factories';
import { appOrm } from '../support/app-orm';

/*
 * Issue 20: what leaves the server for each AI capability. The model is msw; every request it
 * receives is captured and searched for the identifiers of the patient, the patient's contact
 * persons, the GP, the staff and another patient, each written where only the record's knowledge
 * of them (not a rule about relation words or titles) can find them. Every path, the local one
 * and the refused one included, leaves an `ai_events` row.
 */

const model = mockModel();
let orm: MikroORM;
let ai: AiPort;
let offline: AiPort;
let actor: AuditActor;
let patientId: string;
let gatedPatientId: string;

const patient = {
  nameGiven: ['Esther'],
  namePrefix: 'de',
  familyName: 'Graaf',
  bsn: validBsns[1]!,
  birthDate: '1985-11-11',
  phone: '06-12345678',
  email: 'esther.degraaf@example.nl',
};
/** Name words and numbers that must never reach the model, and where they come from. */
const identifiers = {
  Esther: 'patiënt',
  Graaf: 'patiënt',
  [validBsns[1]!]: 'patiënt',
  '0612345678': 'patiënt',
  Jansen: 'contactpersoon',
  '0611223344': 'contactpersoon',
  Kramer: 'huisarts',
  Vermeulen: 'medewerker',
  Hendriks: 'andere patiënt',
};

/** Every text as it would reach the model: placeholders only, sentences that start with a known name included. */
const reportTexts = [
  'Esther was vanavond onrustig en huilde veel. Jansen belde om 20:00 en maakt zich zorgen (06-11223344).',
  'Hendriks zat de hele avond naast haar; esther werd daar gespannen van. Kramer wil een brief over de medicatie.',
  'Vermeulen gaf om 22:00 haloperidol 5 mg extra; Esthers stemming daarna rustiger. BSN ' + validBsns[1] + ', tel 06-12345678.',
];

function leaked(sent: string): string[] {
  const digits = sent.replace(/(?<=\d)[^\p{L}\d\n]{1,3}(?=\d)/gu, '');
  return Object.keys(identifiers).filter((piece) =>
    /^\d+$/.test(piece) ? digits.includes(piece) : new RegExp(`(?<![\\p{L}])${piece}(?![\\p{L}])`, 'iu').test(sent),
  );
}

const sentText = (from: number) =>
  model.requests
    .slice(from)
    .flatMap((request) => request.messages.map((message) => message.content))
    .join('\n');

interface EventRow {
  id: string;
  capability: string;
  model: string;
  outcome: string;
  reason: string | null;
  prompt_version: string;
  messages: { role: string; content: string }[] | null;
}

async function eventsSince(since: Date): Promise<EventRow[]> {
  return asOwner(actor.organisationId, async (db) => {
    const { rows } = await db.query<EventRow>(
      `select e.id, e.capability, e.model, e.outcome, e.reason, e.prompt_version, r.messages
         from ai_events e left join ai_requests r on r.event_id = e.id
        where e.organisation_id = $1 and e.occurred_at >= $2 order by e.occurred_at`,
      [actor.organisationId, since],
    );
    return rows;
  });
}

async function addReports(forPatient: string, texts: string[]): Promise<void> {
  for (const [index, content] of texts.entries()) {
    await createReport(actor.organisationId, {
      patientId: forPatient,
      createdBy: actor.userId,
      type: 'incident',
      category: 'incident',
      content,
      includeInHandover: true,
      createdAt: new Date(Date.now() - (index + 1) * 3600_000),
    });
  }
}

const handoverJob = (id: string): HandoverJob => ({
  actor,
  patientId: id,
  period: '3d',
  role: 'verpleegkundige',
  workflowId: `test-${randomUUID()}`,
  requestedAt: new Date().toISOString(),
});
const planJob = (): TreatmentPlanJob => ({ actor, patientId, workflowId: `test-${randomUUID()}`, requestedAt: new Date().toISOString() });
const tenant = () => tenantOf(actor);

async function handover(port: AiPort, id = patientId) {
  const job = handoverJob(id);
  const collected = await withTenant(orm, tenant(), (em) => collectHandoverSources(em, job));
  return summariseHandover(port, job, collected);
}

async function treatmentPlan(port: AiPort) {
  const job = planJob();
  const sources = await withTenant(orm, tenant(), (em) => collectTreatmentPlanSources(em, job));
  return draftTreatmentPlan(port, job, sources);
}

async function noShowLetter(port: AiPort) {
  const start = new Date(Math.floor((Date.now() - 30 * 60_000) / 300_000) * 300_000);
  const appointmentId = await createAppointment(actor.organisationId, {
    patientId,
    practitionerId: actor.userId,
    startAt: start,
    minutes: 45,
  });
  await withTenant(orm, tenant(), (em) =>
    createDraftLetter(em, actor, {
      patientId,
      subject: 'Voortgang',
      text: `Geachte collega Kramer,\n\n${reportTexts.join('\n')}\n\nMet collegiale groet,\n\nVermeulen`,
      gpName: 'P. Kramer',
      gpPractice: 'Huisartsenpraktijk De Linde',
    }),
  );
  const job = { actor, appointmentId, workflowId: `test-${randomUUID()}`, followUp: null, requestedAt: new Date().toISOString() };
  const prepared = await withTenant(orm, tenant(), (em) => prepareNoShow(em, job, `${job.workflowId}:prepare`));
  return rewriteLetter(port, job, prepared);
}

async function classify(port: AiPort) {
  return classifyCore({ orm, ai: port }, actor, {
    input: 'hoe ging het eigenlijk met Esther de Graaf, Jansen belde nog over haar',
    context: { activePatient: { id: patientId, name: 'Esther de Graaf' } },
  });
}

async function chat(port: AiPort, message = 'vat de avond samen: Jansen belde, en Hendriks zat naast esther') {
  const request = chatRequestSchema.parse({
    message,
    messages: [],
    context: { activePatient: { id: patientId, name: 'Esther de Graaf' } },
  });
  let text = '';
  for await (const piece of chatReply({ orm, ai: port }, actor, request, new AbortController().signal)) text += piece;
  return text;
}

beforeAll(async () => {
  model.server.listen({ onUnhandledFrame: 'error' });
  orm = await appOrm();
  const organisation = await createOrganisation();
  const user = await createUser(organisation.id, { role: 'psychiater' });
  actor = { organisationId: organisation.id, userId: user.id, role: user.role, channel: 'web' };
  await asOwner(organisation.id, (db) => db.query(`update users set display_name = 'Sanne Vermeulen' where id = $1`, [user.id]));
  await withTenant(orm, tenant(), async (em) => {
    patientId = (await createPatient(em, actor, { ...patient, gender: 'female' })).id;
    gatedPatientId = (
      await createPatient(em, actor, {
        nameGiven: ['Ruud'],
        familyName: 'Akkerman',
        bsn: validBsns[2]!,
        birthDate: '1970-01-01',
        gender: 'male',
      })
    ).id;
    await createPatient(em, actor, {
      nameGiven: ['Kees'],
      familyName: 'Hendriks',
      bsn: validBsns[3]!,
      birthDate: '1962-05-05',
      gender: 'male',
    });
  });
  await asOwner(organisation.id, (db) =>
    db.query(
      `insert into contact_persons (organisation_id, patient_id, name, relation, phone, created_by) values ($1, $2, 'Marie Jansen', 'moeder', '06-11223344', $3)`,
      [organisation.id, patientId, user.id],
    ),
  );
  await addReports(patientId, reportTexts);
  // The GP as the record knows them: from the patient's letters.
  await withTenant(orm, tenant(), (em) =>
    createDraftLetter(em, actor, {
      patientId,
      subject: 'Intake',
      text: 'Geachte collega,\n\nWij zagen uw patiënt voor een intake.',
      gpName: 'P. Kramer',
      gpPractice: 'Huisartsenpraktijk De Linde',
    }),
  );
  // A BSN written with underscores: no pseudonymisation rule expects it, the last gate does. (With
  // slashes after "BSN" it is a number after an identifier word since issue 42, and replaced.)
  await addReports(gatedPatientId, [
    `Ruud vroeg naar zijn uitkering, BSN ${validBsns[2]!.slice(0, 3)}_${validBsns[2]!.slice(3, 6)}_${validBsns[2]!.slice(6)}. Suïcidale uitingen, toezicht verhoogd.`,
  ]);
  ai = createAiPort({ orm, settings: { apiKey: 'test-key', baseUrl: modelBaseUrl, models: { default: 'test-model' } } });
  offline = createAiPort({ orm, settings: { models: { default: 'none' } } });
});

afterAll(async () => {
  model.server.close();
  await orm?.close(true);
});

beforeEach(() => {
  model.requests.length = 0;
});

describe('what leaves the server, per capability', () => {
  it.each([
    ['handover', () => (model.answer(handoverAnswer), handover(ai))],
    ['gp_letter', () => (model.answer(noShowAnswer), noShowLetter(ai))],
    ['treatment_plan', () => (model.answer((request) => ({ content: treatmentPlanAnswer(request) })), treatmentPlan(ai))],
    [
      'intent',
      () => (
        model.answer(() => ({ content: JSON.stringify({ actions: [{ intent: 'overdracht', entities: {}, confidence: 0.9 }] }) })),
        classify(ai)
      ),
    ],
    ['chat', () => (model.answer(() => ({ stream: ['De avond ', 'was onrustig.'] })), chat(ai))],
  ] as const)(
    '%s: no identifier of the patient, contact persons, GP, staff or other patients; the request is kept as sent',
    async (capability, run) => {
      const since = new Date();
      await run();
      expect(model.requests).toHaveLength(1);
      const sent = sentText(0);
      expect(sent).toMatch(/\[PATIENT_\d+/);
      expect(leaked(sent)).toEqual([]);
      const events = (await eventsSince(since)).filter((event) => event.capability === capability);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ model: 'test-model', outcome: 'ok', reason: null });
      expect(events[0]!.messages).toEqual(model.requests[0]!.messages);
    },
  );
});

describe('who carries the patient label (issue 42)', () => {
  /** The placeholder written where a report sentence starts, e.g. "[X] belde om 20:00" → "X". */
  const labelBefore = (sent: string, words: string) => new RegExp(`\\[([A-Z0-9_]+)\\]s? ${words}`).exec(sent)?.[1];

  it.each([
    ['handover', () => (model.answer(handoverAnswer), handover(ai))],
    ['gp_letter', () => (model.answer(noShowAnswer), noShowLetter(ai))],
  ] as const)(
    "%s: the record's patient is [PATIENT_1]; the mother, the GP and a colleague are persons, never the patient",
    async (_capability, run) => {
      await run();
      const sent = sentText(0);
      expect(labelBefore(sent, 'was vanavond onrustig')).toMatch(/^PATIENT_1(_|$)/);
      expect(labelBefore(sent, 'belde om 20:00')).toMatch(/^PERSOON_\d+/);
      expect(labelBefore(sent, 'wil een brief')).toMatch(/^PERSOON_\d+/);
      expect(labelBefore(sent, 'gaf om 22:00')).toMatch(/^PERSOON_\d+/);
      // A fellow patient is a patient too, numbered after the record's own; nobody else is one.
      expect(labelBefore(sent, 'zat de hele avond naast haar')).toMatch(/^PATIENT_2(_|$)/);
      const patientLabels = new Set([...sent.matchAll(/\[PATIENT_(\d+)/g)].map((match) => match[1]));
      expect([...patientLabels].sort()).toEqual(['1', '2']);
    },
  );
});

describe('every path writes an ai_events row', () => {
  it.each([
    ['handover', () => handover(offline)],
    ['gp_letter', () => noShowLetter(offline)],
    ['treatment_plan', () => treatmentPlan(offline)],
    ['intent', () => classify(offline)],
    ['chat', () => chat(offline)],
  ] as const)('%s without a model: the local path, recorded as lokaal', async (capability, run) => {
    const since = new Date();
    await run();
    expect(model.requests).toHaveLength(0);
    const events = (await eventsSince(since)).filter((event) => event.capability === capability);
    expect(events).toEqual([
      expect.objectContaining({ model: 'lokaal', outcome: 'ok', reason: 'geen taalmodel ingesteld', messages: null }),
    ]);
  });

  it('a model that fails is recorded with a reason an operator can act on', async () => {
    const since = new Date();
    model.answer(() => ({ status: 503 }));
    const result = await handover(ai);
    expect(result).toMatchObject({ ok: true, prepared: { bron: 'lokaal' } });
    const [event] = await eventsSince(since);
    expect(event).toMatchObject({ capability: 'handover', outcome: 'fout', reason: 'taalmodel antwoordde HTTP 503' });
  });

  it('a request as sent is kept for the retention period: the next call removes what is older, and keeps its own', async () => {
    const requestRows = () =>
      asOwner(actor.organisationId, async (db) => {
        const { rows } = await db.query<{ event_id: string }>('select event_id from ai_requests where organisation_id = $1', [
          actor.organisationId,
        ]);
        return rows.map((row) => row.event_id);
      });
    const before = await requestRows();
    expect(before.length).toBeGreaterThan(0);
    // All of this organisation's requests so far become 31 days old (the default period is 30).
    await asOwner(actor.organisationId, (db) =>
      db.query(`update ai_requests set created_at = now() - interval '31 days' where organisation_id = $1`, [actor.organisationId]),
    );
    const since = new Date();
    model.answer(() => ({ content: JSON.stringify({ actions: [{ intent: 'overdracht', entities: {}, confidence: 0.9 }] }) }));
    await classify(ai);
    const [event] = (await eventsSince(since)).filter((row) => row.capability === 'intent');
    expect(event?.messages).not.toBeNull();
    expect(await requestRows()).toEqual([event!.id]);
  });
});

describe('the last gate', () => {
  it('refuses a handover whose sources hold an identifier no rule found, and answers locally with a notice', async () => {
    const since = new Date();
    model.answer(handoverAnswer);
    const result = await handover(ai, gatedPatientId);
    expect(model.requests).toHaveLength(0);
    expect(result).toMatchObject({ ok: true, prepared: { bron: 'lokaal', melding: refusedNotice } });
    if (!result.ok) throw new Error('expected a summary');
    expect(result.prepared.draft.aandachtspunten.length).toBeGreaterThan(0);
    const [event] = await eventsSince(since);
    expect(event).toMatchObject({ capability: 'handover', model: 'lokaal', outcome: 'geweigerd', messages: null });
    expect(event!.reason).toContain('bsn');
    expect(event!.reason).not.toContain(validBsns[2]!.slice(0, 3));
  });

  it('refuses a chat message that would send the BSN, and the assistant still answers', async () => {
    const since = new Date();
    model.answer(() => ({ stream: ['niet gebruikt'] }));
    const text = await chat(
      ai,
      `zoek het dossier met bsn ${validBsns[1]!.slice(0, 3)}_${validBsns[1]!.slice(3, 6)}_${validBsns[1]!.slice(6)}`,
    );
    expect(model.requests).toHaveLength(0);
    expect(text.startsWith(refusedNotice)).toBe(true);
    expect(text.length).toBeGreaterThan(refusedNotice.length + 10);
    // The chat's call is refused; so is the intent tier's, where the reflex is unsure of the sentence and asks the model
    // ("bsn" is no patient's name): every call that would have sent the BSN is refused and recorded, none is sent.
    const events = await eventsSince(since);
    const outcomes = events.map((event) => [event.capability, event.outcome]);
    expect(outcomes).toContainEqual(['chat', 'geweigerd']);
    expect(outcomes.filter(([, outcome]) => outcome !== 'geweigerd')).toEqual([]);
  });
});
