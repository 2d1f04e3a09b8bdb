import type { Condition, RiskAssessment } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToIsoDate, clinicalToday } from '../../domain/shared/clinical-time';
import { fhirProblems, indexFhirDefinitions, medplumClient } from '../support/fhir';
import { asOwner, createDiagnosis, createRisk, registerPatient, signedInUser, validBsns, type SignedIn } from '../support/factories';
import { json, request } from '../support/http';

/*
 * Issue 25, points 3 and 4: risks and diagnoses the ward records, through the API and the record's
 * pages (forms without JavaScript): Dutch field messages, another organisation's records a 404
 * that changes nothing, history kept, one primary, an end that keeps the row, reads logged.
 */
let nurse: SignedIn;
let other: SignedIn;
let patientId: string;
let theirPatient: string;
const today = clinicalToday();
const inDays = (days: number) => addDaysToIsoDate(today, days);

interface Risk {
  id: string;
  riskType: string;
  riskLevel: string;
  rationale: string;
  reviewDate: string | null;
  reviewOverdue: boolean;
  assessedByName: string | null;
  current: boolean;
}
interface Diagnosis {
  id: string;
  code: string;
  label: string;
  rank: 'primary' | 'secondary';
  status: 'actief' | 'beeindigd';
  endedAt: string | null;
  endReason: string | null;
  history: { kind: string; text: string; reason: string | null; actorName: string | null }[];
}
type Failure = { error: { code: string; message: string; fields: Record<string, string> } };

const postRisk = (body: unknown, patient = patientId, cookie = nurse.cookie) =>
  json(`/api/patients/${patient}/risks`, { method: 'POST', cookie, body });
const risks = async (patient = patientId, cookie = nurse.cookie) =>
  (await (await json(`/api/patients/${patient}/risks`, { cookie })).json()) as { current: Risk[]; history: Risk[] };
const postDiagnosis = (body: unknown, patient = patientId, cookie = nurse.cookie) =>
  json(`/api/patients/${patient}/diagnoses`, { method: 'POST', cookie, body });
const diagnoses = async (patient = patientId, cookie = nurse.cookie) =>
  (await (await json(`/api/patients/${patient}/diagnoses`, { cookie })).json()) as { active: Diagnosis[]; ended: Diagnosis[] };
const page = (path: string, fields: Record<string, string>, cookie = nurse.cookie) =>
  request(path, { method: 'POST', cookie, body: new URLSearchParams(fields) });
const count = (organisationId: string, sql: string, params: unknown[]) =>
  asOwner(organisationId, async (db) => Number((await db.query(sql, params)).rows[0].count));

beforeAll(async () => {
  indexFhirDefinitions();
  nurse = await signedInUser('psychiater');
  other = await signedInUser('psychiater');
  patientId = await registerPatient(nurse.cookie, {
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[3] }],
  });
  theirPatient = await registerPatient(other.cookie, {
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[4] }],
  });
});

describe('risks', () => {
  it('records an assessment through the API: the newest per type is current, the older one stays in the history', async () => {
    const first = await postRisk({ riskType: 'suïcide', riskLevel: 'gemiddeld', rationale: 'Somber, geen plan.', reviewDate: inDays(14) });
    expect(first.status).toBe(201);
    const older = (await first.json()) as Risk;
    expect(older).toMatchObject({
      riskType: 'suïcide',
      riskLevel: 'gemiddeld',
      reviewDate: inDays(14),
      reviewOverdue: false,
      current: true,
    });
    expect(older.assessedByName).toBe('Test Zorgverlener');

    const second = await postRisk({ riskType: 'suïcide', riskLevel: 'hoog', rationale: 'Doodsgedachten geuit.', reviewDate: today });
    expect(second.status).toBe(201);
    const newer = (await second.json()) as Risk;
    await postRisk({ riskType: 'agressie', riskLevel: 'laag', rationale: 'Rustig op de afdeling.', reviewDate: inDays(30) });

    const { current, history } = await risks();
    expect(current.map((risk) => `${risk.riskType}:${risk.riskLevel}`)).toEqual(['suïcide:hoog', 'agressie:laag']);
    expect(current[0]!.id).toBe(newer.id);
    const suicide = history.filter((risk) => risk.riskType === 'suïcide');
    expect(suicide.map((risk) => [risk.id, risk.current])).toEqual([
      [newer.id, true],
      [older.id, false],
    ]);
    // Nothing was overwritten: the older row is as it was recorded.
    expect(suicide[1]).toMatchObject({ riskLevel: 'gemiddeld', rationale: 'Somber, geen plan.', reviewDate: inDays(14) });

    // The intake's risk route and the handover read the same current assessment.
    const intake = (await (await json(`/api/core/intake/risico?patientId=${patientId}`, { cookie: nurse.cookie })).json()) as {
      risks: Risk[];
    };
    expect(intake.risks.find((risk) => risk.riskType === 'suïcide')).toMatchObject({ id: newer.id, reviewDate: today });
  });

  it('answers wrong input with Dutch field messages (400) and stores nothing', async () => {
    const rows = () => count(nurse.organisationId, 'select count(*) from risk_assessments where patient_id = $1', [patientId]);
    const before = await rows();
    const wrong = await postRisk({ riskType: 'heimwee', riskLevel: 'torenhoog', rationale: ' ', reviewDate: inDays(-1) });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as Failure).error.fields).toEqual({
      riskType: 'Kies het soort risico uit de lijst.',
      riskLevel: 'Kies het risiconiveau: zeer hoog, hoog, gemiddeld of laag.',
      rationale: 'Geef de onderbouwing van de taxatie.',
      reviewDate: 'De evaluatiedatum kan niet in het verleden liggen.',
    });
    const missing = await postRisk({ riskType: 'agressie', riskLevel: 'hoog', rationale: 'Dreigend naar personeel.' });
    expect(((await missing.json()) as Failure).error.fields).toEqual({ reviewDate: 'Vul de evaluatiedatum in.' });
    expect(await rows()).toBe(before);
  });

  it("answers another organisation's patient with 404 and changes nothing there", async () => {
    const theirs = () => count(other.organisationId, 'select count(*) from risk_assessments where patient_id = $1', [theirPatient]);
    const before = await theirs();
    const valid = { riskType: 'agressie', riskLevel: 'hoog', rationale: 'Van een ander.', reviewDate: inDays(7) };
    expect((await postRisk(valid, theirPatient)).status).toBe(404);
    // 404 before the body is judged: an invalid body says no more.
    expect((await postRisk({}, theirPatient)).status).toBe(404);
    expect((await json(`/api/patients/${theirPatient}/risks`, { cookie: nurse.cookie })).status).toBe(404);
    expect((await page(`/patients/${theirPatient}/risicos`, valid)).status).toBe(404);
    expect(await theirs()).toBe(before);
  });

  it('records through the page form without JavaScript, with field messages, and marks an overdue review', async () => {
    const patient = await registerPatient(nurse.cookie, {
      identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[5] }],
    });
    const saved = await page(`/patients/${patient}/risicos`, {
      riskType: 'zelfverwaarlozing',
      riskLevel: 'gemiddeld',
      rationale: 'Eet slecht sinds opname.',
      reviewDate: inDays(3),
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get('location')).toBe(`/patients/${patient}/risicos?opgeslagen=1`);

    const wrong = await page(`/patients/${patient}/risicos`, { riskType: 'agressie', riskLevel: '', rationale: 'x', reviewDate: '' });
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain('Kies het risiconiveau: zeer hoog, hoog, gemiddeld of laag.');
    expect(html).toContain('Geef de onderbouwing van de taxatie.');
    expect(html).toContain('Vul de evaluatiedatum in.');

    // An assessment from before, whose review date has passed (the app refuses such a date; time did it).
    await createRisk(nurse.organisationId, {
      patientId: patient,
      riskType: 'agressie',
      riskLevel: 'hoog',
      rationale: 'Dreigend naar een medepatiënt.',
      assessedAt: new Date(Date.now() - 20 * 86_400_000),
    });
    await asOwner(nurse.organisationId, (db) =>
      db.query("update risk_assessments set review_date = $1 where patient_id = $2 and risk_type = 'agressie'", [inDays(-5), patient]),
    );
    const { current } = await risks(patient);
    expect(current.map((risk) => [risk.riskType, risk.reviewOverdue])).toEqual([
      ['agressie', true],
      ['zelfverwaarlozing', false],
    ]);
    const shown = await (await request(`/patients/${patient}/risicos`, { cookie: nurse.cookie })).text();
    expect(shown.match(/Evaluatie verlopen/g)).toHaveLength(1);
    expect(shown).toContain('Eet slecht sinds opname.');
  });

  it('maps a new assessment to a valid FHIR RiskAssessment with its review date', async () => {
    const { current } = await risks();
    const client = medplumClient(nurse.cookie);
    const resource = await client.readResource('RiskAssessment', current[0]!.id, { cache: 'no-cache' });
    expect(resource).toMatchObject<Partial<RiskAssessment>>({
      extension: [{ url: 'https://ggz-epd.nl/fhir/StructureDefinition/risk-review-date', valueDate: today }],
      code: { text: 'Risicotaxatie suïcide' },
      performer: { display: 'Test Zorgverlener' },
    });
    expect(fhirProblems(resource)).toEqual([]);
  });
});

describe('diagnoses', () => {
  let first: Diagnosis;
  let second: Diagnosis;

  it('adds a diagnosis from the list through the API; a code not on the list is a 400 at the field', async () => {
    const created = await postDiagnosis({ code: 'F20.9', rank: 'primary', diagnosedAt: '2025-03-01' });
    expect(created.status).toBe(201);
    first = (await created.json()) as Diagnosis;
    expect(first).toMatchObject({ code: 'F20.9', label: 'Schizofrenie', rank: 'primary', status: 'actief' });
    expect(first.history).toEqual([
      {
        kind: 'vastgelegd',
        text: 'Vastgelegd als hoofddiagnose',
        reason: null,
        occurredAt: expect.any(String),
        actorName: 'Test Zorgverlener',
      },
    ]);

    const rows = () => count(nurse.organisationId, 'select count(*) from diagnoses where patient_id = $1', [patientId]);
    const before = await rows();
    const unlisted = await postDiagnosis({ code: 'F20.0', rank: 'secondary' });
    expect(unlisted.status).toBe(400);
    expect(((await unlisted.json()) as Failure).error.fields).toEqual({
      code: 'Deze code staat niet in de lijst met diagnoses; kies een diagnose uit de lijst.',
    });
    const wrong = await postDiagnosis({ code: '', rank: 'bijzaak', diagnosedAt: inDays(2) });
    expect(((await wrong.json()) as Failure).error.fields).toEqual({
      code: 'Kies een diagnose uit de lijst.',
      rank: 'Kies hoofddiagnose of nevendiagnose.',
      diagnosedAt: 'De datum van de diagnose kan niet in de toekomst liggen.',
    });
    expect(await rows()).toBe(before);
  });

  it('makes a new primary and demotes the old one, both recorded with who and when', async () => {
    second = (await (await postDiagnosis({ code: 'F12.20', rank: 'secondary' })).json()) as Diagnosis;
    const promoted = await json(`/api/diagnoses/${second.id}/primary`, { method: 'POST', cookie: nurse.cookie });
    expect(promoted.status).toBe(200);
    const body = (await promoted.json()) as { diagnosis: Diagnosis; demoted: Diagnosis };
    expect(body.diagnosis).toMatchObject({ id: second.id, rank: 'primary' });
    expect(body.demoted).toMatchObject({ id: first.id, rank: 'secondary' });
    expect(body.demoted.history.map((event) => [event.kind, event.actorName])).toEqual([
      ['vastgelegd', 'Test Zorgverlener'],
      ['nevendiagnose', 'Test Zorgverlener'],
    ]);
    expect(body.demoted.history[1]!.reason).toBe('Nieuwe hoofddiagnose: F12.20 Stoornis in cannabisgebruik, matig of ernstig');
    expect(body.diagnosis.history.map((event) => event.kind)).toEqual(['vastgelegd', 'hoofddiagnose']);

    // Adding a new primary does the same.
    const third = (await (await postDiagnosis({ code: 'F32.2', rank: 'primary' })).json()) as Diagnosis;
    const { active } = await diagnoses();
    expect(active.map((diagnosis) => [diagnosis.code, diagnosis.rank])).toEqual([
      ['F32.2', 'primary'],
      ['F12.20', 'secondary'],
      ['F20.9', 'secondary'],
    ]);
    expect(active[0]!.id).toBe(third.id);
    const primaries = await count(
      nurse.organisationId,
      "select count(*) from diagnoses where patient_id = $1 and rank = 'primary' and ended_at is null",
      [patientId],
    );
    expect(primaries).toBe(1);
    // The intake's diagnosis route follows.
    const intake = (await (await json(`/api/core/intake/diagnose?patientId=${patientId}`, { cookie: nurse.cookie })).json()) as {
      primary: { code: string }[];
      secondary: { code: string }[];
    };
    expect(intake.primary.map((diagnosis) => diagnosis.code)).toEqual(['F32.2']);
  });

  it('ends a diagnosis with a date and reason: the row stays, shown as ended, and FHIR reads it as resolved', async () => {
    const missing = await json(`/api/diagnoses/${first.id}/end`, { method: 'POST', cookie: nurse.cookie, body: { endedAt: today } });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Failure).error.fields).toEqual({ reason: 'Geef de reden van beëindigen.' });
    const early = await json(`/api/diagnoses/${first.id}/end`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: { endedAt: '2025-01-01', reason: 'Herzien' },
    });
    expect(((await early.json()) as Failure).error.fields).toEqual({
      endedAt: 'De einddatum kan niet voor de datum van de diagnose liggen.',
    });

    const ended = await json(`/api/diagnoses/${first.id}/end`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: { endedAt: today, reason: 'Diagnose herzien na observatie' },
    });
    expect(ended.status).toBe(200);
    expect(await ended.json()).toMatchObject({ status: 'beeindigd', endedAt: today, endReason: 'Diagnose herzien na observatie' });
    const { active, ended: endedList } = await diagnoses();
    expect(active.map((diagnosis) => diagnosis.id)).not.toContain(first.id);
    expect(endedList.map((diagnosis) => diagnosis.id)).toEqual([first.id]);
    expect(await count(nurse.organisationId, 'select count(*) from diagnoses where id = $1', [first.id])).toBe(1);

    const again = await json(`/api/diagnoses/${first.id}/end`, { method: 'POST', cookie: nurse.cookie, body: { reason: 'nogmaals' } });
    expect(again.status).toBe(409);
    const promote = await json(`/api/diagnoses/${first.id}/primary`, { method: 'POST', cookie: nurse.cookie });
    expect(promote.status).toBe(409);

    const condition = await medplumClient(nurse.cookie).readResource('Condition', first.id, { cache: 'no-cache' });
    expect(condition).toMatchObject<Partial<Condition>>({
      clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'resolved' }] },
      abatementDateTime: today,
      meta: { versionId: '3' },
    });
    expect(fhirProblems(condition)).toEqual([]);
    const page = await (await request(`/patients/${patientId}/diagnoses`, { cookie: nurse.cookie })).text();
    expect(page).toContain('Beëindigde diagnoses');
    expect(page).toContain('Reden: Diagnose herzien na observatie');
  });

  it("answers another organisation's patient and diagnosis with 404 and changes nothing", async () => {
    const theirs = (await (await postDiagnosis({ code: 'F60.3', rank: 'primary' }, theirPatient, other.cookie)).json()) as Diagnosis;
    const state = () =>
      asOwner(
        other.organisationId,
        async (db) => (await db.query('select rank, ended_at, version from diagnoses where patient_id = $1', [theirPatient])).rows,
      );
    const before = await state();
    expect((await postDiagnosis({ code: 'F32.2', rank: 'primary' }, theirPatient)).status).toBe(404);
    expect((await postDiagnosis({ code: 'onzin' }, theirPatient)).status).toBe(404);
    expect((await json(`/api/patients/${theirPatient}/diagnoses`, { cookie: nurse.cookie })).status).toBe(404);
    expect((await json(`/api/diagnoses/${theirs.id}/primary`, { method: 'POST', cookie: nurse.cookie })).status).toBe(404);
    expect((await json(`/api/diagnoses/${theirs.id}/end`, { method: 'POST', cookie: nurse.cookie, body: {} })).status).toBe(404);
    expect((await json(`/api/diagnoses/${theirs.id}/end`, { method: 'POST', cookie: nurse.cookie, body: { reason: 'weg' } })).status).toBe(
      404,
    );
    // Through my own patient's page, their diagnosis is no more found.
    expect((await page(`/patients/${patientId}/diagnoses`, { intent: 'beeindigen', id: theirs.id, reason: 'weg' })).status).toBe(404);
    expect((await page(`/patients/${theirPatient}/diagnoses`, { intent: 'toevoegen', code: 'F32.2', rank: 'primary' })).status).toBe(404);
    expect(await state()).toEqual(before);
  });

  it('adds, makes primary and ends through the page forms without JavaScript', async () => {
    const patient = await registerPatient(nurse.cookie, {
      identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[6] }],
    });
    const path = `/patients/${patient}/diagnoses`;
    const added = await page(path, { intent: 'toevoegen', code: 'F43.10', rank: 'primary', diagnosedAt: today });
    expect(added.status).toBe(302);
    expect(added.headers.get('location')).toBe(`${path}?opgeslagen=toegevoegd`);
    await page(path, { intent: 'toevoegen', code: 'F10.20', rank: 'secondary', diagnosedAt: today });
    const unlisted = await page(path, { intent: 'toevoegen', code: 'X99', rank: 'secondary', diagnosedAt: today });
    expect(unlisted.status).toBe(400);
    expect(await unlisted.text()).toContain('Deze code staat niet in de lijst met diagnoses; kies een diagnose uit de lijst.');

    const [ptss, alcohol] = (await diagnoses(patient)).active;
    expect([ptss!.code, alcohol!.code]).toEqual(['F43.10', 'F10.20']);
    expect((await page(path, { intent: 'hoofddiagnose', id: alcohol!.id })).status).toBe(302);
    const noReason = await page(path, { intent: 'beeindigen', id: ptss!.id, endedAt: today, reason: '' });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain('Geef de reden van beëindigen.');
    expect((await page(path, { intent: 'beeindigen', id: ptss!.id, endedAt: today, reason: 'In remissie' })).status).toBe(302);

    const after = await diagnoses(patient);
    expect(after.active.map((diagnosis) => [diagnosis.code, diagnosis.rank])).toEqual([['F10.20', 'primary']]);
    expect(after.ended.map((diagnosis) => [diagnosis.code, diagnosis.rank, diagnosis.endReason])).toEqual([
      ['F43.10', 'secondary', 'In remissie'],
    ]);
    // A diagnosis recorded before the list (any code) is shown and can be ended like the others.
    const legacy = await createDiagnosis(nurse.organisationId, {
      patientId: patient,
      code: 'F20.0',
      label: 'Schizofrenie, paranoïde type',
      rank: 'secondary',
    });
    expect((await page(path, { intent: 'beeindigen', id: legacy, endedAt: today, reason: 'Herclassificatie DSM-5' })).status).toBe(302);
  });

  it('puts every read in the access log with its patient', async () => {
    await risks();
    await diagnoses();
    await request(`/patients/${patientId}/risicos`, { cookie: nurse.cookie });
    await request(`/patients/${patientId}/diagnoses`, { cookie: nurse.cookie });
    const rows = await asOwner(
      nurse.organisationId,
      async (db) =>
        (
          await db.query<{ resource_type: string; channel: string }>(
            `select resource_type, channel from audit_events
              where organisation_id = $1 and action = 'read' and outcome = 'success' and $2 = any(patient_ids)
                and resource_type in ('RiskAssessment', 'Diagnosis')`,
            [nurse.organisationId, patientId],
          )
        ).rows,
    );
    for (const expected of [
      { resource_type: 'RiskAssessment', channel: 'api' },
      { resource_type: 'Diagnosis', channel: 'api' },
      { resource_type: 'RiskAssessment', channel: 'web' },
      { resource_type: 'Diagnosis', channel: 'web' },
    ])
      expect(rows).toContainEqual(expected);
  });
});
