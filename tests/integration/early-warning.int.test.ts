import { beforeAll, describe, expect, it } from 'vitest';
import type { HandoverAlerts } from '../../domain/handover/handover.alerts';
import { addDaysToIsoDate, clinicalToday } from '../../domain/shared/clinical-time';
import { asOwner, createUser, registerPatient, signedInUser, validBsns, type SignedIn } from '../support/factories';
import { json, login, request } from '../support/http';
import { pdfText } from '../support/pdf';

/*
 * Issue 41, points 1 and 2: the latest NEWS2 and BVC with their band, an overdue round, and the
 * deadlines (a legal status ending within 48 hours, a measure's evaluation, a passed risk review)
 * are alerts everywhere the ward looks: the ward list (API and page), the handover detail (API and
 * page), the banner on the record, the ward handover's print page and its PDF; for the nurse and the
 * psychiatrist alike. Every measurement is seeded relative to the moment the test starts, and the
 * rules' own clock is tested in domain/handover/warnings.test.ts.
 */

let nurse: SignedIn;
let psychiatristCookie: string;
const ids: Record<'fever' | 'crisis' | 'bvc' | 'quiet', string> = { fever: '', crisis: '', bvc: '', quiet: '' };
const start = Date.now();
const hoursAgo = (hours: number) => new Date(start - hours * 3600_000);

async function patient(given: string, family: string, bsn: string): Promise<string> {
  const id = await registerPatient(nurse.cookie, {
    name: [{ family, given: [given] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: bsn }],
  });
  await asOwner(nurse.organisationId, (db) => db.query("update patients set episode_status = 'active' where id = $1", [id]));
  return id;
}

async function round(patientId: string, hours: number, measures: Record<string, number>, consciousness: 'A' | 'C') {
  const response = await json(`/api/patients/${patientId}/vitals`, {
    method: 'POST',
    cookie: nurse.cookie,
    body: { observedAt: hoursAgo(hours).toISOString(), measures, consciousness, oxygen: false },
  });
  expect(response.status).toBe(201);
}

beforeAll(async () => {
  nurse = await signedInUser('verpleegkundige');
  const psychiatrist = await createUser(nurse.organisationId, { role: 'psychiater' });
  psychiatristCookie = (await login(psychiatrist.email, psychiatrist.password)).cookie!;
  ids.fever = await patient('Pieter', 'Koorts', validBsns[4]!);
  ids.crisis = await patient('Jan', 'Termijn', validBsns[5]!);
  ids.bvc = await patient('Kees', 'Onrust', validBsns[6]!);
  ids.quiet = await patient('Anna', 'Rust', validBsns[7]!);

  // NEWS2 10 ten hours ago: continuous monitoring asked, so the next round is long overdue.
  await round(ids.fever, 10, { ademhaling: 22, saturatie: 95, 'bloeddruk-systolisch': 132, hartfrequentie: 118, temperatuur: 39.4 }, 'C');
  // NEWS2 5 two hours ago (RR 22, T 38,4, HR 104, sat 94): hourly rounds, one late.
  await round(ids.crisis, 2, { ademhaling: 22, saturatie: 94, 'bloeddruk-systolisch': 128, hartfrequentie: 104, temperatuur: 38.4 }, 'A');
  // NEWS2 0 an hour ago: routine, no warning.
  await round(ids.quiet, 1, { ademhaling: 16, saturatie: 98, 'bloeddruk-systolisch': 124, hartfrequentie: 72, temperatuur: 36.8 }, 'A');

  const today = clinicalToday(new Date(start));
  await asOwner(nurse.organisationId, async (db) => {
    const org = nurse.organisationId;
    const status = await db.query<{ id: string }>(
      `insert into legal_statuses (id, organisation_id, patient_id, kind, starts_on, ends_on, recorded_by)
       values (gen_random_uuid(), $1, $2, 'wvggz-crisismaatregel', $3, $4, $5) returning id`,
      [org, ids.crisis, addDaysToIsoDate(today, -2), addDaysToIsoDate(today, 1), nurse.user.id],
    );
    // Separatie for three hours, last evaluated two and a half hours ago: half an hour late.
    const measure = await db.query<{ id: string }>(
      `insert into coercive_measures (id, organisation_id, patient_id, kind, started_at, legal_basis, legal_status_id, decided_by, recorded_by)
       values (gen_random_uuid(), $1, $2, 'separatie', $3, 'maatregel', $4, 'Dr. Test', $5) returning id`,
      [org, ids.crisis, hoursAgo(3), status.rows[0]!.id, nurse.user.id],
    );
    await db.query(
      `insert into coercive_measure_evaluations (id, organisation_id, measure_id, evaluated_at, evaluated_by, text, recorded_by)
       values (gen_random_uuid(), $1, $2, $3, 'Dr. Test', 'Voortzetten.', $4)`,
      [org, measure.rows[0]!.id, hoursAgo(2.5), nurse.user.id],
    );
    await db.query(
      `insert into risk_assessments (id, organisation_id, patient_id, risk_type, risk_level, rationale, assessed_at, review_date)
       values (gen_random_uuid(), $1, $2, 'agressie', 'gemiddeld', 'Verbaal dreigend.', $3, $4)`,
      [org, ids.crisis, hoursAgo(24 * 10), addDaysToIsoDate(today, -3)],
    );
    await db.query(
      `insert into allergies (id, organisation_id, patient_id, kind, substance, reaction, severity, recorded_by)
       values (gen_random_uuid(), $1, $2, 'allergie', 'Penicilline', 'Benauwd', 'ernstig', $3)`,
      [org, ids.crisis, nurse.user.id],
    );
    await db.query(
      `insert into scale_scores (id, organisation_id, patient_id, scale, items, score, observed_at)
       values (gen_random_uuid(), $1, $2, 'bvc', $3, 3, $4)`,
      [org, ids.bvc, JSON.stringify({ verward: true, prikkelbaar: true, luidruchtig: true }), hoursAgo(9)],
    );
  });
});

const fever = ['NEWS2 10 (hoog risico): continu bewaken', /NEWS2-controle (9|10) uur( \d+ min)? te laat \(continu bewaken\)/];
const crisis = [
  'NEWS2 5 (gemiddeld risico): minimaal elk uur meten',
  /NEWS2-controle (59 min|1 uur( \d+ min)?) te laat \(minimaal elk uur meten\)/,
  /Evaluatie separatie (29|30|31) min te laat/,
  /Crisismaatregel eindigt over (1 d( \d+ uur)?|\d+ uur( \d+ min)?)/,
  /1 risico-evaluatie verlopen \(3 d over de datum\)/,
];
const bvc = ['BVC 3 (risico op geweld zeer hoog)', /BVC opnieuw scoren: 1 uur( \d+ min)? te laat/];

function expectAll(text: string, expected: readonly (string | RegExp)[]) {
  for (const item of expected)
    if (typeof item === 'string') expect(text).toContain(item);
    else expect(text).toMatch(item);
}

describe.each([
  ['verpleegkundige', () => nurse.cookie],
  ['psychiater', () => psychiatristCookie],
] as const)('early warning and deadlines for the %s', (role, cookie) => {
  it('lead the ward list, with figures the detail repeats', async () => {
    const ward = (await (await json('/api/overdracht/patients?period=1d', { cookie: cookie() })).json()) as {
      patients: { patientId: string; alerts: HandoverAlerts }[];
    };
    const order = ward.patients.map((entry) => entry.patientId);
    // Critical warnings first; the quiet NEWS2 0 is not an alert.
    expect(order.slice(0, 2).sort()).toEqual([ids.fever, ids.crisis].sort());
    expect(order.indexOf(ids.bvc)).toBe(2);
    const alertsOf = (id: string) => ward.patients.find((entry) => entry.patientId === id)!.alerts;
    expect(alertsOf(ids.fever)).toMatchObject({ news2_score: 10, news2_risk: 'hoog' });
    expect(alertsOf(ids.fever).news2_due_minutes).toBeLessThan(-9 * 60);
    expect(alertsOf(ids.crisis)).toMatchObject({
      news2_score: 5,
      legal_kind: 'wvggz-crisismaatregel',
      evaluation_kind: 'separatie',
      overdue_reviews: 1,
    });
    expect(alertsOf(ids.quiet)).toMatchObject({ total: 0, news2_score: null });

    const detail = (await (await json(`/api/overdracht/${ids.crisis}?period=1d`, { cookie: cookie() })).json()) as {
      alerts: HandoverAlerts;
    };
    expect(detail.alerts.news2_score).toBe(5);
    expect(detail.alerts.total).toBe(alertsOf(ids.crisis).total);

    const page = await (await request('/overdracht?periode=1d', { cookie: cookie() })).text();
    expectAll(page, [...fever, ...crisis, ...bvc]);
    expect(page.indexOf('NEWS2 10')).toBeLessThan(page.indexOf('Anna Rust'));
    expect(page.indexOf('BVC 3')).toBeLessThan(page.indexOf('Anna Rust'));
  });

  it('show in the handover detail and in the banner on the record', async () => {
    const detailPage = await (await request(`/overdracht?patient=${ids.crisis}`, { cookie: cookie() })).text();
    expectAll(detailPage, crisis);
    const record = await (await request(`/patients/${ids.fever}`, { cookie: cookie() })).text();
    expect(record).toContain('aria-label="Vroege signalering en termijnen"');
    expectAll(record, fever);
    const banner = (await (await json(`/api/patients/${ids.bvc}/banner`, { cookie: cookie() })).json()) as {
      warnings: HandoverAlerts;
    };
    expect(banner.warnings).toMatchObject({ bvc_score: 3 });
    const quiet = await (await request(`/patients/${ids.quiet}`, { cookie: cookie() })).text();
    expect(quiet).not.toContain('Vroege signalering en termijnen');
  });

  it('are printed on the ward handover, on paper and in the PDF', async () => {
    const printed = await (await request(`/overdracht/afdeling/afdrukken?periode=1d&rol=${role}`, { cookie: cookie() })).text();
    expectAll(printed, [...fever, ...crisis, ...bvc]);
    const pdf = await request(`/overdracht/afdeling/pdf?periode=1d&rol=${role}`, { cookie: cookie() });
    expect(pdf.status).toBe(200);
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).pages.join('\n').replace(/\s+/g, ' ');
    expectAll(text, [...fever, ...crisis, ...bvc]);
    expect(text.indexOf('Pieter Koorts')).toBeLessThan(text.indexOf('Anna Rust'));
    // Point 4: allergies and the legal status with every patient, on paper and in the PDF.
    for (const output of [printed, text]) {
      expect(output).toContain('Allergieën: Penicilline (ernstig)');
      expect(output).toMatch(/Rechtspositie: Crisismaatregel \(Wvggz\) t\/m/);
      expect(output).toContain('Allergieën: Allergieën niet vastgelegd');
    }
  });
});
