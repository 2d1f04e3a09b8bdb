import { type MedplumClient, OperationOutcomeError, validateResource } from '@medplum/core';
import type { Bundle, Patient, Resource } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { fhirPatientBody, registerPatient, signedInUser, validBsns, type SignedIn } from '../support/factories';
import { indexFhirDefinitions, medplumClient } from '../support/fhir';
import { request } from '../support/http';

/*
 * Issue 21, Patient search as an integrator drives it: MedplumClient with a fetch that carries the
 * session. Every filter narrows, unknown parameters are not echoed in `self`, and
 * `Prefer: handling=strict` refuses them.
 */
let nurse: SignedIn;
let other: SignedIn;
let client: MedplumClient;
const ids: Record<string, string> = {};

const bsnSystem = 'http://fhir.nl/fhir/NamingSystem/bsn';
const person = (given: string, prefix: string | null, family: string, bsn: string, birthDate: string, gender: string) =>
  fhirPatientBody({
    identifier: [{ system: bsnSystem, value: bsn }],
    name: [
      {
        family: [prefix, family].filter(Boolean).join(' '),
        given: given.split(' '),
        _family: {
          extension: [
            ...(prefix ? [{ url: 'http://hl7.org/fhir/StructureDefinition/humanname-own-prefix', valueString: prefix }] : []),
            { url: 'http://hl7.org/fhir/StructureDefinition/humanname-own-name', valueString: family },
          ],
        },
      },
    ],
    birthDate,
    gender,
  });

const idsOf = (bundle: Bundle<Patient>) => (bundle.entry ?? []).map((entry) => entry.resource!.id!).sort();
const named = (...names: string[]) => names.map((name) => ids[name]!).sort();
const search = (query: Record<string, string> | string) => client.search('Patient', query, { cache: 'no-cache' });

beforeAll(async () => {
  indexFhirDefinitions();
  nurse = await signedInUser();
  other = await signedInUser();
  client = medplumClient(nurse.cookie);
  ids.zoe = await registerPatient(nurse.cookie, person('Zoë Anna', 'van', 'Dijk', validBsns[0]!, '1990-05-17', 'female'));
  ids.jan = await registerPatient(nurse.cookie, person('Jan', 'de', 'Vries', validBsns[1]!, '1971-04-12', 'male'));
  ids.ines = await registerPatient(nurse.cookie, person('Inés', null, 'Çelik', validBsns[2]!, '1990-12-31', 'female'));
  ids.kees = await registerPatient(nurse.cookie, person('Kees', 'van der', 'Berg', validBsns[3]!, '2001-01-01', 'male'));
  ids.anna = await registerPatient(nurse.cookie, person('Anna', null, 'Dijkstra', validBsns[4]!, '1985-07-07', 'other'));
  // The same BSN as Jan in another organisation: never found from here.
  await registerPatient(other.cookie, person('Jan', 'de', 'Vries', validBsns[1]!, '1971-04-12', 'male'));
});

describe('FHIR Patient search through MedplumClient', () => {
  it('finds exactly the patient with a BSN, by system|value and by value', async () => {
    const found = await client.searchOne('Patient', { identifier: `${bsnSystem}|${validBsns[1]}` }, { cache: 'no-cache' });
    expect(found?.id).toBe(ids.jan);
    expect(idsOf(await search({ identifier: `${bsnSystem}|${validBsns[1]}` }))).toEqual([ids.jan]);
    expect(idsOf(await search({ identifier: validBsns[2]! }))).toEqual([ids.ines]);
    expect(idsOf(await search({ identifier: `http://example.org/mrn|${validBsns[1]}` }))).toEqual([]);
    expect(idsOf(await search({ identifier: '100000001' }))).toEqual([]);
  });

  it('matches name, family and given in part, without case or accents; :exact matches as written', async () => {
    expect(idsOf(await search({ name: 'zoe' }))).toEqual(named('zoe'));
    expect(idsOf(await search({ name: 'DIJK' }))).toEqual(named('zoe', 'anna'));
    expect(idsOf(await search({ family: 'celik' }))).toEqual(named('ines'));
    expect(idsOf(await search({ family: 'van der berg' }))).toEqual(named('kees'));
    // FHIR's :exact: Patient.name.family as written, prefix included, case and accents counting.
    expect(idsOf(await search({ 'family:exact': 'van Dijk' }))).toEqual(named('zoe'));
    expect(idsOf(await search({ 'family:exact': 'Dijk' }))).toEqual([]);
    expect(idsOf(await search({ 'family:exact': 'van der berg' }))).toEqual([]);
    expect(idsOf(await search({ given: 'anna' }))).toEqual(named('zoe', 'anna'));
    expect(idsOf(await search({ 'given:exact': 'Anna' }))).toEqual(named('zoe', 'anna'));
    expect(idsOf(await search({ name: 'kees,ines' }))).toEqual(named('kees', 'ines'));
    expect(idsOf(await search('name=dijk&given=zoe'))).toEqual(named('zoe'));
  });

  it.each([
    ['1990', ['zoe', 'ines']],
    ['eq1990-05', ['zoe']],
    ['1990-05-17', ['zoe']],
    ['ge1990-12-31', ['ines', 'kees']],
    ['gt1990', ['kees']],
    ['lt1985-07-07', ['jan']],
    ['le1985-07-07', ['jan', 'anna']],
    ['ne1990', ['jan', 'kees', 'anna']],
  ])('birthdate=%s', async (value, expected) => {
    expect(idsOf(await search({ birthdate: value }))).toEqual(named(...expected));
  });

  it('filters by _id, gender, status and _lastUpdated', async () => {
    expect(idsOf(await search({ _id: `${ids.jan},${ids.kees}` }))).toEqual(named('jan', 'kees'));
    expect(idsOf(await search({ gender: 'female' }))).toEqual(named('zoe', 'ines'));
    expect(idsOf(await search({ status: 'planned' }))).toEqual(named('zoe', 'jan', 'ines', 'kees', 'anna'));
    expect(idsOf(await search({ status: 'active' }))).toEqual([]);
    expect(idsOf(await search({ _lastUpdated: 'ge2020-01-01' }))).toEqual(named('zoe', 'jan', 'ines', 'kees', 'anna'));
    expect(idsOf(await search({ _lastUpdated: `gt${new Date(Date.now() + 60_000).toISOString()}` }))).toEqual([]);
  });

  it('pages with _count through every patient, newest change first, and links first/last/next/previous', async () => {
    const pages: string[][] = [];
    for await (const page of client.searchResourcePages('Patient', { _count: '2' }, { cache: 'no-cache' }))
      pages.push(page.map((patient) => patient.id));
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat().sort()).toEqual(named('zoe', 'jan', 'ines', 'kees', 'anna'));
    expect(pages.flat()[0]).toBe(ids.anna);
    const middle = await search({ _count: '2', _offset: '2' });
    expect(middle.total).toBe(5);
    const relations = Object.fromEntries((middle.link ?? []).map((link) => [link.relation, new URL(link.url!).search]));
    expect(relations).toEqual({
      self: '?_count=2&_offset=2',
      first: '?_count=2&_offset=0',
      next: '?_count=2&_offset=4',
      previous: '?_count=2&_offset=0',
      last: '?_count=2&_offset=4',
    });
  });

  it('leaves an unknown parameter out of self, and refuses it with Prefer: handling=strict', async () => {
    const bundle = await search({ name: 'dijk', onbekend: 'x' });
    expect(idsOf(bundle)).toEqual(named('zoe', 'anna'));
    const self = new URL(bundle.link!.find((link) => link.relation === 'self')!.url!);
    expect([...self.searchParams.keys()]).toEqual(['name', '_count', '_offset']);

    const strict = await request('/api/fhir/Patient?name=dijk&onbekend=x', {
      cookie: nurse.cookie,
      headers: { Prefer: 'handling=strict' },
    });
    expect(strict.status).toBe(400);
    expect(strict.headers.get('content-type')).toContain('application/fhir+json');
    const outcome = (await strict.json()) as Resource & { issue: { code: string; diagnostics: string; expression: string[] }[] };
    expect(outcome.issue).toEqual([
      { severity: 'error', code: 'invalid', diagnostics: 'Zoekparameter "onbekend" wordt niet ondersteund.' },
    ]);
    expect(validateResource(outcome)).toEqual([]);
  });

  it('answers a value it cannot read with a Dutch 400 OperationOutcome', async () => {
    await expect(search({ birthdate: '17-05-1990' })).rejects.toBeInstanceOf(OperationOutcomeError);
    const response = await request('/api/fhir/Patient?birthdate=1990-02-30', { cookie: nurse.cookie });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { issue: { diagnostics: string }[] }).issue[0]!.diagnostics).toBe(
      'Zoekparameter "birthdate": ongeldige datum "1990-02-30"; gebruik JJJJ, JJJJ-MM of JJJJ-MM-DD.',
    );
  });

  it('searches with POST Patient/_search and a form body like GET', async () => {
    const response = await request('/api/fhir/Patient/_search', {
      method: 'POST',
      cookie: nurse.cookie,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `identifier=${encodeURIComponent(`${bsnSystem}|${validBsns[0]}`)}`,
    });
    expect(response.status).toBe(200);
    const bundle = (await response.json()) as Bundle<Patient>;
    expect(idsOf(bundle)).toEqual([ids.zoe]);
    expect(new URL(bundle.link![0]!.url!).pathname).toBe('/api/fhir/Patient');
  });

  it("answers 401, 405 and another organisation's id as valid OperationOutcomes", async () => {
    for (const [response, status, code] of [
      [await request('/api/fhir/Patient?name=dijk'), 401, 'login'],
      [await request('/api/fhir/Patient', { method: 'DELETE', cookie: nurse.cookie }), 405, 'not-supported'],
      [await request(`/api/fhir/Patient/${ids.jan}`, { cookie: other.cookie }), 404, 'not-found'],
    ] as const) {
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toContain('application/fhir+json');
      const outcome = (await response.json()) as Resource & { issue: { code: string; diagnostics: string }[] };
      expect(outcome.issue[0]!.code).toBe(code);
      expect(outcome.issue[0]!.diagnostics).toMatch(/^[A-Z].*\.$/);
      expect(validateResource(outcome)).toEqual([]);
    }
  });

  it('returns only valid FHIR R4 resources', async () => {
    const bundle = await search({ _count: '100' });
    expect(validateResource(bundle)).toEqual([]);
    for (const entry of bundle.entry ?? []) expect(validateResource(entry.resource!)).toEqual([]);
  });
});

describe('the CapabilityStatement', () => {
  it('is valid and lists exactly the Patient search parameters the search accepts', async () => {
    const statement = await client.get(client.fhirUrl('metadata'), { cache: 'no-cache' });
    expect(validateResource(statement)).toEqual([]);
    const patient = statement.rest[0].resource.find((resource: { type: string }) => resource.type === 'Patient');
    const advertised: string[] = patient.searchParam.map((parameter: { name: string }) => parameter.name);
    expect(advertised.length).toBeGreaterThanOrEqual(9);
    // Each advertised parameter is accepted under strict handling; a FHIR Patient parameter we do not list is refused.
    const sample: Record<string, string> = {
      _id: ids.jan!,
      identifier: validBsns[1]!,
      name: 'vries',
      family: 'vries',
      given: 'jan',
      birthdate: '1971',
      _lastUpdated: 'ge2020-01-01',
      gender: 'male',
      status: 'planned',
    };
    for (const name of advertised) {
      const response = await request(`/api/fhir/Patient?${name}=${encodeURIComponent(sample[name] ?? 'x')}`, {
        cookie: nurse.cookie,
        headers: { Prefer: 'handling=strict' },
      });
      expect(response.status, name).toBe(200);
    }
    for (const name of ['address', 'telecom', 'general-practitioner', 'deceased']) {
      const response = await request(`/api/fhir/Patient?${name}=x`, { cookie: nurse.cookie, headers: { Prefer: 'handling=strict' } });
      expect(response.status, name).toBe(400);
    }
    expect(patient.interaction.map((interaction: { code: string }) => interaction.code).sort()).toEqual([
      'create',
      'history-instance',
      'history-type',
      'read',
      'search-type',
      'update',
      'vread',
    ]);
    // And the interactions are there: read, update, create and search answer; delete is not advertised and is refused.
    expect((await request('/api/fhir/Patient', { method: 'DELETE', cookie: nurse.cookie })).status).toBe(405);
  });
});

describe('versions', () => {
  it('creates, updates with If-Match, and refuses a stale version with 412, changing nothing', async () => {
    const created = await client.createResource<Patient>(person('Lotte', null, 'Mulder', validBsns[5]!, '1999-09-09', 'female') as Patient);
    expect(created.meta?.versionId).toBe('1');
    expect(validateResource(created)).toEqual([]);

    const read = await request(`/api/fhir/Patient/${created.id}`, { cookie: nurse.cookie });
    expect(read.headers.get('etag')).toBe('W/"1"');

    const changed = await client.updateResource<Patient>({ ...created, birthDate: '1999-09-10' }, { headers: { 'If-Match': 'W/"1"' } });
    expect(changed.meta?.versionId).toBe('2');
    expect(changed.birthDate).toBe('1999-09-10');

    // A second client still holding version 1.
    const stale = await request(`/api/fhir/Patient/${created.id}`, {
      method: 'PUT',
      cookie: nurse.cookie,
      headers: { 'Content-Type': 'application/fhir+json', 'If-Match': 'W/"1"' },
      body: JSON.stringify({ ...created, birthDate: '2000-01-01' }),
    });
    expect(stale.status).toBe(412);
    const outcome = (await stale.json()) as Resource & { issue: { code: string; diagnostics: string }[] };
    expect(outcome.issue[0]).toMatchObject({
      code: 'conflict',
      diagnostics: 'Deze patiënt is intussen gewijzigd; haal de nieuwe versie op en probeer het opnieuw.',
    });
    expect(validateResource(outcome)).toEqual([]);
    const after = await client.readResource('Patient', created.id!, { cache: 'no-cache' });
    expect(after).toMatchObject({ birthDate: '1999-09-10', meta: { versionId: '2' } });

    const malformed = await request(`/api/fhir/Patient/${created.id}`, {
      method: 'PUT',
      cookie: nurse.cookie,
      headers: { 'Content-Type': 'application/fhir+json', 'If-Match': 'versie twee' },
      body: JSON.stringify(after),
    });
    expect(malformed.status).toBe(400);
  });
});
