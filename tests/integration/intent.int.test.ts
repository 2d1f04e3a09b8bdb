import { beforeAll, describe, expect, it } from 'vitest';
import { fhirPatientBody, signedInUser, validBsns, type SignedIn } from '../support/factories';
import { json, request } from '../support/http';

let nurse: SignedIn;
let patientId: string;

beforeAll(async () => {
  nurse = await signedInUser();
  const created = await json('/api/fhir/Patient', {
    method: 'POST',
    cookie: nurse.cookie,
    body: fhirPatientBody({
      name: [{ family: 'Zwanenburg', given: ['Hendrika'] }],
      identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[5] }],
    }),
  });
  patientId = ((await created.json()) as { id: string }).id;
});

describe('classification API', () => {
  it('requires a session', async () => {
    for (const path of ['/api/core/classify', '/api/intent/classify']) {
      const response = await json(path, { method: 'POST', body: { input: 'open de agenda' } });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/sessie verlopen/i);
    }
  });

  it('rejects an empty sentence and a bad context with Dutch field messages', async () => {
    const empty = await json('/api/core/classify', { method: 'POST', cookie: nurse.cookie, body: { input: '  ' } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain('Typ of dicteer wat de assistent moet doen.');
    const badContext = await json('/api/core/classify', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { input: 'open de agenda', context: { activePatient: { id: 'x', name: 'Jan' }, shift: 'ochtend' } },
    });
    expect(badContext.status).toBe(400);
    const body = JSON.stringify(await badContext.json());
    expect(body).toContain('Kies een bestaande patiënt.');
    expect(body).toContain('Kies een dienst: dag, avond of nacht.');
    const notJson = await request('/api/intent/classify', {
      method: 'POST',
      cookie: nurse.cookie,
      headers: { 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
    expect((await request('/api/core/classify', { cookie: nurse.cookie })).status).toBe(405);
  });

  it('classifies locally, resolves the patient of the organisation and reports time and tokens', async () => {
    const response = await json('/api/core/classify', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { input: 'maak een dagnotitie voor hendrika zwanenburg: weigerde haar medicatie' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      handledBy: string;
      chain: { actions: { intent: string; entities: Record<string, string>; confidence: number }[] };
      tokensUsed: number;
      processingTimeMs: number;
      ai: { configured: boolean };
    };
    expect(body.handledBy).toBe('reflex');
    expect(body.tokensUsed).toBe(0);
    expect(body.processingTimeMs).toBeGreaterThanOrEqual(0);
    expect(body.ai.configured).toBe(false);
    expect(body.chain.actions).toEqual([
      {
        intent: 'dagnotitie',
        entities: { patientName: 'Hendrika Zwanenburg', patientId, category: 'medicatie', content: 'Weigerde haar medicatie' },
        confidence: 0.96,
      },
    ]);
  });

  it('answers the single-intent route with intent, entities and confidence', async () => {
    const response = await json('/api/intent/classify', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { input: "wat zijn de risico's van Hendrika Zwanenburg" },
    });
    expect(await response.json()).toEqual({
      intent: 'risico_query',
      entities: { patientName: 'Hendrika Zwanenburg', patientId },
      confidence: 0.92,
    });
  });

  it('says when it would have asked a model that is not configured', async () => {
    const response = await json('/api/core/classify', { method: 'POST', cookie: nurse.cookie, body: { input: 'hoe ging het eigenlijk' } });
    expect(await response.json()).toMatchObject({
      handledBy: 'reflex',
      ai: { configured: false, status: 'not_configured' },
      chain: { actions: [{ intent: 'unknown' }] },
    });
  });

  it('never resolves a name to a patient of another organisation', async () => {
    const other = await signedInUser();
    const response = await json('/api/core/classify', {
      method: 'POST',
      cookie: other.cookie,
      body: { input: "wat zijn de risico's van Hendrika Zwanenburg" },
    });
    const body = (await response.json()) as { chain: { actions: { entities: Record<string, string> }[] } };
    expect(body.chain.actions[0]!.entities.patientId).toBeUndefined();
  });

  it('ignores an active patient of another organisation', async () => {
    const other = await signedInUser();
    const response = await json('/api/core/classify', {
      method: 'POST',
      cookie: other.cookie,
      body: { input: "wat zijn zijn risico's", context: { activePatient: { id: patientId, name: 'Hendrika Zwanenburg' } } },
    });
    const body = (await response.json()) as { chain: { actions: { entities: Record<string, string> }[] } };
    expect(body.chain.actions[0]!.entities).toEqual({});
  });
});
