import { beforeAll, describe, expect, it } from 'vitest';
import { generateBsn } from '../../domain/demo/patient-generator';
import { bvcItems } from '../../domain/measurements/bvc';
import { addDaysToIsoDate, clinicalToday } from '../../domain/shared/clinical-time';
import { asOwner, createAppointment, createUser, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { json, login, request } from '../support/http';

/*
 * Issue 39 (hostile round three), points 1, 5, 6, 7, 8, 11 and 12: the zo-nodig maximum over every
 * 24 hours, "only once" under parallel requests, input that made 500s or was stored as it should
 * not be, record pages acting on another patient, a report linked to another patient's appointment,
 * and a chain for another organisation's patient.
 */

let doctor: SignedIn;
let nurseCookie: string;
let other: SignedIn;
const today = clinicalToday();

type Failure = { error: { code: string; message: string; fields?: Record<string, string> } };

const patient = (cookie = doctor.cookie) =>
  registerPatient(cookie, { identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: generateBsn(Math.random) }] });
const post = (path: string, body: unknown, cookie = nurseCookie) => json(path, { method: 'POST', cookie, body });
const form = (path: string, fields: Record<string, string>, cookie = nurseCookie) =>
  request(path, { method: 'POST', cookie, body: new URLSearchParams(fields) });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const noBvc = Object.fromEntries(bvcItems.map((item) => [item.key, false]));

async function created<T>(response: Promise<Response>): Promise<T> {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
  return (await answer.json()) as T;
}

async function prnOrder(patientId: string, maxPerDay = 2): Promise<string> {
  const order = await created<{ id: string }>(
    post(
      `/api/patients/${patientId}/medication`,
      {
        productCode: 'lorazepam-1',
        dose: '1 tablet',
        kind: 'zo-nodig',
        indication: 'onrust',
        maxPerDay,
        // These tests are about the maximum: no minimum interval between doses (ADR 60) in the way.
        minIntervalMinutes: 0,
        startDate: addDaysToIsoDate(today, -2),
      },
      doctor.cookie,
    ),
  );
  return order.id;
}

/** Five requests at once; their statuses sorted, and how many rows the check query finds after. */
async function race(send: () => Promise<Response>): Promise<{ statuses: number[]; messages: string[] }> {
  const answers = await Promise.all(Array.from({ length: 5 }, send));
  const statuses = answers.map((answer) => answer.status).sort();
  const messages = await Promise.all(
    answers.filter((answer) => answer.status === 409).map(async (answer) => ((await answer.json()) as Failure).error.message),
  );
  return { statuses, messages };
}

const count = (sql: string, params: unknown[]) =>
  asOwner(doctor.organisationId, async (db) => Number((await db.query(sql, params)).rows[0].count));

function expectOneWinner({ statuses, messages }: { statuses: number[]; messages: string[] }, success: number) {
  expect(statuses).toEqual([success, 409, 409, 409, 409]);
  for (const message of messages) expect(message).toMatch(/\b(al|intussen)\b/);
}

beforeAll(async () => {
  doctor = await signedInUser('psychiater');
  const nurse = await createUser(doctor.organisationId, { role: 'verpleegkundige' });
  nurseCookie = (await login(nurse.email, nurse.password)).cookie!;
  other = await signedInUser('psychiater');
});

describe('point 1: the zo-nodig maximum holds in every 24 hours', () => {
  it('refuses back-dated doses that would put any 24 hours over the maximum', async () => {
    const orderId = await prnOrder(await patient());
    for (let dose = 0; dose < 2; dose++)
      expect((await post(`/api/medication/${orderId}/administrations`, { reason: 'Onrustig' })).status).toBe(201);
    for (const minutes of [1, 2, 3, 4]) {
      const backDated = await post(`/api/medication/${orderId}/administrations`, {
        reason: 'Onrustig',
        administeredAt: minutesAgo(minutes),
      });
      expect(backDated.status).toBe(409);
      expect(((await backDated.json()) as Failure).error.message).toContain('Het maximum van 2 keer per 24 uur');
    }
    expect(await count('select count(*) from medication_administrations where order_id = $1', [orderId])).toBe(2);
  });

  it('a dose registered more than 30 minutes after the fact needs a reason (nagekomen), and keeps it', async () => {
    const orderId = await prnOrder(await patient(), 3);
    const late = await post(`/api/medication/${orderId}/administrations`, { reason: 'Onrustig', administeredAt: minutesAgo(90) });
    expect(late.status).toBe(400);
    expect(((await late.json()) as Failure).error.fields).toEqual({ lateReason: expect.stringContaining('nagekomen') });
    const withReason = await created<{ lateReason: string | null }>(
      post(`/api/medication/${orderId}/administrations`, {
        reason: 'Onrustig',
        administeredAt: minutesAgo(90),
        lateReason: 'Noodsituatie op de afdeling',
      }),
    );
    expect(withReason.lateReason).toBe('Noodsituatie op de afdeling');
    const inTime = await created<{ lateReason: string | null }>(
      post(`/api/medication/${orderId}/administrations`, { reason: 'Onrustig', administeredAt: minutesAgo(10) }),
    );
    expect(inTime.lateReason).toBeNull();
  });
});

describe('point 5: "only once" under five parallel requests', () => {
  it('correcting a legal status', async () => {
    const id = await patient();
    const status = await created<{ id: string }>(post(`/api/patients/${id}/legal-status`, { kind: 'vrijwillig', startsOn: today }));
    const result = await race(() =>
      post(`/api/legal-status/${status.id}/correct`, {
        kind: 'vrijwillig',
        startsOn: addDaysToIsoDate(today, -1),
        reason: 'Datum verkeerd',
      }),
    );
    expectOneWinner(result, 201);
    expect(await count('select count(*) from legal_statuses where corrects_id = $1', [status.id])).toBe(1);
  });

  it('ending a coercive measure', async () => {
    const id = await patient();
    await created(
      post(`/api/patients/${id}/legal-status`, {
        kind: 'wvggz-crisismaatregel',
        startsOn: addDaysToIsoDate(today, -1),
        endsOn: addDaysToIsoDate(today, 2),
      }),
    );
    const measure = await created<{ id: string }>(
      post(`/api/patients/${id}/coercive-measures`, {
        kind: 'separatie',
        startedAt: minutesAgo(120),
        legalBasis: 'maatregel',
        decidedBy: 'Dr. L. Mulder',
        note: 'Agressie',
      }),
    );
    expectOneWinner(await race(() => post(`/api/coercive-measures/${measure.id}/end`, { endedAt: minutesAgo(5) })), 200);
  });

  it('ending a diagnosis: one end, one beëindigd event', async () => {
    const id = await patient();
    const diagnosis = await created<{ id: string }>(
      post(`/api/patients/${id}/diagnoses`, { code: 'F32.1', rank: 'secondary', diagnosedAt: addDaysToIsoDate(today, -30) }),
    );
    expectOneWinner(await race(() => post(`/api/diagnoses/${diagnosis.id}/end`, { endedAt: today, reason: 'In remissie' })), 200);
    expect(await count("select count(*) from diagnosis_events where diagnosis_id = $1 and kind = 'beeindigd'", [diagnosis.id])).toBe(1);
  });

  it("a zo-nodig dose's effect", async () => {
    const orderId = await prnOrder(await patient());
    const dose = await created<{ id: string }>(post(`/api/medication/${orderId}/administrations`, { reason: 'Onrustig' }));
    let n = 0;
    expectOneWinner(await race(() => post(`/api/medication/administrations/${dose.id}/effect`, { effect: `Rustiger ${++n}` })), 200);
  });

  it('correcting a vital sign', async () => {
    const id = await patient();
    const round = await created<{ values: { id: string }[] }>(
      post(`/api/patients/${id}/vitals`, { observedAt: minutesAgo(10), measures: { hartfrequentie: 80 } }),
    );
    const result = await race(() => post(`/api/vitals/${round.values[0]!.id}/correct`, { value: 82, reason: 'Verkeerd overgenomen' }));
    expectOneWinner(result, 201);
    expect(await count('select count(*) from vital_observations where corrects_id = $1', [round.values[0]!.id])).toBe(1);
  });

  it('correcting a BVC', async () => {
    const id = await patient();
    const score = await created<{ id: string }>(post(`/api/patients/${id}/bvc`, { observedAt: minutesAgo(10), items: noBvc }));
    expectOneWinner(
      await race(() => post(`/api/bvc/${score.id}/correct`, { items: { ...noBvc, verward: true }, reason: 'Verkeerd aangevinkt' })),
      201,
    );
  });

  it('saving an intake section based on the same version', async () => {
    const id = await patient();
    const first = await created<{ updatedAt: string }>(
      json(`/api/patients/${id}/intake/anamnese`, {
        method: 'PUT',
        cookie: nurseCookie,
        body: { content: 'Eerste versie.', complete: false },
      }),
    );
    let n = 0;
    const result = await race(() =>
      json(`/api/patients/${id}/intake/anamnese`, {
        method: 'PUT',
        cookie: nurseCookie,
        body: { content: `Versie ${++n}.`, complete: false, basedOn: first.updatedAt },
      }),
    );
    expectOneWinner(result, 200);
  });

  it('"geen bekende allergieën"', async () => {
    const id = await patient();
    expectOneWinner(await race(() => post(`/api/patients/${id}/allergies`, { noKnownAllergies: true })), 201);
    expect(await count("select count(*) from allergies where patient_id = $1 and kind = 'geen-bekende'", [id])).toBe(1);
  });
});

describe('point 6: input that made a 500 is a Dutch 400', () => {
  const nul = 'Onrustig\u0000 gedrag';

  it('a NUL byte in text fields, the patient search and FHIR token searches', async () => {
    const id = await patient();
    const answers = [
      await post('/api/reports', { patientId: id, type: 'dagnotitie', category: 'observatie', content: nul }),
      await post(`/api/patients/${id}/allergies`, { substance: nul, severity: 'licht' }),
      await post(`/api/patients/${id}/legal-status`, { kind: 'vrijwillig', startsOn: today, note: nul }),
      await post(`/api/patients/${id}/risks`, { riskType: 'suïcide', riskLevel: 'laag', rationale: nul }),
      await json(`/api/patients/${id}/intake/anamnese`, { method: 'PUT', cookie: nurseCookie, body: { content: nul, complete: false } }),
      await post(
        `/api/patients/${id}/medication`,
        { productCode: 'lorazepam-1', dose: nul, kind: 'zo-nodig', indication: 'onrust', maxPerDay: 2, startDate: today },
        doctor.cookie,
      ),
      await json('/api/patients/search?q=%00jan', { cookie: nurseCookie }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      const fields = ((await answer.json()) as Failure).error.fields ?? {};
      expect(Object.values(fields).join(' ')).toMatch(/stuurteken/);
    }
    for (const path of [`/api/fhir/Observation?code=%00`, `/api/fhir/Patient?identifier=%00`, `/api/fhir/Patient?name=a%00b`]) {
      const answer = await json(path, { cookie: nurseCookie });
      expect(answer.status, path).toBe(400);
      expect(((await answer.json()) as { resourceType: string }).resourceType).toBe('OperationOutcome');
    }
  });

  it('impossible and extreme dates on medication (API and form), vitals, BVC and measures', async () => {
    const id = await patient();
    for (const startDate of ['2026-02-30', '2026-11-31', '0000-01-01']) {
      const answer = await post(
        `/api/patients/${id}/medication`,
        { productCode: 'lorazepam-1', dose: '1 tablet', kind: 'zo-nodig', indication: 'onrust', maxPerDay: 2, startDate },
        doctor.cookie,
      );
      expect(answer.status, startDate).toBe(400);
      expect(((await answer.json()) as Failure).error.fields).toHaveProperty('startDate');
      const page = await form(
        `/patients/${id}/medicatie/nieuw`,
        {
          productCode: 'lorazepam-1',
          dose: '1 tablet',
          kind: 'zo-nodig',
          indication: 'onrust',
          maxPerDay: '2',
          startDate,
          endDate: '2026-11-31',
        },
        doctor.cookie,
      );
      expect(page.status, `form ${startDate}`).toBe(400);
    }
    const negative = '-000001-01-01T00:00:00Z';
    expect((await post(`/api/patients/${id}/vitals`, { observedAt: negative, measures: { hartfrequentie: 80 } })).status).toBe(400);
    expect((await post(`/api/patients/${id}/bvc`, { observedAt: negative, items: noBvc })).status).toBe(400);
    expect(
      (
        await post(`/api/patients/${id}/coercive-measures`, {
          kind: 'separatie',
          startedAt: negative,
          legalBasis: 'noodsituatie',
          decidedBy: 'Dr. L. Mulder',
          note: 'Agressie',
        })
      ).status,
    ).toBe(400);
  });

  it('FHIR date and name searches with empty OR lists and the year 9999', async () => {
    for (const path of ['/api/fhir/Patient?_id=,,,', '/api/fhir/Patient?name=,,,', '/api/fhir/Observation?date=,,,']) {
      expect((await json(path, { cookie: nurseCookie })).status, path).toBe(200);
    }
    const late = await json('/api/fhir/Observation?date=le9999-12-31T23:59:59Z', { cookie: nurseCookie });
    expect(late.status).toBe(200);
    expect(((await late.json()) as { resourceType: string }).resourceType).toBe('Bundle');
  });
});

describe('point 7: a record page acts on its own patient', () => {
  it('a zo-nodig dose, a vitals correction and a BVC correction for another patient are a 404, nothing written', async () => {
    const mine = await patient();
    const theirs = await patient();
    const orderId = await prnOrder(theirs);
    const dose = await form(`/patients/${mine}/medicatie`, { intent: 'zo-nodig', orderId, reason: 'Onrustig' });
    expect(dose.status).toBe(404);
    expect(await count('select count(*) from medication_administrations where order_id = $1', [orderId])).toBe(0);

    const round = await created<{ values: { id: string }[] }>(
      post(`/api/patients/${theirs}/vitals`, { observedAt: minutesAgo(10), measures: { hartfrequentie: 80 } }),
    );
    const vital = await form(`/patients/${mine}/metingen`, {
      intent: 'corrigeren',
      id: round.values[0]!.id,
      value: '90',
      reason: 'Verkeerd',
    });
    expect(vital.status).toBe(404);
    const score = await created<{ id: string }>(post(`/api/patients/${theirs}/bvc`, { observedAt: minutesAgo(10), items: noBvc }));
    const bvc = await form(`/patients/${mine}/metingen/bvc`, { intent: 'corrigeren', id: score.id, verward: 'on', reason: 'Verkeerd' });
    expect(bvc.status).toBe(404);
    expect(await count('select count(*) from vital_observations where corrects_id = $1', [round.values[0]!.id])).toBe(0);
    expect(await count('select count(*) from scale_scores where corrects_id = $1', [score.id])).toBe(0);
  });
});

describe('point 8: data that should not be stored', () => {
  it('a measurement in the year 1, a form date 0000-01-01, a heart rate "0x50", bidi, BEL and ESC: refused in Dutch', async () => {
    const id = await patient();
    const ancient = await post(`/api/patients/${id}/vitals`, { observedAt: '0001-01-01T10:00:00Z', measures: { hartfrequentie: 80 } });
    expect(ancient.status).toBe(400);
    expect(((await ancient.json()) as Failure).error.fields).toHaveProperty('observedAt');
    const formDate = await form(`/patients/${id}/metingen`, { intent: 'meten', datum: '0000-01-01', tijd: '10:00', hartfrequentie: '80' });
    expect(formDate.status).toBe(400);
    const hex = await post(`/api/patients/${id}/vitals`, { observedAt: minutesAgo(5), measures: { hartfrequentie: '0x50' } });
    expect(hex.status).toBe(400);
    expect(((await hex.json()) as Failure).error.fields).toHaveProperty(['measures.hartfrequentie']);
    for (const content of ['Patiënt \u202Etnegilgen\u202C', 'Bel\u0007', 'Esc\u001b[31m rood']) {
      const answer = await post('/api/reports', { patientId: id, type: 'dagnotitie', category: 'observatie', content });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as Failure).error.fields).toEqual({ content: expect.stringContaining('stuurteken') });
    }
    expect(await count('select count(*) from vital_observations where patient_id = $1', [id])).toBe(0);
    expect(await count('select count(*) from reports where patient_id = $1', [id])).toBe(0);
  });
});

describe('point 11: a report links only to its own patient’s appointment', () => {
  it('PATCH with another patient’s encounterId is a 400 on encounterId; nothing changes', async () => {
    const mine = await patient();
    const theirs = await patient();
    const start = new Date(Date.now() + 24 * 3600_000);
    const appointment = await createAppointment(doctor.organisationId, {
      patientId: theirs,
      practitionerId: doctor.user.id,
      startAt: start,
    });
    const report = await created<{ id: string }>(
      post('/api/reports', { patientId: mine, type: 'dagnotitie', category: 'observatie', content: 'Rustige dag.' }, doctor.cookie),
    );
    const patched = await json(`/api/reports/${report.id}`, { method: 'PATCH', cookie: doctor.cookie, body: { encounterId: appointment } });
    expect(patched.status).toBe(400);
    expect(((await patched.json()) as Failure).error.fields).toHaveProperty('encounterId');
    expect(await count('select count(*) from reports where id = $1 and encounter_id is not null', [report.id])).toBe(0);
  });
});

describe('point 12: a chain for another organisation’s patient', () => {
  it('is a 404 before any workflow starts', async () => {
    const theirs = await patient(other.cookie);
    const chain = await post(
      '/api/intent/chains',
      {
        actions: [
          { intent: 'dagnotitie', entities: { patientId: theirs, content: 'Rustige nacht.', category: 'observatie' }, confidence: 0.9 },
        ],
      },
      doctor.cookie,
    );
    expect(chain.status).toBe(404);
    expect(((await chain.json()) as Failure).error.message).toMatch(/niet gevonden/);
  });
});
