import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, createOrganisation, validBsns } from '../../tests/support/factories';
import { mockModel, modelBaseUrl } from '../../tests/msw/model';
import { createAiPort, type AiPort } from '../ai/ai.port';
import { Pseudonymiser } from '../ai/pseudonymise';
import type { AuditActor } from '../audit/audit.service';
import { type MikroORM } from '../db/orm';
import { tenantOf, withTenant } from '../db/tenant';
import { createPatient } from '../patient/patient.service';
import { classifyCore } from './intent.service';
import { appOrm } from '../../tests/support/app-orm';

const model = mockModel();
let orm: MikroORM;
let ai: AiPort;
let actor: AuditActor;
const patients: Record<string, { id: string; bsn: string; given: string; family: string }> = {};

interface EventRow {
  capability: string;
  model: string;
  prompt_version: string;
  tokens_in: number;
  tokens_out: number;
  duration_ms: number;
  outcome: string;
  reason: string | null;
  user_id: string;
  patient_id: string | null;
}

async function events(): Promise<EventRow[]> {
  return withTenant(orm, { organisationId: actor.organisationId }, (em) =>
    em.execute<EventRow[]>('select * from ai_events order by occurred_at'),
  );
}

/** The model, as tests script it, answers with the placeholder it was given for the patient. */
function placeholderIn(text: string): string {
  return /\[PATIENT_\d+[^\]]*\]/.exec(text)?.[0] ?? '[PATIENT_1]';
}

beforeAll(async () => {
  // Only the model is mocked; PostgreSQL is real (and not HTTP), so nothing else may go over HTTP here.
  model.server.listen({ onUnhandledFrame: 'error' });
  orm = await appOrm();
  const organisation = await createOrganisation();
  const user = await createUser(organisation.id);
  actor = { organisationId: organisation.id, userId: user.id, role: user.role, channel: 'assistant' };
  const people = [
    { key: 'jan', given: 'Jan', prefix: 'de', family: 'Vries', bsn: validBsns[1]! },
    { key: 'fatima', given: 'Fatima', prefix: 'el', family: 'Amrani', bsn: validBsns[2]! },
    { key: 'kees', given: 'Kees', prefix: 'van der', family: 'Berg', bsn: validBsns[3]! },
  ];
  await withTenant(orm, tenantOf(actor), async (em) => {
    for (const person of people) {
      const created = await createPatient(em, actor, {
        nameGiven: [person.given],
        namePrefix: person.prefix,
        familyName: person.family,
        bsn: person.bsn,
        birthDate: '1980-05-17',
        gender: 'male',
      });
      patients[person.key] = { id: created.id, bsn: person.bsn, given: person.given, family: person.family };
    }
  });
  ai = createAiPort({
    orm,
    settings: { apiKey: 'test-key', baseUrl: modelBaseUrl, models: { default: 'test-model' }, timeouts: { intent: 400 } },
  });
});

afterAll(async () => {
  model.server.close();
  await orm?.close(true);
});

beforeEach(() => {
  model.requests.length = 0;
});

describe('escalation from the local reflex to the orchestrator', () => {
  it('answers a clear sentence locally, without calling the model, and resolves the patient', async () => {
    const result = await classifyCore({ orm, ai }, actor, { input: 'maak een dagnotitie voor Jan de Vries: weigerde medicatie' });
    expect(model.requests).toHaveLength(0);
    expect(result.handledBy).toBe('reflex');
    expect(result.tokensUsed).toBe(0);
    expect(result.ai).toEqual({ configured: true, status: 'not_needed' });
    expect(result.chain.actions).toEqual([
      {
        intent: 'dagnotitie',
        entities: expect.objectContaining({
          patientId: patients.jan!.id,
          patientName: 'Jan de Vries',
          category: 'medicatie',
          content: 'Weigerde medicatie',
        }),
        confidence: expect.any(Number),
      },
    ]);
    expect(result.chain.actions[0]!.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('keeps a clearly split two-action chain local, in order', async () => {
    const result = await classifyCore({ orm, ai }, actor, {
      input: 'annuleer de afspraak van Jan de Vries morgen en maak een notitie dat hij ziek is',
    });
    expect(model.requests).toHaveLength(0);
    expect(result.chain.actions.map((action) => action.intent)).toEqual(['cancel_appointment', 'dagnotitie']);
    expect(result.chain.actions.every((action) => action.entities.patientId === patients.jan!.id)).toBe(true);
  });

  it('asks the model when the reflex is unsure, and believes its chain', async () => {
    model.answer((request) => ({
      content: JSON.stringify({
        actions: [{ intent: 'overdracht', entities: { patientName: placeholderIn(request.messages[1]!.content) }, confidence: 0.88 }],
      }),
      usage: { in: 321, out: 17 },
    }));
    const result = await classifyCore({ orm, ai }, actor, { input: 'hoe ging het eigenlijk met Kees van der Berg' });
    expect(model.requests).toHaveLength(1);
    expect(result.handledBy).toBe('orchestrator');
    expect(result.tokensUsed).toBe(338);
    expect(result.chain.actions).toEqual([
      { intent: 'overdracht', entities: { patientName: 'Kees van der Berg', patientId: patients.kees!.id }, confidence: 0.88 },
    ]);
    const last = (await events()).at(-1)!;
    expect(last).toMatchObject({
      capability: 'intent',
      model: 'test-model',
      prompt_version: 'intent-orchestrator@4',
      tokens_in: 321,
      tokens_out: 17,
      outcome: 'ok',
      user_id: actor.userId,
    });
    expect(last.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('asks the model when connector words remain that the local split could not place', async () => {
    model.answer(() => ({
      content:
        '{"actions":[{"intent":"risico_query","entities":{},"confidence":0.9},{"intent":"diagnose_query","entities":{},"confidence":0.9}]}',
    }));
    const result = await classifyCore({ orm, ai }, actor, { input: 'zoek Jan en Kees' });
    expect(model.requests).toHaveLength(1);
    expect(result.handledBy).toBe('orchestrator');
  });

  it('gives the model the context of the prompt: catalogue, four confidence bands, active patient', async () => {
    model.answer(() => ({ content: '{"actions":[{"intent":"unknown","entities":{},"confidence":0.4}]}' }));
    await classifyCore({ orm, ai }, actor, {
      input: 'kun je iets met hem',
      context: { activePatient: { id: patients.fatima!.id, name: 'Fatima el Amrani' }, shift: 'avond' },
    });
    const [system, user] = model.requests[0]!.messages;
    expect(system!.content).toContain('reschedule_appointment');
    expect(system!.content).toMatch(/> 0\.9.*0\.7–0\.9.*0\.5–0\.7.*< 0\.5/s);
    expect(user!.content).toContain('Dienst: avond');
    expect(user!.content).toMatch(/Actieve patiënt: \[PATIENT_\d+\]/);
  });
});

describe('malformed and failed model answers', () => {
  it('strips code fences and records the answer as malformed', async () => {
    model.answer(() => ({ content: '```json\n{"actions":[{"intent":"diagnose_query","entities":{},"confidence":0.91}]}\n```' }));
    const result = await classifyCore({ orm, ai }, actor, { input: 'iets over de classificatie dan' });
    expect(result.chain.actions.map((action) => action.intent)).toEqual(['diagnose_query']);
    expect((await events()).at(-1)!.outcome).toBe('malformed');
  });

  it('extracts intents from broken JSON, in order', async () => {
    model.answer(() => ({
      content: '{"actions":[{"intent":"agenda_query","confidence":0.8},{"intent":"overdracht","entities":{"patientName":"x"',
    }));
    const result = await classifyCore({ orm, ai }, actor, { input: 'iets met de planning en dan nog wat' });
    expect(result.chain.actions.map((action) => action.intent)).toEqual(['agenda_query', 'overdracht']);
  });

  it('falls back to unknown on garbage', async () => {
    model.answer(() => ({ content: 'Sorry, daar kan ik niet mee helpen.' }));
    const result = await classifyCore({ orm, ai }, actor, { input: 'blabla iets onduidelijks' });
    expect(result.handledBy).toBe('orchestrator');
    expect(result.chain.actions).toEqual([{ intent: 'unknown', entities: {}, confidence: 0.3 }]);
  });

  it('on a timeout returns the local chain with confidence capped at 0.6, and records the timeout', async () => {
    model.answer(() => ({ content: '{"actions":[]}', delayMs: 2000 }));
    const result = await classifyCore({ orm, ai }, actor, { input: 'zoek Jan de Vries en Kees' });
    expect(result.handledBy).toBe('reflex');
    expect(result.ai.status).toBe('timeout');
    expect(result.chain.actions.map((action) => [action.intent, action.entities.patientName])).toEqual([
      ['zoeken', 'Jan de Vries'],
      ['zoeken', 'Kees van der Berg'],
    ]);
    for (const action of result.chain.actions) expect(action.confidence).toBeLessThanOrEqual(0.6);
    expect((await events()).at(-1)).toMatchObject({ outcome: 'timeout', tokens_in: 0 });
  });

  it('on an upstream error falls back the same way', async () => {
    model.answer(() => ({ status: 503 }));
    const result = await classifyCore({ orm, ai }, actor, { input: 'wat moet er gebeuren met het plan' });
    expect(result.ai.status).toBe('error');
    for (const action of result.chain.actions) expect(action.confidence).toBeLessThanOrEqual(0.6);
    expect((await events()).at(-1)).toMatchObject({ outcome: 'fout', reason: 'taalmodel antwoordde HTTP 503' });
  });

  it('without a configured model stays local and says so', async () => {
    const offline = createAiPort({ orm, settings: { models: { default: 'test-model' } } });
    const result = await classifyCore({ orm, ai: offline }, actor, { input: 'iets vaags over Jan' });
    expect(model.requests).toHaveLength(0);
    expect(result).toMatchObject({ handledBy: 'reflex', tokensUsed: 0, ai: { configured: false, status: 'not_configured' } });
  });
});

describe('pseudonymisation', () => {
  it('sends no BSN and no known patient name to the model, in classification or in chat', async () => {
    model.answer((request) => ({
      content: JSON.stringify({
        actions: [{ intent: 'zoeken', entities: { patientName: placeholderIn(request.messages[1]!.content) }, confidence: 0.9 }],
      }),
    }));
    const inputs = [
      `zoek ${patients.jan!.bsn} en ook Fatima el Amrani`,
      'jan de vries en kees van der berg, wat is er met hen',
      `iets over mw. el Amrani, bsn ${patients.fatima!.bsn}, geboren 17-05-1980`,
    ];
    for (const input of inputs)
      await classifyCore({ orm, ai }, actor, { input, context: { activePatient: { id: patients.kees!.id, name: 'Kees van der Berg' } } });

    const chat: string[] = [];
    model.answer(() => ({ stream: ['Ik zoek ', '[PATI', 'ENT_1] op', '.'] }));
    const pseudonymiser = new Pseudonymiser([{ name: 'Jan de Vries', bsn: patients.jan!.bsn }]);
    for await (const text of ai.stream({
      capability: 'chat',
      prompt: { id: 'chat', version: 'test' },
      messages: [{ role: 'user', content: `Zoek Jan de Vries (${patients.jan!.bsn}) op` }],
      context: { organisationId: actor.organisationId, userId: actor.userId },
      pseudonymiser,
    })) {
      chat.push(text);
    }
    expect(chat.join('')).toBe('Ik zoek Jan de Vries op.');

    const sent = model.sentText();
    expect(model.requests.length).toBe(inputs.length + 1);
    for (const patient of Object.values(patients)) {
      expect(sent).not.toContain(patient.bsn);
      expect(sent.toLowerCase()).not.toContain(patient.family.toLowerCase());
      expect(sent.toLowerCase()).not.toMatch(new RegExp(`\\b${patient.given.toLowerCase()}\\b`));
    }
    expect(sent).not.toContain('17-05-1980');
  });
});
