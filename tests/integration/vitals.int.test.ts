import type { Observation } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { clinicalToday, formatTime } from '../../domain/shared/clinical-time';
import { fhirProblems, indexFhirDefinitions, medplumClient } from '../support/fhir';
import { asOwner, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { json, request } from '../support/http';

let nurse: SignedIn;
let patientId: string;

interface Round {
  id: string;
  news2: { score: number; risk: string; advice: string } | null;
  values: {
    id: string;
    code: string;
    value: number;
    interpretation: string;
    correctedAt: string | null;
    correctionReason: string | null;
  }[];
}

const complete = {
  ademhaling: 22, // NEWS2 2
  saturatie: 94, // 1
  'bloeddruk-systolisch': 118, // 0
  hartfrequentie: 112, // 2
  temperatuur: 38.4, // 1
};

function record(body: unknown, cookie = nurse.cookie, patient = patientId) {
  return json(`/api/patients/${patient}/vitals`, { method: 'POST', cookie, body });
}

beforeAll(async () => {
  indexFhirDefinitions();
  nurse = await signedInUser('verpleegkundige');
  patientId = await registerPatient(nurse.cookie);
});

describe('recording measurements (API)', () => {
  it('computes each interpretation from the reference ranges and NEWS2 from a complete round', async () => {
    const response = await record({ observedAt: new Date().toISOString(), measures: complete, consciousness: 'A', oxygen: false });
    expect(response.status).toBe(201);
    const round = (await response.json()) as Round;
    const byCode = Object.fromEntries(round.values.map((value) => [value.code, value.interpretation]));
    expect(byCode).toEqual({ ademhaling: 'H', saturatie: 'L', 'bloeddruk-systolisch': 'N', hartfrequentie: 'H', temperatuur: 'H' });
    expect(round.news2).toMatchObject({ score: 6, risk: 'gemiddeld' });
    expect(round.news2!.advice).toMatch(/^Minimaal elk uur meten\. Informeer direct de arts/);

    // Interpretation sent along is not taken: the server decides.
    const typed = await record({ observedAt: new Date().toISOString(), measures: { glucose: '2,6' }, interpretation: 'N' });
    expect(((await typed.json()) as Round).values[0]).toMatchObject({ code: 'glucose', value: 2.6, interpretation: 'LL' });

    const list = (await (await json(`/api/patients/${patientId}/vitals`, { cookie: nurse.cookie })).json()) as { rounds: Round[] };
    expect(list.rounds.map((entry) => entry.id)).toContain(round.id);
  });

  it('answers wrong input with Dutch field messages and stores nothing', async () => {
    const count = () =>
      asOwner(nurse.organisationId, async (db) =>
        Number((await db.query('select count(*) from vital_observations where patient_id = $1', [patientId])).rows[0].count),
      );
    const before = await count();
    const wrong = await record({ observedAt: new Date().toISOString(), measures: { hartfrequentie: 'snel', temperatuur: 52 } });
    expect(wrong.status).toBe(400);
    const body = (await wrong.json()) as { error: { details: { fields: Record<string, string> } } };
    expect(body.error.details.fields).toEqual({
      'measures.hartfrequentie': 'Vul bij hartfrequentie een waarde in tussen 20 en 250 /min.',
      'measures.temperatuur': 'Vul bij temperatuur een waarde in tussen 25 en 45 °C.',
    });
    const empty = await record({ observedAt: new Date().toISOString(), measures: {} });
    expect(((await empty.json()) as typeof body).error.details.fields).toEqual({ measures: 'Vul minstens één meting in.' });
    const future = await record({ observedAt: new Date(Date.now() + 3600_000).toISOString(), measures: { gewicht: 70 } });
    expect(((await future.json()) as typeof body).error.details.fields).toEqual({
      observedAt: 'Een meting kan niet in de toekomst liggen.',
    });
    expect(await count()).toBe(before);
  });

  it("answers another organisation's patient and measurement with 404", async () => {
    const other = await signedInUser('verpleegkundige');
    const otherPatient = await registerPatient(other.cookie);
    const theirs = (await (
      await record({ observedAt: new Date().toISOString(), measures: { gewicht: 81 } }, other.cookie, otherPatient)
    ).json()) as Round;
    expect((await record({ observedAt: new Date().toISOString(), measures: { gewicht: 80 } }, nurse.cookie, otherPatient)).status).toBe(
      404,
    );
    expect((await json(`/api/patients/${otherPatient}/vitals`, { cookie: nurse.cookie })).status).toBe(404);
    const correction = await json(`/api/vitals/${theirs.values[0]!.id}/correct`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: { value: 60, reason: 'verkeerde patiënt' },
    });
    expect(correction.status).toBe(404);
  });
});

describe('a correction keeps the history', () => {
  it('marks the wrong value, adds the right one with its reason, and every reader follows the correction', async () => {
    const patient = await registerPatient(nurse.cookie, {
      identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: '999999990' }],
    });
    // On the ward list only patients in care count.
    await asOwner(nurse.organisationId, (db) => db.query("update patients set episode_status = 'active' where id = $1", [patient]));
    const round = (await (
      await record({ observedAt: new Date().toISOString(), measures: { hartfrequentie: 180 } }, nurse.cookie, patient)
    ).json()) as Round;
    const wrong = round.values[0]!;
    expect(wrong.interpretation).toBe('HH');
    const alerts = async () => {
      const body = (await (await json('/api/overdracht/patients?period=1d', { cookie: nurse.cookie })).json()) as {
        patients: { patientId: string; alerts: { abnormal_vitals: number } }[];
      };
      return body.patients.find((entry) => entry.patientId === patient)?.alerts.abnormal_vitals ?? 0;
    };
    expect(await alerts()).toBe(1);

    const noReason = await json(`/api/vitals/${wrong.id}/correct`, { method: 'POST', cookie: nurse.cookie, body: { value: 80 } });
    expect(noReason.status).toBe(400);
    const corrected = await json(`/api/vitals/${wrong.id}/correct`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: { value: 80, reason: 'Tikfout: 180 moest 80 zijn' },
    });
    expect(corrected.status).toBe(201);
    const right = (await corrected.json()) as Round['values'][number] & { correctsId: string };
    expect(right).toMatchObject({ value: 80, interpretation: 'N', correctsId: wrong.id, correctionReason: 'Tikfout: 180 moest 80 zijn' });

    const rows = await asOwner(
      nurse.organisationId,
      async (db) =>
        (
          await db.query(
            'select id, value, corrected_at, corrects_id from vital_observations where patient_id = $1 order by corrected_at nulls last',
            [patient],
          )
        ).rows,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ id: wrong.id, value: '180', corrects_id: null });
    expect(rows[0].corrected_at).not.toBeNull();
    expect(await alerts()).toBe(0);
    // A value can be corrected once; the next correction is of the new value.
    expect(
      (await json(`/api/vitals/${wrong.id}/correct`, { method: 'POST', cookie: nurse.cookie, body: { value: 81, reason: 'nogmaals' } }))
        .status,
    ).toBe(409);

    const client = medplumClient(nurse.cookie);
    const observations = (await client.searchResources('Observation', { patient: `Patient/${patient}` })) as Observation[];
    const statusOf = Object.fromEntries(observations.map((observation) => [observation.id, observation.status]));
    expect(statusOf).toEqual({ [wrong.id]: 'entered-in-error', [right.id]: 'corrected' });
    for (const observation of observations) expect(fhirProblems(observation)).toEqual([]);

    const page = await (await request(`/patients/${patient}/metingen`, { cookie: nurse.cookie })).text();
    expect(page).toContain('(correctie: Tikfout: 180 moest 80 zijn)');
    expect(page).toMatch(/<del[^>]*>180<\/del>/);
    const overview = await (await request(`/patients/${patient}`, { cookie: nurse.cookie })).text();
    expect(overview).not.toMatch(/>180</);
  });
});

describe('the measurements page without JavaScript', () => {
  it('records a round typed with Dutch decimals and shows its NEWS2 with the advice', async () => {
    const patientId = await registerPatient(nurse.cookie, {
      identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: '111222333' }],
    });
    const form = new URLSearchParams({
      intent: 'meten',
      datum: clinicalToday(),
      tijd: formatTime(new Date(Date.now() - 60_000)),
      ademhaling: '26',
      saturatie: '91',
      'bloeddruk-systolisch': '95',
      hartfrequentie: '125',
      temperatuur: '39,4',
      consciousness: 'C',
      oxygen: 'on',
    });
    const saved = await request(`/patients/${patientId}/metingen`, { method: 'POST', cookie: nurse.cookie, body: form });
    expect(saved.status).toBe(302);
    const page = await (await request(`/patients/${patientId}/metingen`, { cookie: nurse.cookie })).text();
    // 3 + 3 + 2 (oxygen) + 2 + 2 + 3 (new confusion) + 2 = 17.
    expect(page).toContain('NEWS2-score 17');
    expect(page).toContain('Hoog risico');
    expect(page).toContain('Continu bewaken.');

    const wrong = await request(`/patients/${patientId}/metingen`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: new URLSearchParams({ intent: 'meten', datum: clinicalToday(), tijd: '25:99', hartfrequentie: '70' }),
    });
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain('Vul een geldige tijd in, bijvoorbeeld 10:30.');
    expect(html).toContain('value="70"');
  });
});
