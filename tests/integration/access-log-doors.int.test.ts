import { beforeAll, describe, expect, it } from 'vitest';
import { generateBsn } from '../../domain/demo/patient-generator';
import { addDaysToIsoDate, clinicalToday } from '../../domain/shared/clinical-time';
import { asOwner, createUser, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { json, login, request } from '../support/http';
import { routeFiles, routePath } from '../support/routes';

/*
 * The access log (NEN 7513) names the patient whose data was read or written, and only reads that
 * happened: a record page refused for another organisation's patient leaves no success row, and a
 * record page's form refuses another patient's order instead of writing for them.
 */

let nurse: SignedIn;

interface LogRow {
  action: string;
  resource_type: string;
  outcome: string;
  patient_ids: string[];
}

/** The rows of an organisation (the nurse's unless told) that name the patient. */
const rowsNaming = (patientId: string, organisationId = nurse.organisationId) =>
  asOwner(
    organisationId,
    async (db) =>
      (
        await db.query<LogRow>(
          'select action, resource_type, outcome, patient_ids from audit_events where $1 = any(patient_ids) and organisation_id = $2 order by occurred_at, id',
          [patientId, organisationId],
        )
      ).rows,
  );

const newPatient = (cookie: string) =>
  registerPatient(cookie, { identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: generateBsn(Math.random) }] });

beforeAll(async () => {
  nurse = await signedInUser('verpleegkundige');
});

describe("a record page for another organisation's patient", () => {
  // Every page under /patients/:id that has a loader: a new record tab is covered without listing it here.
  const recordPages = routeFiles().filter((route) => route.file.startsWith('_app.patients.$id') && route.methods.includes('GET'));

  it('finds the record pages', () => expect(recordPages.length).toBeGreaterThan(15));

  it('answers 404 on every tab and logs no read of that patient as done', async () => {
    const other = await signedInUser('verpleegkundige');
    const theirs = await newPatient(other.cookie);
    const statuses: Record<string, number> = {};
    for (const route of recordPages) {
      const path = routePath(route.file, (param) => (param === 'id' ? theirs : param === 'section' ? 'somatische-screening' : param));
      statuses[path] = (await request(path, { cookie: nurse.cookie })).status;
    }
    expect(
      Object.values(statuses).every((status) => status === 404),
      JSON.stringify(statuses),
    ).toBe(true);

    const rows = await rowsNaming(theirs);
    // Refused attempts are in the log, and nothing says their data was read.
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.outcome === 'success').map((row) => `${row.action} ${row.resource_type}`)).toEqual([]);
    // One refusal of the patient per page: the tab waits for the record's own read instead of reading it
    // again. The edit form reads the patient's details itself, so its page has two.
    expect(rows.filter((row) => row.action === 'read' && row.resource_type === 'Patient')).toHaveLength(recordPages.length + 1);
  });

  it('still logs the read of an own patient once per tab, as a success', async () => {
    const mine = await newPatient(nurse.cookie);
    expect((await request(`/patients/${mine}/medicatie`, { cookie: nurse.cookie })).status).toBe(200);
    const reads = (await rowsNaming(mine)).filter((row) => row.action === 'read');
    // The record (with its banner), and the tab's orders and allergies: nothing more for the check before them.
    expect(reads.map((row) => `${row.resource_type} ${row.outcome}`).sort()).toEqual([
      'AllergyIntolerance success',
      'MedicationRequest success',
      'Patient success',
    ]);
  });

  it("logs each of the overview's reads once: the latest vitals, the latest BVC and the contact persons", async () => {
    const mine = await newPatient(nurse.cookie);
    expect((await request(`/patients/${mine}`, { cookie: nurse.cookie })).status).toBe(200);
    const reads = (await rowsNaming(mine)).filter((row) => row.action === 'read');
    expect(reads.map((row) => `${row.resource_type} ${row.outcome}`).sort()).toEqual([
      'Observation success',
      'Observation success',
      'Patient success',
      'RelatedPerson success',
    ]);
  });
});

describe("a record page's medication form with another patient's order", () => {
  it('refuses with 404, writes no dose and logs nothing as done for either patient', async () => {
    const doctor = await signedInUser('psychiater');
    const colleague = await createUser(doctor.organisationId, { role: 'verpleegkundige' });
    const { cookie } = await login(colleague.email, colleague.password);
    const mine = await newPatient(doctor.cookie);
    const theirs = await newPatient(doctor.cookie);
    const order = await json(`/api/patients/${theirs}/medication`, {
      method: 'POST',
      cookie: doctor.cookie,
      body: {
        productCode: 'lorazepam-1',
        dose: '1 tablet',
        kind: 'zo-nodig',
        indication: 'onrust',
        maxPerDay: 3,
        minIntervalMinutes: 0,
        startDate: addDaysToIsoDate(clinicalToday(), -1),
      },
    });
    expect(order.status).toBe(201);
    const orderId = ((await order.json()) as { id: string }).id;
    const done = async () => (await rowsNaming(theirs, doctor.organisationId)).filter((row) => row.outcome === 'success').length;
    const before = await done();

    const dose = await request(`/patients/${mine}/medicatie`, {
      method: 'POST',
      cookie: cookie!,
      body: new URLSearchParams({ intent: 'zo-nodig', orderId, reason: 'Onrustig' }),
    });
    expect(dose.status).toBe(404);
    const given = await asOwner(
      doctor.organisationId,
      async (db) => (await db.query('select count(*)::int as n from medication_administrations where order_id = $1', [orderId])).rows[0].n,
    );
    expect(given).toBe(0);
    const logged = await asOwner(
      doctor.organisationId,
      async (db) =>
        (
          await db.query<LogRow>(
            "select action, resource_type, outcome, patient_ids from audit_events where resource_type = 'MedicationAdministration' and patient_ids && $1::uuid[]",
            [[mine, theirs]],
          )
        ).rows,
    );
    // The refused attempt names the patient whose order it was (the data, not the page: ADR 0068); no registration for anyone.
    expect(logged).toEqual([{ action: 'create', resource_type: 'MedicationAdministration', outcome: 'failure', patient_ids: [theirs] }]);
    expect(await done()).toBe(before);
  });
});
