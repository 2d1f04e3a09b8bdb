import type { MedplumClient } from '@medplum/core';
import type { Bundle, CapabilityStatement, Condition, Organization, Patient, Practitioner } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { asOwner, createDiagnosis, createOrganisation, createUser, fhirPatientBody, signedInUser } from '../support/factories';
import { fhirProblems, indexFhirDefinitions, isOutcome } from '../support/fhir';
import { request } from '../support/http';
import { bearerClient, register, tokenFor } from '../support/koppeling';

/*
 * Issue 46, build point 6: staff as Practitioner and the organisation as Organization, read and
 * searched by a koppeling through Medplum's client, every resource checked with `validateResource`;
 * another organisation's staff and organisation exist in the same database and are never seen.
 */
const agb = 'http://fhir.nl/fhir/NamingSystem/agb-z';
const big = 'http://fhir.nl/fhir/NamingSystem/big';
const ura = 'http://fhir.nl/fhir/NamingSystem/ura';

let organisationId: string;
let otherOrganisationId: string;
let token: string;
let beheerderCookie: string;
let lab: MedplumClient;
const staff = { psychiater: '', verpleegkundige: '', vertrokken: '', beheerder: '', elders: '' };

const call = (path: string, init: RequestInit = {}) =>
  request(path, { ...init, headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });
const idsOf = (bundle: Bundle) => (bundle.entry ?? []).map((entry) => entry.resource!.id!).sort();
async function find(type: 'Practitioner' | 'Organization', query: Record<string, string>): Promise<string[]> {
  const bundle = await lab.search(type, query, { cache: 'no-cache' });
  for (const entry of bundle.entry ?? []) expect(fhirProblems(entry.resource!)).toEqual([]);
  return idsOf(bundle);
}

beforeAll(async () => {
  indexFhirDefinitions();
  const beheerder = await signedInUser('beheerder');
  organisationId = beheerder.organisationId;
  staff.beheerder = beheerder.user.id;
  beheerderCookie = beheerder.cookie;
  staff.psychiater = (await createUser(organisationId, { role: 'psychiater', displayName: 'Jeroen Brouwer' })).id;
  staff.verpleegkundige = (await createUser(organisationId, { role: 'verpleegkundige', displayName: 'Anouk Méijer' })).id;
  staff.vertrokken = (await createUser(organisationId, { role: 'verpleegkundige', displayName: 'Sanne de Wit' })).id;
  await asOwner(organisationId, async (db) => {
    await db.query('update users set agb_code = $1, big_number = $2 where id = $3', ['12345678', '19012345601', staff.psychiater]);
    await db.query('update users set disabled_at = now() where id = $1', [staff.vertrokken]);
    await db.query('update organisations set agb_code = $1, ura_number = $2 where id = $3', ['73730001', '90000123', organisationId]);
  });
  // The same name and AGB code in another organisation: only row-level security tells them apart.
  const other = await createOrganisation('GGZ Elders');
  otherOrganisationId = other.id;
  staff.elders = (await createUser(otherOrganisationId, { role: 'psychiater', displayName: 'Jeroen Brouwer' })).id;
  await asOwner(otherOrganisationId, async (db) => {
    await db.query('update users set agb_code = $1 where id = $2', ['12345678', staff.elders]);
    await db.query('update organisations set ura_number = $1 where id = $2', ['90000123', otherOrganisationId]);
  });
  const exchange = await register(beheerder.cookie, 'Verwijsportaal', ['system/*.read']);
  token = await tokenFor(exchange, 'system/*.read');
  lab = bearerClient(token);
});

describe('Practitioner', () => {
  it('reads a clinician with the Dutch identifiers the record holds, and no e-mail address', async () => {
    const response = await call(`/api/fhir/Practitioner/${staff.psychiater}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(/@test\.nl|email|password|wachtwoord/i);
    const practitioner = JSON.parse(text) as Practitioner;
    expect(fhirProblems(practitioner)).toEqual([]);
    expect(practitioner).toMatchObject({
      resourceType: 'Practitioner',
      id: staff.psychiater,
      active: true,
      name: [{ text: 'Jeroen Brouwer' }],
      identifier: [
        { system: agb, value: '12345678' },
        { system: big, value: '19012345601' },
      ],
      qualification: [{ code: { text: 'Psychiater' } }],
    });
    expect(practitioner.meta?.profile).toBeUndefined();
    const nurse = await lab.readResource('Practitioner', staff.verpleegkundige, { cache: 'no-cache' });
    expect(fhirProblems(nurse)).toEqual([]);
    expect(nurse.identifier).toBeUndefined();
    const gone = await lab.readResource('Practitioner', staff.vertrokken, { cache: 'no-cache' });
    expect(gone.active).toBe(false);
  });

  it('is a 404 for another organisation’s clinician, a beheerder and an unknown id', async () => {
    for (const id of [staff.elders, staff.beheerder, otherOrganisationId, 'geen-id'])
      expect((await isOutcome(await call(`/api/fhir/Practitioner/${id}`), 404)).issue[0]!.diagnostics).toBe(
        'Practitioner is niet gevonden.',
      );
  });

  it('searches the organisation’s clinicians only: all, by name and by identifier', async () => {
    expect(await find('Practitioner', {})).toEqual([staff.psychiater, staff.verpleegkundige, staff.vertrokken].sort());
    expect(await find('Practitioner', { name: 'jeroen' })).toEqual([staff.psychiater]);
    expect(await find('Practitioner', { name: 'meijer' })).toEqual([staff.verpleegkundige]);
    expect(await find('Practitioner', { 'name:exact': 'Anouk Méijer' })).toEqual([staff.verpleegkundige]);
    expect(await find('Practitioner', { identifier: `${agb}|12345678` })).toEqual([staff.psychiater]);
    expect(await find('Practitioner', { identifier: '19012345601' })).toEqual([staff.psychiater]);
    expect(await find('Practitioner', { identifier: `${big}|12345678` })).toEqual([]);
    expect(await find('Practitioner', { identifier: '|12345678' })).toEqual([]);
    expect(await find('Practitioner', { _id: `${staff.elders},${staff.psychiater}` })).toEqual([staff.psychiater]);
    expect(await find('Practitioner', { active: 'false' })).toEqual([staff.vertrokken]);
  });

  it('pages like the other resources', async () => {
    const first = await lab.search('Practitioner', { _count: '2' }, { cache: 'no-cache' });
    expect(first.total).toBe(3);
    expect(first.entry).toHaveLength(2);
    const next = first.link!.find((link) => link.relation === 'next')!.url!;
    const second = (await (await call(new URL(next).pathname + new URL(next).search)).json()) as Bundle<Practitioner>;
    expect(second.entry).toHaveLength(1);
    expect(new Set([...idsOf(first), ...idsOf(second)]).size).toBe(3);
  });

  it('refuses an unknown parameter with strict handling, and a FHIR parameter it does not apply always', async () => {
    const strict = await call('/api/fhir/Practitioner?name=jeroen&onbekend=x', { headers: { Prefer: 'handling=strict' } });
    expect((await isOutcome(strict, 400)).issue[0]!.diagnostics).toMatch(/onbekend/);
    const lenient = await lab.search('Practitioner', { name: 'jeroen', onbekend: 'x' }, { cache: 'no-cache' });
    expect(idsOf(lenient)).toEqual([staff.psychiater]);
    expect(lenient.link!.find((link) => link.relation === 'self')!.url).not.toContain('onbekend');
    await isOutcome(await call('/api/fhir/Practitioner?email=a@b.nl'), 400);
    await isOutcome(await call('/api/fhir/Practitioner?family=Brouwer'), 400);
    expect((await isOutcome(await call('/api/fhir/Practitioner?active=ja'), 400)).issue[0]!.diagnostics).toMatch(/active/);
  });

  it('is read-only, also for a koppeling that may write', async () => {
    const writer = await tokenFor(
      await register(beheerderCookie, 'Schrijvende koppeling', ['system/*.read', 'system/*.write']),
      'system/*.write',
    );
    for (const [path, method] of [
      ['/api/fhir/Practitioner', 'POST'],
      [`/api/fhir/Practitioner/${staff.psychiater}`, 'PUT'],
      [`/api/fhir/Organization/${organisationId}`, 'PUT'],
    ] as const)
      await isOutcome(
        await request(path, {
          method,
          headers: { Authorization: `Bearer ${writer}`, 'Content-Type': 'application/fhir+json' },
          body: JSON.stringify({ resourceType: path.split('/')[3] }),
        }),
        405,
      );
    expect((await lab.readResource('Practitioner', staff.psychiater, { cache: 'no-cache' })).name).toEqual([{ text: 'Jeroen Brouwer' }]);
  });
});

describe('Organization', () => {
  it('reads the caller’s own organisation with its AGB and URA; another is a 404', async () => {
    const organization = await lab.readResource('Organization', organisationId, { cache: 'no-cache' });
    expect(fhirProblems(organization)).toEqual([]);
    expect(organization).toMatchObject({
      resourceType: 'Organization',
      id: organisationId,
      active: true,
      identifier: [
        { system: agb, value: '73730001' },
        { system: ura, value: '90000123' },
      ],
    });
    await isOutcome(await call(`/api/fhir/Organization/${otherOrganisationId}`), 404);
  });

  it('searches only the caller’s organisation', async () => {
    expect(await find('Organization', {})).toEqual([organisationId]);
    expect(await find('Organization', { identifier: `${ura}|90000123` })).toEqual([organisationId]);
    expect(await find('Organization', { name: 'Elders' })).toEqual([]);
    expect(await find('Organization', { _id: otherOrganisationId })).toEqual([]);
    const own = (await lab.readResource('Organization', organisationId, { cache: 'no-cache' })) as Organization;
    expect(await find('Organization', { name: own.name!.split(' ')[0]! })).toEqual([organisationId]);
    const strict = await call('/api/fhir/Organization?onbekend=x', { headers: { Prefer: 'handling=strict' } });
    await isOutcome(strict, 400);
  });
});

describe('references to staff', () => {
  it('name a clinician as Practitioner/<id>, which resolves', async () => {
    const writer = await tokenFor(
      await register(beheerderCookie, 'Intakekoppeling', ['system/*.read', 'system/*.write']),
      'system/*.write',
    );
    const created = await request('/api/fhir/Patient', {
      method: 'POST',
      headers: { Authorization: `Bearer ${writer}`, 'Content-Type': 'application/fhir+json' },
      body: JSON.stringify(fhirPatientBody()),
    });
    expect(created.status).toBe(201);
    const patientId = ((await created.json()) as Patient).id!;
    await createDiagnosis(organisationId, { patientId, code: 'F32.1', label: 'Depressieve episode', diagnosedBy: staff.psychiater });
    const bundle = await lab.search('Condition', { patient: patientId }, { cache: 'no-cache' });
    const condition = bundle.entry![0]!.resource as Condition;
    expect(fhirProblems(condition)).toEqual([]);
    expect(condition.recorder).toEqual({ reference: `Practitioner/${staff.psychiater}`, display: 'Jeroen Brouwer' });
    const recorder = (await lab.readReference(condition.recorder!)) as Practitioner;
    expect(recorder.name).toEqual([{ text: 'Jeroen Brouwer' }]);
  });
});

describe('the CapabilityStatement and the access log', () => {
  it('lists both types, read and search, with the parameters that work', async () => {
    const statement = (await (await call('/api/fhir/metadata')).json()) as CapabilityStatement;
    expect(fhirProblems(statement)).toEqual([]);
    for (const type of ['Practitioner', 'Organization']) {
      const resource = statement.rest![0]!.resource!.find((entry) => entry.type === type)!;
      // Staff and the organisation are no patient data and not in the changes feed (ADR 0097): vread and instance history only.
      expect(resource.interaction!.map((interaction) => interaction.code)).toEqual(['read', 'search-type', 'vread', 'history-instance']);
      expect(resource.searchParam!.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['_id', 'name', 'identifier']));
    }
  });

  it('logs every read and search, naming no patient', async () => {
    await lab.readResource('Practitioner', staff.verpleegkundige, { cache: 'no-cache' });
    await lab.search('Organization', { name: 'x' }, { cache: 'no-cache' });
    const rows = await asOwner(
      organisationId,
      async (db) =>
        (
          await db.query<{ action: string; resource_type: string; resource_id: string | null; patient_ids: string[]; channel: string }>(
            `select action, resource_type, resource_id, patient_ids, channel from audit_events
              where organisation_id = $1 and resource_type in ('Practitioner', 'Organization') and outcome = 'success'`,
            [organisationId],
          )
        ).rows,
    );
    expect(rows).toContainEqual({
      action: 'read',
      resource_type: 'Practitioner',
      resource_id: staff.verpleegkundige,
      patient_ids: [],
      channel: 'fhir',
    });
    expect(rows).toContainEqual({ action: 'search', resource_type: 'Organization', resource_id: null, patient_ids: [], channel: 'fhir' });
  });
});
