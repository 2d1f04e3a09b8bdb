import type { MedicationAdministration, MedicationRequest } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToIsoDate, clinicalToday, formatTime, isoDay, wallClockToIso } from '../../domain/shared/clinical-time';
import type { AuditActor } from '../../domain/audit/audit.service';
import { withTenant } from '../../domain/db/tenant';
import { medicationOverview } from '../../domain/medication/medication.service';
import { appOrm } from '../support/app-orm';
import { fhirProblems, indexFhirDefinitions, medplumClient } from '../support/fhir';
import { asOwner, createUser, registerPatient, signedInUser, validBsns, type SignedIn } from '../support/factories';
import { json, login, request } from '../support/http';

/* Issue 26, point 1: the medication list and the nurse's administration record. */

let doctor: SignedIn;
let nurseCookie: string;
let next = 0;

interface Order {
  id: string;
  kind: string;
  active: boolean;
  times: string[];
  stoppedAt: string | null;
}

interface Administration {
  id: string;
  status: string;
  prn: boolean;
  reason: string | null;
  effect: string | null;
}

type Failure = { error: { message: string; details?: { fields: Record<string, string> } } };

const patient = () =>
  registerPatient(doctor.cookie, { identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[next++]! }] });

// Two days back: a dose an hour ago and the same dose a day earlier are both within the order, also just after midnight.
const yesterday = () => addDaysToIsoDate(clinicalToday(), -2);

/** A dose time an hour ago on the ward's clock, and the instant the schedule gives it. */
function anHourAgo(): { time: string; scheduledFor: string } {
  const moment = new Date(Date.now() - 3600_000);
  const time = formatTime(moment);
  return { time, scheduledFor: new Date(wallClockToIso(`${isoDay(moment)}T${time}`)!).toISOString() };
}

async function prescribe(patientId: string, body: Record<string, unknown>, cookie = doctor.cookie) {
  return json(`/api/patients/${patientId}/medication`, { method: 'POST', cookie, body: { startDate: yesterday(), ...body } });
}

async function order(patientId: string, body: Record<string, unknown>): Promise<Order> {
  const response = await prescribe(patientId, body);
  expect(response.status).toBe(201);
  return (await response.json()) as Order;
}

function give(orderId: string, body: unknown, cookie = nurseCookie) {
  return json(`/api/medication/${orderId}/administrations`, { method: 'POST', cookie, body });
}

beforeAll(async () => {
  indexFhirDefinitions();
  doctor = await signedInUser('psychiater');
  const nurse = await createUser(doctor.organisationId, { role: 'verpleegkundige' });
  nurseCookie = (await login(nurse.email, nurse.password)).cookie!;
});

describe('prescribing', () => {
  it('puts a fixed and a zo-nodig order on the list; a nurse cannot prescribe; wrong input has Dutch field messages', async () => {
    const patientId = await patient();
    const fixed = await order(patientId, { productCode: 'olanzapine-10', dose: '1 tablet', kind: 'vast', times: '20:00, 08:00' });
    expect(fixed).toMatchObject({ kind: 'vast', times: ['08:00', '20:00'], active: true });
    await order(patientId, { productCode: 'lorazepam-1', dose: '1 tablet', kind: 'zo-nodig', indication: 'onrust', maxPerDay: 3 });
    const list = (await (await json(`/api/patients/${patientId}/medication`, { cookie: nurseCookie })).json()) as {
      orders: Order[];
      prn: { givenLast24h: number }[];
    };
    expect(list.orders).toHaveLength(2);
    expect(list.prn).toEqual([expect.objectContaining({ givenLast24h: 0 })]);

    const byNurse = await prescribe(
      patientId,
      { productCode: 'olanzapine-10', dose: '1 tablet', kind: 'vast', times: '08:00' },
      nurseCookie,
    );
    expect(byNurse.status).toBe(403);
    expect(((await byNurse.json()) as Failure).error.message).toBe('Alleen een arts kan medicatie voorschrijven of stoppen.');

    const wrong = await prescribe(patientId, {
      productCode: 'aspirine-jacht',
      dose: '',
      kind: 'zo-nodig',
      startDate: '2026-12-01',
      endDate: '2026-11-01',
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as Failure).error.details!.fields).toEqual({
      productCode: 'Kies een middel uit de lijst.',
      dose: 'Vul de dosis in, bijvoorbeeld 1 tablet of 5 mg.',
      indication: 'Geef de indicatie, bijvoorbeeld onrust of slapeloosheid.',
      maxPerDay: 'Geef het maximum aantal keer per 24 uur (1 tot 24).',
      endDate: 'De einddatum ligt voor de startdatum.',
    });
    const noTimes = await prescribe(patientId, { productCode: 'olanzapine-10', dose: '1 tablet', kind: 'vast', times: '8 uur' });
    expect(((await noTimes.json()) as Failure).error.details!.fields).toEqual({
      times: 'Geef de tijdstippen als uu:mm, bijvoorbeeld 08:00, 20:00.',
    });
  });
});

describe('the administration record', () => {
  it('registers a fixed dose once: given, or refused and not given with their reasons', async () => {
    const patientId = await patient();
    const dose = anHourAgo();
    const fixed = await order(patientId, { productCode: 'quetiapine-100', dose: '1 tablet', kind: 'vast', times: dose.time });
    const refusedWithoutReason = await give(fixed.id, { scheduledFor: dose.scheduledFor, status: 'geweigerd' });
    expect(refusedWithoutReason.status).toBe(400);
    expect(((await refusedWithoutReason.json()) as Failure).error.details!.fields).toEqual({
      reason: 'Geef aan waarom de patiënt de medicatie weigerde.',
    });
    const refused = await give(fixed.id, { scheduledFor: dose.scheduledFor, status: 'geweigerd', reason: 'Wil niet suf worden' });
    expect(refused.status).toBe(201);
    expect((await refused.json()) as Administration).toMatchObject({ status: 'geweigerd', prn: false, reason: 'Wil niet suf worden' });
    const twice = await give(fixed.id, { scheduledFor: dose.scheduledFor, status: 'gegeven' });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as Failure).error.message).toBe('Deze dosis is al geregistreerd.');

    const offSchedule = await give(fixed.id, {
      scheduledFor: new Date(Date.parse(dose.scheduledFor) - 60_000).toISOString(),
      status: 'gegeven',
    });
    expect(offSchedule.status).toBe(400);
    expect(((await offSchedule.json()) as Failure).error.details!.fields).toEqual({
      scheduledFor: 'Op dit tijdstip staat geen dosis van dit voorschrift gepland.',
    });
    // Yesterday's dose at the same time is on the schedule too.
    const yesterdays = new Date(Date.parse(dose.scheduledFor) - 24 * 3600_000).toISOString();
    const notGiven = await give(fixed.id, { scheduledFor: yesterdays, status: 'niet-gegeven', reason: 'Patiënt was met verlof' });
    expect(notGiven.status).toBe(201);

    const overview = (await (await json(`/api/patients/${patientId}/medication`, { cookie: nurseCookie })).json()) as {
      administrations: Administration[];
    };
    expect(overview.administrations.map((row) => row.status).sort()).toEqual(['geweigerd', 'niet-gegeven']);
  });

  it('gives a zo-nodig dose with its reason, at most the maximum per 24 hours, and records its effect once', async () => {
    const patientId = await patient();
    const prn = await order(patientId, {
      productCode: 'lorazepam-1',
      dose: '1 tablet',
      kind: 'zo-nodig',
      indication: 'onrust',
      maxPerDay: 2,
      // The maximum on its own; the minimum interval has its own tests (medication-safety.int.test.ts).
      minIntervalMinutes: 0,
    });
    const noReason = await give(prn.id, {});
    expect(((await noReason.json()) as Failure).error.details!.fields).toEqual({ reason: 'Geef de reden voor deze zo-nodig-gift.' });
    const first = (await (await give(prn.id, { reason: 'Loopt onrustig op de gang' })).json()) as Administration;
    expect(first).toMatchObject({ status: 'gegeven', prn: true, reason: 'Loopt onrustig op de gang' });
    expect((await give(prn.id, { reason: 'Opnieuw onrustig' })).status).toBe(201);
    const third = await give(prn.id, { reason: 'Nog steeds onrustig' });
    expect(third.status).toBe(409);
    expect(((await third.json()) as Failure).error.message).toMatch(
      /^Het maximum van 2 keer per 24 uur is bereikt \(gift om \d{2}:\d{2}\)\. Overleg met de arts\.$/,
    );
    // A dose given more than 24 hours ago no longer counts.
    await asOwner(doctor.organisationId, (db) =>
      db.query("update medication_administrations set administered_at = administered_at - interval '25 hours' where id = $1", [first.id]),
    );
    expect((await give(prn.id, { reason: 'Nog steeds onrustig' })).status).toBe(201);

    const effect = await json(`/api/medication/administrations/${first.id}/effect`, {
      method: 'POST',
      cookie: nurseCookie,
      body: { effect: 'Na een half uur rustig, ging slapen' },
    });
    expect(effect.status).toBe(200);
    expect(((await effect.json()) as Administration).effect).toBe('Na een half uur rustig, ging slapen');
    const again = await json(`/api/medication/administrations/${first.id}/effect`, {
      method: 'POST',
      cookie: nurseCookie,
      body: { effect: 'Toch niet' },
    });
    expect(again.status).toBe(409);

    // The old path (before medication had one API stem) is the same use case: the effect is written once.
    const old = await json(`/api/medication-administrations/${first.id}/effect`, {
      method: 'POST',
      cookie: nurseCookie,
      body: { effect: 'Toch niet' },
    });
    expect(old.status).toBe(409);
  });

  it('lets nurses at once give no more than the maximum (the order is locked while counting)', async () => {
    const patientId = await patient();
    // Three rounds of five gifts at the same moment on a maximum of 2: a race would show in one of them.
    for (const round of [1, 2, 3]) {
      const prn = await order(patientId, {
        productCode: 'oxazepam-10',
        dose: '1 tablet',
        kind: 'zo-nodig',
        indication: 'angst',
        maxPerDay: 2,
        minIntervalMinutes: 0,
      });
      const answers = await Promise.all(Array.from({ length: 5 }, (_, index) => give(prn.id, { reason: `Angstig (${round}.${index})` })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409, 409]);
      const given = await asOwner(doctor.organisationId, async (db) =>
        Number((await db.query('select count(*) from medication_administrations where order_id = $1', [prn.id])).rows[0].count),
      );
      expect(given).toBe(2);
    }
  });

  it('stops an order with a reason (doctors only, once); a stopped order gives no more doses', async () => {
    const patientId = await patient();
    const prn = await order(patientId, {
      productCode: 'promethazine-25',
      dose: '1 tablet',
      kind: 'zo-nodig',
      indication: 'slapeloosheid',
      maxPerDay: 1,
    });
    const stop = (cookie: string, body: unknown) => json(`/api/medication/${prn.id}/stop`, { method: 'POST', cookie, body });
    expect((await stop(nurseCookie, { reason: 'Niet meer nodig' })).status).toBe(403);
    expect((await stop(doctor.cookie, {})).status).toBe(400);
    const stopped = await stop(doctor.cookie, { reason: 'Slaapt weer goed' });
    expect(stopped.status).toBe(200);
    expect((await stopped.json()) as Order).toMatchObject({ active: false, stoppedAt: expect.any(String) });
    expect((await stop(doctor.cookie, { reason: 'nogmaals' })).status).toBe(409);
    const after = await give(prn.id, { reason: 'Kan niet slapen' });
    expect(after.status).toBe(409);
    expect(((await after.json()) as Failure).error.message).toBe('Dit voorschrift loopt niet (meer); overleg met de arts.');
  });

  it("just after midnight keeps yesterday's open doses of the evening on today's list, until they are registered", async () => {
    const patientId = await patient();
    const fixed = await order(patientId, { productCode: 'olanzapine-10', dose: '1 tablet', kind: 'vast', times: '08:00, 22:00' });
    // The ward's clock at 00:20 on a day this order runs (the overview is read as of that moment).
    const day = addDaysToIsoDate(clinicalToday(), -1);
    const twenty = new Date(wallClockToIso(`${day}T00:20`)!);
    const at = (date: string, time: string) => new Date(wallClockToIso(`${date}T${time}`)!).toISOString();
    const evening = at(addDaysToIsoDate(day, -1), '22:00');
    const orm = await appOrm();
    try {
      const actor: AuditActor = { organisationId: doctor.organisationId, userId: doctor.user.id, role: 'psychiater', channel: 'web' };
      const list = async () =>
        (await withTenant(orm, actor, (em) => medicationOverview(em, actor, patientId, twenty))).today.map((dose) => ({
          scheduledFor: dose.scheduledFor,
          yesterday: dose.yesterday,
          registered: dose.administration?.status ?? null,
        }));
      // Yesterday's 22:00 (open, 2 h 20 ago) first; yesterday's 08:00 (16 hours ago) is no longer today's work.
      expect(await list()).toEqual([
        { scheduledFor: evening, yesterday: true, registered: null },
        { scheduledFor: at(day, '08:00'), yesterday: false, registered: null },
        { scheduledFor: at(day, '22:00'), yesterday: false, registered: null },
      ]);
      // Registered by the night nurse, it stays with its registration (she sees what she did).
      expect((await give(fixed.id, { scheduledFor: evening, status: 'gegeven' })).status).toBe(201);
      expect((await list())[0]).toEqual({ scheduledFor: evening, yesterday: true, registered: 'gegeven' });
      // Registered before midnight (by the late shift, ten minutes after it), it was yesterday's work and is not repeated.
      await asOwner(doctor.organisationId, (db) =>
        db.query('update medication_administrations set created_at = $1 where order_id = $2', [
          new Date(Date.parse(evening) + 600_000),
          fixed.id,
        ]),
      );
      expect((await list()).map((dose) => dose.scheduledFor)).toEqual([at(day, '08:00'), at(day, '22:00')]);
    } finally {
      await orm.close();
    }
  });
});

describe('at handover', () => {
  interface Item {
    tekst: string;
    bron: { id: string; type: string; label: string } | null;
    sourceData?: { medication: string; status: string; reason: string | null };
  }

  it.each(['psychiater', 'verpleegkundige'] as const)(
    'the summary for the %s cites a refusal and a zo-nodig gift as sources; a dose given as prescribed is not one',
    async (role) => {
      const patientId = await patient();
      const dose = anHourAgo();
      const fixed = await order(patientId, { productCode: 'clozapine-100', dose: '2 tabletten', kind: 'vast', times: dose.time });
      const given = new Date(Date.parse(dose.scheduledFor) - 24 * 3600_000).toISOString();
      const routine = (await (await give(fixed.id, { scheduledFor: given, status: 'gegeven' })).json()) as Administration;
      const refusal = (await (
        await give(fixed.id, { scheduledFor: dose.scheduledFor, status: 'geweigerd', reason: 'Zegt dat de pillen vergiftigd zijn' })
      ).json()) as Administration;
      const prn = await order(patientId, {
        productCode: 'lorazepam-1',
        dose: '1 tablet',
        kind: 'zo-nodig',
        indication: 'onrust',
        maxPerDay: 3,
      });
      const gift = (await (await give(prn.id, { reason: 'Angstig en onrustig na het weigeren' })).json()) as Administration;

      const response = await json('/api/overdracht/generate', {
        method: 'POST',
        cookie: role === 'psychiater' ? doctor.cookie : nurseCookie,
        body: { patientId, period: '3d', filterForRole: role },
      });
      expect(response.status).toBe(200);
      const summary = (await response.json()) as { aandachtspunten: Item[]; actiepunten: Item[] };
      const cited = summary.aandachtspunten.filter((item) => item.bron?.type === 'medication');
      expect(cited.map((item) => item.bron!.id).sort()).toEqual([refusal.id, gift.id].sort());
      expect(cited.find((item) => item.bron!.id === refusal.id)).toMatchObject({
        tekst: expect.stringContaining('Clozapine 100 mg, 2 tabletten geweigerd'),
        bron: { label: 'Medicatie geweigerd' },
        sourceData: { medication: 'Clozapine 100 mg, 2 tabletten', status: 'geweigerd', reason: 'Zegt dat de pillen vergiftigd zijn' },
      });
      expect(cited.find((item) => item.bron!.id === gift.id)?.sourceData).toMatchObject({ status: 'zo nodig gegeven' });
      expect([...summary.aandachtspunten, ...summary.actiepunten].some((item) => item.bron?.id === routine.id)).toBe(false);
      // The refusal leads to an action: medication and adherence discussed.
      expect(summary.actiepunten.some((item) => item.bron?.id === refusal.id)).toBe(true);
    },
  );
});

describe('another organisation', () => {
  it("answers another organisation's patient, order and registration with 404 and changes nothing", async () => {
    const other = await signedInUser('psychiater');
    const theirPatient = await registerPatient(other.cookie);
    const theirs = (await (
      await prescribe(
        theirPatient,
        { productCode: 'haloperidol-5', dose: '1 tablet', kind: 'zo-nodig', indication: 'agitatie', maxPerDay: 2 },
        other.cookie,
      )
    ).json()) as Order;
    const given = (await (await give(theirs.id, { reason: 'Agitatie' }, other.cookie)).json()) as Administration;

    expect((await json(`/api/patients/${theirPatient}/medication`, { cookie: nurseCookie })).status).toBe(404);
    expect((await prescribe(theirPatient, { productCode: 'haloperidol-5', dose: '1', kind: 'vast', times: '08:00' })).status).toBe(404);
    expect((await give(theirs.id, { reason: 'Agitatie' })).status).toBe(404);
    expect(
      (await json(`/api/medication/${theirs.id}/stop`, { method: 'POST', cookie: doctor.cookie, body: { reason: 'weg ermee' } })).status,
    ).toBe(404);
    expect(
      (
        await json(`/api/medication/administrations/${given.id}/effect`, {
          method: 'POST',
          cookie: nurseCookie,
          body: { effect: 'overschreven' },
        })
      ).status,
    ).toBe(404);
    const rows = await asOwner(other.organisationId, async (db) => ({
      orders: (await db.query('select stopped_at from medication_orders where id = $1', [theirs.id])).rows,
      doses: Number((await db.query('select count(*) from medication_administrations where order_id = $1', [theirs.id])).rows[0].count),
      effect: (await db.query('select effect from medication_administrations where id = $1', [given.id])).rows[0].effect,
    }));
    expect(rows).toEqual({ orders: [{ stopped_at: null }], doses: 1, effect: null });
  });
});

describe('FHIR MedicationRequest and MedicationAdministration', () => {
  it('reads and searches by patient; every resource validates', async () => {
    const patientId = await patient();
    const dose = anHourAgo();
    const fixed = await order(patientId, { productCode: 'lithium-400', dose: '1 tablet', kind: 'vast', times: dose.time });
    const prn = await order(patientId, {
      productCode: 'lorazepam-1',
      dose: '1 tablet',
      kind: 'zo-nodig',
      indication: 'onrust',
      maxPerDay: 3,
    });
    await give(fixed.id, { scheduledFor: dose.scheduledFor, status: 'geweigerd', reason: 'Misselijk' });
    await give(prn.id, { reason: 'Onrustig' });
    await json(`/api/medication/${prn.id}/stop`, { method: 'POST', cookie: doctor.cookie, body: { reason: 'Rustiger' } });

    const client = medplumClient(nurseCookie);
    const requests = (await client.searchResources('MedicationRequest', { patient: `Patient/${patientId}` })) as MedicationRequest[];
    expect(Object.fromEntries(requests.map((resource) => [resource.id, resource.status]))).toEqual({
      [fixed.id]: 'active',
      [prn.id]: 'stopped',
    });
    const lithium = requests.find((resource) => resource.id === fixed.id)!;
    expect(lithium.medicationCodeableConcept?.coding?.[0]).toMatchObject({ system: 'http://www.whocc.no/atc', code: 'N05AN01' });
    const administrations = (await client.searchResources('MedicationAdministration', {
      patient: patientId,
    })) as MedicationAdministration[];
    expect(administrations.map((resource) => resource.status).sort()).toEqual(['completed', 'not-done']);
    expect(administrations.find((resource) => resource.status === 'not-done')!.statusReason?.[0]?.text).toBe('Misselijk');
    for (const resource of [...requests, ...administrations]) expect(fhirProblems(resource)).toEqual([]);
    expect(((await client.readResource('MedicationRequest', prn.id)) as MedicationRequest).statusReason?.text).toBe('Rustiger');
  });
});

describe('the medication page without JavaScript', () => {
  it('registers a refusal with its reason and a zo-nodig dose; the maximum is said beside the form', async () => {
    const patientId = await patient();
    const dose = anHourAgo();
    const fixed = await order(patientId, { productCode: 'clozapine-100', dose: '2 tabletten', kind: 'vast', times: dose.time });
    const prn = await order(patientId, {
      productCode: 'lorazepam-1',
      dose: '1 tablet',
      kind: 'zo-nodig',
      indication: 'onrust',
      maxPerDay: 1,
    });
    const post = (body: Record<string, string>) =>
      request(`/patients/${patientId}/medicatie`, { method: 'POST', cookie: nurseCookie, body: new URLSearchParams(body) });
    const refused = await post({
      intent: 'dosis',
      orderId: fixed.id,
      scheduledFor: dose.scheduledFor,
      status: 'geweigerd',
      reason: 'Wantrouwt de pillen',
    });
    expect(refused.status).toBe(302);
    expect((await post({ intent: 'zo-nodig', orderId: prn.id, reason: 'Onrustig na bezoek' })).status).toBe(302);
    const over = await post({ intent: 'zo-nodig', orderId: prn.id, reason: 'Weer onrustig' });
    expect(over.status).toBe(409);
    expect(await over.text()).toContain('Het maximum van 1 keer per 24 uur is bereikt');
    const page = await (await request(`/patients/${patientId}/medicatie`, { cookie: nurseCookie })).text();
    expect(page).toContain('Wantrouwt de pillen');
    expect(page).toContain('Reden: Onrustig na bezoek');
    expect(page).toContain('Afgelopen 24 uur 1× gegeven');
    // A nurse sees no prescribing: the link is not there and the page refuses.
    expect(page).not.toContain('Nieuw voorschrift');
    expect((await request(`/patients/${patientId}/medicatie/nieuw`, { cookie: nurseCookie })).status).toBe(403);
  });

  it('prescribes from the form as a doctor, with Dutch field messages', async () => {
    const patientId = await patient();
    const wrong = await request(`/patients/${patientId}/medicatie/nieuw`, {
      method: 'POST',
      cookie: doctor.cookie,
      body: new URLSearchParams({ productCode: '', dose: '', kind: 'vast', times: '', startDate: clinicalToday() }),
    });
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain('Kies een middel uit de lijst.');
    expect(html).toContain('Geef minstens één tijdstip, bijvoorbeeld 08:00.');
    const saved = await request(`/patients/${patientId}/medicatie/nieuw`, {
      method: 'POST',
      cookie: doctor.cookie,
      body: new URLSearchParams({
        productCode: 'sertraline-50',
        dose: '1 tablet',
        kind: 'vast',
        times: '08:00',
        startDate: clinicalToday(),
      }),
    });
    expect(saved.status).toBe(302);
    const page = await (await request(`/patients/${patientId}/medicatie`, { cookie: doctor.cookie })).text();
    expect(page).toContain('Sertraline 50 mg');
    expect(page).toContain('Nieuw voorschrift');
  });
});
