import type { MedicationAdministration, MedicationRequest } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword } from '../../domain/demo/demo-accounts';
import { addDaysToIsoDate, clinicalToday, formatTime, isoDay, wallClockToIso } from '../../domain/shared/clinical-time';
import { asOwner, createUser, registerPatient, signedInUser, validBsns, type SignedIn, type TestUser } from '../support/factories';
import { fhirProblems, indexFhirDefinitions, medplumClient } from '../support/fhir';
import { json, login, request } from '../support/http';
import { languageProblems, visibleText } from '../support/ui-language';

/* Issue 41, point 6 (ADR 60): medication safety, one check at a time, through the API and the page actions. */

let doctor: SignedIn;
let nurse: TestUser;
let nurseCookie: string;
let colleague: TestUser;
let next = 0;

interface Warning {
  code: string;
  message: string;
  blocking: boolean;
}

interface Order {
  id: string;
  overriddenWarnings: { code: string; message: string }[];
  overrideReason: string | null;
  minIntervalMinutes: number | null;
  highRisk: { label: string } | null;
  warnings: Warning[];
}

interface Refusal {
  error: { code: string; message: string; fields?: Record<string, string>; warnings?: Warning[] };
}

interface Overview {
  orders: Order[];
  allergyStatus: string;
  prn: { order: { id: string }; blockedReason: string | null; nextAllowedAt: string | null }[];
  administrations: { id: string; recordedBy: string | null; doubleCheckedBy: string | null }[];
  colleagues: { id: string; name: string }[];
}

const patient = () =>
  registerPatient(doctor.cookie, { identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[next++]! }] });

const startDate = () => addDaysToIsoDate(clinicalToday(), -2);

const prescribe = (patientId: string, body: Record<string, unknown>, cookie = doctor.cookie) =>
  json(`/api/patients/${patientId}/medication`, { method: 'POST', cookie, body: { startDate: startDate(), ...body } });

async function order(patientId: string, body: Record<string, unknown>): Promise<Order> {
  const response = await prescribe(patientId, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Order;
}

const give = (orderId: string, body: unknown, cookie = nurseCookie) =>
  json(`/api/medication/${orderId}/administrations`, { method: 'POST', cookie, body });

const overview = async (patientId: string, cookie = nurseCookie) =>
  (await (await json(`/api/patients/${patientId}/medication`, { cookie })).json()) as Overview;

const page = async (patientId: string, cookie = nurseCookie) => (await request(`/patients/${patientId}/medicatie`, { cookie })).text();

const form = (path: string, fields: Record<string, string>, cookie: string) =>
  request(path, { method: 'POST', cookie, body: new URLSearchParams(fields) });

async function allergy(patientId: string, body: Record<string, unknown>) {
  const response = await json(`/api/patients/${patientId}/allergies`, { method: 'POST', cookie: nurseCookie, body });
  expect(response.status).toBe(201);
}

const ordersOf = (patientId: string) =>
  asOwner(doctor.organisationId, async (db) =>
    Number((await db.query('select count(*) from medication_orders where patient_id = $1', [patientId])).rows[0].count),
  );

const rename = (user: TestUser, name: string) =>
  asOwner(user.organisationId, (db) => db.query('update users set display_name = $1 where id = $2', [name, user.id]));

/** A dose time an hour ago on the ward's clock, and the instant the schedule gives it. */
function anHourAgo(): { time: string; scheduledFor: string } {
  const moment = new Date(Date.now() - 3600_000);
  const time = formatTime(moment);
  return { time, scheduledFor: new Date(wallClockToIso(`${isoDay(moment)}T${time}`)!).toISOString() };
}

beforeAll(async () => {
  indexFhirDefinitions();
  doctor = await signedInUser('psychiater');
  nurse = await createUser(doctor.organisationId, { role: 'verpleegkundige' });
  colleague = await createUser(doctor.organisationId, { role: 'verpleegkundige' });
  await rename(nurse, 'Sanne Verpleegkundige');
  await rename(colleague, 'Marleen Collega');
  nurseCookie = (await login(nurse.email, nurse.password)).cookie!;
});

describe('the allergy check', () => {
  it('refuses a product the patient is allergic to with the warning; a reason overrides it and is stored and shown', async () => {
    const patientId = await patient();
    await allergy(patientId, { substance: 'Haloperidol', reaction: 'Acute dystonie', severity: 'matig' });
    const body = { productCode: 'haloperidol-5', dose: '1 tablet', kind: 'vast', times: '20:00' };

    const refused = await prescribe(patientId, body);
    expect(refused.status).toBe(409);
    const { error } = (await refused.json()) as Refusal;
    expect(error.code).toBe('conflict');
    expect(error.warnings).toEqual([
      {
        code: 'allergie',
        blocking: true,
        message: 'Allergie voor Haloperidol (matig: Acute dystonie): Haloperidol 5 mg valt daaronder (ATC N05AD01).',
      },
    ]);
    expect(error.message).toContain('Geef een reden om toch voor te schrijven');
    // A reason that says nothing is no override.
    const tooShort = await prescribe(patientId, { ...body, overrideReason: 'ok' });
    expect(tooShort.status).toBe(409);
    expect(((await tooShort.json()) as Refusal).error.fields).toEqual({
      overrideReason: 'Geef een reden van minstens 5 tekens om de waarschuwing te negeren.',
    });
    expect(await ordersOf(patientId)).toBe(0);

    const reason = 'Dystonie was een bijwerking, geen allergie; met biperideen.';
    const overridden = await order(patientId, { ...body, overrideReason: reason });
    expect(overridden).toMatchObject({
      overrideReason: reason,
      overriddenWarnings: [{ code: 'allergie', message: expect.stringContaining('Allergie voor Haloperidol') }],
    });
    // The class covers the depot as well: the same check, by ATC class.
    await allergy(patientId, { substance: 'Butyrofenonen', reaction: 'Rigiditeit', severity: 'ernstig' });
    const depot = await prescribe(patientId, { productCode: 'haloperidol-dec-50', dose: '1 ml', kind: 'vast', times: '10:00' });
    expect(((await depot.json()) as Refusal).error.warnings?.map((warning) => warning.message)).toContain(
      'Allergie voor Butyrofenonen (ernstig: Rigiditeit): Haloperidol decanoaat 50 mg/ml valt daaronder (ATC N05AD01).',
    );

    const html = await page(patientId);
    expect(html).toContain('Waarschuwing genegeerd bij voorschrijven');
    expect(html).toContain(`Reden: ${reason}`);
  });

  it('a nurse cannot override: prescribing, with or without a reason, is for the psychiatrist', async () => {
    const patientId = await patient();
    await allergy(patientId, { substance: 'Olanzapine', reaction: 'Huiduitslag', severity: 'licht' });
    const byNurse = await prescribe(
      patientId,
      { productCode: 'olanzapine-10', dose: '1 tablet', kind: 'vast', times: '20:00', overrideReason: 'Arts heeft het gezegd' },
      nurseCookie,
    );
    expect(byNurse.status).toBe(403);
    expect(await ordersOf(patientId)).toBe(0);
  });

  it('warns, without refusing, while allergies are not recorded; quiet once "geen bekende allergieën" is', async () => {
    const patientId = await patient();
    const first = await order(patientId, { productCode: 'sertraline-50', dose: '1 tablet', kind: 'vast', times: '08:00' });
    expect(first.warnings).toEqual([expect.objectContaining({ code: 'allergieen-niet-vastgelegd', blocking: false })]);
    expect((await overview(patientId)).allergyStatus).toBe('niet-vastgelegd');
    expect(await page(patientId)).toContain('Allergieën niet vastgelegd.');
    const form = await (await request(`/patients/${patientId}/medicatie/nieuw`, { cookie: doctor.cookie })).text();
    expect(form).toContain('Allergieën zijn niet vastgelegd.');

    await allergy(patientId, { noKnownAllergies: true });
    const second = await order(patientId, { productCode: 'paracetamol-500', dose: '1 tablet', kind: 'vast', times: '08:00' });
    expect(second.warnings).toEqual([]);
    expect(await page(patientId)).not.toContain('Allergieën niet vastgelegd.');
  });
});

describe('the duplicate-therapy check', () => {
  it('refuses a second antipsychotic (olanzapine beside haloperidol) naming both; an override with a reason is kept', async () => {
    const patientId = await patient();
    await allergy(patientId, { noKnownAllergies: true });
    const olanzapine = await order(patientId, { productCode: 'olanzapine-10', dose: '1 tablet', kind: 'vast', times: '20:00' });
    const body = { productCode: 'haloperidol-5', dose: '1 tablet', kind: 'zo-nodig', indication: 'agitatie', maxPerDay: 2 };
    const refused = await prescribe(patientId, body);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Refusal).error.warnings).toEqual([
      {
        code: 'dubbele-therapie',
        blocking: true,
        message: 'Dubbele therapie: Haloperidol 5 mg en Olanzapine 10 mg zijn allebei antipsychotica (ATC N05A).',
      },
    ]);
    const overridden = await order(patientId, { ...body, overrideReason: 'Tijdelijk, tot olanzapine werkt; evaluatie over een week.' });
    expect(overridden.overriddenWarnings.map((warning) => warning.code)).toEqual(['dubbele-therapie']);
    // Lithium beside an antipsychotic is no duplicate; a stopped order no longer counts.
    await order(patientId, { productCode: 'lithium-400', dose: '1 tablet', kind: 'vast', times: '08:00' });
    for (const id of [olanzapine.id, overridden.id])
      await json(`/api/medication/${id}/stop`, { method: 'POST', cookie: doctor.cookie, body: { reason: 'Omgezet' } });
    const after = await order(patientId, { productCode: 'quetiapine-100', dose: '1 tablet', kind: 'vast', times: '20:00' });
    expect(after.overriddenWarnings).toEqual([]);
  });

  it('holds under parallel requests: of two antipsychotics prescribed at the same moment one is written, the other refused', async () => {
    const patientId = await patient();
    await allergy(patientId, { noKnownAllergies: true });
    const bodies = [
      { productCode: 'olanzapine-10', dose: '1 tablet', kind: 'vast', times: '20:00' },
      { productCode: 'haloperidol-5', dose: '1 tablet', kind: 'vast', times: '08:00' },
      { productCode: 'quetiapine-100', dose: '1 tablet', kind: 'vast', times: '20:00' },
    ];
    const statuses = await Promise.all(bodies.map(async (body) => (await prescribe(patientId, body)).status));
    expect(statuses.toSorted()).toEqual([201, 409, 409]);
    expect((await overview(patientId)).orders).toHaveLength(1);
  });

  it('on the page form: the warning and a reason field, then "Toch voorschrijven" with the reason', async () => {
    const patientId = await patient();
    await allergy(patientId, { noKnownAllergies: true });
    await order(patientId, { productCode: 'risperidon-2', dose: '1 tablet', kind: 'vast', times: '08:00' });
    const fields = { productCode: 'aripiprazol-10', dose: '1 tablet', kind: 'vast', times: '08:00', startDate: clinicalToday() };
    const refused = await form(`/patients/${patientId}/medicatie/nieuw`, fields, doctor.cookie);
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain('Veiligheidswaarschuwing');
    expect(html).toContain('Dubbele therapie: Aripiprazol 10 mg en Risperidon 2 mg zijn allebei antipsychotica (ATC N05A).');
    expect(html).toContain('Reden om de waarschuwing te negeren');
    expect(html).toContain('Toch voorschrijven');
    // One voice (ADR 39) in what the warning screen says.
    expect(languageProblems(visibleText(html))).toEqual([]);
    expect(await ordersOf(patientId)).toBe(1);

    const reason = 'Overstap van risperidon naar aripiprazol, afbouw in twee weken.';
    const saved = await form(`/patients/${patientId}/medicatie/nieuw`, { ...fields, overrideReason: reason }, doctor.cookie);
    expect(saved.status).toBe(302);
    const list = await page(patientId, doctor.cookie);
    expect(list).toContain(`Reden: ${reason}`);
    expect(languageProblems(visibleText(list))).toEqual([]);
  });
});

describe('the zo-nodig minimum interval', () => {
  it('refuses a second dose within the interval (default one hour) in Dutch; the overview says why and from when', async () => {
    const patientId = await patient();
    const prn = await order(patientId, {
      productCode: 'lorazepam-1',
      dose: '1 tablet',
      kind: 'zo-nodig',
      indication: 'onrust',
      maxPerDay: 4,
    });
    expect(prn.minIntervalMinutes).toBe(60);
    expect((await give(prn.id, { reason: 'Loopt onrustig op de gang' })).status).toBe(201);
    const second = await give(prn.id, { reason: 'Nog steeds onrustig' });
    expect(second.status).toBe(409);
    expect(((await second.json()) as Refusal).error.message).toMatch(
      /^Te kort op de gift van \d{2}:\d{2}: tussen twee giften zit minimaal 1 uur\. De volgende gift kan vanaf \d{2}:\d{2}\. Overleg met de arts\.$/,
    );
    // A back-dated dose within the hour before the first counts too; one well before it is fine.
    const backDated = await give(prn.id, {
      reason: 'Nagekomen',
      administeredAt: new Date(Date.now() - 40 * 60_000).toISOString(),
      lateReason: 'Vergeten vast te leggen',
    });
    expect(backDated.status).toBe(409);
    const earlier = await give(prn.id, {
      reason: 'Angstig',
      administeredAt: new Date(Date.now() - 75 * 60_000).toISOString(),
      lateReason: 'Vergeten vast te leggen',
    });
    expect(earlier.status).toBe(201);

    const [state] = (await overview(patientId)).prn;
    expect(state!.blockedReason).toMatch(
      /^Tussen twee giften zit minimaal 1 uur; de volgende gift kan vanaf (vandaag|morgen) \d{2}:\d{2}\.$/,
    );
    expect(Date.parse(state!.nextAllowedAt!)).toBeGreaterThan(Date.now());
  });

  it('is set by the prescriber (0 is none) and checked as input', async () => {
    const patientId = await patient();
    const base = { productCode: 'oxazepam-10', dose: '1 tablet', kind: 'zo-nodig', indication: 'angst', maxPerDay: 3 };
    for (const minIntervalMinutes of ['abc', -5, 1441, 2.5]) {
      const wrong = await prescribe(patientId, { ...base, minIntervalMinutes });
      expect(wrong.status, String(minIntervalMinutes)).toBe(400);
      expect(((await wrong.json()) as Refusal).error.fields).toEqual({
        minIntervalMinutes: 'Geef de minimale tijd tussen twee giften in minuten (0 tot 1440).',
      });
    }
    const fourHours = await order(patientId, { ...base, indication: 'Bij angst', minIntervalMinutes: 240 });
    expect(fourHours.minIntervalMinutes).toBe(240);
    const fhirRequest = (await medplumClient(nurseCookie).readResource('MedicationRequest', fourHours.id)) as MedicationRequest;
    expect(fhirRequest.dosageInstruction?.[0]?.text).toBe(
      '1 tablet zo nodig bij angst, maximaal 3× per 24 uur, minimaal 4 uur tussen twee giften',
    );
    expect(await page(patientId)).toContain('Zo nodig bij angst; maximaal 3× per 24 uur, minimaal 4 uur tussen twee giften');
  });

  it('on the page: the button is disabled with its reason (aria-describedby) at the maximum; the action refuses too', async () => {
    const patientId = await patient();
    // Typed with "Bij" as many prescribers do: the card says it once.
    const prn = await order(patientId, {
      productCode: 'promethazine-25',
      dose: '1 tablet',
      kind: 'zo-nodig',
      indication: 'Bij onrust',
      maxPerDay: 1,
      minIntervalMinutes: 30,
    });
    let html = await page(patientId);
    expect(html).toContain('Bij onrust; maximaal 1× per 24 uur');
    expect(html).not.toMatch(/[Bb]ij [Bb]ij/);
    expect(html).not.toContain(`prn-blocked-${prn.id}`);

    const post = (reason: string) => form(`/patients/${patientId}/medicatie`, { intent: 'zo-nodig', orderId: prn.id, reason }, nurseCookie);
    expect((await post('Onrustig na bezoek')).status).toBe(302);
    html = await page(patientId);
    const button = new RegExp(`<button[^>]*disabled=""[^>]*aria-describedby="prn-blocked-${prn.id}"[^>]*>Zo nodig geven</button>`);
    expect(html).toMatch(button);
    expect(html).toMatch(
      new RegExp(
        `id="prn-blocked-${prn.id}">Het maximum van 1× per 24 uur is bereikt; de volgende gift kan vanaf morgen \\d{2}:\\d{2}\\.<`,
      ),
    );
    const refused = await post('Weer onrustig');
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('Het maximum van 1 keer per 24 uur is bereikt');
  });
});

describe('the second nurse on high-risk medication', () => {
  it('a clozapine dose needs a colleague of the same organisation, not oneself; both names are recorded', async () => {
    const patientId = await patient();
    const dose = anHourAgo();
    const clozapine = await order(patientId, { productCode: 'clozapine-100', dose: '2 tabletten', kind: 'vast', times: dose.time });
    expect(clozapine.highRisk).toEqual({ label: 'clozapine', why: expect.any(String) });
    const given = (body: Record<string, unknown>) => give(clozapine.id, { scheduledFor: dose.scheduledFor, status: 'gegeven', ...body });

    const alone = await given({});
    expect(alone.status).toBe(400);
    expect(((await alone.json()) as Refusal).error.fields).toEqual({
      doubleCheckedBy:
        'Clozapine 100 mg is risicovolle medicatie (clozapine): een tweede verpleegkundige controleert de dosis. Kies wie de dosis met je controleerde.',
    });
    const self = await given({ doubleCheckedBy: nurse.id });
    expect(((await self.json()) as Refusal).error.fields?.doubleCheckedBy).toContain('Dat is een collega, niet jezelf.');
    const stranger = await signedInUser('verpleegkundige');
    const elsewhere = await given({ doubleCheckedBy: stranger.user.id });
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as Refusal).error.fields?.doubleCheckedBy).toContain('Kies een collega van je eigen organisatie.');
    expect((await given({ doubleCheckedBy: 'Marleen' })).status).toBe(400);

    const checked = await given({ doubleCheckedBy: colleague.id });
    expect(checked.status).toBe(201);
    expect(await checked.json()).toMatchObject({ recordedBy: 'Sanne Verpleegkundige', doubleCheckedBy: 'Marleen Collega' });
    const stored = await asOwner(
      doctor.organisationId,
      async (db) =>
        (await db.query('select recorded_by, double_checked_by from medication_administrations where order_id = $1', [clozapine.id])).rows,
    );
    expect(stored).toEqual([{ recorded_by: nurse.id, double_checked_by: colleague.id }]);
    expect(await page(patientId)).toContain('door Sanne Verpleegkundige, gecontroleerd door Marleen Collega');
    // In FHIR the second nurse is the administration's verifier; both are Practitioners the API serves.
    const [fhir] = (await medplumClient(nurseCookie).searchResources('MedicationAdministration', {
      patient: patientId,
    })) as MedicationAdministration[];
    expect(fhir!.performer).toEqual([
      { actor: { reference: `Practitioner/${nurse.id}`, display: 'Sanne Verpleegkundige' } },
      {
        function: { coding: [expect.objectContaining({ code: 'verifier' })] },
        actor: { reference: `Practitioner/${colleague.id}`, display: 'Marleen Collega' },
      },
    ]);
    expect(fhirProblems(fhir!)).toEqual([]);

    // A refused dose is not given: no second nurse needed.
    const yesterdays = new Date(Date.parse(dose.scheduledFor) - 24 * 3600_000).toISOString();
    expect((await give(clozapine.id, { scheduledFor: yesterdays, status: 'geweigerd', reason: 'Wil niet' })).status).toBe(201);
  });

  it('on the page: the colleague is chosen from a list; without one the field says why', async () => {
    const patientId = await patient();
    await allergy(patientId, { noKnownAllergies: true });
    const morphine = await order(patientId, {
      productCode: 'morfine-inj-10',
      dose: '5 mg',
      kind: 'zo-nodig',
      indication: 'pijn',
      maxPerDay: 4,
      minIntervalMinutes: 240,
    });
    const html = await page(patientId);
    expect(html).toContain('Gecontroleerd door (tweede verpleegkundige)');
    expect(html).toContain(`<option value="${colleague.id}">Marleen Collega</option>`);
    expect(html).not.toContain(`<option value="${nurse.id}">`);
    expect((await overview(patientId)).colleagues.map((entry) => entry.id)).not.toContain(nurse.id);

    const post = (fields: Record<string, string>) =>
      form(`/patients/${patientId}/medicatie`, { intent: 'zo-nodig', orderId: morphine.id, reason: 'Pijn na val', ...fields }, nurseCookie);
    const without = await post({ doubleCheckedBy: '' });
    expect(without.status).toBe(400);
    const refusal = await without.text();
    expect(refusal).toContain('Kies wie de dosis met je controleerde.');
    expect(languageProblems(visibleText(refusal))).toEqual([]);
    expect((await post({ doubleCheckedBy: colleague.id })).status).toBe(302);
    const [row] = (await overview(patientId)).administrations;
    expect(row).toMatchObject({ recordedBy: 'Sanne Verpleegkundige', doubleCheckedBy: 'Marleen Collega' });
  });
});

describe('the demo ward', () => {
  it('shows one of each: an allergy override, a duplicate-therapy override, a double-checked dose, a zo-nodig interval', async () => {
    const { cookie } = await login(demoAccounts.psychiater.email, demoPassword);
    const find = async (q: string) => {
      const { results } = (await (await json(`/api/patients/search?q=${encodeURIComponent(q)}`, { cookie: cookie! })).json()) as {
        results: { id: string; name: string }[];
      };
      return results.find((result) => result.name.includes(q))!.id;
    };
    const jan = await overview(await find('Jan de Vries'), cookie!);
    expect(jan.orders.flatMap((entry) => entry.overriddenWarnings.map((warning) => warning.code))).toEqual(['dubbele-therapie']);
    expect(jan.orders.map((entry) => entry.minIntervalMinutes).filter(Boolean)).toEqual(expect.arrayContaining([120]));
    expect(jan.administrations.map((row) => row.doubleCheckedBy)).toContain('Marleen Visser');
    const pieter = await overview(await find('van der Berg'), cookie!);
    expect(pieter.orders.flatMap((entry) => entry.overriddenWarnings.map((warning) => warning.code))).toEqual(['allergie']);
    expect(pieter.orders.find((entry) => entry.overrideReason)?.overrideReason).toContain('bijwerking, geen allergie');
  });
});
