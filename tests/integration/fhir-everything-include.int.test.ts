import type { MedplumClient } from '@medplum/core';
import type { Bundle, BundleEntry, CapabilityStatement, OperationOutcome, Resource } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateBsn } from '../../domain/demo/patient-generator';
import { addDaysToIsoDate, clinicalToday } from '../../domain/shared/clinical-time';
import {
  asOwner,
  createAppointment,
  createDiagnosis,
  createReport,
  createRisk,
  createUser,
  createVital,
  registerPatient,
  signedInUser,
  type SignedIn,
} from '../support/factories';
import { fhirProblems, indexFhirDefinitions, isOutcome, medplumClient } from '../support/fhir';
import { json, login, request } from '../support/http';
import { bearerClient, register, tokenFor } from '../support/koppeling';

/*
 * Issue 46, point 5 "fewer round trips" (ADR 0089): `Patient/{id}/$everything` and `_include` /
 * `_revinclude`, as an integrator uses them through Medplum's client, every resource checked with
 * `validateResource`. A patient's everything holds their record and nothing of another patient or
 * organisation, pages without duplicates, follows the koppeling's scopes, and is in the access log.
 */

interface Side {
  beheerder: SignedIn;
  nurse: { id: string; cookie: string };
  /** A clinician with a session, for the session door. */
  session: MedplumClient;
  /** A koppeling with `system/*.read`. */
  client: MedplumClient;
  token: string;
  koppelingId: string;
}

let ours: Side;
let theirs: Side;
const patient = { jan: '', piet: '', els: '' };
/** Jan's record by type, as the record holds it. */
const janHas: Record<string, string[]> = {};
let pietVital = '';
let psychiaterId = '';
let elsVital = '';
/** `system/Patient.read system/Observation.read` only. */
let limitedToken: string;
let limited: MedplumClient;
/** `system/Observation.read` only. */
let observationsOnlyToken: string;

const bsn = () => ({ identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: generateBsn(Math.random) }] });
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

async function side(name: string): Promise<Side> {
  const beheerder = await signedInUser('beheerder');
  const nurseUser = await createUser(beheerder.organisationId, { role: 'verpleegkundige', displayName: `Verpleegkundige ${name}` });
  const { cookie } = await login(nurseUser.email, nurseUser.password);
  const koppeling = await register(beheerder.cookie, `Regionaal dossier ${name}`, ['system/*.read']);
  const token = await tokenFor(koppeling, 'system/*.read');
  return {
    beheerder,
    nurse: { id: nurseUser.id, cookie: cookie! },
    session: medplumClient(cookie!),
    client: bearerClient(token),
    token,
    koppelingId: koppeling.clientId,
  };
}

const call = (path: string, token: string, headers: Record<string, string> = {}) =>
  request(path, { headers: { Authorization: `Bearer ${token}`, ...headers } });
const strict = { Prefer: 'handling=strict' };

const matches = (bundle: Bundle) => (bundle.entry ?? []).filter((entry) => entry.search?.mode === 'match');
const included = (bundle: Bundle) => (bundle.entry ?? []).filter((entry) => entry.search?.mode === 'include');
const outcomes = (bundle: Bundle) => (bundle.entry ?? []).filter((entry) => entry.search?.mode === 'outcome');
const keys = (entries: BundleEntry[]) => entries.map((entry) => `${entry.resource!.resourceType}/${entry.resource!.id}`);

/** Every resource of the Bundle, and the Bundle itself, valid FHIR R4. */
function expectValid(bundle: Bundle): void {
  expect(bundle.resourceType).toBe('Bundle');
  expect(bundle.type).toBe('searchset');
  for (const entry of bundle.entry ?? []) expect(fhirProblems(entry.resource as Resource), keys([entry])[0]).toEqual([]);
  expect(fhirProblems(bundle)).toEqual([]);
}

/** The patient a resource of the record is about (its subject, patient or patient participant), or its own id for a Patient. */
function patientOf(resource: Resource): string | undefined {
  if (resource.resourceType === 'Patient') return resource.id;
  const text = JSON.stringify(resource);
  const ids = [...text.matchAll(/"reference":"Patient\/([0-9a-f-]{36})"/g)].map((match) => match[1]);
  expect(new Set(ids).size, `${resource.resourceType}/${resource.id} names one patient`).toBeLessThanOrEqual(1);
  return ids[0];
}

async function everything(client: MedplumClient, id: string, query = ''): Promise<Bundle> {
  const bundle = (await client.get(client.fhirUrl('Patient', id, '$everything').toString() + query, { cache: 'no-cache' })) as Bundle;
  expectValid(bundle);
  return bundle;
}

/** Every page from the first, by the `next` links the server gives. */
async function walk(client: MedplumClient, first: string): Promise<Bundle[]> {
  const pages: Bundle[] = [];
  let url: string | undefined = first;
  while (url) {
    const page = (await client.get(url, { cache: 'no-cache' })) as Bundle;
    expectValid(page);
    pages.push(page);
    url = page.link?.find((link) => link.relation === 'next')?.url;
    expect(pages.length).toBeLessThan(50);
  }
  return pages;
}

beforeAll(async () => {
  indexFhirDefinitions();
  ours = await side('Noord');
  theirs = await side('Zuid');
  patient.jan = await registerPatient(ours.nurse.cookie, { name: [{ family: 'Alles', given: ['Jan'] }], ...bsn() });
  patient.piet = await registerPatient(ours.nurse.cookie, { name: [{ family: 'Ander', given: ['Piet'] }], ...bsn() });
  patient.els = await registerPatient(theirs.nurse.cookie, { name: [{ family: 'Elders', given: ['Els'] }], ...bsn() });
  const org = ours.beheerder.organisationId;
  const nurse = ours.nurse.id;
  const vital = (patientId: string, hours: number, organisationId = org, recordedBy: string | null = nurse) =>
    createVital(organisationId, {
      patientId,
      code: 'hartfrequentie',
      label: 'Hartfrequentie',
      value: 70 + hours,
      unit: '/min',
      interpretation: 'N',
      observedAt: hoursAgo(hours),
      recordedBy,
    });
  janHas.Observation = [await vital(patient.jan, 1), await vital(patient.jan, 2), await vital(patient.jan, 3), await vital(patient.jan, 4)];
  janHas.Condition = [await createDiagnosis(org, { patientId: patient.jan, code: 'F32.2', label: 'Depressie', diagnosedBy: nurse })];
  janHas.RiskAssessment = [
    await createRisk(org, {
      patientId: patient.jan,
      riskType: 'suicide',
      riskLevel: 'hoog',
      rationale: 'Recente poging',
      assessedBy: nurse,
    }),
  ];
  janHas.Appointment = [await createAppointment(org, { patientId: patient.jan, practitionerId: nurse, startAt: hoursAgo(-24) })];
  janHas.DocumentReference = [await createReport(org, { patientId: patient.jan, createdBy: nurse, content: 'Rustige dienst.' })];
  // Prescribing is the psychiater's.
  const psychiater = await createUser(org, { role: 'psychiater' });
  psychiaterId = psychiater.id;
  const { cookie: psychiaterCookie } = await login(psychiater.email, psychiater.password);
  const order = await json(`/api/patients/${patient.jan}/medication`, {
    method: 'POST',
    cookie: psychiaterCookie!,
    body: {
      startDate: addDaysToIsoDate(clinicalToday(), -1),
      productCode: 'olanzapine-10',
      dose: '1 tablet',
      kind: 'vast',
      times: '08:00',
    },
  });
  expect(order.status).toBe(201);
  janHas.MedicationRequest = [((await order.json()) as { id: string }).id];
  // Recorded on the allergies tab, by the nurse.
  const allergy = await json(`/api/patients/${patient.jan}/allergies`, {
    method: 'POST',
    cookie: ours.nurse.cookie,
    body: { substance: 'Penicilline', reaction: 'Huiduitslag', severity: 'matig' },
  });
  expect(allergy.status).toBe(201);
  janHas.AllergyIntolerance = [((await allergy.json()) as { id: string }).id];
  janHas.EpisodeOfCare = [patient.jan];
  // Registered with an insurer (the factory's CZ): the insurance has the patient's id too.
  janHas.Coverage = [patient.jan];
  janHas.Patient = [patient.jan];
  pietVital = await vital(patient.piet, 5);
  await createDiagnosis(org, { patientId: patient.piet, code: 'F20.0', label: 'Schizofrenie' });
  elsVital = await vital(patient.els, 1, theirs.beheerder.organisationId, null);

  limitedToken = await tokenFor(
    await register(ours.beheerder.cookie, 'Metingen en patiënten', ['system/Patient.read', 'system/Observation.read']),
    'system/Patient.read system/Observation.read',
  );
  limited = bearerClient(limitedToken);
  observationsOnlyToken = await tokenFor(
    await register(ours.beheerder.cookie, 'Alleen metingen', ['system/Observation.read']),
    'system/Observation.read',
  );
});

describe('Patient/{id}/$everything', () => {
  it('is the patient and every resource of theirs the server serves, with the staff and organisation they name, nothing of another patient', async () => {
    const bundle = await everything(ours.client, patient.jan);
    const found = matches(bundle);
    expect(bundle.total).toBe(found.length);
    // Who they are first, then their episode and record.
    expect(keys(found)[0]).toBe(`Patient/${patient.jan}`);
    const byType: Record<string, string[]> = {};
    for (const entry of found) (byType[entry.resource!.resourceType] ??= []).push(entry.resource!.id!);
    expect(Object.keys(byType).sort()).toEqual(Object.keys(janHas).sort());
    for (const [type, ids] of Object.entries(janHas)) expect(byType[type]!.sort(), type).toEqual([...ids].sort());
    for (const entry of found) expect(patientOf(entry.resource!), keys([entry])[0]).toBe(patient.jan);
    expect(keys(found)).not.toContain(`Observation/${pietVital}`);
    // The nurse who measured, the psychiater who prescribed and the organisation of the episode, once each, as includes.
    expect(keys(included(bundle)).sort()).toEqual(
      [`Organization/${ours.beheerder.organisationId}`, `Practitioner/${ours.nurse.id}`, `Practitioner/${psychiaterId}`].sort(),
    );
    expect(new Set(keys(bundle.entry!)).size).toBe(bundle.entry!.length);
  });

  it('pages one ordered list: every resource once over the pages, the total on each', async () => {
    const all = keys(matches(await everything(ours.client, patient.jan)));
    const first = ours.client.fhirUrl('Patient', patient.jan, '$everything').toString() + '?_count=3';
    const pages = await walk(ours.client, first);
    expect(pages.length).toBe(Math.ceil(all.length / 3));
    const paged = pages.flatMap((page) => keys(matches(page)));
    expect(paged).toEqual(all);
    for (const page of pages) expect(page.total).toBe(all.length);
  });

  it('chooses types with _type', async () => {
    const bundle = await everything(ours.client, patient.jan, '?_type=Observation,Condition');
    expect(keys(matches(bundle)).sort()).toEqual(
      [...janHas.Observation!.map((id) => `Observation/${id}`), `Condition/${janHas.Condition![0]}`].sort(),
    );
    expect(bundle.link!.find((link) => link.relation === 'self')!.url).toContain('_type=Observation%2CCondition');
  });

  it('gives a koppeling only the types its scopes cover', async () => {
    const bundle = await everything(limited, patient.jan);
    expect([...new Set(matches(bundle).map((entry) => entry.resource!.resourceType))].sort()).toEqual(['Observation', 'Patient']);
    expect(matches(bundle)).toHaveLength(1 + janHas.Observation!.length);
    // Practitioner and Organization are not in its scopes either.
    expect(included(bundle)).toEqual([]);
    // Asking for a type outside them is refused, as reading it would be; without Patient.read there is no everything.
    await isOutcome(await call(`/api/fhir/Patient/${patient.jan}/$everything?_type=Condition`, limitedToken), 403);
    await isOutcome(await call(`/api/fhir/Patient/${patient.jan}/$everything`, observationsOnlyToken), 403);
  });

  it('is the same for a clinician with a session', async () => {
    const bundle = await everything(ours.session, patient.jan);
    expect(keys(matches(bundle)).sort()).toEqual(keys(matches(await everything(ours.client, patient.jan))).sort());
  });

  it('is a 404 OperationOutcome for another organisation’s patient, an unknown id, and the type-level operation', async () => {
    await isOutcome(await call(`/api/fhir/Patient/${patient.els}/$everything`, ours.token), 404);
    await isOutcome(await call(`/api/fhir/Patient/${patient.jan}/$everything`, theirs.token), 404);
    await isOutcome(await request(`/api/fhir/Patient/${patient.jan}/$everything`, { cookie: theirs.nurse.cookie }), 404);
    await isOutcome(await call('/api/fhir/Patient/niet-een-id/$everything', ours.token), 404);
    await isOutcome(await call('/api/fhir/Patient/$everything', ours.token), 404);
    // Their everything never holds ours.
    const elsEverything = await everything(theirs.client, patient.els);
    expect(keys(matches(elsEverything))).toContain(`Observation/${elsVital}`);
    for (const entry of matches(elsEverything)) expect(patientOf(entry.resource!)).toBe(patient.els);
  });

  it('refuses what it does not apply, as an OperationOutcome', async () => {
    const base = `/api/fhir/Patient/${patient.jan}/$everything`;
    // _since, start and end would narrow: refused whatever the handling.
    for (const query of ['_since=2026-01-01T00:00:00Z', 'start=2026-01-01', 'end=2026-12-31'])
      await isOutcome(await call(`${base}?${query}`, ours.token), 400);
    await isOutcome(await call(`${base}?_type=AuditEvent`, ours.token), 400);
    await isOutcome(await call(`${base}?_count=0`, ours.token), 400);
    await isOutcome(await call(`${base}?_count=101`, ours.token), 400);
    // A name FHIR does not know: ignored, or refused under strict handling.
    expect((await call(`${base}?onbekend=1`, ours.token)).status).toBe(200);
    await isOutcome(await call(`${base}?onbekend=1`, ours.token, strict), 400);
    // A koppeling without write scope is refused a POST before the method; a clinician learns the method.
    await isOutcome(await request(base, { method: 'POST', headers: { Authorization: `Bearer ${ours.token}` } }), 403);
    await isOutcome(await request(base, { method: 'POST', cookie: ours.nurse.cookie }), 405);
  });

  it('is in the access log under the koppeling, naming the patient', async () => {
    await everything(ours.client, patient.jan, '?_count=2');
    const rows = await asOwner(
      ours.beheerder.organisationId,
      async (db) =>
        (
          await db.query<{
            action: string;
            resource_type: string;
            resource_id: string;
            patient_ids: string[];
            details: Record<string, unknown>;
          }>(
            `select action, resource_type, resource_id, patient_ids, details from audit_events
            where user_id = $1 and details->>'operation' = '$everything' order by occurred_at desc limit 1`,
            [ours.koppelingId],
          )
        ).rows,
    );
    expect(rows[0]).toMatchObject({
      action: 'read',
      resource_type: 'Patient',
      resource_id: patient.jan,
      patient_ids: [patient.jan],
      details: { operation: '$everything', count: 2, offset: 0 },
    });
  });
});

describe('_include and _revinclude', () => {
  it('includes the subject of Observations once, as include', async () => {
    const bundle = (await ours.client.search(
      'Observation',
      { patient: patient.jan, _include: 'Observation:subject' },
      { cache: 'no-cache' },
    )) as Bundle;
    expectValid(bundle);
    expect(keys(matches(bundle)).sort()).toEqual(janHas.Observation!.map((id) => `Observation/${id}`).sort());
    expect(keys(included(bundle))).toEqual([`Patient/${patient.jan}`]);
    expect(bundle.total).toBe(janHas.Observation!.length);
  });

  it('includes the patient of MedicationRequests, and the organisation of episodes', async () => {
    const orders = (await ours.client.search(
      'MedicationRequest',
      { _include: 'MedicationRequest:patient' },
      { cache: 'no-cache' },
    )) as Bundle;
    expectValid(orders);
    expect(keys(matches(orders))).toEqual([`MedicationRequest/${janHas.MedicationRequest![0]}`]);
    expect(keys(included(orders))).toEqual([`Patient/${patient.jan}`]);
    const episodes = (await ours.client.search(
      'EpisodeOfCare',
      { patient: patient.jan, _include: 'EpisodeOfCare:organization:Organization' },
      { cache: 'no-cache' },
    )) as Bundle;
    expectValid(episodes);
    expect(keys(included(episodes))).toEqual([`Organization/${ours.beheerder.organisationId}`]);
  });

  it('revincludes the Observations of the patients found, and no other', async () => {
    const bundle = (await ours.client.search(
      'Patient',
      { _id: `${patient.jan},${patient.piet}`, _revinclude: 'Observation:subject' },
      { cache: 'no-cache' },
    )) as Bundle;
    expectValid(bundle);
    expect(keys(matches(bundle)).sort()).toEqual([`Patient/${patient.jan}`, `Patient/${patient.piet}`].sort());
    expect(keys(included(bundle)).sort()).toEqual([...janHas.Observation!, pietVital].map((id) => `Observation/${id}`).sort());
    // Only Piet: his Observation, none of Jan's.
    const piet = (await ours.client.search(
      'Patient',
      { _id: patient.piet, _revinclude: 'Observation:patient' },
      { cache: 'no-cache' },
    )) as Bundle;
    expect(keys(included(piet))).toEqual([`Observation/${pietVital}`]);
  });

  it('pages the matches without duplicates, the include on every page and in its links', async () => {
    const first = ours.client.fhirSearchUrl('Observation', { _include: 'Observation:subject', _count: '2' }).toString();
    const pages = await walk(ours.client, first);
    const found = pages.flatMap((page) => keys(matches(page)));
    expect(new Set(found).size).toBe(found.length);
    expect(found.sort()).toEqual([...janHas.Observation!, pietVital].map((id) => `Observation/${id}`).sort());
    for (const page of pages) {
      const subjects = new Set(matches(page).map((entry) => `Patient/${patientOf(entry.resource!)}`));
      expect(new Set(keys(included(page)))).toEqual(subjects);
      expect(page.link!.find((link) => link.relation === 'self')!.url).toContain('_include=Observation%3Asubject');
    }
  });

  it('keeps to the organisation: their search never includes ours', async () => {
    const bundle = (await theirs.client.search('Observation', { _include: 'Observation:subject' }, { cache: 'no-cache' })) as Bundle;
    expectValid(bundle);
    expect(keys(matches(bundle))).toEqual([`Observation/${elsVital}`]);
    expect(keys(included(bundle))).toEqual([`Patient/${patient.els}`]);
    const revincluded = (await theirs.client.search(
      'Patient',
      { _id: `${patient.els},${patient.jan}`, _revinclude: 'Observation:subject' },
      { cache: 'no-cache' },
    )) as Bundle;
    expect(keys(matches(revincluded))).toEqual([`Patient/${patient.els}`]);
    expect(keys(included(revincluded))).toEqual([`Observation/${elsVital}`]);
  });

  it('follows the scopes: an include of a type the token may not read is a 403', async () => {
    const allowed = (await limited.search(
      'Observation',
      { patient: patient.jan, _include: 'Observation:subject' },
      { cache: 'no-cache' },
    )) as Bundle;
    expect(keys(included(allowed))).toEqual([`Patient/${patient.jan}`]);
    await isOutcome(await call(`/api/fhir/Observation?_include=Observation:subject`, observationsOnlyToken), 403);
    await isOutcome(await call(`/api/fhir/Patient?_revinclude=Condition:subject`, limitedToken), 403);
  });

  it('warns of an include it does not follow, and refuses it under strict handling', async () => {
    for (const query of [
      '_include=*',
      '_include=Observation:performer',
      '_include:iterate=Observation:subject',
      '_revinclude=AuditEvent:patient',
    ]) {
      const lenient = await call(`/api/fhir/Observation?patient=${patient.jan}&${query}`, ours.token);
      expect(lenient.status, query).toBe(200);
      const bundle = (await lenient.json()) as Bundle;
      expectValid(bundle);
      expect(included(bundle), query).toEqual([]);
      expect(matches(bundle)).toHaveLength(janHas.Observation!.length);
      const [outcome] = outcomes(bundle);
      expect((outcome!.resource as OperationOutcome).issue[0]).toMatchObject({ severity: 'warning', code: 'not-supported' });
      // Not echoed as if it had been applied.
      expect(bundle.link!.find((link) => link.relation === 'self')!.url).not.toContain('include');
      const refused = await isOutcome(await call(`/api/fhir/Observation?patient=${patient.jan}&${query}`, ours.token, strict), 400);
      expect(JSON.stringify(refused), query).toContain('wordt niet ondersteund');
    }
    // An include that belongs to another type than the one searched.
    await isOutcome(await call(`/api/fhir/Observation?_include=Condition:subject`, ours.token, strict), 400);
  });

  it('logs each type included, naming its patients', async () => {
    await ours.client.search('Observation', { _id: pietVital, _include: 'Observation:subject' }, { cache: 'no-cache' });
    const rows = await asOwner(
      ours.beheerder.organisationId,
      async (db) =>
        (
          await db.query<{ action: string; resource_type: string; patient_ids: string[]; details: Record<string, unknown> }>(
            `select action, resource_type, patient_ids, details from audit_events
            where user_id = $1 and resource_type = 'Patient' and details ? 'included' order by occurred_at desc limit 1`,
            [ours.koppelingId],
          )
        ).rows,
    );
    expect(rows[0]).toMatchObject({ action: 'read', resource_type: 'Patient', patient_ids: [patient.piet], details: { included: 1 } });
  });

  it('is declared in the CapabilityStatement', async () => {
    const statement = (await (await request('/api/fhir/metadata')).json()) as CapabilityStatement;
    const resource = (type: string) => statement.rest![0]!.resource!.find((entry) => entry.type === type)!;
    expect(resource('Observation').searchInclude).toEqual(['Observation:patient', 'Observation:subject']);
    expect(resource('MedicationRequest').searchInclude).toContain('MedicationRequest:patient');
    expect(resource('Patient').searchRevInclude).toEqual(expect.arrayContaining(['Observation:subject', 'EpisodeOfCare:patient']));
    expect(resource('Organization').searchRevInclude).toEqual(['EpisodeOfCare:organization']);
    expect(resource('Patient').operation).toEqual([expect.objectContaining({ name: 'everything' })]);
    expect(fhirProblems(statement)).toEqual([]);
  });
});
