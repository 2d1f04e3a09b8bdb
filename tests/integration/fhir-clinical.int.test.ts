import type { MedplumClient } from '@medplum/core';
import type { Appointment, Bundle, CapabilityStatement, Condition, OperationOutcome, ResourceType } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  asOwner,
  createAppointment,
  createDiagnosis,
  createReport,
  createRisk,
  createVital,
  registerPatient,
  signedInUser,
  validBsns,
  type AppointmentFactory,
  type ReportFactory,
  type SignedIn,
  type VitalFactory,
} from '../support/factories';
import { fhirProblems, indexFhirDefinitions, medplumClient } from '../support/fhir';
import { request } from '../support/http';

/*
 * Issue 21, the clinical resources as an integrator reads them: Observation, Condition,
 * RiskAssessment, Appointment and DocumentReference through MedplumClient, searched by patient,
 * date and code, each valid FHIR R4, each read and search in the access log, and nothing of
 * another organisation.
 */
let nurse: SignedIn;
let other: SignedIn;
let client: MedplumClient;
const patient = { jan: '', fatima: '', elsewhere: '' };
const id: Record<string, string> = {};

const clinicalTypes = ['Observation', 'Condition', 'RiskAssessment', 'Appointment', 'DocumentReference'] as const;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const search = async (type: ResourceType, query: Record<string, string> | string): Promise<Bundle> =>
  client.search(type, query, { cache: 'no-cache' });
const idsOf = (bundle: Bundle) => (bundle.entry ?? []).map((entry) => entry.resource!.id!);
const sorted = (...names: string[]) => names.map((name) => id[name]!).sort();

beforeAll(async () => {
  indexFhirDefinitions();
  nurse = await signedInUser();
  other = await signedInUser();
  client = medplumClient(nurse.cookie);
  patient.jan = await registerPatient(nurse.cookie, {
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[0] }],
  });
  patient.fatima = await registerPatient(nurse.cookie, {
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[1] }],
    name: [{ family: 'el Amrani', given: ['Fatima'] }],
  });
  patient.elsewhere = await registerPatient(other.cookie, {
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[2] }],
  });
  const mine = nurse.organisationId;
  const me = nurse.user.id;

  const vital = (
    patientId: string,
    code: string,
    label: string,
    value: number,
    unit: string,
    interpretation: VitalFactory['interpretation'],
    observedAt: Date,
  ) => createVital(mine, { patientId, code, label, value, unit, interpretation, observedAt, recordedBy: me });
  id.heartRate = await vital(patient.jan, 'hartfrequentie', 'Hartfrequentie', 112, '/min', 'H', hoursAgo(3));
  id.temperature = await vital(patient.jan, 'temperatuur', 'Temperatuur', 36.8, '°C', 'N', hoursAgo(2));
  id.glucose = await vital(patient.jan, 'glucose', 'Glucose', 2.6, 'mmol/l', 'LL', hoursAgo(1));
  id.fatimaHeart = await vital(patient.fatima, 'hartfrequentie', 'Hartfrequentie', 78, '/min', 'N', hoursAgo(5));
  id.elsewhereVital = await createVital(other.organisationId, {
    patientId: patient.elsewhere,
    code: 'hartfrequentie',
    label: 'Hartfrequentie',
    value: 90,
    unit: '/min',
    interpretation: 'N',
    observedAt: hoursAgo(1),
  });

  id.schizophrenia = await createDiagnosis(mine, {
    patientId: patient.jan,
    rank: 'primary',
    code: 'F20.0',
    label: 'Schizofrenie, paranoïde type',
    diagnosedAt: '2024-05-14',
    diagnosedBy: me,
  });
  id.cannabis = await createDiagnosis(mine, {
    patientId: patient.jan,
    rank: 'secondary',
    code: 'F12.20',
    label: 'Stoornis in cannabisgebruik, matig',
    diagnosedAt: '2024-06-01',
  });
  id.depression = await createDiagnosis(mine, {
    patientId: patient.fatima,
    rank: 'primary',
    code: 'F32.2',
    label: 'Depressieve stemmingsstoornis, ernstig',
    diagnosedAt: '2026-09-02',
  });

  id.suicide = await createRisk(mine, {
    patientId: patient.jan,
    riskType: 'suïcide',
    riskLevel: 'hoog',
    rationale: 'Uitte gisteren doodsgedachten zonder concreet plan.',
    assessedAt: hoursAgo(20),
    assessedBy: me,
  });
  id.aggression = await createRisk(mine, {
    patientId: patient.jan,
    riskType: 'agressie',
    riskLevel: 'zeer hoog',
    rationale: 'Fysiek incident deze week.',
    assessedAt: hoursAgo(9),
  });
  id.neglect = await createRisk(mine, {
    patientId: patient.fatima,
    riskType: 'zelfverwaarlozing',
    riskLevel: 'laag',
    rationale: 'Eet met ondersteuning voldoende.',
    assessedAt: hoursAgo(48),
  });

  // Around the start of summer time: 29 March 2026 in Amsterdam runs from 28 March 23:00 UTC to 29 March 22:00 UTC.
  const appointment = (
    patientId: string,
    start: string,
    minutes: number,
    status: AppointmentFactory['status'],
    extra: Pick<AppointmentFactory, 'location' | 'cancelReason'> = {},
  ) =>
    createAppointment(mine, {
      patientId,
      practitionerId: me,
      startAt: new Date(start),
      minutes,
      type: 'behandelgesprek',
      status,
      ...extra,
    });
  id.earlyOnTheDay = await appointment(patient.jan, '2026-03-28T23:30:00Z', 30, 'afgerond', { location: 'Kamer 3' });
  id.noShow = await appointment(patient.jan, '2026-03-29T08:00:00Z', 45, 'niet-verschenen');
  id.nextDay = await appointment(patient.jan, '2026-03-29T22:30:00Z', 30, 'gepland');
  id.cancelled = await appointment(patient.fatima, '2026-03-29T09:00:00Z', 30, 'geannuleerd', { cancelReason: 'Patiënt ziek gemeld' });

  const report = (patientId: string, type: ReportFactory['type'], content: string, extra: Partial<ReportFactory> = {}) =>
    createReport(mine, { patientId, type, content, createdBy: me, category: null, ...extra });
  id.note = await report(patient.jan, 'dagnotitie', 'Rustig op de afdeling, at goed.', { category: 'observatie', encounterId: id.noShow });
  id.deletedNote = await report(patient.jan, 'dagnotitie', 'Verkeerde patiënt.', { deletedAt: new Date(), deletedBy: me });
  id.incident = await report(patient.fatima, 'incident', 'Gooide een beker naar een medepatiënt.', { category: 'incident' });
});

describe('the clinical resources through MedplumClient', () => {
  it.each(clinicalTypes)('%s: search by patient gives that patient’s resources only, each valid FHIR R4', async (type) => {
    for (const [who, patientId] of Object.entries({ jan: patient.jan, fatima: patient.fatima })) {
      const bundle = await search(type, { patient: `Patient/${patientId}` });
      expect(fhirProblems(bundle), `${type} ${who}`).toEqual([]);
      expect(bundle.total).toBeGreaterThan(0);
      for (const entry of bundle.entry ?? []) {
        expect(fhirProblems(entry.resource!), `${type} ${entry.resource!.id}`).toEqual([]);
        const subject =
          (entry.resource as { subject?: { reference?: string }; participant?: { actor?: { reference?: string } }[] }).subject?.reference ??
          (entry.resource as Appointment).participant[0]!.actor!.reference;
        expect(subject).toBe(`Patient/${patientId}`);
        expect(entry.resource!.meta).toMatchObject({ versionId: expect.any(String), lastUpdated: expect.any(String) });
      }
    }
    // Another organisation's patient: nothing, not an error.
    expect((await search(type, { patient: patient.elsewhere })).total).toBe(0);
  });

  it('Observation: LOINC code, UCUM unit and interpretation; search by code, category and date', async () => {
    const heart = await client.readResource('Observation', id.heartRate!, { cache: 'no-cache' });
    expect(heart).toMatchObject({
      status: 'final',
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' }] }],
      code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }], text: 'Hartfrequentie' },
      valueQuantity: { value: 112, unit: '/min', system: 'http://unitsofmeasure.org', code: '/min' },
      interpretation: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation', code: 'H' }] }],
      performer: [{ display: 'Test Zorgverlener' }],
    });
    const temperature = await client.readResource('Observation', id.temperature!, { cache: 'no-cache' });
    expect(temperature.valueQuantity).toMatchObject({ value: 36.8, code: 'Cel' });
    expect((await client.readResource('Observation', id.glucose!, { cache: 'no-cache' })).interpretation![0]!.coding![0]!.code).toBe('LL');

    const jan = `Patient/${patient.jan}`;
    expect(idsOf(await search('Observation', { patient: jan, code: 'http://loinc.org|8867-4' }))).toEqual([id.heartRate]);
    expect(idsOf(await search('Observation', { patient: jan, code: '8310-5' }))).toEqual([id.temperature]);
    expect(idsOf(await search('Observation', { patient: jan, code: 'temperatuur' }))).toEqual([id.temperature]);
    expect(idsOf(await search('Observation', { patient: jan, code: 'http://snomed.info/sct|364075005' }))).toEqual([]);
    expect(idsOf(await search('Observation', { patient: jan, category: 'laboratory' }))).toEqual([id.glucose]);
    // Newest first by default, oldest first with _sort=date; `date` with a prefix narrows.
    expect(idsOf(await search('Observation', { patient: jan }))).toEqual([id.glucose, id.temperature, id.heartRate]);
    expect(idsOf(await search('Observation', { patient: jan, _sort: 'date' }))).toEqual([id.heartRate, id.temperature, id.glucose]);
    expect(idsOf(await search('Observation', { patient: jan, date: `ge${hoursAgo(2.5).toISOString()}` }))).toEqual([
      id.glucose,
      id.temperature,
    ]);
    expect(
      idsOf(
        await search(
          'Observation',
          `patient=${jan}&date=lt${encodeURIComponent(hoursAgo(1.5).toISOString())}&date=gt${encodeURIComponent(hoursAgo(4).toISOString())}`,
        ),
      ),
    ).toEqual([id.temperature, id.heartRate]);
  });

  it('Condition: DSM-5 diagnosis with its ICD-10 code, primary or secondary', async () => {
    const bundle = await search('Condition', { patient: patient.jan, _sort: 'recorded-date' });
    expect(idsOf(bundle)).toEqual([id.schizophrenia, id.cannabis]);
    const [primary, secondary] = bundle.entry!.map((entry) => entry.resource as Condition);
    expect(primary).toMatchObject({
      extension: [{ url: 'https://ggz-epd.nl/fhir/StructureDefinition/diagnosis-rank', valueCode: 'primary' }],
      code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'F20.0' }], text: 'Schizofrenie, paranoïde type' },
      clinicalStatus: { coding: [{ code: 'active' }] },
      recordedDate: '2024-05-14',
      recorder: { display: 'Test Zorgverlener' },
    });
    expect(secondary!.extension).toEqual([{ url: 'https://ggz-epd.nl/fhir/StructureDefinition/diagnosis-rank', valueCode: 'secondary' }]);
    expect(idsOf(await search('Condition', { code: 'http://hl7.org/fhir/sid/icd-10-cm|F32.2' }))).toEqual([id.depression]);
    expect(idsOf(await search('Condition', { 'recorded-date': 'ge2026' }))).toEqual([id.depression]);
  });

  it('RiskAssessment: the level on HL7’s scale and in Dutch, with the rationale', async () => {
    const aggression = await client.readResource('RiskAssessment', id.aggression!, { cache: 'no-cache' });
    expect(aggression).toMatchObject({
      status: 'final',
      subject: { reference: `Patient/${patient.jan}` },
      code: { text: 'Risicotaxatie agressie' },
      prediction: [
        {
          outcome: { text: 'agressie' },
          qualitativeRisk: {
            coding: [
              { system: 'http://terminology.hl7.org/CodeSystem/risk-probability', code: 'high' },
              { code: 'zeer-hoog', display: 'zeer hoog' },
            ],
            text: 'zeer hoog',
          },
          rationale: 'Fysiek incident deze week.',
        },
      ],
    });
    // ras-2 passes as served (a probability range, 0–100 %, beside the level); one above 100 is caught.
    expect(fhirProblems(aggression)).toEqual([]);
    expect(fhirProblems({ ...aggression, prediction: [{ probabilityDecimal: 150 }] })).toHaveLength(1);
    expect(idsOf(await search('RiskAssessment', { patient: patient.jan, code: 'suïcide' }))).toEqual([id.suicide]);
    expect(idsOf(await search('RiskAssessment', { patient: patient.jan }))).toEqual([id.aggression, id.suicide]);
  });

  it('Appointment: status, participants, and a date is a day in Amsterdam (summer time included)', async () => {
    const noShow = await client.readResource('Appointment', id.noShow!, { cache: 'no-cache' });
    expect(noShow).toMatchObject({
      status: 'noshow',
      start: '2026-03-29T08:00:00.000Z',
      end: '2026-03-29T08:45:00.000Z',
      minutesDuration: 45,
      appointmentType: { text: 'Behandelgesprek' },
      participant: [{ actor: { reference: `Patient/${patient.jan}` }, status: 'accepted' }, { actor: { display: 'Test Zorgverlener' } }],
    });
    const cancelled = await client.readResource('Appointment', id.cancelled!, { cache: 'no-cache' });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelationReason: { text: 'Patiënt ziek gemeld' } });
    // 23:30 UTC on the 28th is 00:30 on the 29th in Amsterdam; 22:30 UTC on the 29th is already the 30th.
    expect(idsOf(await search('Appointment', { patient: patient.jan, date: '2026-03-29' }))).toEqual([id.earlyOnTheDay, id.noShow]);
    expect(idsOf(await search('Appointment', { date: '2026-03-29', status: 'cancelled,noshow' })).sort()).toEqual(
      sorted('noShow', 'cancelled'),
    );
    expect(idsOf(await search('Appointment', { patient: patient.jan, status: 'booked' }))).toEqual([id.nextDay]);
    expect(idsOf(await search('Appointment', { actor: `Patient/${patient.fatima}` }))).toEqual([id.cancelled]);
  });

  it('DocumentReference: the report’s text, type and appointment; a deleted report does not exist', async () => {
    const note = await client.readResource('DocumentReference', id.note!, { cache: 'no-cache' });
    expect(note).toMatchObject({
      status: 'current',
      type: { coding: [{ code: 'dagnotitie' }], text: 'Dagnotitie' },
      category: [{ coding: [{ code: 'observatie' }] }],
      author: [{ display: 'Test Zorgverlener' }],
      context: { related: [{ reference: `Appointment/${id.noShow}` }] },
    });
    expect(Buffer.from(note.content[0]!.attachment.data!, 'base64').toString('utf8')).toBe('Rustig op de afdeling, at goed.');
    expect(idsOf(await search('DocumentReference', { patient: patient.jan }))).toEqual([id.note]);
    expect(idsOf(await search('DocumentReference', { type: 'incident' }))).toEqual([id.incident]);
    const deleted = await request(`/api/fhir/DocumentReference/${id.deletedNote}`, { cookie: nurse.cookie });
    expect(deleted.status).toBe(404);
  });

  it('reads each resource with its version as ETag, and answers errors as valid OperationOutcomes', async () => {
    const read = await request(`/api/fhir/Appointment/${id.noShow}`, { cookie: nurse.cookie });
    expect(read.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    expect(read.headers.get('etag')).toBe(`W/"${((await read.json()) as Appointment).meta!.versionId}"`);

    const cases: [string, RequestInit & { cookie?: string }, number, string][] = [
      [`/api/fhir/Observation/${id.elsewhereVital}`, { cookie: nurse.cookie }, 404, 'not-found'],
      [`/api/fhir/Observation/${id.heartRate}`, { cookie: other.cookie }, 404, 'not-found'],
      ['/api/fhir/Observation/geen-id', { cookie: nurse.cookie }, 404, 'not-found'],
      ['/api/fhir/Medication', { cookie: nurse.cookie }, 404, 'not-found'],
      [`/api/fhir/Encounter/${id.noShow}`, { cookie: nurse.cookie }, 404, 'not-found'],
      // Observation takes a create since issue 46 (a lab's results); Condition is read-only.
      ['/api/fhir/Condition', { method: 'POST', cookie: nurse.cookie, body: '{}' }, 405, 'not-supported'],
      [`/api/fhir/Condition/${id.depression}`, { method: 'PUT', cookie: nurse.cookie, body: '{}' }, 405, 'not-supported'],
      ['/api/fhir/Observation?date=gisteren', { cookie: nurse.cookie }, 400, 'invalid'],
      ['/api/fhir/Observation?value-quantity=100', { cookie: nurse.cookie, headers: { Prefer: 'handling=strict' } }, 400, 'invalid'],
      [`/api/fhir/Observation/${id.heartRate}`, {}, 401, 'login'],
    ];
    for (const [path, init, status, code] of cases) {
      const response = await request(path, init);
      expect(response.status, path).toBe(status);
      const outcome = (await response.json()) as OperationOutcome;
      expect(outcome.issue[0]!.code, path).toBe(code);
      expect(outcome.issue[0]!.diagnostics, path).toMatch(/^[A-Z0-9"]/);
      expect(fhirProblems(outcome), path).toEqual([]);
    }
    // An ignored parameter stays out of self; the other organisation's measurement never appears.
    const all = await search('Observation', { onbekend: '1' });
    expect(all.link!.find((link) => link.relation === 'self')!.url).not.toContain('onbekend');
    expect(idsOf(all)).not.toContain(id.elsewhereVital);
  });

  it('treats hostile search values as data: no 500, no other organisation, no SQL of the client', async () => {
    const hostile = [
      `patient=${encodeURIComponent(`Patient/${patient.elsewhere}`)}`,
      `patient=${encodeURIComponent(`${patient.jan}' or '1'='1`)}`,
      `code=${encodeURIComponent("8867-4') or true --")}`,
      `_sort=${encodeURIComponent('date; drop table vital_observations')}`,
      `date=${encodeURIComponent("ge2020-01-01' or 1=1 --")}`,
      `_id=${encodeURIComponent(`${id.elsewhereVital},${id.heartRate}`)}`,
      `_count=${'9'.repeat(400)}`,
    ];
    for (const query of hostile) {
      const response = await request(`/api/fhir/Observation?${query}`, { cookie: nurse.cookie });
      expect([200, 400], query).toContain(response.status);
      const body = (await response.json()) as Bundle | OperationOutcome;
      // The query is echoed in `self`; what matters is that no entry of the other organisation comes back.
      const entries = body.resourceType === 'Bundle' ? JSON.stringify(body.entry ?? []) : '';
      expect(entries, query).not.toContain(id.elsewhereVital);
      expect(entries, query).not.toContain(patient.elsewhere);
    }
    expect(idsOf(await search('Observation', { _id: `${id.elsewhereVital},${id.heartRate}` }))).toEqual([id.heartRate]);
  });

  it('searches with POST <type>/_search and a form body like GET', async () => {
    const response = await request('/api/fhir/Observation/_search', {
      method: 'POST',
      cookie: nurse.cookie,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ patient: patient.jan, code: '8867-4' }).toString(),
    });
    expect(response.status).toBe(200);
    expect(idsOf((await response.json()) as Bundle)).toEqual([id.heartRate]);
  });

  it('puts every read and search in the access log with the patients it showed', async () => {
    await client.readResource('RiskAssessment', id.neglect!, { cache: 'no-cache' });
    await search('Condition', { patient: patient.jan });
    const rows = await asOwner(
      nurse.organisationId,
      async (db) =>
        (
          await db.query<{ action: string; resource_type: string; resource_id: string | null; patient_ids: string[]; channel: string }>(
            `select action, resource_type, resource_id, patient_ids, channel from audit_events
            where organisation_id = $1 and resource_type in ('RiskAssessment', 'Condition') and outcome = 'success' order by occurred_at`,
            [nurse.organisationId],
          )
        ).rows,
    );
    expect(rows).toContainEqual({
      action: 'read',
      resource_type: 'RiskAssessment',
      resource_id: id.neglect,
      patient_ids: [patient.fatima],
      channel: 'fhir',
    });
    expect(rows).toContainEqual({
      action: 'search',
      resource_type: 'Condition',
      resource_id: null,
      patient_ids: [patient.jan],
      channel: 'fhir',
    });
  });
});

describe('the CapabilityStatement', () => {
  it('lists every resource the API serves, and each advertised search parameter is accepted', async () => {
    const statement = (await client.get(client.fhirUrl('metadata'), { cache: 'no-cache' })) as CapabilityStatement;
    expect(fhirProblems(statement)).toEqual([]);
    const resources = statement.rest![0]!.resource!;
    // Medication, allergies, staff, the organisation, the care episode and the access log are tested on their own
    // (medication.int.test.ts, fhir-allergy.int.test.ts, fhir-practitioner.int.test.ts, fhir-episode-audit.int.test.ts); here they are advertised.
    expect(resources.map((resource) => resource.type).sort()).toEqual(
      [
        'Patient',
        ...clinicalTypes,
        'MedicationRequest',
        'MedicationAdministration',
        'AllergyIntolerance',
        'Practitioner',
        'Organization',
        'EpisodeOfCare',
        'Coverage',
        'AuditEvent',
      ].sort(),
    );
    const sample: Record<string, string> = {
      _id: id.heartRate!,
      patient: patient.jan,
      subject: `Patient/${patient.jan}`,
      actor: `Patient/${patient.jan}`,
      date: 'ge2020-01-01',
      'recorded-date': 'ge2020',
      authoredon: 'ge2020',
      'effective-time': 'ge2020',
      _lastUpdated: 'ge2020',
      birthdate: '1971',
      status: 'all',
      'clinical-status': 'active',
      active: 'true',
    };
    // The access log is a koppeling's to read, not a clinician's: its parameters are checked in fhir-episode-audit.int.test.ts.
    for (const resource of resources.filter((entry) => entry.type !== 'AuditEvent')) {
      for (const parameter of resource.searchParam ?? []) {
        const response = await request(
          `/api/fhir/${resource.type}?${parameter.name}=${encodeURIComponent(sample[parameter.name] ?? 'x')}`,
          { cookie: nurse.cookie, headers: { Prefer: 'handling=strict' } },
        );
        expect(response.status, `${resource.type}?${parameter.name}`).toBe(200);
      }
      // A parameter it does not list is refused under strict handling.
      const unlisted = await request(`/api/fhir/${resource.type}?niet-bestaand=x`, {
        cookie: nurse.cookie,
        headers: { Prefer: 'handling=strict' },
      });
      expect(unlisted.status, resource.type).toBe(400);
      // The advertised interactions answer; an unadvertised write is refused.
      const interactions = resource.interaction!.map((interaction) => interaction.code);
      expect(interactions).toContain('read');
      expect(interactions).toContain('search-type');
      if (!interactions.includes('create'))
        expect((await request(`/api/fhir/${resource.type}`, { method: 'POST', cookie: nurse.cookie, body: '{}' })).status).toBe(405);
    }
  });
});
