import type { MedplumClient } from '@medplum/core';
import type { Bundle, CapabilityStatement, Coverage, Organization, Patient } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateBsn } from '../../domain/demo/patient-generator';
import { asOwner, createUser, fhirPatientBody, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { fhirProblems, indexFhirDefinitions, isOutcome } from '../support/fhir';
import { json, login, request } from '../support/http';
import { bearerClient, register, tokenFor } from '../support/koppeling';

/*
 * Issue 46, build point 6 (ADR 0099): the patient's insurance as a read-only FHIR Coverage, read by
 * a koppeling (SMART Backend Services, its JWT signed with `jose`) through Medplum's client, every
 * resource checked with `validateResource`. The insurer is a contained Organization with its UZOVI
 * number when it is a known Dutch insurer and its name only otherwise; a patient without an insurer
 * has no Coverage. Another organisation's koppeling sees none of it, and the access log names the
 * patient and the koppeling.
 */

const insuranceUrl = 'https://ggz-epd.nl/fhir/StructureDefinition/insurance';
const uzovi = 'http://fhir.nl/fhir/NamingSystem/uzovi';
const profile = 'http://nictiz.nl/fhir/StructureDefinition/nl-core-Payer.InsuranceCompany';

interface Side {
  beheerder: SignedIn;
  nurseCookie: string;
  client: MedplumClient;
  token: string;
  koppelingId: string;
}

let ours: Side;
let theirs: Side;
const patient = { zilverenKruis: '', vgz: '', unknownInsurer: '', uninsured: '', elsewhere: '' };
const bsns: Record<string, string> = {};

const insured = (company: string | null, policyNumber: string | null, family: string) => {
  const bsn = generateBsn(Math.random);
  bsns[family] = bsn;
  return {
    extension: [{ url: insuranceUrl, valueString: JSON.stringify({ company, policyNumber }) }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: bsn }],
    name: [{ family, given: ['Test'] }],
  };
};

async function side(name: string): Promise<Side> {
  const beheerder = await signedInUser('beheerder');
  const nurse = await createUser(beheerder.organisationId, { role: 'verpleegkundige' });
  const { cookie } = await login(nurse.email, nurse.password);
  const koppeling = await register(beheerder.cookie, `Declaratiesysteem ${name}`, ['system/Patient.read', 'system/Coverage.read']);
  const token = await tokenFor(koppeling, 'system/Patient.read system/Coverage.read');
  return { beheerder, nurseCookie: cookie!, client: bearerClient(token), token, koppelingId: koppeling.clientId };
}

const read = (id: string, client = ours.client) => client.readResource('Coverage', id, { cache: 'no-cache' });
const search = (query: Record<string, string>, client = ours.client) => client.search('Coverage', query, { cache: 'no-cache' });
const idsOf = (bundle: Bundle) => (bundle.entry ?? []).map((entry) => entry.resource!.id!);
const call = (path: string, token = ours.token, headers: Record<string, string> = {}) =>
  request(path, { headers: { Authorization: `Bearer ${token}`, ...headers } });
const payorOf = (coverage: Coverage) => {
  expect(coverage.payor).toHaveLength(1);
  const reference = coverage.payor[0]!.reference!;
  expect(reference).toMatch(/^#/);
  return coverage.contained!.find((resource) => `#${resource.id}` === reference) as Organization;
};

beforeAll(async () => {
  indexFhirDefinitions();
  [ours, theirs] = [await side('ons'), await side('elders')];
  patient.zilverenKruis = await registerPatient(ours.nurseCookie, insured('Zilveren Kruis', 'ZK-20261130', 'Kruisman'));
  patient.vgz = await registerPatient(ours.nurseCookie, insured('VGZ Zorgverzekeraar N.V.', '778899', 'Verzekerd'));
  patient.unknownInsurer = await registerPatient(ours.nurseCookie, insured('Zorgverzekeraar Onbekend', null, 'Onbekend'));
  patient.uninsured = await registerPatient(ours.nurseCookie, insured(null, null, 'Onverzekerd'));
  patient.elsewhere = await registerPatient(theirs.nurseCookie, insured('CZ', 'CZ-1', 'Elders'));
});

describe('Coverage through MedplumClient with a koppeling’s token', () => {
  it('reads a known insurer’s Coverage: nl-core profile, the patient as beneficiary and subscriber, the policy number, the UZOVI number', async () => {
    const coverage = await read(patient.zilverenKruis);
    expect(fhirProblems(coverage)).toEqual([]);
    const owner = (await ours.client.readResource('Patient', patient.zilverenKruis, { cache: 'no-cache' })) as Patient;
    expect(coverage).toMatchObject({
      resourceType: 'Coverage',
      id: patient.zilverenKruis,
      // The insurance lives on the patient's row: the patient's version and last change.
      meta: { versionId: owner.meta!.versionId, lastUpdated: owner.meta!.lastUpdated, profile: [profile] },
      status: 'active',
      beneficiary: { reference: `Patient/${patient.zilverenKruis}` },
      subscriber: { reference: `Patient/${patient.zilverenKruis}` },
      subscriberId: 'ZK-20261130',
      identifier: [{ value: 'ZK-20261130', type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MB' }] } }],
    });
    expect(coverage.type).toBeUndefined();
    const payor = payorOf(coverage);
    expect(fhirProblems(payor)).toEqual([]);
    expect(payor).toMatchObject({ resourceType: 'Organization', name: 'Zilveren Kruis', identifier: [{ system: uzovi, value: '3311' }] });
    expect(coverage.payor[0]!.display).toBe('Zilveren Kruis');
  });

  it('knows an insurer by its legal name too, and gives an unknown company its name only', async () => {
    const vgz = await read(patient.vgz);
    expect(fhirProblems(vgz)).toEqual([]);
    expect(payorOf(vgz)).toMatchObject({ name: 'VGZ Zorgverzekeraar N.V.', identifier: [{ system: uzovi, value: '7095' }] });

    const unknown = await read(patient.unknownInsurer);
    expect(fhirProblems(unknown)).toEqual([]);
    const payor = payorOf(unknown);
    expect(payor.name).toBe('Zorgverzekeraar Onbekend');
    expect(payor.identifier).toBeUndefined();
    // No policy number recorded: none made up.
    expect(unknown.subscriberId).toBeUndefined();
    expect(unknown.identifier).toBeUndefined();
  });

  it('has no Coverage for a patient without an insurer', async () => {
    await isOutcome(await call(`/api/fhir/Coverage/${patient.uninsured}`), 404);
    expect((await search({ patient: patient.uninsured })).total).toBe(0);
  });

  it('follows a change of insurer: the same id, a new version, the new UZOVI number', async () => {
    const before = await read(patient.vgz);
    const changed = await json(`/api/fhir/Patient/${patient.vgz}`, {
      method: 'PUT',
      cookie: ours.nurseCookie,
      body: fhirPatientBody({
        id: patient.vgz,
        ...insured('Menzis', 'MZ-5', 'Verzekerd'),
        identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: bsns.Verzekerd }],
      }),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const after = await read(patient.vgz);
    expect(fhirProblems(after)).toEqual([]);
    expect(Number(after.meta!.versionId)).toBeGreaterThan(Number(before.meta!.versionId));
    expect(after.subscriberId).toBe('MZ-5');
    expect(payorOf(after).identifier).toEqual([{ system: uzovi, value: '3332' }]);
    // What changed since the first version is found by _lastUpdated, to the millisecond.
    expect(idsOf(await search({ _lastUpdated: `gt${before.meta!.lastUpdated}`, _id: patient.vgz }))).toEqual([patient.vgz]);
    expect(idsOf(await search({ _lastUpdated: `gt${after.meta!.lastUpdated}`, _id: patient.vgz }))).toEqual([]);
    expect(idsOf(await search({ _lastUpdated: `eq${after.meta!.lastUpdated}`, _id: patient.vgz }))).toEqual([patient.vgz]);
  });

  it('searches by patient, beneficiary, subscriber and _id, each entry valid FHIR R4', async () => {
    for (const parameter of ['patient', 'beneficiary', 'subscriber']) {
      const bundle = await search({ [parameter]: `Patient/${patient.zilverenKruis}` });
      expect(fhirProblems(bundle)).toEqual([]);
      expect(idsOf(bundle), parameter).toEqual([patient.zilverenKruis]);
    }
    const all = await search({ _id: Object.values(patient).join(',') });
    expect(idsOf(all).sort()).toEqual([patient.zilverenKruis, patient.vgz, patient.unknownInsurer].sort());
    for (const entry of all.entry ?? []) expect(fhirProblems(entry.resource!), entry.resource!.id).toEqual([]);
  });

  it('is in Patient/$everything, and included and revincluded with the patient', async () => {
    const everything = (await ours.client.get(ours.client.fhirUrl('Patient', patient.zilverenKruis, '$everything'), {
      cache: 'no-cache',
    })) as Bundle;
    expect(fhirProblems(everything)).toEqual([]);
    expect(everything.entry!.map((entry) => `${entry.resource!.resourceType}/${entry.resource!.id}`)).toEqual([
      `Patient/${patient.zilverenKruis}`,
      `Coverage/${patient.zilverenKruis}`,
    ]);
    const revincluded = await ours.client.search(
      'Patient',
      { _id: patient.zilverenKruis, _revinclude: 'Coverage:patient' },
      { cache: 'no-cache' },
    );
    expect(revincluded.entry!.map((entry) => entry.resource!.resourceType)).toEqual(['Patient', 'Coverage']);
    const included = await search({ _id: patient.zilverenKruis, _include: 'Coverage:beneficiary' });
    expect(included.entry!.map((entry) => `${entry.resource!.resourceType}/${entry.resource!.id}`)).toEqual([
      `Coverage/${patient.zilverenKruis}`,
      `Patient/${patient.zilverenKruis}`,
    ]);
  });

  it('puts each read and search in the access log under the koppeling, naming the patient', async () => {
    await read(patient.unknownInsurer);
    await search({ beneficiary: patient.zilverenKruis });
    const rows = await asOwner(
      ours.beheerder.organisationId,
      async (db) =>
        (
          await db.query<{ action: string; resource_id: string | null; patient_ids: string[]; channel: string }>(
            `select action, resource_id, patient_ids, channel from audit_events
              where organisation_id = $1 and user_id = $2 and resource_type = 'Coverage' and outcome = 'success'`,
            [ours.beheerder.organisationId, ours.koppelingId],
          )
        ).rows,
    );
    expect(rows).toContainEqual({
      action: 'read',
      resource_id: patient.unknownInsurer,
      patient_ids: [patient.unknownInsurer],
      channel: 'fhir',
    });
    expect(rows).toContainEqual({ action: 'search', resource_id: null, patient_ids: [patient.zilverenKruis], channel: 'fhir' });
  });

  it('is never another organisation’s: their koppeling finds none of ours, and ours none of theirs', async () => {
    await isOutcome(await call(`/api/fhir/Coverage/${patient.zilverenKruis}`, theirs.token), 404);
    expect((await search({ patient: patient.zilverenKruis }, theirs.client)).total).toBe(0);
    expect((await search({ _id: Object.values(patient).join(',') }, theirs.client)).entry?.map((e) => e.resource!.id)).toEqual([
      patient.elsewhere,
    ]);
    await isOutcome(await call(`/api/fhir/Coverage/${patient.elsewhere}`), 404);
    expect((await search({ beneficiary: patient.elsewhere })).total).toBe(0);
  });

  it('is refused to a koppeling without its scope, and not written through FHIR', async () => {
    const patientsOnly = await register(ours.beheerder.cookie, 'Alleen patiënten', ['system/Patient.read']);
    const token = await tokenFor(patientsOnly, 'system/Patient.read');
    const refused = await isOutcome(await call(`/api/fhir/Coverage/${patient.zilverenKruis}`, token), 403);
    expect(refused.issue[0]!.diagnostics).toContain('system/Coverage.read');
    // $everything leaves out what the token may not read.
    const everything = (await (await call(`/api/fhir/Patient/${patient.zilverenKruis}/$everything`, token)).json()) as Bundle;
    expect(everything.entry!.map((entry) => entry.resource!.resourceType)).toEqual(['Patient']);
    await isOutcome(
      await request('/api/fhir/Coverage', {
        method: 'POST',
        cookie: ours.nurseCookie,
        headers: { 'Content-Type': 'application/fhir+json' },
        body: JSON.stringify({ resourceType: 'Coverage', status: 'active' }),
      }),
      405,
    );
  });
});

describe('the CapabilityStatement and SMART configuration', () => {
  it('list Coverage with read, search, its parameters and includes, and its scope; every parameter filters under strict handling', async () => {
    const statement = (await (await request('/api/fhir/metadata')).json()) as CapabilityStatement;
    expect(fhirProblems(statement)).toEqual([]);
    const resource = (type: string) => statement.rest![0]!.resource!.find((entry) => entry.type === type)!;
    const coverage = resource('Coverage');
    // Its current version by vread and instance history too (ADR 0097); it is not in the changes feed.
    expect(coverage.interaction!.map((interaction) => interaction.code).sort()).toEqual([
      'history-instance',
      'read',
      'search-type',
      'vread',
    ]);
    const names = coverage.searchParam!.map((parameter) => parameter.name);
    expect([...names].sort()).toEqual(['_id', '_lastUpdated', 'beneficiary', 'patient', 'subscriber']);
    expect(coverage.searchInclude).toEqual(['Coverage:patient', 'Coverage:beneficiary']);
    expect(resource('Patient').searchRevInclude).toEqual(expect.arrayContaining(['Coverage:patient', 'Coverage:beneficiary']));
    expect(resource('Patient').operation![0]!.documentation).toContain('Coverage');
    const sample: Record<string, string> = {
      _id: patient.zilverenKruis,
      patient: patient.zilverenKruis,
      beneficiary: `Patient/${patient.zilverenKruis}`,
      subscriber: patient.zilverenKruis,
      _lastUpdated: 'ge2020',
    };
    for (const name of names) {
      const response = await call(`/api/fhir/Coverage?${name}=${encodeURIComponent(sample[name]!)}`, ours.token, {
        Prefer: 'handling=strict',
      });
      expect(response.status, name).toBe(200);
      expect(((await response.json()) as Bundle).total, name).toBe(name === '_lastUpdated' ? 3 : 1);
    }
    // A FHIR parameter of Coverage that is not applied narrows nothing silently: refused.
    await isOutcome(await call('/api/fhir/Coverage?payor=Organization/x'), 400);
    const smart = (await (await request('/api/fhir/.well-known/smart-configuration')).json()) as { scopes_supported: string[] };
    expect(smart.scopes_supported).toContain('system/Coverage.read');
  });
});
