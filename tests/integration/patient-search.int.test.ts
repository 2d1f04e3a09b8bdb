import { beforeAll, describe, expect, it } from 'vitest';
import { fhirPatientBody, signedInUser, validBsns, type SignedIn } from '../support/factories';
import { json } from '../support/http';

let nurse: SignedIn;
const ids: Record<string, string> = {};

function patient(given: string[], prefix: string | undefined, family: string, bsn: string) {
  const ownName = [{ url: 'http://hl7.org/fhir/StructureDefinition/humanname-own-name', valueString: family }];
  const ownPrefix = prefix ? [{ url: 'http://hl7.org/fhir/StructureDefinition/humanname-own-prefix', valueString: prefix }] : [];
  return fhirPatientBody({
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: bsn }],
    name: [{ family: [prefix, family].filter(Boolean).join(' '), given, _family: { extension: [...ownPrefix, ...ownName] } }],
  });
}

interface Result {
  id: string;
  name: string;
  birthDate: string | null;
  status: string;
  score: number;
}

async function search(path: string, q: string): Promise<Result[]> {
  const response = await json(`${path}?q=${encodeURIComponent(q)}`, { cookie: nurse.cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: Result[] }).results;
}

beforeAll(async () => {
  nurse = await signedInUser();
  const people: [string, string[], string | undefined, string][] = [
    ['jan', ['Jan'], 'de', 'Vries'],
    ['johan', ['Johan'], 'de', 'Vos'],
    ['janneke', ['Janneke'], 'de', 'Wit'],
    ['pieter', ['Jan', 'Pieter'], 'van der', 'Berg'],
    ['fatima', ['Fatima'], 'el', 'Amrani'],
  ];
  for (const [key, given, prefix, family] of people) {
    const bsn = validBsns[people.findIndex(([k]) => k === key)]!;
    const response = await json('/api/fhir/Patient', { method: 'POST', cookie: nurse.cookie, body: patient(given, prefix, family, bsn) });
    expect(response.status).toBe(201);
    ids[key] = ((await response.json()) as { id: string }).id;
  }
});

describe('fuzzy patient search', () => {
  it.each(['jan', 'de vries', 'vries', 'jna de vires', 'Jan de Vries'])('finds Jan de Vries first for "%s"', async (q) => {
    const results = await search('/api/patients/search', q);
    expect(results[0]).toMatchObject({ id: ids.jan, name: 'Jan de Vries', birthDate: '1971-04-12', status: 'planned' });
    for (const result of results) {
      expect(result.score).toBeGreaterThan(0);
      expect(result.score).toBeLessThanOrEqual(1);
    }
    const scores = results.map((result) => result.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('does not confuse Jan de Vries with Johan de Vos on a typo', async () => {
    const [first, second] = await search('/api/patients/search', 'jna de vires');
    expect(first!.id).toBe(ids.jan);
    expect(first!.score).toBeGreaterThan(second?.score ?? 0);
  });

  it('finds prefixes like "van der" and a partial family name', async () => {
    expect((await search('/api/patients/search', 'van der'))[0]!.id).toBe(ids.pieter);
    expect((await search('/api/patients/search', 'amra'))[0]!.id).toBe(ids.fatima);
  });

  it('finds a patient by BSN with a perfect score', async () => {
    const [result] = await search('/api/patients/search', validBsns[4]!);
    expect(result).toMatchObject({ id: ids.fatima, score: 1 });
  });

  it('serves the core and assistant searches from the same service and shape', async () => {
    const plain = await search('/api/patients/search', 'Jan');
    expect(await search('/api/core/patients/search', 'jan')).toEqual(plain);
    expect(await search('/api/assistant/patients/search', 'Jan')).toEqual(plain);
  });

  it('answers an empty term with a Dutch 400, and an unknown name with no results', async () => {
    const response = await json('/api/patients/search?q=', { cookie: nurse.cookie });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'validation_failed', fields: { q: 'Vul een zoekterm in.' } } });
    expect(await search('/api/patients/search', 'Xylofoon')).toEqual([]);
  });

  it("never finds another organisation's patients", async () => {
    const stranger = await signedInUser();
    const response = await json('/api/patients/search?q=jan', { cookie: stranger.cookie });
    expect(((await response.json()) as { results: Result[] }).results).toEqual([]);
  });
});
