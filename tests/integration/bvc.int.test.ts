import type { Observation } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { clinicalToday, formatTime } from '../../domain/shared/clinical-time';
import { fhirProblems, indexFhirDefinitions, medplumClient } from '../support/fhir';
import { asOwner, registerPatient, signedInUser, validBsns, type SignedIn } from '../support/factories';
import { json, request } from '../support/http';

let nurse: SignedIn;

interface Score {
  id: string;
  score: number;
  band: string;
  advice: string;
  items: Record<string, boolean>;
  correctedAt: string | null;
  correctsId: string | null;
  correctionReason: string | null;
}

const none = {
  verward: false,
  prikkelbaar: false,
  luidruchtig: false,
  'verbaal-dreigend': false,
  'fysiek-dreigend': false,
  'voorwerpen-aanvallen': false,
};

function record(patient: string, body: unknown, cookie = nurse.cookie) {
  return json(`/api/patients/${patient}/bvc`, { method: 'POST', cookie, body });
}

let next = 0;

/** A patient in care (so on the ward list), each with a BSN of its own in this organisation. */
async function activePatient(): Promise<string> {
  const bsn = validBsns[next++]!;
  const patient = await registerPatient(nurse.cookie, { identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: bsn }] });
  await asOwner(nurse.organisationId, (db) => db.query("update patients set episode_status = 'active' where id = $1", [patient]));
  return patient;
}

async function wardAlerts(patient: string) {
  const body = (await (await json('/api/overdracht/patients?period=1d', { cookie: nurse.cookie })).json()) as {
    patients: { patientId: string; alerts: { high_bvc: number; total: number } }[];
  };
  return body.patients.find((entry) => entry.patientId === patient)?.alerts;
}

beforeAll(async () => {
  indexFhirDefinitions();
  nurse = await signedInUser('verpleegkundige');
});

describe('the Brøset Violence Checklist (API)', () => {
  it('computes score, band and advice from the six answers, whatever the client sends beside them', async () => {
    const patient = await activePatient();
    const response = await record(patient, {
      observedAt: new Date().toISOString(),
      items: { ...none, prikkelbaar: true, 'verbaal-dreigend': true },
      score: 0,
    });
    expect(response.status).toBe(201);
    const score = (await response.json()) as Score;
    expect(score).toMatchObject({ score: 2, band: 'matig', correctedAt: null });
    expect(score.advice).toBe('Het risico op geweld is matig: neem preventieve maatregelen.');

    const list = (await (await json(`/api/patients/${patient}/bvc`, { cookie: nurse.cookie })).json()) as { scores: Score[] };
    expect(list.scores.map((entry) => entry.id)).toEqual([score.id]);
    const reads = await asOwner(
      nurse.organisationId,
      async (db) =>
        (
          await db.query(
            "select count(*)::int as n from audit_events where $1 = any(patient_ids) and action = 'read' and resource_type = 'Observation'",
            [patient],
          )
        ).rows[0].n,
    );
    expect(reads).toBeGreaterThan(0);
  });

  it('answers a missing or non-boolean answer with Dutch field messages and stores nothing', async () => {
    const patient = await activePatient();
    const wrong = await record(patient, {
      observedAt: new Date().toISOString(),
      items: { ...none, verward: 'ja', luidruchtig: undefined },
    });
    expect(wrong.status).toBe(400);
    const body = (await wrong.json()) as { error: { details: { fields: Record<string, string> } } };
    expect(body.error.details.fields).toEqual({
      'items.verward': 'Geef aan of "verward" aanwezig is (true of false).',
      'items.luidruchtig': 'Geef aan of "luidruchtig" aanwezig is (true of false).',
    });
    const future = await record(patient, { observedAt: new Date(Date.now() + 3600_000).toISOString(), items: none });
    expect(((await future.json()) as typeof body).error.details.fields).toEqual({
      observedAt: 'Een observatie kan niet in de toekomst liggen.',
    });
    const rows = await asOwner(
      nurse.organisationId,
      async (db) => (await db.query('select 1 from scale_scores where patient_id = $1', [patient])).rowCount,
    );
    expect(rows).toBe(0);
  });

  it("answers another organisation's patient and score with 404 and changes nothing", async () => {
    const other = await signedInUser('verpleegkundige');
    const theirPatient = await registerPatient(other.cookie);
    const theirs = (await (
      await record(theirPatient, { observedAt: new Date().toISOString(), items: none }, other.cookie)
    ).json()) as Score;
    expect((await record(theirPatient, { observedAt: new Date().toISOString(), items: none })).status).toBe(404);
    expect((await json(`/api/patients/${theirPatient}/bvc`, { cookie: nurse.cookie })).status).toBe(404);
    // The 404 comes before the body is read: an invalid body still gets 404, not 400.
    const correction = await json(`/api/bvc/${theirs.id}/correct`, { method: 'POST', cookie: nurse.cookie, body: { items: 'x' } });
    expect(correction.status).toBe(404);
    const still = await asOwner(
      other.organisationId,
      async (db) => (await db.query('select corrected_at from scale_scores where id = $1', [theirs.id])).rows[0],
    );
    expect(still.corrected_at).toBeNull();
  });
});

describe('a high BVC at handover, in FHIR, and its correction', () => {
  it('counts a score of 3 or more as an alert until it is corrected; FHIR shows the score, its items and the correction', async () => {
    const patient = await activePatient();
    const low = (await (
      await record(patient, { observedAt: new Date().toISOString(), items: { ...none, verward: true } })
    ).json()) as Score;
    expect(await wardAlerts(patient)).toMatchObject({ high_bvc: 0, total: 0 });
    const high = (await (
      await record(patient, {
        observedAt: new Date().toISOString(),
        items: { ...none, prikkelbaar: true, luidruchtig: true, 'fysiek-dreigend': true },
      })
    ).json()) as Score;
    expect(high).toMatchObject({ score: 3, band: 'zeer hoog' });
    expect(await wardAlerts(patient)).toMatchObject({ high_bvc: 1, total: 1 });
    const detail = (await (await json(`/api/overdracht/${patient}?period=1d`, { cookie: nurse.cookie })).json()) as {
      alerts: { high_bvc: number };
      bvc: Score[];
    };
    expect(detail.alerts.high_bvc).toBe(1);
    expect(detail.bvc.map((entry) => entry.score).sort()).toEqual([1, 3]);

    const noReason = await json(`/api/bvc/${high.id}/correct`, { method: 'POST', cookie: nurse.cookie, body: { items: none } });
    expect(noReason.status).toBe(400);
    const corrected = await json(`/api/bvc/${high.id}/correct`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: { items: { ...none, prikkelbaar: true }, reason: 'Verkeerde patiënt aangevinkt' },
    });
    expect(corrected.status).toBe(201);
    const right = (await corrected.json()) as Score;
    expect(right).toMatchObject({ score: 1, band: 'matig', correctsId: high.id, correctionReason: 'Verkeerde patiënt aangevinkt' });
    expect(await wardAlerts(patient)).toMatchObject({ high_bvc: 0, total: 0 });
    expect(
      (await json(`/api/bvc/${high.id}/correct`, { method: 'POST', cookie: nurse.cookie, body: { items: none, reason: 'nogmaals' } }))
        .status,
    ).toBe(409);

    const client = medplumClient(nurse.cookie);
    const surveys = (await client.searchResources('Observation', { patient: `Patient/${patient}`, category: 'survey' })) as Observation[];
    const byId: Record<string, Observation> = Object.fromEntries(surveys.map((observation) => [observation.id, observation]));
    expect(Object.keys(byId).sort()).toEqual([low.id, high.id, right.id].sort());
    expect(byId[high.id]).toMatchObject({ status: 'entered-in-error', valueInteger: 3 });
    expect(byId[right.id]).toMatchObject({ status: 'corrected', valueInteger: 1 });
    expect(byId[low.id]!.component?.find((component) => component.code.text === 'Verward')?.valueBoolean).toBe(true);
    expect(byId[low.id]!.interpretation?.[0]?.text).toMatch(/^Risico op geweld matig/);
    for (const observation of surveys) expect(fhirProblems(observation)).toEqual([]);
    const byCode = (await client.searchResources('Observation', {
      code: 'https://ggz-epd.nl/fhir/CodeSystem/schaal|bvc',
      patient,
    })) as Observation[];
    expect(byCode).toHaveLength(3);
    const vitalsOnly = (await client.searchResources('Observation', { patient, category: 'vital-signs' })) as Observation[];
    expect(vitalsOnly).toHaveLength(0);
    expect(((await client.readResource('Observation', right.id)) as Observation).valueInteger).toBe(1);
  });
});

describe('the BVC page without JavaScript', () => {
  it('scores the ticked behaviours, shows the advice, and corrects with a reason', async () => {
    const patient = await activePatient();
    const form = new URLSearchParams({
      intent: 'scoren',
      datum: clinicalToday(),
      tijd: formatTime(new Date(Date.now() - 60_000)),
      luidruchtig: 'on',
      'verbaal-dreigend': 'on',
      'fysiek-dreigend': 'on',
      'voorwerpen-aanvallen': 'on',
    });
    const saved = await request(`/patients/${patient}/metingen/bvc`, { method: 'POST', cookie: nurse.cookie, body: form });
    expect(saved.status).toBe(302);
    const page = await (await request(`/patients/${patient}/metingen/bvc`, { cookie: nurse.cookie })).text();
    expect(page).toContain('BVC-score 4 van 6');
    expect(page).toContain('maak een plan om mogelijk geweld te hanteren');

    const wrongTime = await request(`/patients/${patient}/metingen/bvc`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: new URLSearchParams({ intent: 'scoren', datum: clinicalToday(), tijd: '25:99', verward: 'on' }),
    });
    expect(wrongTime.status).toBe(400);
    expect(await wrongTime.text()).toContain('Vul een geldige tijd in, bijvoorbeeld 10:30.');

    const [row] = await asOwner(
      nurse.organisationId,
      async (db) => (await db.query('select id from scale_scores where patient_id = $1', [patient])).rows,
    );
    const noReason = await request(`/patients/${patient}/metingen/bvc`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: new URLSearchParams({ intent: 'corrigeren', id: row.id, luidruchtig: 'on' }),
    });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain('Geef aan waarom de score wordt gecorrigeerd.');
    const corrected = await request(`/patients/${patient}/metingen/bvc`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: new URLSearchParams({ intent: 'corrigeren', id: row.id, luidruchtig: 'on', reason: 'Alleen luidruchtig' }),
    });
    expect(corrected.status).toBe(302);
    const after = await (await request(`/patients/${patient}/metingen/bvc`, { cookie: nurse.cookie })).text();
    expect(after).toContain('BVC-score 1 van 6');
    expect(after).toContain('(correctie: Alleen luidruchtig)');
    expect(after).toMatch(/<del[^>]*>4<\/del>/);
    // The record's overview shows the newest score that stands, not the corrected one.
    const overview = await (await request(`/patients/${patient}`, { cookie: nurse.cookie })).text();
    expect(overview).toContain('BVC 1 van 6');
    expect(overview).not.toContain('BVC 4 van 6');
  });
});

describe('the access log of a BVC correction (NEN 7513)', () => {
  it('names the patient whichever door the correction came through, refused or saved', async () => {
    const patient = await activePatient();
    const score = (await (await record(patient, { observedAt: new Date().toISOString(), items: none })).json()) as Score;
    const viaApi = (body: unknown) => json(`/api/bvc/${score.id}/correct`, { method: 'POST', cookie: nurse.cookie, body });
    const viaPage = (fields: Record<string, string>) =>
      request(`/patients/${patient}/metingen/bvc`, {
        method: 'POST',
        cookie: nurse.cookie,
        body: new URLSearchParams({ intent: 'corrigeren', id: score.id, ...fields }),
      });

    // Refused without a reason, through the API and through the record page.
    expect((await viaApi({ items: { ...none, verward: true } })).status).toBe(400);
    expect((await viaPage({ verward: 'on' })).status).toBe(400);
    // Saved through the API; a second correction of the same score is refused (409).
    expect((await viaApi({ items: { ...none, verward: true }, reason: 'Verkeerd aangevinkt' })).status).toBe(201);
    expect((await viaApi({ items: none, reason: 'Nogmaals' })).status).toBe(409);

    const rows = await asOwner(
      nurse.organisationId,
      async (db) =>
        (
          await db.query(
            "select channel, outcome, patient_ids from audit_events where resource_id = $1 and action = 'update' order by occurred_at, id",
            [score.id],
          )
        ).rows,
    );
    expect(rows.map((row) => `${row.channel} ${row.outcome}`).sort()).toEqual(['api failure', 'api failure', 'api success', 'web failure']);
    for (const row of rows) expect(row.patient_ids).toEqual([patient]);
  });
});
