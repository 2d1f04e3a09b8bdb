import { beforeAll, describe, expect, it } from 'vitest';
import {
  asOwner,
  createReport,
  createRisk,
  createVital,
  fhirPatientBody,
  signedInUser,
  validBsns,
  type RiskFactory,
  type SignedIn,
  type VitalFactory,
} from '../support/factories';
import { json, request } from '../support/http';

interface Alerts {
  incident_count: number;
  crisis_count: number;
  abnormal_vitals: number;
  high_bvc: number;
  high_risks: number;
  open_measures: number;
  total: number;
}

interface WardPatient {
  patientId: string;
  name: string;
  status: string;
  birthDate: string | null;
  alerts: Alerts;
  lastReportAt: string | null;
}

interface Overview {
  patients: WardPatient[];
  period: { key: string; label: string; start: string; end: string };
  total: number;
  withAlerts: number;
}

let nurse: SignedIn;
let other: SignedIn;
type Key = 'incidents' | 'onlyIncident' | 'quiet' | 'vitals' | 'risks' | 'crisisAdmission' | 'waiting' | 'discharged' | 'foreign';
const ids = {} as Record<Key, string>;
let bsnIndex = 0;

const episodeStatusUrl = 'https://ggz-epd.nl/fhir/StructureDefinition/episode-status';

/** A patient registered through the FHIR API, then given its episode status (new patients start as planned). */
async function patient(owner: SignedIn, given: string, family: string, status: string): Promise<string> {
  const body = fhirPatientBody({
    name: [{ family, given: [given] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[bsnIndex++ % validBsns.length] }],
  });
  const created = await json('/api/fhir/Patient', { method: 'POST', cookie: owner.cookie, body });
  expect(created.status).toBe(201);
  const resource = (await created.json()) as { id: string };
  if (status !== 'planned') {
    const put = await json(`/api/fhir/Patient/${resource.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      body: { ...body, id: resource.id, extension: [{ url: episodeStatusUrl, valueCode: status }] },
    });
    expect(put.status).toBe(200);
  }
  return resource.id;
}

async function report(
  owner: SignedIn,
  patientId: string,
  type: string,
  category: string | null,
  content = `${type} ${category ?? ''}`.trim(),
  includeInHandover = false,
): Promise<string> {
  const response = await json('/api/reports', {
    method: 'POST',
    cookie: owner.cookie,
    body: { patientId, type, category, content, includeInHandover },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function overview(query = '', cookie = nurse.cookie): Promise<Overview> {
  const response = await json(`/api/overdracht/patients${query}`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as Overview;
}

const find = (body: Overview, key: Key) => body.patients.find((row) => row.patientId === ids[key]);

beforeAll(async () => {
  nurse = await signedInUser('verpleegkundige');
  other = await signedInUser('verpleegkundige');

  ids.incidents = await patient(nurse, 'Ingrid', 'Incident', 'active');
  ids.onlyIncident = await patient(nurse, 'Olaf', 'Eenmalig', 'screening');
  ids.quiet = await patient(nurse, 'Rita', 'Rustig', 'active');
  ids.vitals = await patient(nurse, 'Victor', 'Vitaal', 'active');
  ids.risks = await patient(nurse, 'Roos', 'Risico', 'active');
  ids.crisisAdmission = await patient(nurse, 'Onbekend', 'Crisisopname', 'planned');
  ids.waiting = await patient(nurse, 'Wim', 'Wachtlijst', 'planned');
  ids.discharged = await patient(nurse, 'Dirk', 'Ontslagen', 'finished');
  ids.foreign = await patient(other, 'Fenna', 'Elders', 'active');

  // Each of the three incident sources once, a crisis filed under category incident, and reports that must not count.
  await report(nurse, ids.incidents, 'incident', 'incident', 'Sloeg tegen de deur.');
  await report(nurse, ids.incidents, 'crisis', 'incident', 'Acute onrust, gesepareerd.', true);
  await report(nurse, ids.incidents, 'verpleegkundig', 'incident', 'Medepatiënt geduwd.');
  await report(nurse, ids.incidents, 'verpleegkundig', 'gedrag', 'Onrustig op de gang.', true);
  await report(nurse, ids.incidents, 'dagnotitie', 'adl', 'Zelfstandig gedoucht.');
  const deleted = await report(nurse, ids.incidents, 'incident', 'incident', 'Per abuis ingevoerd.');
  expect((await json(`/api/reports/${deleted}`, { method: 'DELETE', cookie: nurse.cookie })).status).toBe(200);
  await report(nurse, ids.onlyIncident, 'verpleegkundig', 'incident', 'Dreigde een medewerker te slaan.');
  await report(nurse, ids.quiet, 'verpleegkundig', 'observatie', 'Rustige dienst.');
  await report(nurse, ids.crisisAdmission, 'crisis', null, 'Binnengebracht door de politie, verward.');
  await report(other, ids.foreign, 'incident', 'incident', 'Incident in een andere instelling.');

  // No API writes backdated reports, vitals or risk assessments.
  const org = nurse.organisationId;
  const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  await createReport(org, {
    patientId: ids.incidents,
    createdBy: nurse.user.id,
    type: 'incident',
    category: 'incident',
    content: 'Twee dagen geleden.',
    createdAt: ago(48),
  });
  const vitals: Omit<VitalFactory, 'patientId'>[] = [
    { code: 'temperatuur', label: 'Temperatuur', value: 39.6, unit: '°C', interpretation: 'HH', observedAt: ago(2) },
    { code: 'glucose', label: 'Glucose', value: 2.4, unit: 'mmol/l', interpretation: 'LL', observedAt: ago(5) },
    { code: 'hartfrequentie', label: 'Hartfrequentie', value: 104, unit: '/min', interpretation: 'H', observedAt: ago(3) },
    { code: 'saturatie', label: 'Saturatie', value: 97, unit: '%', interpretation: 'N', observedAt: ago(1) },
    { code: 'temperatuur', label: 'Temperatuur', value: 40.1, unit: '°C', interpretation: 'HH', observedAt: ago(30) },
  ];
  for (const vital of vitals) await createVital(org, { patientId: ids.vitals, ...vital });
  // The latest assessment per type counts: suïcide rose to hoog, agressie fell back to laag.
  const risks: Omit<RiskFactory, 'patientId'>[] = [
    { riskType: 'suïcide', riskLevel: 'gemiddeld', rationale: 'Eerdere taxatie', assessedAt: ago(5 * 24) },
    { riskType: 'suïcide', riskLevel: 'hoog', rationale: 'Doodsgedachten geuit', assessedAt: ago(24) },
    { riskType: 'agressie', riskLevel: 'hoog', rationale: 'Dreigend', assessedAt: ago(4 * 24) },
    { riskType: 'agressie', riskLevel: 'laag', rationale: 'Rustig sinds de nieuwe medicatie', assessedAt: ago(2 * 24) },
    { riskType: 'zelfverwaarlozing', riskLevel: 'zeer hoog', rationale: 'Eet en drinkt niet', assessedAt: ago(6 * 24) },
  ];
  for (const risk of risks) await createRisk(org, { patientId: ids.risks, ...risk });
});

describe('handover overview API', () => {
  it('counts incident reports, crises and nursing incidents, each report once', async () => {
    const body = await overview();
    expect(body.period).toMatchObject({ key: '1d', label: '24 uur' });
    expect(new Date(body.period.end).getTime() - new Date(body.period.start).getTime()).toBe(24 * 3600_000);
    // incident + crisis (category incident, counted once) + verpleegkundig/incident; not gedrag, adl, the deleted one or the one of two days ago.
    expect(find(body, 'incidents')).toMatchObject({
      name: 'Ingrid Incident',
      status: 'active',
      birthDate: '1971-04-12',
      alerts: { incident_count: 3, crisis_count: 1, abnormal_vitals: 0, high_risks: 0, high_bvc: 0, open_measures: 0, total: 3 },
    });
    expect(find(body, 'incidents')!.lastReportAt).not.toBeNull();
    expect(find(body, 'onlyIncident')!.alerts).toMatchObject({
      incident_count: 1,
      crisis_count: 0,
      abnormal_vitals: 0,
      high_risks: 0,
      high_bvc: 0,
      open_measures: 0,
      total: 1,
    });
    expect(find(body, 'quiet')!.alerts.total).toBe(0);
  });

  it('widens with the period: the report of two days ago counts in 3d, the older critical vital too', async () => {
    const body = await overview('?period=3d');
    expect(body.period.key).toBe('3d');
    expect(find(body, 'incidents')!.alerts).toMatchObject({ incident_count: 4, crisis_count: 1 });
    expect(find(body, 'vitals')!.alerts.abnormal_vitals).toBe(3);
  });

  it('counts critical vitals (HH, LL) in the period and current high risks', async () => {
    const body = await overview();
    expect(find(body, 'vitals')!.alerts).toMatchObject({
      incident_count: 0,
      crisis_count: 0,
      abnormal_vitals: 2,
      high_risks: 0,
      high_bvc: 0,
      open_measures: 0,
      total: 2,
    });
    expect(find(body, 'risks')!.alerts).toMatchObject({
      incident_count: 0,
      crisis_count: 0,
      abnormal_vitals: 0,
      high_risks: 2,
      high_bvc: 0,
      open_measures: 0,
      total: 2,
    });
  });

  it('lists the patients in care, plus anyone with an incident in the period, most alerts first', async () => {
    const body = await overview();
    const listed = body.patients.map((row) => row.patientId);
    expect(listed).toEqual(
      expect.arrayContaining([ids.incidents, ids.onlyIncident, ids.quiet, ids.vitals, ids.risks, ids.crisisAdmission]),
    );
    expect(listed).not.toContain(ids.waiting);
    expect(listed).not.toContain(ids.discharged);
    expect(find(body, 'crisisAdmission')).toMatchObject({ status: 'planned', alerts: { incident_count: 1, crisis_count: 1 } });
    const totals = body.patients.map((row) => row.alerts.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(listed[0]).toBe(ids.incidents);
    // Equal totals by family name: Risico before Vitaal.
    expect(listed.indexOf(ids.risks)).toBeLessThan(listed.indexOf(ids.vitals));
  });

  it('with alerts=true keeps a patient whose only alert is one incident and drops patients without alerts', async () => {
    const body = await overview('?alerts=true');
    const listed = body.patients.map((row) => row.patientId);
    expect(listed).toContain(ids.onlyIncident);
    expect(listed).not.toContain(ids.quiet);
    expect(listed.sort()).toEqual([ids.incidents, ids.onlyIncident, ids.vitals, ids.risks, ids.crisisAdmission].sort());
    expect(body.patients.every((row) => row.alerts.total > 0)).toBe(true);
    expect((await overview('?alerts=false')).patients.map((row) => row.patientId)).toContain(ids.quiet);
  });

  it("never shows another organisation's patients", async () => {
    const mine = await overview('?period=14d');
    expect(mine.patients.map((row) => row.patientId)).not.toContain(ids.foreign);
    const theirs = await overview('?period=14d', other.cookie);
    expect(theirs.patients.map((row) => row.patientId)).toEqual([ids.foreign]);
    expect(theirs.patients[0]!.alerts.incident_count).toBe(1);
  });

  it('logs one search in the access log with the listed patients', async () => {
    const body = await overview('?alerts=true');
    const rows = await asOwner(
      nurse.organisationId,
      async (client) =>
        (
          await client.query(
            `select action, resource_type, patient_ids, outcome from audit_events
            where organisation_id = $1 and resource_type = 'Handover' and action = 'search' order by occurred_at desc limit 1`,
            [nurse.organisationId],
          )
        ).rows,
    );
    expect(rows[0]).toMatchObject({ action: 'search', resource_type: 'Handover', outcome: 'success' });
    expect([...rows[0].patient_ids].sort()).toEqual(body.patients.map((row) => row.patientId).sort());
  });

  it('with a limit gives the first patients in the same order, counts the whole ward, and logs only the patients shown', async () => {
    const whole = await overview();
    const firstTwo = await overview('?limit=2');
    expect(firstTwo.patients).toEqual(whole.patients.slice(0, 2));
    expect(firstTwo.total).toBe(whole.patients.length);
    expect(whole.total).toBe(whole.patients.length);
    expect(firstTwo.withAlerts).toBe(whole.patients.filter((row) => row.alerts.total > 0).length);
    const logged = await asOwner(
      nurse.organisationId,
      async (client) =>
        (
          await client.query(
            "select patient_ids, details from audit_events where organisation_id = $1 and resource_type = 'Handover' order by occurred_at desc limit 1",
            [nurse.organisationId],
          )
        ).rows[0],
    );
    expect([...logged.patient_ids].sort()).toEqual(firstTwo.patients.map((row) => row.patientId).sort());
    expect(logged.details).toMatchObject({ total: whole.patients.length, limit: 2 });
  });

  it.each([
    ['/api/overdracht/patients?period=2d', 'period', 'Kies een periode: 1d, 3d, 7d of 14d.'],
    ['/api/overdracht/patients?alerts=ja', 'alerts', 'Gebruik alerts=true of alerts=false.'],
    ['/api/overdracht/patients?limit=0', 'limit', 'Kies een limiet van 1 tot en met 1000.'],
    ['/api/overdracht/patients?limit=veel', 'limit', 'Kies een limiet van 1 tot en met 1000.'],
  ])('refuses %s with a Dutch 400 on %s', async (path, field, message) => {
    const response = await json(path, { cookie: nurse.cookie });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string; fields: Record<string, string> } }).error).toMatchObject({
      code: 'validation_failed',
      fields: { [field]: message },
    });
  });

  it('answers 401 with the Dutch body without a session', async () => {
    for (const path of ['/api/overdracht/patients', `/api/overdracht/${ids.incidents}`]) {
      const response = await json(path);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: { code: 'unauthorized', message: 'Sessie verlopen, log opnieuw in.' } });
    }
  });
});

describe('handover detail API', () => {
  it("gives one patient's period: reports newest first with author and handover mark, alerts as in the overview", async () => {
    const response = await json(`/api/overdracht/${ids.incidents}?period=1d`, { cookie: nurse.cookie });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.patient).toEqual({ id: ids.incidents, name: 'Ingrid Incident', birthDate: '1971-04-12', status: 'active' });
    expect(body.period.key).toBe('1d');
    expect(body.alerts).toMatchObject({
      incident_count: 3,
      crisis_count: 1,
      abnormal_vitals: 0,
      high_risks: 0,
      high_bvc: 0,
      open_measures: 0,
      total: 3,
    });
    const reports = body.reports as {
      type: string;
      category: string | null;
      content: string;
      includeInHandover: boolean;
      authorName: string;
      createdAt: string;
      shiftDate: string;
    }[];
    expect(reports.map((r) => r.content)).toEqual([
      'Zelfstandig gedoucht.',
      'Onrustig op de gang.',
      'Medepatiënt geduwd.',
      'Acute onrust, gesepareerd.',
      'Sloeg tegen de deur.',
    ]);
    expect(reports.find((r) => r.type === 'crisis')).toMatchObject({
      includeInHandover: true,
      authorName: 'Test Zorgverlener',
      category: 'incident',
    });
    expect(reports.every((r) => r.shiftDate && r.createdAt)).toBe(true);
    expect(Array.isArray(body.logs)).toBe(true);
  });

  it('gives the vitals of the period with their interpretation and the current risks', async () => {
    const vitals = await (await json(`/api/overdracht/${ids.vitals}`, { cookie: nurse.cookie })).json();
    expect(vitals.vitals.map((v: { interpretation: string }) => v.interpretation)).toEqual(['N', 'HH', 'H', 'LL']);
    expect(vitals.vitals[1]).toMatchObject({ label: 'Temperatuur', value: 39.6, unit: '°C' });
    expect(vitals.alerts.abnormal_vitals).toBe(2);
    const risks = await (await json(`/api/overdracht/${ids.risks}?period=7d`, { cookie: nurse.cookie })).json();
    expect(risks.risks.map((r: { riskType: string; riskLevel: string }) => `${r.riskType}:${r.riskLevel}`)).toEqual([
      'zelfverwaarlozing:zeer hoog',
      'suïcide:hoog',
      'agressie:laag',
    ]);
    expect(risks.alerts.high_risks).toBe(2);
  });

  it('lists recent access to the record, and logs the read', async () => {
    await json(`/api/overdracht/${ids.quiet}`, { cookie: nurse.cookie });
    const body = await (await json(`/api/overdracht/${ids.quiet}`, { cookie: nurse.cookie })).json();
    expect(body.logs.length).toBeGreaterThan(0);
    expect(body.logs[0]).toMatchObject({ action: 'read', resourceType: 'Handover', userName: 'Test Zorgverlener', outcome: 'success' });
  });

  it("answers 404 in Dutch for another organisation's patient and for an unknown id", async () => {
    for (const id of [ids.foreign, '00000000-0000-4000-8000-000000000000', 'geen-id']) {
      const response = await json(`/api/overdracht/${id}`, { cookie: nurse.cookie });
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'De gevraagde patiënt is niet gevonden.' } });
    }
  });

  it('refuses a bad period with a Dutch 400', async () => {
    const response = await json(`/api/overdracht/${ids.incidents}?period=week`, { cookie: nurse.cookie });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields.period).toBe(
      'Kies een periode: 1d, 3d, 7d of 14d.',
    );
  });
});

describe('handover page on a large ward', () => {
  it('lists the first 100 patients with a link for the rest (at most 100 more), which shows them in the same order', async () => {
    const ward = await signedInUser('verpleegkundige');
    // 130 patients in care, the product's search columns as the patient service writes them (no API registers in bulk).
    await asOwner(ward.organisationId, (client) =>
      client.query(
        `insert into patients (organisation_id, name_given, family_name, john_doe, episode_status, search_name)
         select $1, array['Pat' || n], 'Afdeling' || lpad(n::text, 3, '0'), true, 'active', 'pat' || n || ' afdeling' || lpad(n::text, 3, '0')
           from generate_series(1, 130) n`,
        [ward.organisationId],
      ),
    );
    const names = (html: string) => [...html.matchAll(/class="ward-patient-name">([^<]+)</g)].map((match) => match[1]);

    const first = await request('/overdracht', { cookie: ward.cookie });
    expect(first.status).toBe(200);
    // React separates text pieces with empty comments in server-rendered HTML.
    const firstHtml = (await first.text()).replaceAll('<!-- -->', '');
    expect(names(firstHtml)).toHaveLength(100);
    expect(names(firstHtml)[0]).toBe('Pat1 Afdeling001');
    expect(firstHtml).toContain('De eerste 100 van 130 getoond.');
    const more = /href="([^"]*aantal=200[^"]*)"[^>]*>Toon 30 meer</.exec(firstHtml);
    expect(more).not.toBeNull();

    const second = await request(more![1]!.replaceAll('&amp;', '&'), { cookie: ward.cookie });
    const secondHtml = (await second.text()).replaceAll('<!-- -->', '');
    expect(names(secondHtml)).toHaveLength(130);
    expect(names(secondHtml).slice(0, 100)).toEqual(names(firstHtml));
    expect(names(secondHtml)[129]).toBe('Pat130 Afdeling130');
    expect(secondHtml).not.toMatch(/Toon \d+ meer/);
  });
});
