import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToIsoDate, clinicalToday } from '../../domain/shared/clinical-time';
import { generateBsn } from '../../domain/demo/patient-generator';
import { asOwner, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { json, request } from '../support/http';

/*
 * Issue 44, point 4 (ADR 0080): discharge (ontslag) is a write like any other. The episode ends
 * with a reason and a date; it is refused in Dutch while a legal or coercive measure runs, or when
 * the patient was already discharged; of two at once only one succeeds. In the assistant it is a
 * step proposed in the block and written only once confirmed; refused, the note after it is not written.
 */

let nurse: SignedIn;
let stranger: SignedIn;
const today = clinicalToday();

interface ErrorBody {
  error: { code: string; message: string; details?: { fields?: Record<string, string> } };
}

const discharge = (patientId: string, body: unknown, cookie = nurse.cookie) =>
  json(`/api/patients/${patientId}/discharge`, { method: 'POST', cookie, body });

async function activePatient(owner = nurse): Promise<string> {
  const id = await registerPatient(owner.cookie, {
    name: [{ family: 'Ontslagtest', given: ['Jan'] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: generateBsn(Math.random) }],
  });
  await asOwner(owner.organisationId, (db) => db.query(`update patients set episode_status = 'active' where id = $1`, [id]));
  return id;
}

const stored = async (id: string, owner = nurse) =>
  (
    await asOwner(owner.organisationId, (db) =>
      db.query<{
        episode_status: string;
        discharged_on: string | null;
        discharge_reason_code: string | null;
        discharge_reason: string | null;
        discharged_by: string | null;
      }>(
        `select episode_status, to_char(discharged_on, 'YYYY-MM-DD') as discharged_on, discharge_reason_code, discharge_reason, discharged_by
           from patients where id = $1`,
        [id],
      ),
    )
  ).rows[0]!;

const logRows = async (id: string) =>
  (
    await asOwner(nurse.organisationId, (db) =>
      db.query<{ action: string; resource_type: string; outcome: string; details: Record<string, unknown> | null }>(
        `select action, resource_type, outcome, details from audit_events
          where organisation_id = $1 and $2::uuid = any(patient_ids) and resource_type = 'Patient' and action = 'update'
          order by occurred_at, id`,
        [nurse.organisationId, id],
      ),
    )
  ).rows;

async function underCrisisMeasure(id: string): Promise<void> {
  const response = await json(`/api/patients/${id}/legal-status`, {
    method: 'POST',
    cookie: nurse.cookie,
    body: { kind: 'wvggz-crisismaatregel', startsOn: addDaysToIsoDate(today, -1), endsOn: addDaysToIsoDate(today, 2) },
  });
  expect(response.status).toBe(201);
}

async function inSeparation(id: string): Promise<string> {
  const response = await json(`/api/patients/${id}/coercive-measures`, {
    method: 'POST',
    cookie: nurse.cookie,
    body: {
      kind: 'separatie',
      startedAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
      legalBasis: 'noodsituatie',
      decidedBy: 'Dr. L. Mulder',
    },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

beforeAll(async () => {
  nurse = await signedInUser('verpleegkundige');
  stranger = await signedInUser('verpleegkundige');
});

describe('discharge through the API', () => {
  it('ends the episode with its reason and date, and logs it without the words', async () => {
    const id = await activePatient();
    const response = await discharge(id, { reasonCode: 'behandeling-afgerond', reason: 'Gaat naar huis, ambulante nazorg' });
    expect(response.status).toBe(200);
    const { discharge: done } = (await response.json()) as { discharge: Record<string, unknown> };
    expect(done).toMatchObject({
      patientId: id,
      episodeStatus: 'finished',
      dischargedOn: today,
      reasonCode: 'behandeling-afgerond',
      reasonText: 'Behandeling afgerond: Gaat naar huis, ambulante nazorg',
    });
    expect(await stored(id)).toEqual({
      episode_status: 'finished',
      discharged_on: today,
      discharge_reason_code: 'behandeling-afgerond',
      discharge_reason: 'Gaat naar huis, ambulante nazorg',
      discharged_by: nurse.user.id,
    });
    const rows = await logRows(id);
    expect(rows).toEqual([
      {
        action: 'update',
        resource_type: 'Patient',
        outcome: 'success',
        details: { episodeStatus: 'finished', reasonCode: 'behandeling-afgerond' },
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain('naar huis');

    const again = await discharge(id, { reasonCode: 'behandeling-afgerond' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.message).toBe('Deze patiënt is al ontslagen: de behandeling is afgerond.');
  });

  it('is refused in Dutch under a crisismaatregel, and nothing changes', async () => {
    const id = await activePatient();
    await underCrisisMeasure(id);
    const response = await discharge(id, { reasonCode: 'eigen-verzoek' });
    expect(response.status).toBe(409);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe('conflict');
    expect(body.error.message).toMatch(/^Ontslag kan niet: er loopt een crisismaatregel \(Wvggz\) sinds \d{2}-\d{2}-\d{4}\./);
    expect((await stored(id)).episode_status).toBe('active');
    expect((await logRows(id)).map((row) => row.outcome)).toEqual(['failure']);
  });

  it('is refused while a separatie runs, and allowed once it has ended', async () => {
    const id = await activePatient();
    const measureId = await inSeparation(id);
    const refused = await discharge(id, { reasonCode: 'behandeling-afgerond' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toMatch(
      /^Ontslag kan niet: verplichte zorg loopt nog \(separatie \/ afzondering sinds \d{2}-\d{2}-\d{4}\)\. Leg eerst het einde vast op het tabblad Verplichte zorg\.$/,
    );
    expect((await stored(id)).episode_status).toBe('active');

    const ended = await json(`/api/coercive-measures/${measureId}/end`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: { endedAt: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(ended.status).toBe(200);
    expect((await discharge(id, { reasonCode: 'behandeling-afgerond' })).status).toBe(200);
  });

  it('answers another organisation’s patient with a 404 and changes nothing there', async () => {
    const foreign = await activePatient(stranger);
    const response = await discharge(foreign, { reasonCode: 'behandeling-afgerond' });
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).error.message).toBe('De gevraagde patiënt is niet gevonden.');
    expect((await stored(foreign, stranger)).episode_status).toBe('active');
  });

  it('lets only one of two discharges at once succeed', async () => {
    const id = await activePatient();
    const answers = await Promise.all([
      discharge(id, { reasonCode: 'behandeling-afgerond' }),
      discharge(id, { reasonCode: 'eigen-verzoek', reason: 'Tegen advies in' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(((await loser.json()) as ErrorBody).error.message).toBe('Deze patiënt is al ontslagen: de behandeling is afgerond.');
    expect((await logRows(id)).map((row) => row.outcome).sort()).toEqual(['failure', 'success']);
  });

  it('refuses impossible and wrong dates and a missing reason with Dutch field messages (400)', async () => {
    const id = await activePatient();
    const fields = async (body: unknown) => {
      const response = await discharge(id, body);
      expect(response.status).toBe(400);
      return ((await response.json()) as ErrorBody).error.details?.fields;
    };
    expect(await fields({ reasonCode: 'behandeling-afgerond', dischargedOn: '2026-02-30' })).toEqual({
      dischargedOn: 'Vul een geldige ontslagdatum in (jjjj-mm-dd).',
    });
    expect(await fields({ reasonCode: 'behandeling-afgerond', dischargedOn: addDaysToIsoDate(today, 1) })).toEqual({
      dischargedOn: 'De ontslagdatum kan niet in de toekomst liggen.',
    });
    expect(await fields({ reasonCode: 'behandeling-afgerond', dischargedOn: addDaysToIsoDate(today, -3) })).toEqual({
      dischargedOn: expect.stringMatching(/^De ontslagdatum ligt vóór de start van de behandeling \(\d{2}-\d{2}-\d{4}\)\.$/),
    });
    expect(await fields({})).toEqual({ reasonCode: 'Kies de reden van het ontslag.' });
    expect(await fields({ reasonCode: 'anders' })).toEqual({ reason: 'Beschrijf de reden bij ‘Anders’.' });
    expect((await stored(id)).episode_status).toBe('active');
  });
});

describe('discharge on the record page', () => {
  const submit = (patientId: string, fields: Record<string, string>) =>
    request(`/patients/${patientId}?index`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: new URLSearchParams({ intent: 'ontslag', ...fields }),
    });

  it('says the refusal beside the form while a separatie runs, and records the discharge once it may', async () => {
    const id = await activePatient();
    const measureId = await inSeparation(id);
    const refused = await submit(id, { reasonCode: 'behandeling-afgerond', reason: '', dischargedOn: today });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toMatch(
      /<p class="field-error">Ontslag kan niet: verplichte zorg loopt nog \(separatie \/ afzondering sinds/,
    );
    await json(`/api/coercive-measures/${measureId}/end`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: { endedAt: new Date(Date.now() - 60_000).toISOString() },
    });
    const missing = await submit(id, { reasonCode: '', reason: '', dischargedOn: today });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('<p class="field-error">Kies de reden van het ontslag.</p>');
    const done = await submit(id, { reasonCode: 'overplaatsing', reason: 'Naar FACT-team elders', dischargedOn: today });
    expect(done.status).toBe(302);
    expect(await stored(id)).toMatchObject({ episode_status: 'finished', discharge_reason_code: 'overplaatsing' });
    const overview = await (await request(`/patients/${id}`, { cookie: nurse.cookie })).text();
    expect(overview).toContain(
      `Ontslagen per ${today.split('-').reverse().join('-')}: Overplaatsing naar een andere instelling: Naar FACT-team elders`,
    );
    expect(overview).not.toContain('Ontslag vastleggen');
  });
});

interface ChainState {
  chainId: string;
  status: string;
  steps: { intent: string; status: string; summary: string; error?: string; plan?: Record<string, unknown> }[];
}

const startChain = async (patientId: string) => {
  const response = await json('/api/intent/chains', {
    method: 'POST',
    cookie: nurse.cookie,
    body: {
      actions: [
        { intent: 'ontslag', entities: { patientName: 'Jan Ontslagtest', patientId }, confidence: 0.95 },
        {
          intent: 'dagnotitie',
          entities: { patientName: 'Jan Ontslagtest', patientId, content: 'Hij gaat naar huis.', category: 'observatie' },
          confidence: 0.95,
        },
      ],
    },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as ChainState;
};

const notes = async (patientId: string) =>
  Number(
    (
      await asOwner(nurse.organisationId, (db) =>
        db.query<{ count: string }>('select count(*) from reports where patient_id = $1', [patientId]),
      )
    ).rows[0]!.count,
  );

describe('discharge in the assistant', () => {
  it('proposes the discharge in the block, writes nothing before the confirmation, then the discharge and the note', async () => {
    const id = await activePatient();
    const prepared = await startChain(id);
    expect(prepared.status).toBe('wacht_op_bevestiging');
    expect(prepared.steps.map((step) => [step.intent, step.status])).toEqual([
      ['ontslag', 'klaar_voor_bevestiging'],
      ['dagnotitie', 'klaar_voor_bevestiging'],
    ]);
    expect(prepared.steps[0]!.summary).toMatch(/^Jan Ontslagtest met ontslag per \d{2}-\d{2}-\d{4} \(Behandeling afgerond\)$/);
    expect((await stored(id)).episode_status).toBe('active');
    expect(await notes(id)).toBe(0);

    const withoutWords = await json(`/api/intent/chains/${prepared.chainId}/confirm`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: { edits: { '0': { dischargeReasonCode: 'anders' } } },
    });
    expect(withoutWords.status).toBe(400);
    expect(((await withoutWords.json()) as ErrorBody).error.details?.fields).toEqual({
      'edits.0.reason': 'Beschrijf de reden bij ‘Anders’.',
    });
    expect((await stored(id)).episode_status).toBe('active');
    expect(await notes(id)).toBe(0);

    const confirmed = await json(`/api/intent/chains/${prepared.chainId}/confirm`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: { edits: { '0': { dischargeReasonCode: 'terugverwijzing', reason: 'Naar huisarts' } } },
    });
    expect(confirmed.status).toBe(200);
    const done = (await confirmed.json()) as ChainState;
    expect(done.status).toBe('voltooid');
    expect(done.steps.map((step) => step.status)).toEqual(['klaar', 'klaar']);
    expect(await stored(id)).toMatchObject({
      episode_status: 'finished',
      discharge_reason_code: 'terugverwijzing',
      discharge_reason: 'Naar huisarts',
    });
    expect(await notes(id)).toBe(1);
  });

  it('shows the refusal in the block under a crisismaatregel, and offers neither the discharge nor the note', async () => {
    const id = await activePatient();
    await underCrisisMeasure(id);
    const prepared = await startChain(id);
    expect(prepared.status).toBe('mislukt');
    expect(prepared.steps[0]).toMatchObject({ intent: 'ontslag', status: 'mislukt' });
    expect(prepared.steps[0]!.error).toMatch(/^Ontslag kan niet: er loopt een crisismaatregel \(Wvggz\)/);
    expect(prepared.steps[1]).toMatchObject({ intent: 'dagnotitie', status: 'geannuleerd' });
    expect((await stored(id)).episode_status).toBe('active');
    expect(await notes(id)).toBe(0);
  });
});
