import type { MedplumClient } from '@medplum/core';
import type { Bundle, BundleEntry, Observation, OperationOutcome, Patient, Resource } from '@medplum/fhirtypes';
import { generateKeyPair } from 'jose';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  asOwner,
  createDiagnosis,
  createRisk,
  createVital,
  fhirPatientBody,
  registerPatient,
  signedInUser,
  validBsns,
  type SignedIn,
} from '../support/factories';
import { fhirProblems, indexFhirDefinitions, isOutcome, medplumClient } from '../support/fhir';
import { json, request } from '../support/http';
import { askToken, assertion, bearerClient, register, tokenFor, tokenUrl, type Registered } from '../support/koppeling';

/*
 * Issue 46, the FHIR API as a lab, a pharmacy and a regional exchange use it: a koppeling
 * registered by a beheerder logs in with SMART Backend Services (a JWT signed with its own key
 * through `jose`), writes Observations in one transaction, polls for changes to the millisecond,
 * and sees nothing of another organisation. Each defect the integrator found is a regression here.
 */
const bsnSystem = 'http://fhir.nl/fhir/NamingSystem/bsn';
const fhirJson = { 'Content-Type': 'application/fhir+json' };
let nurse: SignedIn;
let other: SignedIn;
let client: MedplumClient;
const patient = { kees: '', pieter: '', elsewhere: '' };

const idsOf = (bundle: Bundle) => (bundle.entry ?? []).map((entry) => entry.resource!.id!).sort();
const search = (type: 'Patient' | 'Observation', query: Record<string, string> | string) =>
  client.search(type, query, { cache: 'no-cache' });

beforeAll(async () => {
  indexFhirDefinitions();
  nurse = await signedInUser();
  other = await signedInUser();
  client = medplumClient(nurse.cookie);
  patient.kees = await registerPatient(nurse.cookie, {
    identifier: [{ system: bsnSystem, value: validBsns[0] }],
    name: [{ family: 'van der Berg', given: ['Kees'] }],
  });
  patient.pieter = await registerPatient(nurse.cookie, {
    identifier: [{ system: bsnSystem, value: validBsns[1] }],
    name: [{ family: 'Jansen', given: ['Pieter'] }],
    gender: 'male',
  });
  patient.elsewhere = await registerPatient(other.cookie, { identifier: [{ system: bsnSystem, value: validBsns[2] }] });
});

describe('defects found by the integrator, as regressions', () => {
  it('1: date searches keep milliseconds (_lastUpdated and an Observation date)', async () => {
    await asOwner(nurse.organisationId, async (db) => {
      await db.query('update patients set updated_at = $1 where id = $2', ['2026-11-28T06:55:08.030Z', patient.kees]);
      await db.query('update patients set updated_at = $1 where id = $2', ['2026-11-28T06:55:08.080Z', patient.pieter]);
    });
    expect(idsOf(await search('Patient', { _lastUpdated: 'gt2026-11-28T06:55:08.030Z' }))).toEqual([patient.pieter]);
    expect(idsOf(await search('Patient', { _lastUpdated: 'eq2026-11-28T06:55:08.030Z' }))).toEqual([patient.kees]);
    expect(idsOf(await search('Patient', { _lastUpdated: 'ge2026-11-28T06:55:08Z' }))).toHaveLength(2);

    const at = (ms: number) => new Date(Date.UTC(2026, 10, 27, 9, 12, 58, ms));
    const vital = (ms: number) =>
      createVital(nurse.organisationId, {
        patientId: patient.kees,
        code: 'temperatuur',
        label: 'Temperatuur',
        value: 37,
        unit: '°C',
        interpretation: 'N',
        observedAt: at(ms),
      });
    const [, middle] = [await vital(153), await vital(154), await vital(155)];
    expect(idsOf(await search('Observation', { date: `eq${at(154).toISOString()}` }))).toEqual([middle]);
  });

  it('2: an unsupported chained parameter is refused (400) even without strict handling', async () => {
    const response = await request(`/api/fhir/Observation?patient.identifier=${encodeURIComponent(`${bsnSystem}|${validBsns[0]}`)}`, {
      cookie: nurse.cookie,
    });
    const outcome = await isOutcome(response, 400);
    expect(outcome.issue[0]!.diagnostics).toContain('patient.identifier');
    expect((await request('/api/fhir/Patient?_has:Observation:patient:code=x', { cookie: nurse.cookie })).status).toBe(400);
    // An unknown plain parameter is still ignored without strict handling.
    expect((await request('/api/fhir/Patient?_elements=id', { cookie: nurse.cookie })).status).toBe(200);
  });

  it("3–5: :exact is FHIR's, |value asks for no system, gender takes its system", async () => {
    expect(idsOf(await search('Patient', { 'family:exact': 'van der Berg' }))).toEqual([patient.kees]);
    expect(idsOf(await search('Patient', { 'family:exact': 'Berg' }))).toEqual([]);
    expect(idsOf(await search('Patient', { 'name:exact': 'Pieter' }))).toEqual([patient.pieter]);
    expect(idsOf(await search('Patient', { identifier: `|${validBsns[0]}` }))).toEqual([]);
    expect(idsOf(await search('Patient', { identifier: validBsns[0]! }))).toEqual([patient.kees]);
    expect(idsOf(await search('Patient', { gender: 'http://hl7.org/fhir/administrative-gender|male', _id: patient.pieter }))).toEqual([
      patient.pieter,
    ]);
  });

  it('6: a PUT whose body names another id is a 400, and changes nothing', async () => {
    const kees = await client.readResource('Patient', patient.kees, { cache: 'no-cache' });
    const response = await json(`/api/fhir/Patient/${patient.kees}`, {
      method: 'PUT',
      cookie: nurse.cookie,
      headers: fhirJson,
      body: { ...kees, id: patient.pieter, birthDate: '1950-01-01' },
    });
    await isOutcome(response, 400);
    expect((await client.readResource('Patient', patient.kees, { cache: 'no-cache' })).birthDate).toBe(kees.birthDate);
  });

  it('7: every error under /api/fhir is an OperationOutcome, the 413 and the cross-site 403 included', async () => {
    for (const path of [
      `/api/fhir/Patient/${patient.kees}/_history/999999`,
      `/api/fhir/Patient/${patient.kees}/$summary`,
      `/api/fhir/Patient/${patient.kees}/Observation`,
    ])
      await isOutcome(await request(path, { cookie: nurse.cookie }), 404);
    await isOutcome(
      await json('/api/fhir', {
        method: 'POST',
        cookie: nurse.cookie,
        headers: fhirJson,
        body: { resourceType: 'Bundle', type: 'document' },
      }),
      400,
    );
    await isOutcome(
      await request('/api/fhir/Patient', { method: 'POST', cookie: nurse.cookie, headers: fhirJson, body: 'x'.repeat(1024 * 1024 + 10) }),
      413,
    );
    await isOutcome(
      await json('/api/fhir/Patient', {
        method: 'POST',
        cookie: nurse.cookie,
        headers: { ...fhirJson, Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
        body: fhirPatientBody(),
      }),
      403,
    );
  });

  it('8: XML is a 406, a body that is not JSON a 415', async () => {
    await isOutcome(await request('/api/fhir/Patient', { cookie: nurse.cookie, headers: { Accept: 'application/fhir+xml' } }), 406);
    await isOutcome(await request('/api/fhir/Patient?_format=xml', { cookie: nurse.cookie }), 406);
    await isOutcome(
      await request('/api/fhir/Patient', {
        method: 'POST',
        cookie: nurse.cookie,
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify(fhirPatientBody({ identifier: [] })),
      }),
      415,
    );
  });

  it('9: If-None-Exist answers the existing patient instead of a 400', async () => {
    const response = await json('/api/fhir/Patient', {
      method: 'POST',
      cookie: nurse.cookie,
      headers: { ...fhirJson, 'If-None-Exist': `identifier=${bsnSystem}|${validBsns[0]}` },
      body: fhirPatientBody({ identifier: [{ system: bsnSystem, value: validBsns[0] }] }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Patient).id).toBe(patient.kees);
  });

  it('10: a create keeps what the record can hold and warns of each element it cannot; strict refuses', async () => {
    const lossy = (bsn: string) =>
      fhirPatientBody({
        identifier: [{ system: bsnSystem, value: bsn }],
        generalPractitioner: [{ display: 'Huisarts Visser' }],
        maritalStatus: { text: 'gehuwd' },
        telecom: [{ system: 'phone', value: '0612345678', use: 'mobile' }],
        address: [{ line: ['Dorpsstraat 1'], city: 'Utrecht', district: 'Oost' }],
      });
    const unstored = ['Patient.address[0].district', 'Patient.generalPractitioner', 'Patient.maritalStatus', 'Patient.telecom[0].use'];

    const strict = await json('/api/fhir/Patient', {
      method: 'POST',
      cookie: nurse.cookie,
      headers: { ...fhirJson, Prefer: 'handling=strict' },
      body: lossy(validBsns[3]!),
    });
    const refused = await isOutcome(strict, 400);
    expect(refused.issue.flatMap((issue) => issue.expression ?? []).sort()).toEqual(unstored);
    expect(refused.issue.every((issue) => issue.code === 'not-supported')).toBe(true);
    expect(idsOf(await search('Patient', { identifier: validBsns[3]! }))).toEqual([]);

    const created = await json('/api/fhir/Patient', {
      method: 'POST',
      cookie: nurse.cookie,
      headers: { ...fhirJson, Prefer: 'return=OperationOutcome' },
      body: lossy(validBsns[3]!),
    });
    const outcome = await isOutcome(created, 201);
    expect(outcome.issue[0]).toMatchObject({ severity: 'information', diagnostics: 'De patiënt is aangemaakt.' });
    const warnings = outcome.issue.filter((issue) => issue.severity === 'warning');
    expect(warnings.flatMap((issue) => issue.expression ?? []).sort()).toEqual(unstored);
    expect(warnings.every((issue) => issue.code === 'not-supported' && /niet bewaard/.test(issue.diagnostics ?? ''))).toBe(true);
    const stored = await client.readResource('Patient', created.headers.get('location')!.split('/').pop()!, { cache: 'no-cache' });
    expect(stored.telecom).toEqual([{ system: 'phone', value: '0612345678' }]);
    expect(stored.address).toEqual([{ use: 'home', line: ['Dorpsstraat 1'], city: 'Utrecht', country: 'NL' }]);

    // In a Bundle the entry's response carries the same warnings.
    const bundle = await json('/api/fhir', {
      method: 'POST',
      cookie: nurse.cookie,
      headers: fhirJson,
      body: {
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [{ request: { method: 'POST', url: 'Patient' }, resource: lossy(validBsns[9]!) }],
      },
    });
    expect(bundle.status).toBe(200);
    const entryOutcome = ((await bundle.json()) as Bundle).entry![0]!.response!.outcome as OperationOutcome;
    expect(
      entryOutcome.issue
        .filter((issue) => issue.severity === 'warning')
        .flatMap((issue) => issue.expression ?? [])
        .sort(),
    ).toEqual(unstored);
  });

  it('11: /api/fhir/patient (lower case) is no resource type', async () => {
    await isOutcome(await request('/api/fhir/patient', { cookie: nurse.cookie }), 404);
    await isOutcome(await request(`/api/fhir/patient/${patient.kees}`, { cookie: nurse.cookie }), 404);
  });

  it('12: 401 with WWW-Authenticate, /metadata without a session, If-None-Match, return=minimal', async () => {
    const anonymous = await request('/api/fhir/Patient');
    await isOutcome(anonymous, 401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
    expect((await request('/api/fhir/metadata')).status).toBe(200);

    const read = await request(`/api/fhir/Patient/${patient.pieter}`, { cookie: nurse.cookie });
    const etag = read.headers.get('etag')!;
    const same = await request(`/api/fhir/Patient/${patient.pieter}`, { cookie: nurse.cookie, headers: { 'If-None-Match': etag } });
    expect(same.status).toBe(304);

    const pieter = (await read.json()) as Patient;
    const put = await json(`/api/fhir/Patient/${patient.pieter}`, {
      method: 'PUT',
      cookie: nurse.cookie,
      headers: { ...fhirJson, Prefer: 'return=minimal' },
      body: pieter,
    });
    expect(put.status).toBe(200);
    expect(await put.text()).toBe('');
    expect(put.headers.get('etag')).toMatch(/^W\/"\d+"$/);
  });

  it('13–15: diagnoses in ICD-10-CM, blood pressure as the 85354-9 panel, SpO2 with 2708-6, RiskAssessment valid', async () => {
    await createDiagnosis(nurse.organisationId, { patientId: patient.kees, code: 'F12.20', label: 'Stoornis in cannabisgebruik, matig' });
    await createRisk(nurse.organisationId, {
      patientId: patient.kees,
      riskType: 'suïcide',
      riskLevel: 'hoog',
      rationale: 'Eerdere poging.',
    });
    const condition = await client.searchOne('Condition', { patient: patient.kees }, { cache: 'no-cache' });
    expect(condition?.code?.coding?.[0]?.system).toBe('http://hl7.org/fhir/sid/icd-10-cm');
    const risks = await client.search('RiskAssessment', { patient: patient.kees }, { cache: 'no-cache' });
    for (const entry of risks.entry ?? []) expect(fhirProblems(entry.resource!)).toEqual([]);

    const round = await json(`/api/patients/${patient.pieter}/vitals`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: {
        observedAt: new Date(Date.now() - 60_000).toISOString(),
        measures: { 'bloeddruk-systolisch': 128, 'bloeddruk-diastolisch': 82, saturatie: 97 },
      },
    });
    expect(round.status).toBe(201);
    const found = await client.search('Observation', { patient: patient.pieter }, { cache: 'no-cache' });
    const resources = (found.entry ?? []).map((entry) => entry.resource as Observation);
    expect(resources).toHaveLength(2);
    const panel = resources.find((item) => item.code?.coding?.[0]?.code === '85354-9')!;
    expect(panel.component?.map((component) => [component.code.coding?.[0]?.code, component.valueQuantity?.value])).toEqual([
      ['8480-6', 128],
      ['8462-4', 82],
    ]);
    const saturation = resources.find((item) => item !== panel)!;
    expect(saturation.code?.coding?.map((coding) => coding.code)).toEqual(['2708-6', '59408-5']);
    for (const resource of resources) expect(fhirProblems(resource)).toEqual([]);
  });
});

describe('a koppeling: SMART Backend Services', () => {
  let beheerder: { cookie: string };
  let lab: Registered;
  let labToken: string;
  let lab2: Registered;

  beforeAll(async () => {
    beheerder = await signedInUserIn(nurse.organisationId);
    lab = await register(beheerder.cookie, 'Lab Noord', ['system/Patient.read', 'system/Observation.read', 'system/Observation.write']);
    labToken = await tokenFor(lab, 'system/Patient.read system/Observation.read system/Observation.write');
    const otherBeheerder = await signedInUserIn(other.organisationId);
    lab2 = await register(otherBeheerder.cookie, 'Lab Zuid', ['system/*.read', 'system/*.write']);
  });

  it('is found through smart-configuration and the CapabilityStatement, without a session', async () => {
    const smart = (await (await request('/api/fhir/.well-known/smart-configuration')).json()) as Record<string, unknown>;
    expect(smart.token_endpoint).toBe(tokenUrl());
    expect(smart.token_endpoint_auth_methods_supported).toEqual(['private_key_jwt']);
    const statement = (await (await request('/api/fhir/metadata')).json()) as Resource & {
      rest: { security: { service: { coding: { code: string }[] }[] } }[];
    };
    expect(statement.rest[0]!.security.service[0]!.coding[0]!.code).toBe('SMART-on-FHIR');
    expect(fhirProblems(statement)).toEqual([]);
  });

  it('is refused with a foreign key, a replayed assertion, a scope it does not hold, or a made-up token', async () => {
    const { privateKey: stranger } = await generateKeyPair('ES384');
    expect((await askToken(await assertion(lab, { key: stranger }), 'system/Patient.read')).status).toBe(401);
    const once = await assertion(lab);
    expect((await askToken(once, 'system/Patient.read')).status).toBe(200);
    const replay = await askToken(once, 'system/Patient.read');
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_client');
    const scope = await askToken(await assertion(lab), 'system/Patient.write');
    expect(scope.status).toBe(400);
    expect(((await scope.json()) as { error: string }).error).toBe('invalid_scope');
    const bogus = await request('/api/fhir/Patient', { headers: { Authorization: 'Bearer not-a-token' } });
    await isOutcome(bogus, 401);
    expect(bogus.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('reads within its scopes, is refused outside them, and every call is in the access log under its name', async () => {
    const labClient = bearerClient(labToken);
    const found = await labClient.search('Patient', { identifier: `${bsnSystem}|${validBsns[1]}` }, { cache: 'no-cache' });
    expect(idsOf(found)).toEqual([patient.pieter]);
    for (const entry of found.entry ?? []) expect(fhirProblems(entry.resource!)).toEqual([]);
    const refused = await request('/api/fhir/Condition', { headers: { Authorization: `Bearer ${labToken}` } });
    await isOutcome(refused, 403);
    const logged = await asOwner(
      nurse.organisationId,
      async (db) =>
        (
          await db.query<{ user_role: string; channel: string; name: string }>(
            `select a.user_role, a.channel, k.name from audit_events a join koppelingen k on k.id = a.user_id
            where a.user_id = $1 and a.resource_type = 'Patient' and a.action = 'search' and $2 = any(a.patient_ids)`,
            [lab.clientId, patient.pieter],
          )
        ).rows,
    );
    expect(logged).toEqual([{ user_role: 'koppeling', channel: 'fhir', name: 'Lab Noord' }]);
  });

  it('posts 50 lab results in one transaction, and a transaction with one bad entry keeps none', async () => {
    const start = Date.now() - 3_600_000;
    const glucose = (index: number, value: number): BundleEntry => ({
      fullUrl: `urn:uuid:${randomUUID()}`,
      request: { method: 'POST', url: 'Observation' },
      resource: {
        resourceType: 'Observation',
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code: '15074-8' }] },
        subject: { reference: `Patient/${patient.kees}` },
        effectiveDateTime: new Date(start + index * 1000).toISOString(),
        valueQuantity: { value, unit: 'mmol/L', system: 'http://unitsofmeasure.org', code: 'mmol/L' },
      },
    });
    const labClient = bearerClient(labToken);
    const before =
      (await labClient.search('Observation', { patient: patient.kees, code: '15074-8', _count: '1' }, { cache: 'no-cache' })).total ?? 0;

    const bad = await request('/api/fhir', {
      method: 'POST',
      headers: { ...fhirJson, Authorization: `Bearer ${labToken}` },
      body: JSON.stringify({ resourceType: 'Bundle', type: 'transaction', entry: [glucose(0, 5.2), glucose(1, 900)] }),
    });
    const outcome = await isOutcome(bad, 400);
    expect(outcome.issue[0]!.diagnostics).toMatch(/entry\[1\]/);
    expect(
      (await labClient.search('Observation', { patient: patient.kees, code: '15074-8', _count: '1' }, { cache: 'no-cache' })).total,
    ).toBe(before);

    const result = await labClient.executeBatch({
      resourceType: 'Bundle',
      type: 'transaction',
      entry: Array.from({ length: 50 }, (_, index) => glucose(index, 4 + (index % 30) / 10)),
    });
    expect(result.type).toBe('transaction-response');
    expect(result.entry?.map((entry) => entry.response?.status)).toEqual(Array(50).fill('201 Created'));
    const stored = await labClient.search('Observation', { patient: patient.kees, code: '15074-8', _count: '100' }, { cache: 'no-cache' });
    expect(stored.total).toBe(before + 50);
    for (const entry of stored.entry ?? []) expect(fhirProblems(entry.resource!)).toEqual([]);
    // A device's value has no clinician as performer.
    expect((stored.entry![0]!.resource as Observation).performer).toBeUndefined();
  });

  it('another organisation’s koppeling sees and writes nothing of ours', async () => {
    const token = await tokenFor(lab2, 'system/*.read system/*.write');
    const stranger = bearerClient(token);
    const headers = { Authorization: `Bearer ${token}` };
    expect(idsOf(await stranger.search('Patient', { identifier: validBsns[1]! }, { cache: 'no-cache' }))).toEqual([]);
    expect(idsOf(await stranger.search('Patient', {}, { cache: 'no-cache' }))).toEqual([patient.elsewhere]);
    for (const type of [
      'Observation',
      'Condition',
      'RiskAssessment',
      'Appointment',
      'DocumentReference',
      'MedicationRequest',
      'MedicationAdministration',
    ])
      expect((await stranger.search(type as 'Observation', { patient: patient.kees }, { cache: 'no-cache' })).total).toBe(0);
    await isOutcome(await request(`/api/fhir/Patient/${patient.kees}`, { headers }), 404);
    const write = await request('/api/fhir/Observation', {
      method: 'POST',
      headers: { ...fhirJson, ...headers },
      body: JSON.stringify({
        resourceType: 'Observation',
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] },
        subject: { reference: `Patient/${patient.kees}` },
        effectiveDateTime: new Date(Date.now() - 60_000).toISOString(),
        valueQuantity: { value: 80, unit: '/min', system: 'http://unitsofmeasure.org', code: '/min' },
      }),
    });
    await isOutcome(write, 404);
    const put = await request(`/api/fhir/Patient/${patient.kees}`, {
      method: 'PUT',
      headers: { ...fhirJson, ...headers },
      body: JSON.stringify({ ...fhirPatientBody(), id: patient.kees }),
    });
    await isOutcome(put, 404);
  });
});

describe('a sync client', () => {
  it('polling _lastUpdated misses nothing, across a millisecond boundary', async () => {
    const seen = new Set<string>();
    const created: string[] = [];
    let cursor = new Date(Date.now() - 1000).toISOString();
    const poll = async () => {
      for (;;) {
        const page = await search('Patient', { _lastUpdated: `gt${cursor}`, _sort: '_lastUpdated', _count: '100' });
        for (const entry of page.entry ?? []) {
          seen.add(entry.resource!.id!);
          cursor = entry.resource!.meta!.lastUpdated!;
        }
        if ((page.entry ?? []).length < 100) return;
      }
    };
    for (let round = 0; round < 4; round++) {
      for (let index = 0; index < 3; index++) {
        created.push(
          await registerPatient(nurse.cookie, {
            identifier: [],
            extension: [{ url: 'https://ggz-epd.nl/fhir/StructureDefinition/john-doe', valueBoolean: true }],
            name: [{ family: `Sync ${round}-${index}`, given: ['Test'] }],
          }),
        );
      }
      await poll();
    }
    expect(created.filter((id) => !seen.has(id))).toEqual([]);
  });
});

async function signedInUserIn(organisationId: string): Promise<{ cookie: string }> {
  const { createUser } = await import('../support/factories');
  const { login } = await import('../support/http');
  const user = await createUser(organisationId, { role: 'beheerder' });
  const { cookie } = await login(user.email, user.password);
  if (!cookie) throw new Error('beheerder login failed');
  return { cookie };
}
