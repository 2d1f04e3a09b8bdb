import type { MedplumClient } from '@medplum/core';
import type { AllergyIntolerance, Bundle, CapabilityStatement } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateBsn } from '../../domain/demo/patient-generator';
import { asOwner, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { fhirProblems, indexFhirDefinitions, isOutcome, medplumClient } from '../support/fhir';
import { json, request } from '../support/http';

/*
 * Issue 46: the allergies tab through the FHIR API as AllergyIntolerance. An allergy must reach
 * every place a clinician decides from: read, search, Patient/$everything and the
 * CapabilityStatement, each resource valid FHIR R4, each access in the log naming the patient,
 * and nothing of another organisation. The allergies are recorded through the tab's own API.
 */

let nurse: SignedIn;
let other: SignedIn;
let client: MedplumClient;
const patient = { jan: '', fatima: '', elsewhere: '' };
const id = { noneKnownLapsed: '', penicillin: '', peanut: '', haldol: '', fatimaNoneKnown: '', elsewhere: '' };

const bsn = () => ({ identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: generateBsn(Math.random) }] });

async function record(cookie: string, patientId: string, allergy: Record<string, unknown>): Promise<string> {
  const response = await json(`/api/patients/${patientId}/allergies`, { method: 'POST', cookie, body: allergy });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const read = (allergyId: string) => client.readResource('AllergyIntolerance', allergyId, { cache: 'no-cache' });
const search = (query: Record<string, string>) => client.search('AllergyIntolerance', query, { cache: 'no-cache' });
const idsOf = (bundle: Bundle) => (bundle.entry ?? []).map((entry) => entry.resource!.id!);
const codingsOf = (concept: { coding?: { system?: string; code?: string }[] } | undefined) =>
  (concept?.coding ?? []).map((coding) => `${coding.system}|${coding.code}`);

beforeAll(async () => {
  indexFhirDefinitions();
  nurse = await signedInUser();
  other = await signedInUser();
  client = medplumClient(nurse.cookie);
  patient.jan = await registerPatient(nurse.cookie, { name: [{ family: 'Allergie', given: ['Jan'] }], ...bsn() });
  patient.fatima = await registerPatient(nurse.cookie, { name: [{ family: 'el Amrani', given: ['Fatima'] }], ...bsn() });
  patient.elsewhere = await registerPatient(other.cookie, bsn());

  // Jan: first "geen bekende allergieën", then an allergy (which ends that statement), one without a reaction, and one that lapsed.
  id.noneKnownLapsed = await record(nurse.cookie, patient.jan, { noKnownAllergies: true });
  id.penicillin = await record(nurse.cookie, patient.jan, { substance: 'Penicilline', reaction: 'Huiduitslag', severity: 'matig' });
  id.peanut = await record(nurse.cookie, patient.jan, { substance: 'Pinda', severity: 'ernstig' });
  id.haldol = await record(nurse.cookie, patient.jan, { substance: 'Haldol', reaction: 'Stijfheid', severity: 'licht' });
  const lapsed = await json(`/api/allergies/${id.haldol}/lapse`, {
    method: 'POST',
    cookie: nurse.cookie,
    body: { reason: 'Bleek een bijwerking, geen allergie.' },
  });
  expect(lapsed.status).toBe(200);
  id.fatimaNoneKnown = await record(nurse.cookie, patient.fatima, { noKnownAllergies: true });
  id.elsewhere = await record(other.cookie, patient.elsewhere, { substance: 'Latex', reaction: 'Jeuk', severity: 'matig' });
});

describe('AllergyIntolerance through MedplumClient', () => {
  it('reads an allergy in force: active, the substance with its ATC class, the reaction and its severity, the patient and who recorded it', async () => {
    const allergy = await read(id.penicillin);
    expect(fhirProblems(allergy)).toEqual([]);
    expect(allergy).toMatchObject({
      resourceType: 'AllergyIntolerance',
      id: id.penicillin,
      meta: { versionId: '1' },
      category: ['medication'],
      code: { text: 'Penicilline' },
      patient: { reference: `Patient/${patient.jan}` },
      recorder: { reference: `Practitioner/${nurse.user.id}` },
      reaction: [{ manifestation: [{ text: 'Huiduitslag' }], severity: 'moderate' }],
    });
    expect(codingsOf(allergy.clinicalStatus)).toEqual(['http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical|active']);
    expect(codingsOf(allergy.code)).toEqual(['http://www.whocc.no/atc|J01C']);
    expect(Date.parse(allergy.recordedDate!)).not.toBeNaN();
    // The record does not grade certainty or criticality: neither is made up.
    expect(allergy.verificationStatus).toBeUndefined();
    expect(allergy.criticality).toBeUndefined();
  });

  it('keeps a substance it does not know as text only, and a severity without a reaction says so', async () => {
    const allergy = await read(id.peanut);
    expect(fhirProblems(allergy)).toEqual([]);
    expect(allergy.category).toBeUndefined();
    expect(allergy.code).toEqual({ text: 'Pinda' });
    expect(allergy.reaction).toEqual([{ manifestation: [{ text: 'Reactie niet vastgelegd' }], severity: 'severe' }]);
  });

  it('serves a lapsed allergy as inactive, its second version, with the reason', async () => {
    const allergy = await read(id.haldol);
    expect(fhirProblems(allergy)).toEqual([]);
    expect(codingsOf(allergy.clinicalStatus)).toEqual(['http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical|inactive']);
    expect(allergy.meta?.versionId).toBe('2');
    expect(allergy.note?.[0]?.text).toBe('Vervallen: Bleek een bijwerking, geen allergie.');
    expect(allergy.meta?.lastUpdated).toBe(allergy.note?.[0]?.time);
  });

  it('serves "geen bekende allergieën" as SNOMED 716186003 No known allergy, confirmed; ended by a later allergy it is inactive', async () => {
    const standing = await read(id.fatimaNoneKnown);
    expect(fhirProblems(standing)).toEqual([]);
    expect(codingsOf(standing.code)).toEqual(['http://snomed.info/sct|716186003']);
    expect(codingsOf(standing.verificationStatus)).toEqual([
      'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification|confirmed',
    ]);
    expect(codingsOf(standing.clinicalStatus)).toEqual(['http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical|active']);
    expect(standing.reaction).toBeUndefined();

    const ended = await read(id.noneKnownLapsed);
    expect(fhirProblems(ended)).toEqual([]);
    expect(codingsOf(ended.clinicalStatus)).toEqual(['http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical|inactive']);
    expect(ended.note?.[0]?.text).toBe('Vervallen: Allergie vastgelegd: Penicilline');
  });

  it('searches by patient, _id and clinical-status: that patient’s entries only, each valid FHIR R4', async () => {
    const jan = await search({ patient: `Patient/${patient.jan}` });
    expect(fhirProblems(jan)).toEqual([]);
    expect(jan.total).toBe(4);
    expect(idsOf(jan).sort()).toEqual([id.noneKnownLapsed, id.penicillin, id.peanut, id.haldol].sort());
    for (const entry of jan.entry ?? []) {
      expect(fhirProblems(entry.resource!), entry.resource!.id).toEqual([]);
      expect((entry.resource as AllergyIntolerance).patient.reference).toBe(`Patient/${patient.jan}`);
    }
    // Newest first by default.
    expect(idsOf(jan)[0]).toBe(id.haldol);
    expect(idsOf(await search({ patient: patient.fatima }))).toEqual([id.fatimaNoneKnown]);
    expect(idsOf(await search({ _id: `${id.penicillin},${id.fatimaNoneKnown}` })).sort()).toEqual(
      [id.penicillin, id.fatimaNoneKnown].sort(),
    );
    expect(idsOf(await search({ patient: patient.jan, 'clinical-status': 'active' })).sort()).toEqual([id.penicillin, id.peanut].sort());
    expect(
      idsOf(
        await search({
          patient: patient.jan,
          'clinical-status': 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical|inactive',
        }),
      ).sort(),
    ).toEqual([id.noneKnownLapsed, id.haldol].sort());
  });

  it('is in Patient/$everything and can be included with the patient', async () => {
    const bundle = (await client.get(client.fhirUrl('Patient', patient.jan, '$everything'), { cache: 'no-cache' })) as Bundle;
    expect(fhirProblems(bundle)).toEqual([]);
    const allergies = (bundle.entry ?? []).filter((entry) => entry.resource?.resourceType === 'AllergyIntolerance');
    expect(allergies.map((entry) => entry.resource!.id).sort()).toEqual([id.noneKnownLapsed, id.penicillin, id.peanut, id.haldol].sort());
    for (const entry of allergies) expect(fhirProblems(entry.resource!), entry.resource!.id).toEqual([]);
    // Who recorded them comes along.
    expect(bundle.entry!.map((entry) => `${entry.resource!.resourceType}/${entry.resource!.id}`)).toContain(
      `Practitioner/${nurse.user.id}`,
    );
    expect(idsOf(await client.search('AllergyIntolerance', { _id: id.penicillin, _include: 'AllergyIntolerance:patient' }))).toEqual([
      id.penicillin,
      patient.jan,
    ]);
    const revincluded = await client.search(
      'Patient',
      { _id: patient.fatima, _revinclude: 'AllergyIntolerance:patient' },
      { cache: 'no-cache' },
    );
    expect(idsOf(revincluded)).toEqual([patient.fatima, id.fatimaNoneKnown]);
  });

  it('puts each read and search in the access log with the patient it showed', async () => {
    await read(id.peanut);
    await search({ patient: patient.fatima });
    const rows = await asOwner(
      nurse.organisationId,
      async (db) =>
        (
          await db.query<{ action: string; resource_id: string | null; patient_ids: string[]; channel: string }>(
            `select action, resource_id, patient_ids, channel from audit_events
              where organisation_id = $1 and resource_type = 'AllergyIntolerance' and outcome = 'success' and channel = 'fhir'`,
            [nurse.organisationId],
          )
        ).rows,
    );
    expect(rows).toContainEqual({ action: 'read', resource_id: id.peanut, patient_ids: [patient.jan], channel: 'fhir' });
    expect(rows).toContainEqual({ action: 'search', resource_id: null, patient_ids: [patient.fatima], channel: 'fhir' });
  });

  it('answers another organisation’s allergy with 404 and finds none of it by any search', async () => {
    await isOutcome(await request(`/api/fhir/AllergyIntolerance/${id.elsewhere}`, { cookie: nurse.cookie }), 404);
    expect((await search({ _id: id.elsewhere })).total).toBe(0);
    expect((await search({ patient: patient.elsewhere })).total).toBe(0);
    // And ours is not theirs.
    await isOutcome(await request(`/api/fhir/AllergyIntolerance/${id.penicillin}`, { cookie: other.cookie }), 404);
    const theirs = (await (
      await request(`/api/fhir/AllergyIntolerance?patient=${patient.jan}`, { cookie: other.cookie })
    ).json()) as Bundle;
    expect(theirs.total).toBe(0);
    // Writes are not served.
    await isOutcome(
      await request('/api/fhir/AllergyIntolerance', {
        method: 'POST',
        cookie: nurse.cookie,
        headers: { 'Content-Type': 'application/fhir+json' },
        body: JSON.stringify({ resourceType: 'AllergyIntolerance', patient: { reference: `Patient/${patient.jan}` } }),
      }),
      405,
    );
  });
});

describe('the CapabilityStatement and SMART configuration', () => {
  it('list AllergyIntolerance with read, search, its parameters and includes, and its scope', async () => {
    const statement = (await client.get(client.fhirUrl('metadata'), { cache: 'no-cache' })) as CapabilityStatement;
    expect(fhirProblems(statement)).toEqual([]);
    const resource = (type: string) => statement.rest![0]!.resource!.find((entry) => entry.type === type)!;
    const allergy = resource('AllergyIntolerance');
    expect(allergy.interaction!.map((interaction) => interaction.code).sort()).toEqual([
      'history-instance',
      'history-type',
      'read',
      'search-type',
      'vread',
    ]);
    expect(allergy.searchParam!.map((parameter) => parameter.name).sort()).toEqual(
      ['_id', '_lastUpdated', 'clinical-status', 'date', 'patient'].sort(),
    );
    expect(allergy.searchInclude).toEqual(['AllergyIntolerance:patient']);
    expect(resource('Patient').searchRevInclude).toContain('AllergyIntolerance:patient');
    expect(resource('Patient').operation![0]!.documentation).toContain('AllergyIntolerance');
    const sample: Record<string, string> = {
      _id: id.penicillin,
      patient: patient.jan,
      'clinical-status': 'active',
      date: 'ge2020-01-01',
      _lastUpdated: 'ge2020',
    };
    for (const parameter of allergy.searchParam!) {
      const response = await request(`/api/fhir/AllergyIntolerance?${parameter.name}=${encodeURIComponent(sample[parameter.name]!)}`, {
        cookie: nurse.cookie,
        headers: { Prefer: 'handling=strict' },
      });
      expect(response.status, parameter.name).toBe(200);
    }
    // A FHIR parameter of the type that is not applied is refused rather than ignored.
    await isOutcome(await request(`/api/fhir/AllergyIntolerance?criticality=high`, { cookie: nurse.cookie }), 400);
    const smart = (await (await request('/api/fhir/.well-known/smart-configuration')).json()) as { scopes_supported: string[] };
    expect(smart.scopes_supported).toContain('system/AllergyIntolerance.read');
  });
});
