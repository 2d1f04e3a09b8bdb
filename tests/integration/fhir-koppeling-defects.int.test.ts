import type { MedplumClient } from '@medplum/core';
import type { Bundle, Condition, Patient } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { asOwner, createDiagnosis, fhirPatientBody, signedInUser, validBsns } from '../support/factories';
import { fhirProblems, indexFhirDefinitions, isOutcome } from '../support/fhir';
import { request } from '../support/http';
import { bearerClient, register, tokenFor } from '../support/koppeling';

/*
 * Issue 46's defects 1–13 once more, as the integrator met them: not with a clinician's session
 * but as a koppeling of its own organisation, logged in with SMART Backend Services, reading
 * through Medplum's client and checking every resource and OperationOutcome with `validateResource`.
 */
const bsnSystem = 'http://fhir.nl/fhir/NamingSystem/bsn';
const genderSystem = 'http://hl7.org/fhir/administrative-gender';
let organisationId: string;
let token: string;
let lab: MedplumClient;
const patient = { kees: '', pieter: '', anna: '' };

/** A call as the koppeling, outside Medplum's client (it throws on an error; these tests read the error). */
const call = (path: string, init: RequestInit = {}) =>
  request(path, { ...init, headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });
const write = (path: string, method: 'POST' | 'PUT', body: unknown, headers: Record<string, string> = {}) =>
  call(path, { method, headers: { 'Content-Type': 'application/fhir+json', ...headers }, body: JSON.stringify(body) });
const idsOf = (bundle: Bundle) => (bundle.entry ?? []).map((entry) => entry.resource!.id!).sort();
const find = async (type: 'Patient' | 'Observation' | 'Condition', query: Record<string, string>) => {
  const bundle = await lab.search(type, query, { cache: 'no-cache' });
  for (const entry of bundle.entry ?? []) expect(fhirProblems(entry.resource!)).toEqual([]);
  return idsOf(bundle);
};
const created = async (response: Response) => {
  expect(response.status).toBe(201);
  const resource = (await response.json()) as Patient;
  expect(fhirProblems(resource)).toEqual([]);
  return resource.id!;
};

beforeAll(async () => {
  indexFhirDefinitions();
  const beheerder = await signedInUser('beheerder');
  organisationId = beheerder.organisationId;
  const exchange = await register(beheerder.cookie, 'Regionaal knooppunt', ['system/*.read', 'system/*.write']);
  token = await tokenFor(exchange, 'system/*.read system/*.write');
  lab = bearerClient(token);
  patient.kees = await created(
    await write(
      '/api/fhir/Patient',
      'POST',
      fhirPatientBody({
        identifier: [{ system: bsnSystem, value: validBsns[0] }],
        name: [{ family: 'van der Berg', given: ['Kees'] }],
        gender: 'male',
      }),
    ),
  );
  patient.pieter = await created(
    await write(
      '/api/fhir/Patient',
      'POST',
      fhirPatientBody({
        identifier: [{ system: bsnSystem, value: validBsns[1] }],
        name: [{ family: 'Berg', given: ['Pieter'] }],
        gender: 'male',
      }),
    ),
  );
  patient.anna = await created(
    await write(
      '/api/fhir/Patient',
      'POST',
      fhirPatientBody({
        identifier: [{ system: bsnSystem, value: validBsns[2] }],
        name: [{ family: 'Jansen', given: ['Anna'] }],
        gender: 'female',
      }),
    ),
  );
});

describe('the integrator’s defects, as a koppeling meets them', () => {
  it('1: _lastUpdated keeps milliseconds, also when the record holds microseconds', async () => {
    await asOwner(organisationId, async (db) => {
      await db.query('update patients set updated_at = $1 where id = $2', ['2026-11-28T06:55:08.030456Z', patient.kees]);
      await db.query('update patients set updated_at = $1 where id = $2', ['2026-11-28T06:55:08.080Z', patient.pieter]);
      await db.query('update patients set updated_at = $1 where id = $2', ['2026-11-28T06:55:09.000Z', patient.anna]);
    });
    const kees = await lab.readResource('Patient', patient.kees, { cache: 'no-cache' });
    expect(kees.meta?.lastUpdated).toBe('2026-11-28T06:55:08.030Z');
    // A sync client's cursor is the last lastUpdated it saw: what came after it, in that same second, is found.
    expect(await find('Patient', { _lastUpdated: `gt${kees.meta!.lastUpdated!}`, _count: '100' })).toEqual(
      [patient.pieter, patient.anna].sort(),
    );
    expect(await find('Patient', { _lastUpdated: 'eq2026-11-28T06:55:08.030Z' })).toEqual([patient.kees]);
    expect(await find('Patient', { _lastUpdated: 'lt2026-11-28T06:55:08.080Z' })).toEqual([patient.kees]);
    expect(await find('Patient', { _lastUpdated: 'eq2026-11-28T06:55:08Z' })).toEqual([patient.kees, patient.pieter].sort());
  });

  it('2: a parameter that would narrow but is not applied is a 400 without strict handling; a name FHIR does not know is left out', async () => {
    for (const query of [
      `Observation?patient.identifier=${encodeURIComponent(`${bsnSystem}|${validBsns[0]}`)}`,
      'Observation?performer=Practitioner/1',
      'Observation?value-quantity=gt100',
      'Patient?address-city=Utrecht',
      'Patient?gender:not=male',
      'Condition?_has:Observation:patient:code=x',
    ]) {
      const outcome = await isOutcome(await call(`/api/fhir/${query}`), 400);
      expect(outcome.issue[0]!.diagnostics, query).toMatch(/^Zoekparameter ".+" wordt niet ondersteund\.$/);
    }
    const bundle = await lab.search('Patient', { onbekend: 'x', family: 'Jansen' }, { cache: 'no-cache' });
    expect(idsOf(bundle)).toEqual([patient.anna]);
    expect(bundle.link!.find((link) => link.relation === 'self')!.url).not.toContain('onbekend');
  });

  it('3: :exact compares the whole stored name part, case and all', async () => {
    expect(await find('Patient', { 'family:exact': 'van der Berg' })).toEqual([patient.kees]);
    expect(await find('Patient', { 'family:exact': 'Berg' })).toEqual([patient.pieter]);
    expect(await find('Patient', { 'family:exact': 'Van der Berg' })).toEqual([]);
    expect(await find('Patient', { 'given:exact': 'Kees' })).toEqual([patient.kees]);
    expect(await find('Patient', { 'name:exact': 'Pieter' })).toEqual([patient.pieter]);
    expect(await find('Patient', { family: 'berg' })).toEqual([patient.kees, patient.pieter].sort());
  });

  it('4: identifier=|value asks for an identifier without a system, which a BSN never is', async () => {
    expect(await find('Patient', { identifier: `|${validBsns[0]}` })).toEqual([]);
    expect(await find('Patient', { identifier: `${bsnSystem}|${validBsns[0]}` })).toEqual([patient.kees]);
  });

  it('5: gender with its system is gender', async () => {
    expect(await find('Patient', { gender: `${genderSystem}|female` })).toEqual([patient.anna]);
    expect(await find('Patient', { gender: 'female' })).toEqual([patient.anna]);
  });

  it('6: a PUT whose body names another patient is a 400 and changes neither', async () => {
    const kees = await lab.readResource('Patient', patient.kees, { cache: 'no-cache' });
    await isOutcome(await write(`/api/fhir/Patient/${patient.kees}`, 'PUT', { ...kees, id: patient.pieter, birthDate: '1950-01-01' }), 400);
    expect((await lab.readResource('Patient', patient.kees, { cache: 'no-cache' })).birthDate).toBe(kees.birthDate);
    expect((await lab.readResource('Patient', patient.pieter, { cache: 'no-cache' })).birthDate).not.toBe('1950-01-01');
  });

  it('7: every error is an OperationOutcome in application/fhir+json', async () => {
    for (const path of [
      // A version the record does not keep (ADR 0097).
      `/api/fhir/Patient/${patient.kees}/_history/999999`,
      `/api/fhir/Patient/${patient.kees}/$summary`,
      `/api/fhir/Patient/${patient.kees}/Observation`,
      '/api/fhir/Encounter',
      '/api/fhir/Observation/niet-een-id',
      '/api/fhir/iets/wat/niet/bestaat',
    ])
      await isOutcome(await call(path), 404);
    await isOutcome(await write('/api/fhir', 'POST', { resourceType: 'Bundle', type: 'document' }), 400);
    await isOutcome(
      await call('/api/fhir', { method: 'POST', headers: { 'Content-Type': 'application/fhir+json' }, body: '{"resourceType":' }),
      400,
    );
    await isOutcome(await call('/api/fhir/Patient', { method: 'DELETE' }), 405);
    await isOutcome(
      await call('/api/fhir/Patient', {
        method: 'POST',
        headers: { 'Content-Type': 'application/fhir+json' },
        body: 'x'.repeat(1024 * 1024 + 10),
      }),
      413,
    );
    await isOutcome(
      await write('/api/fhir/Patient', 'POST', fhirPatientBody(), { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }),
      403,
    );
  });

  it('8: XML is a 406, a body that is not JSON a 415', async () => {
    await isOutcome(await call('/api/fhir/Patient', { headers: { Accept: 'application/fhir+xml' } }), 406);
    await isOutcome(await call('/api/fhir/Patient?_format=xml'), 406);
    await isOutcome(await call(`/api/fhir/Patient/${patient.kees}?_format=application/fhir%2Bxml`), 406);
    const kees = await lab.readResource('Patient', patient.kees, { cache: 'no-cache' });
    for (const [path, method, body] of [
      ['/api/fhir/Patient', 'POST', fhirPatientBody({ identifier: [] })],
      [`/api/fhir/Patient/${patient.kees}`, 'PUT', kees],
      ['/api/fhir', 'POST', { resourceType: 'Bundle', type: 'batch', entry: [] }],
    ] as const)
      await isOutcome(await call(path, { method, headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(body) }), 415);
  });

  it('9: If-None-Exist creates when none matches, answers the one that matches, and refuses when several do', async () => {
    const body = fhirPatientBody({
      identifier: [{ system: bsnSystem, value: validBsns[3] }],
      name: [{ family: 'Visser', given: ['Eva'] }],
    });
    const condition = { 'If-None-Exist': `identifier=${bsnSystem}|${validBsns[3]}` };
    const first = await write('/api/fhir/Patient', 'POST', body, condition);
    const eva = await created(first);
    const again = await write('/api/fhir/Patient', 'POST', body, condition);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Patient).id).toBe(eva);
    expect(await find('Patient', { identifier: validBsns[3]! })).toEqual([eva]);

    const several = await write(
      '/api/fhir/Patient',
      'POST',
      fhirPatientBody({ identifier: [{ system: bsnSystem, value: validBsns[4] }] }),
      { 'If-None-Exist': 'gender=male' },
    );
    await isOutcome(several, 412);
    expect(await find('Patient', { identifier: validBsns[4]! })).toEqual([]);
  });

  it('10: a create warns of every element it does not keep', async () => {
    const response = await write(
      '/api/fhir/Patient',
      'POST',
      fhirPatientBody({
        identifier: [{ system: bsnSystem, value: validBsns[5] }],
        generalPractitioner: [{ display: 'Huisarts Visser' }],
        maritalStatus: { text: 'gehuwd' },
        telecom: [{ system: 'phone', value: '0612345678', use: 'mobile' }],
        address: [{ line: ['Dorpsstraat 1'], city: 'Utrecht', district: 'Oost', state: 'Utrecht' }],
      }),
      { Prefer: 'return=OperationOutcome' },
    );
    const outcome = await isOutcome(response, 201);
    const warnings = outcome.issue.filter((issue) => issue.severity === 'warning');
    expect(warnings.flatMap((issue) => issue.expression ?? []).sort()).toEqual([
      'Patient.address[0].district',
      'Patient.address[0].state',
      'Patient.generalPractitioner',
      'Patient.maritalStatus',
      'Patient.telecom[0].use',
    ]);
    expect(warnings.every((issue) => issue.code === 'not-supported' && /niet bewaard/.test(issue.diagnostics ?? ''))).toBe(true);
  });

  it('11: a resource type is case-sensitive', async () => {
    await isOutcome(await call('/api/fhir/patient'), 404);
    await isOutcome(await call(`/api/fhir/patient/${patient.kees}`), 404);
    await isOutcome(await call('/api/fhir/condition'), 404);
  });

  it('12: 401 says Bearer, metadata is open, If-None-Match, return=minimal, and a PUT that changes nothing keeps its version', async () => {
    const anonymous = await request('/api/fhir/Patient');
    await isOutcome(anonymous, 401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer realm="/);
    const metadata = await request('/api/fhir/metadata');
    expect(metadata.status).toBe(200);
    expect(fhirProblems(await metadata.json())).toEqual([]);

    const read = await call(`/api/fhir/Patient/${patient.anna}`);
    const etag = read.headers.get('etag')!;
    const modified = read.headers.get('last-modified')!;
    expect((await call(`/api/fhir/Patient/${patient.anna}`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const anna = (await read.json()) as Patient;
    expect(modified).toBe(new Date(anna.meta!.lastUpdated!).toUTCString());

    const same = await write(`/api/fhir/Patient/${patient.anna}`, 'PUT', anna, { Prefer: 'return=minimal' });
    expect(same.status).toBe(200);
    expect(await same.text()).toBe('');
    expect(same.headers.get('etag')).toBe(etag);
    expect(same.headers.get('last-modified')).toBe(modified);
    expect((await lab.readResource('Patient', patient.anna, { cache: 'no-cache' })).meta?.versionId).toBe(anna.meta?.versionId);

    const changed = await write(`/api/fhir/Patient/${patient.anna}`, 'PUT', { ...anna, birthDate: '1981-03-04' });
    expect(((await changed.json()) as Patient).meta?.versionId).toBe(String(Number(anna.meta!.versionId) + 1));

    const minimal = await write(
      '/api/fhir/Patient',
      'POST',
      fhirPatientBody({ identifier: [{ system: bsnSystem, value: validBsns[6] }] }),
      { Prefer: 'return=minimal' },
    );
    expect(minimal.status).toBe(201);
    expect(await minimal.text()).toBe('');
    expect(minimal.headers.get('location')).toMatch(/^\/api\/fhir\/Patient\/[0-9a-f-]{36}$/);
    expect(minimal.headers.get('etag')).toBe('W/"1"');
    const stored = await lab.readResource('Patient', minimal.headers.get('location')!.split('/').pop()!, { cache: 'no-cache' });
    expect(minimal.headers.get('last-modified')).toBe(new Date(stored.meta!.lastUpdated!).toUTCString());
  });

  it('13: a diagnosis is coded in ICD-10-CM, the system of the DSM-5 codes the record keeps', async () => {
    await createDiagnosis(organisationId, { patientId: patient.kees, code: 'F05', label: 'Delirium door een somatische aandoening' });
    const [id] = await find('Condition', { patient: patient.kees });
    const condition = (await lab.readResource('Condition', id!, { cache: 'no-cache' })) as Condition;
    expect(condition.code?.coding).toEqual([{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'F05' }]);
    expect(await find('Condition', { code: 'http://hl7.org/fhir/sid/icd-10-cm|F05' })).toEqual([id]);
  });
});
