import type { Patient } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToIsoDate, clinicalToday } from '../../domain/shared/clinical-time';
import { asOwner, createUser, fhirPatientBody, registerPatient, signedInUser, validBsns, type SignedIn } from '../support/factories';
import { indexFhirDefinitions, isOutcome } from '../support/fhir';
import { json, login, request } from '../support/http';

/*
 * The integrator's FHIR defects (issue 46), second look: the cases `fhir-integrator.int.test.ts`
 * left out. Each test names its defect's number.
 */
const bsnSystem = 'http://fhir.nl/fhir/NamingSystem/bsn';
const fhirJson = { 'Content-Type': 'application/fhir+json' };
let doctor: SignedIn;
let nurseCookie: string;
const patient = { kees: '', pieter: '', klaas: '' };

const ids = async (path: string) => {
  const response = await request(path, { cookie: nurseCookie });
  expect(response.status).toBe(200);
  const bundle = (await response.json()) as { entry?: { resource: { id: string } }[] };
  return (bundle.entry ?? []).map((entry) => entry.resource.id).sort();
};

beforeAll(async () => {
  indexFhirDefinitions();
  doctor = await signedInUser('psychiater');
  const nurse = await createUser(doctor.organisationId, { role: 'verpleegkundige' });
  nurseCookie = (await login(nurse.email, nurse.password)).cookie!;
  patient.kees = await registerPatient(nurseCookie, {
    identifier: [{ system: bsnSystem, value: validBsns[4] }],
    name: [{ family: 'van der Berg', given: ['Kees'] }],
    gender: 'female',
  });
  patient.pieter = await registerPatient(nurseCookie, {
    identifier: [{ system: bsnSystem, value: validBsns[5] }],
    name: [{ family: 'Jansen', given: ['Pieter'] }],
    gender: 'male',
  });
  patient.klaas = await registerPatient(nurseCookie, {
    identifier: [{ system: bsnSystem, value: validBsns[6] }],
    name: [{ family: 'Bakker', given: ['Klaas'] }],
    gender: 'male',
  });
});

describe('FHIR defects, the cases left out before', () => {
  it('1: MedicationRequest?authoredon=eq… with milliseconds finds that millisecond only', async () => {
    const orders: string[] = [];
    // One order per patient: a second antipsychotic for one patient is refused as duplicate therapy.
    for (const patientId of [patient.kees, patient.pieter, patient.klaas]) {
      const response = await json(`/api/patients/${patientId}/medication`, {
        method: 'POST',
        cookie: doctor.cookie,
        body: {
          startDate: addDaysToIsoDate(clinicalToday(), -2),
          productCode: 'olanzapine-10',
          dose: '1 tablet',
          kind: 'vast',
          times: '08:00',
        },
      });
      expect(response.status).toBe(201);
      orders.push(((await response.json()) as { id: string }).id);
    }
    await asOwner(doctor.organisationId, async (db) => {
      for (const [index, id] of orders.entries())
        await db.query('update medication_orders set created_at = $1 where id = $2', [`2026-11-27T09:12:58.${153 + index}Z`, id]);
    });
    expect(await ids('/api/fhir/MedicationRequest?authoredon=eq2026-11-27T09:12:58.154Z')).toEqual([orders[1]]);
    expect(await ids('/api/fhir/MedicationRequest?authoredon=gt2026-11-27T09:12:58.154Z')).toEqual([orders[2]]);
    expect(await ids('/api/fhir/MedicationRequest?authoredon=eq2026-11-27T09:12:58Z')).toEqual([...orders].sort());
  });

  it('2: a standard parameter that narrows (_filter, _text, _tag …) is refused, not ignored', async () => {
    for (const query of [
      '_filter=family eq Jansen',
      '_text=Jansen',
      '_content=Jansen',
      '_tag=x|y',
      '_list=abc',
      `subject:Patient.identifier=${bsnSystem}|${validBsns[4]}`,
    ]) {
      const outcome = await isOutcome(await request(`/api/fhir/Observation?${query}`, { cookie: nurseCookie }), 400);
      expect(outcome.issue[0]!.diagnostics).toMatch(/wordt niet ondersteund/);
    }
  });

  it('3: :exact is case-sensitive and whole', async () => {
    expect(await ids('/api/fhir/Patient?family:exact=Van%20der%20Berg')).toEqual([]);
    expect(await ids('/api/fhir/Patient?given:exact=kees')).toEqual([]);
    expect(await ids('/api/fhir/Patient?given:exact=Kees')).toEqual([patient.kees]);
    expect(await ids('/api/fhir/Patient?name:exact=Jansen')).toEqual([patient.pieter]);
  });

  it('5: gender with another system finds nobody', async () => {
    expect(await ids('/api/fhir/Patient?gender=http://example.org/gender|male')).toEqual([]);
    expect(await ids('/api/fhir/Patient?gender=male')).toEqual([patient.klaas, patient.pieter].sort());
  });

  it('7: a version read, an operation on a clinical type and a broken Bundle answer an OperationOutcome', async () => {
    await isOutcome(await request(`/api/fhir/Patient/${patient.kees}/_history/999999`, { cookie: nurseCookie }), 404);
    await isOutcome(await request(`/api/fhir/Observation/${patient.kees}/_history`, { cookie: nurseCookie }), 404);
    await isOutcome(await request('/api/fhir/Patient/$everything', { cookie: nurseCookie }), 404);
    await isOutcome(await request('/api/fhir', { method: 'POST', cookie: nurseCookie, headers: fhirJson, body: '{"resourceType":' }), 400);
    await isOutcome(await request('/api/fhir', { method: 'DELETE', cookie: nurseCookie }), 405);
  });

  it('8: a write in text/plain is a 415 on every FHIR write route', async () => {
    const kees = await (await request(`/api/fhir/Patient/${patient.kees}`, { cookie: nurseCookie })).json();
    const plain = { 'Content-Type': 'text/plain' };
    await isOutcome(
      await request(`/api/fhir/Patient/${patient.kees}`, {
        method: 'PUT',
        cookie: nurseCookie,
        headers: plain,
        body: JSON.stringify(kees),
      }),
      415,
    );
    await isOutcome(
      await request('/api/fhir', { method: 'POST', cookie: nurseCookie, headers: plain, body: '{"resourceType":"Bundle","type":"batch"}' }),
      415,
    );
    await isOutcome(
      await request('/api/fhir/Observation', {
        method: 'POST',
        cookie: nurseCookie,
        headers: plain,
        body: '{"resourceType":"Observation"}',
      }),
      415,
    );
    await isOutcome(await request('/api/fhir/Patient', { cookie: nurseCookie, headers: { Accept: 'application/xml' } }), 406);
    await isOutcome(await request('/api/fhir/Patient?_format=application/fhir%2Bxml', { cookie: nurseCookie }), 406);
  });

  it('9: If-None-Exist that matches several patients is a 412 and creates none', async () => {
    const response = await json('/api/fhir/Patient', {
      method: 'POST',
      cookie: nurseCookie,
      headers: { ...fhirJson, 'If-None-Exist': 'gender=male' },
      body: {
        resourceType: 'Patient',
        identifier: [{ system: bsnSystem, value: validBsns[7] }],
        name: [{ family: 'Nieuw' }],
        gender: 'male',
      },
    });
    await isOutcome(response, 412);
    expect(await ids(`/api/fhir/Patient?identifier=${validBsns[7]}`)).toEqual([]);
  });

  it('11: a lower-case clinical type is a 404', async () => {
    await isOutcome(await request('/api/fhir/observation', { cookie: nurseCookie }), 404);
    await isOutcome(await request('/api/fhir/METADATA', { cookie: nurseCookie }), 404);
  });

  it('12: a PUT that changes nothing keeps the version; return=minimal on create; 304 on a clinical read; 401 says Bearer', async () => {
    const read = await request(`/api/fhir/Patient/${patient.pieter}`, { cookie: nurseCookie });
    const pieter = (await read.json()) as Patient;
    const put = await json(`/api/fhir/Patient/${patient.pieter}`, { method: 'PUT', cookie: nurseCookie, headers: fhirJson, body: pieter });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toBe(read.headers.get('etag'));
    expect(((await put.json()) as Patient).meta?.versionId).toBe(pieter.meta?.versionId);

    // An update that the record cannot fully keep: stored, and with return=OperationOutcome the warning.
    const updated = await json(`/api/fhir/Patient/${patient.pieter}`, {
      method: 'PUT',
      cookie: nurseCookie,
      headers: { ...fhirJson, Prefer: 'return=OperationOutcome' },
      body: { ...pieter, maritalStatus: { text: 'gehuwd' }, birthDate: '1980-02-03' },
    });
    const outcome = await isOutcome(updated, 200);
    expect(outcome.issue.map((issue) => [issue.severity, issue.expression?.[0] ?? issue.diagnostics])).toEqual([
      ['information', 'De patiënt is bijgewerkt.'],
      ['warning', 'Patient.maritalStatus'],
    ]);
    expect(((await (await request(`/api/fhir/Patient/${patient.pieter}`, { cookie: nurseCookie })).json()) as Patient).birthDate).toBe(
      '1980-02-03',
    );

    const created = await json('/api/fhir/Patient', {
      method: 'POST',
      cookie: nurseCookie,
      headers: { ...fhirJson, Prefer: 'return=minimal' },
      body: fhirPatientBody({ identifier: [{ system: bsnSystem, value: validBsns[8] }] }),
    });
    expect(created.status).toBe(201);
    expect(await created.text()).toBe('');
    expect(created.headers.get('location')).toMatch(/^\/api\/fhir\/Patient\/[0-9a-f-]{36}$/);
    expect(created.headers.get('etag')).toBe('W/"1"');

    const anonymous = await request('/api/fhir/Observation');
    await isOutcome(anonymous, 401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });
});
