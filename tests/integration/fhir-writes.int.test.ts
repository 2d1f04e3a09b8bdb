import type { MedplumClient } from '@medplum/core';
import type {
  Appointment,
  Bundle,
  CapabilityStatement,
  DocumentReference,
  MedicationAdministration,
  Observation,
  OperationOutcome,
  Resource,
} from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToIsoDate, clinicalToday, formatTime, isoDay, wallClockToIso } from '../../domain/shared/clinical-time';
import { asOwner, createUser, fhirPatientBody, signedInUser, validBsns, type SignedIn } from '../support/factories';
import { fhirProblems, indexFhirDefinitions, isOutcome } from '../support/fhir';
import { json, login, request } from '../support/http';
import { bearerClient, register, tokenFor, type Registered } from '../support/koppeling';

/*
 * Issue 46, build point 2 (ADR 0098): a pharmacy's eMAR, a referrer's letters and a planning system
 * write MedicationAdministration, DocumentReference and Appointment as koppelingen, through the
 * record's own rules; a clinician sees each write where the record shows it.
 */

const bsnSystem = 'http://fhir.nl/fhir/NamingSystem/bsn';
const statusSystem = 'https://ggz-epd.nl/fhir/CodeSystem/toedieningsstatus';
const scheduledUrl = 'https://ggz-epd.nl/fhir/StructureDefinition/toediening-gepland-tijdstip';
const reportTypeSystem = 'https://ggz-epd.nl/fhir/CodeSystem/rapportagetype';
const appointmentTypeSystem = 'https://ggz-epd.nl/fhir/CodeSystem/afspraaktype';

let doctor: SignedIn;
let nurseCookie: string;
let pharmacy: Registered;
let token: string;
let readerToken: string;
let strangerToken: string;
let client: MedplumClient;
const patient = { kees: '', anna: '' };

const as =
  (bearer: string) =>
  (path: string, init: RequestInit = {}) =>
    request(path, { ...init, headers: { Authorization: `Bearer ${bearer}`, ...(init.headers as Record<string, string>) } });
const write = (path: string, method: 'POST' | 'PUT', body: unknown, headers: Record<string, string> = {}, bearer = token) =>
  as(bearer)(path, { method, headers: { 'Content-Type': 'application/fhir+json', ...headers }, body: JSON.stringify(body) });

async function stored<T extends Resource>(response: Response, status = 201): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  const resource = (await response.json()) as T;
  expect(fhirProblems(resource)).toEqual([]);
  // What the write answered is what a read gives.
  const read = await client.readResource(resource.resourceType, resource.id!, { cache: 'no-cache' });
  expect(fhirProblems(read)).toEqual([]);
  expect(read).toEqual(resource);
  return resource;
}

const diagnostics = (outcome: OperationOutcome) => outcome.issue.map((issue) => issue.diagnostics);
const expressions = (outcome: OperationOutcome) => outcome.issue.flatMap((issue) => issue.expression ?? []);

// Two days back: a dose an hour ago and the same dose a day earlier both fall within the order.
const started = () => addDaysToIsoDate(clinicalToday(), -2);
function anHourAgo(): { time: string; scheduledFor: string; dayBefore: string } {
  const moment = new Date(Date.now() - 3600_000);
  const time = formatTime(moment);
  const scheduledFor = new Date(wallClockToIso(`${isoDay(moment)}T${time}`)!).toISOString();
  return { time, scheduledFor, dayBefore: new Date(Date.parse(scheduledFor) - 24 * 3600_000).toISOString() };
}

async function order(patientId: string, body: Record<string, unknown>): Promise<string> {
  const response = await json(`/api/patients/${patientId}/medication`, {
    method: 'POST',
    cookie: doctor.cookie,
    // Several orders per patient here: a second antipsychotic is a blocking warning the doctor overrides.
    body: { startDate: started(), dose: '1 tablet', overrideReason: 'Bewust, in overleg', ...body },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const dose = (patientId: string, orderId: string, overrides: Partial<MedicationAdministration> = {}): MedicationAdministration => ({
  resourceType: 'MedicationAdministration',
  status: 'completed',
  medicationCodeableConcept: { text: 'olanzapine 10 mg' },
  subject: { reference: `Patient/${patientId}` },
  request: { reference: `MedicationRequest/${orderId}` },
  effectiveDateTime: new Date().toISOString(),
  ...overrides,
});

const text = (value: string) => Buffer.from(value, 'utf8').toString('base64');
const letter = (patientId: string, content: string, overrides: Partial<DocumentReference> = {}): DocumentReference => ({
  resourceType: 'DocumentReference',
  status: 'current',
  type: { coding: [{ system: reportTypeSystem, code: 'behandeling' }] },
  subject: { reference: `Patient/${patientId}` },
  content: [{ attachment: { contentType: 'text/plain; charset=utf-8', data: text(content) } }],
  ...overrides,
});

/** Tomorrow at a wall-clock time in Amsterdam. */
const tomorrowAt = (time: string) => new Date(wallClockToIso(`${addDaysToIsoDate(clinicalToday(), 1)}T${time}`)!).toISOString();
const appointment = (patientId: string, start: string, overrides: Partial<Appointment> = {}): Appointment => ({
  resourceType: 'Appointment',
  status: 'booked',
  appointmentType: { coding: [{ system: appointmentTypeSystem, code: 'medicatiecontrole' }] },
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
  participant: [{ actor: { reference: `Patient/${patientId}` }, status: 'accepted' }],
  ...overrides,
});

beforeAll(async () => {
  indexFhirDefinitions();
  const beheerder = await signedInUser('beheerder');
  doctor = { ...beheerder, user: await createUser(beheerder.organisationId, { role: 'psychiater' }), cookie: '' };
  doctor.cookie = (await login(doctor.user.email, doctor.user.password)).cookie!;
  const nurse = await createUser(beheerder.organisationId, { role: 'verpleegkundige' });
  nurseCookie = (await login(nurse.email, nurse.password)).cookie!;
  pharmacy = await register(beheerder.cookie, 'Apotheek en EVS', ['system/*.read', 'system/*.write']);
  token = await tokenFor(pharmacy, 'system/*.read system/*.write');
  client = bearerClient(token);
  readerToken = await tokenFor(await register(beheerder.cookie, 'Alleen lezen', ['system/*.read']), 'system/*.read');
  const elsewhere = await signedInUser('beheerder');
  strangerToken = await tokenFor(await register(elsewhere.cookie, 'Andere instelling', ['system/*.*']), 'system/*.read system/*.write');
  for (const [name, index] of [
    ['kees', 0],
    ['anna', 1],
  ] as const) {
    const response = await write(
      '/api/fhir/Patient',
      'POST',
      fhirPatientBody({ identifier: [{ system: bsnSystem, value: validBsns[index] }] }),
    );
    expect(response.status).toBe(201);
    patient[name] = ((await response.json()) as { id: string }).id;
  }
});

describe('MedicationAdministration', () => {
  it('registers a dose given and a dose refused on the order; the nurse sees both on the medication page', async () => {
    const moment = anHourAgo();
    const orderId = await order(patient.kees, { productCode: 'olanzapine-10', kind: 'vast', times: moment.time });
    const given = await stored<MedicationAdministration>(
      await write(
        '/api/fhir/MedicationAdministration',
        'POST',
        dose(patient.kees, orderId, { extension: [{ url: scheduledUrl, valueDateTime: moment.scheduledFor }] }),
      ),
    );
    expect(given).toMatchObject({ status: 'completed', request: { reference: `MedicationRequest/${orderId}` } });
    const refused = await stored<MedicationAdministration>(
      await write(
        '/api/fhir/MedicationAdministration',
        'POST',
        dose(patient.kees, orderId, {
          status: 'not-done',
          statusReason: [{ coding: [{ system: statusSystem, code: 'geweigerd' }], text: 'Wil niet suf worden' }],
          effectiveDateTime: moment.dayBefore,
        }),
      ),
    );
    expect(refused.statusReason).toEqual([{ coding: [{ system: statusSystem, code: 'geweigerd' }], text: 'Wil niet suf worden' }]);
    const page = (await (await json(`/api/patients/${patient.kees}/medication`, { cookie: nurseCookie })).json()) as {
      administrations: { id: string; status: string; reason: string | null; scheduledFor: string; recordedBy: string | null }[];
    };
    expect(given.performer).toEqual([{ actor: { display: 'Apotheek en EVS (koppeling)' } }]);
    expect(page.administrations.find((row) => row.id === given.id)).toMatchObject({
      status: 'gegeven',
      scheduledFor: moment.scheduledFor,
      recordedBy: 'Apotheek en EVS (koppeling)',
    });
    expect(page.administrations.find((row) => row.id === refused.id)).toMatchObject({ status: 'geweigerd', reason: 'Wil niet suf worden' });
    // The access log names the koppeling, the registration and its patient, as the nurse's own registration would.
    const rows = await asOwner(
      doctor.organisationId,
      async (db) =>
        (
          await db.query<{ action: string; patient_ids: string[] }>(
            `select action, patient_ids from audit_events where user_id = $1 and resource_type = 'MedicationAdministration' and resource_id = $2 order by occurred_at`,
            [pharmacy.clientId, given.id],
          )
        ).rows,
    );
    // Its create once, and the read that checked it.
    expect(rows).toEqual([
      { action: 'create', patient_ids: [patient.kees] },
      { action: 'read', patient_ids: [patient.kees] },
    ]);
  });

  it('refuses a bad body with Dutch field messages, and another patient’s order', async () => {
    const orderId = await order(patient.kees, { productCode: 'olanzapine-10', kind: 'vast', times: '08:00' });
    const wrongStatus = await isOutcome(
      await write('/api/fhir/MedicationAdministration', 'POST', dose(patient.kees, orderId, { status: 'in-progress' })),
      400,
    );
    expect(expressions(wrongStatus)).toEqual(['MedicationAdministration.status']);
    expect(diagnostics(wrongStatus)[0]).toMatch(/^Alleen een gegeven dosis/);
    const noOrder = await isOutcome(
      await write('/api/fhir/MedicationAdministration', 'POST', dose(patient.kees, orderId, { request: undefined })),
      400,
    );
    expect(diagnostics(noOrder)).toEqual(['Geef het voorschrift als request.reference "MedicationRequest/<id>".']);
    const offSchedule = await isOutcome(
      await write(
        '/api/fhir/MedicationAdministration',
        'POST',
        dose(patient.kees, orderId, { effectiveDateTime: new Date(Date.now() - 7 * 60_000).toISOString() }),
      ),
      400,
    );
    expect(offSchedule.issue).toEqual([
      expect.objectContaining({
        diagnostics: 'Op dit tijdstip staat geen dosis van dit voorschrift gepland.',
        expression: ['MedicationAdministration.effectiveDateTime'],
      }),
    ]);
    const othersOrder = await isOutcome(await write('/api/fhir/MedicationAdministration', 'POST', dose(patient.anna, orderId)), 400);
    expect(othersOrder.issue).toEqual([
      expect.objectContaining({
        diagnostics: 'Dit voorschrift is niet gevonden bij deze patiënt.',
        expression: ['MedicationAdministration.request'],
      }),
    ]);
  });

  it('a high-risk dose names its second nurse as verifier', async () => {
    const moment = anHourAgo();
    const orderId = await order(patient.anna, { productCode: 'clozapine-100', kind: 'vast', times: moment.time });
    const body = dose(patient.anna, orderId, { effectiveDateTime: moment.scheduledFor });
    const alone = await isOutcome(await write('/api/fhir/MedicationAdministration', 'POST', body), 400);
    expect(expressions(alone)).toEqual(['MedicationAdministration.performer']);
    expect(diagnostics(alone)[0]).toMatch(/risicovolle medicatie.*tweede verpleegkundige/);
    const verifier = {
      function: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/med-admin-perform-function', code: 'verifier' }] },
      actor: { reference: `Practitioner/${doctor.user.id}` },
    };
    const checked = await stored<MedicationAdministration>(
      await write('/api/fhir/MedicationAdministration', 'POST', { ...body, performer: [verifier] }),
    );
    // The koppeling that registered it, and the second nurse as verifier.
    expect(checked.performer).toEqual([
      { actor: { display: 'Apotheek en EVS (koppeling)' } },
      expect.objectContaining({ actor: expect.objectContaining({ reference: `Practitioner/${doctor.user.id}` }) }),
    ]);
  });

  it('the same dose sent twice at once is registered once', async () => {
    const moment = anHourAgo();
    const orderId = await order(patient.anna, { productCode: 'olanzapine-10', kind: 'vast', times: moment.time });
    const body = dose(patient.anna, orderId, { effectiveDateTime: moment.scheduledFor });
    const answers = await Promise.all([1, 2, 3].map(() => write('/api/fhir/MedicationAdministration', 'POST', body)));
    expect(answers.map((answer) => answer.status).sort(), await answers[0]!.clone().text()).toEqual([201, 409, 409]);
    const conflict = await isOutcome(
      answers.find((answer) => answer.status === 409)!,
      409,
    );
    expect(diagnostics(conflict)).toEqual(['Deze dosis is al geregistreerd.']);
    const found = await client.search('MedicationAdministration', { patient: patient.anna, _count: '100' }, { cache: 'no-cache' });
    expect(
      (found.entry ?? []).filter(
        (entry) => (entry.resource as MedicationAdministration).request?.reference === `MedicationRequest/${orderId}`,
      ),
    ).toHaveLength(1);
  });

  it('a zo-nodig dose in a transaction Bundle keeps to the order’s maximum: the whole Bundle fails, nothing stays', async () => {
    const orderId = await order(patient.kees, {
      productCode: 'lorazepam-1',
      kind: 'zo-nodig',
      indication: 'onrust',
      maxPerDay: 1,
      minIntervalMinutes: 0,
    });
    const gift = (minutesAgo: number) => ({
      request: { method: 'POST' as const, url: 'MedicationAdministration' },
      resource: dose(patient.kees, orderId, {
        reasonCode: [{ text: 'Loopt onrustig op de gang' }],
        effectiveDateTime: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      }),
    });
    const tooMany = await isOutcome(
      await write('/api/fhir', 'POST', { resourceType: 'Bundle', type: 'transaction', entry: [gift(5), gift(2)] }),
      409,
    );
    expect(diagnostics(tooMany)[0]).toMatch(/^Bundle\.entry\[1\]: Het maximum van 1 keer per 24 uur is bereikt/);
    const one = await write('/api/fhir', 'POST', { resourceType: 'Bundle', type: 'transaction', entry: [gift(5)] });
    expect(one.status).toBe(200);
    const answer = (await one.json()) as Bundle;
    expect(answer.entry![0]!.response!.status).toBe('201 Created');
    const found = await client.search('MedicationAdministration', { patient: patient.kees, _count: '100' }, { cache: 'no-cache' });
    expect(
      (found.entry ?? []).filter(
        (entry) => (entry.resource as MedicationAdministration).request?.reference === `MedicationRequest/${orderId}`,
      ),
    ).toHaveLength(1);
  });
});

describe('MedicationAdministration update (ADR 0104)', () => {
  it('the effect of a zo-nodig dose is written once, as on the page; nothing else of a registration changes', async () => {
    const orderId = await order(patient.anna, {
      productCode: 'lorazepam-1',
      kind: 'zo-nodig',
      indication: 'angst',
      maxPerDay: 3,
      minIntervalMinutes: 0,
    });
    const given = await stored<MedicationAdministration>(
      await write(
        '/api/fhir/MedicationAdministration',
        'POST',
        dose(patient.anna, orderId, {
          reasonCode: [{ text: 'Angstig na telefoontje' }],
          effectiveDateTime: new Date(Date.now() - 10 * 60_000).toISOString(),
        }),
      ),
    );
    const put = (body: MedicationAdministration, headers: Record<string, string> = {}) =>
      write(`/api/fhir/MedicationAdministration/${given.id}`, 'PUT', body, headers);
    // Anything but the effect is refused at its path; nothing is written.
    const moved = await isOutcome(
      await put({ ...given, effectiveDateTime: new Date().toISOString(), note: [{ text: 'Effect: rustig' }] }),
      400,
    );
    expect(expressions(moved)).toEqual(['MedicationAdministration.effectiveDateTime']);
    const short = await isOutcome(await put({ ...given, note: [{ text: 'ok' }] }), 400);
    expect(expressions(short)).toEqual(['MedicationAdministration.note[0].text']);
    expect(diagnostics(short)).toEqual(['Beschrijf het effect van de gift.']);
    await isOutcome(await put({ ...given, note: [{ text: 'Effect: rustiger' }] }, { 'If-Match': 'W/"9"' }), 412);
    // The dose as read, with its effect: the next version; the nurse sees the effect on the page.
    const effect = await stored<MedicationAdministration>(await put({ ...given, note: [{ text: 'Effect: na 20 minuten rustiger' }] }), 200);
    expect(effect).toMatchObject({ meta: { versionId: '2' }, note: [{ text: 'Effect: na 20 minuten rustiger' }] });
    const page = (await (await json(`/api/patients/${patient.anna}/medication`, { cookie: nurseCookie })).json()) as {
      administrations: { id: string; effect: string | null }[];
    };
    expect(page.administrations.find((row) => row.id === given.id)).toMatchObject({ effect: 'na 20 minuten rustiger' });
    // Sent back as read: nothing changes; another effect: once only (409); the first version is kept.
    expect(await stored<MedicationAdministration>(await put(effect), 200)).toEqual(effect);
    const again = await isOutcome(await put({ ...effect, note: [{ text: 'Effect: toch weer onrustig' }] }), 409);
    expect(diagnostics(again)).toEqual(['Het effect van deze gift is al vastgelegd.']);
    expect(await client.readVersion('MedicationAdministration', given.id!, '1', { cache: 'no-cache' })).toEqual(given);
    // Another organisation's koppeling does not find the dose.
    await isOutcome(await write(`/api/fhir/MedicationAdministration/${given.id}`, 'PUT', effect, {}, strangerToken), 404);
  });
});

describe('DocumentReference', () => {
  it('a letter from outside becomes a report on the record; a correction is the author’s and moves the version', async () => {
    const created = await stored<DocumentReference>(
      await write('/api/fhir/DocumentReference', 'POST', letter(patient.kees, 'Brief van de huisarts: graag beoordeling.')),
    );
    expect(created.subject).toEqual({ reference: `Patient/${patient.kees}` });
    const list = (await (await json(`/api/reports?patientId=${patient.kees}`, { cookie: nurseCookie })).json()) as {
      items: { id: string; type: string; excerpt: string }[];
    };
    expect(list.items).toContainEqual(
      expect.objectContaining({ id: created.id, type: 'behandeling', excerpt: 'Brief van de huisarts: graag beoordeling.' }),
    );

    const corrected = letter(patient.kees, 'Brief van de huisarts: graag beoordeling deze week.', { id: created.id });
    const stale = await isOutcome(await write(`/api/fhir/DocumentReference/${created.id}`, 'PUT', corrected, { 'If-Match': 'W/"1"' }), 412);
    expect(diagnostics(stale)[0]).toMatch(/intussen gewijzigd/);
    const updated = await stored<DocumentReference>(
      await write(`/api/fhir/DocumentReference/${created.id}`, 'PUT', corrected, { 'If-Match': `W/"${created.meta!.versionId}"` }),
      200,
    );
    expect(updated.meta!.versionId).not.toBe(created.meta!.versionId);
    const report = (await (await json(`/api/reports/${created.id}`, { cookie: nurseCookie })).json()) as {
      content: string;
      authorName: string;
    };
    expect(report).toMatchObject({
      content: 'Brief van de huisarts: graag beoordeling deze week.',
      authorName: 'Apotheek en EVS (koppeling)',
    });
    // A PUT that changes nothing keeps the version.
    const again = await stored<DocumentReference>(await write(`/api/fhir/DocumentReference/${created.id}`, 'PUT', corrected), 200);
    expect(again.meta!.versionId).toBe(updated.meta!.versionId);
    // A reader sees who wrote it; the resource as read goes back unchanged, strictly, without a warning.
    expect(again.author).toEqual([{ display: 'Apotheek en EVS (koppeling)' }]);
    const echoed = await write(`/api/fhir/DocumentReference/${created.id}`, 'PUT', again, { Prefer: 'handling=strict' });
    expect(echoed.status, await echoed.clone().text()).toBe(200);
  });

  it('a clinician’s report is corrected only by its author', async () => {
    const response = await json('/api/reports', {
      method: 'POST',
      cookie: nurseCookie,
      body: { patientId: patient.anna, type: 'verpleegkundig', content: 'Rustige nacht.' },
    });
    const { id } = (await response.json()) as { id: string };
    const body = letter(patient.anna, 'Onrustige nacht.', { id, type: { coding: [{ system: reportTypeSystem, code: 'verpleegkundig' }] } });
    const refused = await isOutcome(await write(`/api/fhir/DocumentReference/${id}`, 'PUT', body), 403);
    expect(diagnostics(refused)).toEqual(['Alleen de auteur kan deze rapportage wijzigen of verwijderen.']);
  });

  it('refuses a bad body in Dutch, warns of what it does not keep, and answers a conditional create with the existing one', async () => {
    const long = await isOutcome(
      await write(
        '/api/fhir/DocumentReference',
        'POST',
        letter(patient.anna, 'x'.repeat(501), {
          type: { coding: [{ system: reportTypeSystem, code: 'dagnotitie' }] },
          category: [{ coding: [{ system: 'https://ggz-epd.nl/fhir/CodeSystem/rapportagecategorie', code: 'observatie' }] }],
        }),
      ),
      400,
    );
    expect(expressions(long)).toEqual(['DocumentReference.content[0].attachment.data']);
    expect(diagnostics(long)[0]).toMatch(/^Een dagnotitie/);
    const pdf = await isOutcome(
      await write(
        '/api/fhir/DocumentReference',
        'POST',
        letter(patient.anna, '', { content: [{ attachment: { contentType: 'application/pdf', url: 'https://example.org/brief.pdf' } }] }),
      ),
      400,
    );
    expect(diagnostics(pdf)[0]).toMatch(/^Stuur de tekst als bijlage met contentType text\/plain/);

    const withAuthor = letter(patient.anna, 'Ontslagbrief kliniek.', { author: [{ display: 'Dr. Elders' }], date: '2026-11-01T10:00:00Z' });
    const warned = await write('/api/fhir/DocumentReference', 'POST', withAuthor, { Prefer: 'return=OperationOutcome' });
    const outcome = await isOutcome(warned, 201);
    expect(outcome.issue.filter((issue) => issue.severity === 'warning').flatMap((issue) => issue.expression)).toEqual([
      'DocumentReference.author',
      'DocumentReference.date',
    ]);
    await isOutcome(await write('/api/fhir/DocumentReference', 'POST', withAuthor, { Prefer: 'handling=strict' }), 400);

    const condition = `patient=${patient.anna}&type=${reportTypeSystem}|behandeling`;
    const existing = await write('/api/fhir/DocumentReference', 'POST', letter(patient.anna, 'Nog een brief.'), {
      'If-None-Exist': condition,
    });
    expect(existing.status).toBe(200);
    expect(((await existing.json()) as DocumentReference).id).toBe(warned.headers.get('location')!.split('/').pop());
  });

  it('the same conditional create sent five times at once creates one report; the others answer it', async () => {
    const condition = `patient=${patient.kees}&type=${reportTypeSystem}|crisis`;
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        write(
          '/api/fhir/DocumentReference',
          'POST',
          letter(patient.kees, 'Crisisbrief.', { type: { coding: [{ system: reportTypeSystem, code: 'crisis' }] } }),
          {
            'If-None-Exist': condition,
          },
        ),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = await Promise.all(responses.map(async (response) => ((await response.json()) as DocumentReference).id));
    expect(new Set(ids).size).toBe(1);
    const found = await client.search('DocumentReference', condition, { cache: 'no-cache' });
    expect(found.entry?.map((entry) => entry.resource!.id)).toEqual([ids[0]]);
  });
});

describe('Appointment', () => {
  it('a planning system books, moves and cancels; the clinician’s agenda shows each', async () => {
    const start = tomorrowAt('10:00');
    const booked = await stored<Appointment>(
      await write('/api/fhir/Appointment', 'POST', appointment(patient.kees, start, { description: 'Locatie: Kamer 3' })),
    );
    expect(booked).toMatchObject({ status: 'booked', start, minutesDuration: 30, description: 'Locatie: Kamer 3' });
    const agenda = async () =>
      (
        (await (
          await json(
            `/api/assistant/agenda?patientId=${patient.kees}&start=${addDaysToIsoDate(clinicalToday(), 1)}&end=${addDaysToIsoDate(clinicalToday(), 1)}`,
            {
              cookie: nurseCookie,
            },
          )
        ).json()) as { appointments: { id: string; start: string; status: string }[] }
      ).appointments.find((item) => item.id === booked.id);
    expect(await agenda()).toMatchObject({ status: 'gepland' });

    const later = tomorrowAt('11:00');
    const moved = await stored<Appointment>(
      await write(
        `/api/fhir/Appointment/${booked.id}`,
        'PUT',
        { ...booked, start: later, end: undefined, minutesDuration: undefined },
        { 'If-Match': `W/"${booked.meta!.versionId}"` },
      ),
      200,
    );
    expect(moved).toMatchObject({ start: later, end: new Date(Date.parse(later) + 30 * 60_000).toISOString() });
    expect(moved.extension).toEqual([expect.objectContaining({ valueCode: 'verplaatst' })]);
    expect(await agenda()).toMatchObject({ status: 'verplaatst', start: later });

    const noReason = await isOutcome(await write(`/api/fhir/Appointment/${booked.id}`, 'PUT', { ...moved, status: 'cancelled' }), 400);
    expect(expressions(noReason)).toEqual(['Appointment.cancelationReason']);
    const cancelled = await stored<Appointment>(
      await write(`/api/fhir/Appointment/${booked.id}`, 'PUT', {
        ...moved,
        status: 'cancelled',
        cancelationReason: { text: 'Patiënt belde af' },
      }),
      200,
    );
    expect(cancelled.cancelationReason).toEqual({ text: 'Patiënt belde af' });
    expect(await agenda()).toMatchObject({ status: 'geannuleerd' });
  });

  it('refuses the past and what the agenda cannot change, in Dutch; another clinician’s appointment is not the koppeling’s', async () => {
    const past = await isOutcome(
      await write('/api/fhir/Appointment', 'POST', appointment(patient.anna, new Date(Date.now() - 3600_000).toISOString())),
      400,
    );
    expect(past.issue).toEqual([
      expect.objectContaining({ diagnostics: 'Een nieuwe afspraak kan niet in het verleden liggen.', expression: ['Appointment.start'] }),
    ]);
    const noType = await isOutcome(
      await write('/api/fhir/Appointment', 'POST', appointment(patient.anna, tomorrowAt('09:00'), { appointmentType: undefined })),
      400,
    );
    expect(expressions(noType)).toEqual(['Appointment.appointmentType']);

    const booked = await stored<Appointment>(await write('/api/fhir/Appointment', 'POST', appointment(patient.anna, tomorrowAt('14:00'))));
    const retyped = await isOutcome(
      await write(`/api/fhir/Appointment/${booked.id}`, 'PUT', {
        ...booked,
        appointmentType: { coding: [{ system: appointmentTypeSystem, code: 'intake' }] },
      }),
      400,
    );
    expect(diagnostics(retyped)).toEqual(['Het soort van een afspraak verandert niet; annuleer haar en plan een nieuwe.']);

    const response = await json('/api/assistant/agenda/create', {
      method: 'POST',
      cookie: nurseCookie,
      body: { patientId: patient.anna, start: tomorrowAt('15:00'), type: 'behandelgesprek' },
    });
    expect(response.status).toBe(201);
    const theirs = await client.readResource('Appointment', ((await response.json()) as { id: string }).id, { cache: 'no-cache' });
    await isOutcome(
      await write(`/api/fhir/Appointment/${theirs.id}`, 'PUT', { ...theirs, status: 'cancelled', cancelationReason: { text: 'x' } }),
      403,
    );
  });
  it('in a batch: a conditional create finds the one booked, a stale ifMatch fails alone, a move with the right version works', async () => {
    const start = tomorrowAt('12:00');
    const booked = await stored<Appointment>(await write('/api/fhir/Appointment', 'POST', appointment(patient.anna, start)));
    const later = tomorrowAt('12:30');
    const answer = await write('/api/fhir', 'POST', {
      resourceType: 'Bundle',
      type: 'batch',
      entry: [
        {
          request: { method: 'POST', url: 'Appointment', ifNoneExist: `patient=${patient.anna}&date=eq${start}` },
          resource: appointment(patient.anna, start),
        },
        {
          request: { method: 'PUT', url: `Appointment/${booked.id}`, ifMatch: 'W/"1"' },
          resource: { ...booked, start: later, end: undefined, minutesDuration: undefined },
        },
        {
          request: { method: 'PUT', url: `Appointment/${booked.id}`, ifMatch: `W/"${booked.meta!.versionId}"` },
          resource: { ...booked, start: later, end: undefined, minutesDuration: undefined },
        },
      ],
    });
    expect(answer.status).toBe(200);
    const entries = ((await answer.json()) as Bundle).entry!;
    expect(entries.map((entry) => entry.response!.status)).toEqual(['200 OK', '412', '200 OK']);
    expect(entries[0]!.resource!.id).toBe(booked.id);
    expect(fhirProblems(entries[1]!.response!.outcome!)).toEqual([]);
    expect((entries[2]!.resource as Appointment).start).toBe(later);
  });
});

const replacesUrl = 'http://hl7.org/fhir/StructureDefinition/observation-replaces';
const glucose = (patientId: string, value: number, effectiveDateTime: string): Observation => ({
  resourceType: 'Observation',
  status: 'final',
  code: { coding: [{ system: 'http://loinc.org', code: '15074-8' }] },
  subject: { reference: `Patient/${patientId}` },
  effectiveDateTime,
  valueQuantity: { value, unit: 'mmol/L', system: 'http://unitsofmeasure.org', code: 'mmol/L' },
});
const quantityOf = (observation: Observation) => observation.valueQuantity?.value;
const componentValues = (observation: Observation) => observation.component!.map((component) => component.valueQuantity!.value);
const anHourBefore = () => new Date(Date.now() - 3600_000).toISOString();

describe('Observation corrections (ADR 0104)', () => {
  it('a lab corrects a result with PUT: the wrong value is kept, marked, beside the right one; the nurse sees the correction', async () => {
    const posted = await stored<Observation>(await write('/api/fhir/Observation', 'POST', glucose(patient.anna, 45, anHourBefore())));
    const response = await write(
      `/api/fhir/Observation/${posted.id}`,
      'PUT',
      { ...posted, status: 'corrected', valueQuantity: { ...posted.valueQuantity, value: 4.5 }, note: [{ text: 'Komma vergeten' }] },
      { 'If-Match': `W/"${posted.meta!.versionId}"` },
    );
    const wrong = await stored<Observation>(response, 200);
    // The Observation sent to is the wrong value, kept as it was and marked, in its next version.
    expect(wrong).toMatchObject({ id: posted.id, status: 'entered-in-error', meta: { versionId: '2' } });
    expect(quantityOf(wrong)).toBe(45);
    expect(response.headers.get('etag')).toBe('W/"2"');
    const successor = /<([^>]+)>; rel="successor-version"/.exec(response.headers.get('link') ?? '')?.[1];
    expect(successor).toMatch(/\/api\/fhir\/Observation\/[0-9a-f-]{36}$/);
    const right = await client.readResource('Observation', successor!.split('/').at(-1)!, { cache: 'no-cache' });
    expect(fhirProblems(right)).toEqual([]);
    expect(right).toMatchObject({
      status: 'corrected',
      effectiveDateTime: posted.effectiveDateTime,
      extension: [{ url: replacesUrl, valueReference: { reference: `Observation/${posted.id}` } }],
      note: [{ text: 'Komma vergeten' }],
    });
    expect(quantityOf(right)).toBe(4.5);
    // The first version is served as it was recorded; the history has both.
    const first = await client.readVersion('Observation', posted.id!, '1', { cache: 'no-cache' });
    expect(fhirProblems(first)).toEqual([]);
    expect(first).toEqual(posted);
    const history = await client.readHistory('Observation', posted.id!, undefined, { cache: 'no-cache' });
    expect(history.entry!.map((entry) => entry.resource)).toEqual([wrong, posted]);
    // The nurse's Metingen tab shows the correction with its reason, as a correction made there.
    const rounds = (await (await json(`/api/patients/${patient.anna}/vitals`, { cookie: nurseCookie })).json()) as {
      rounds: {
        values: { id: string; value: number; correctedAt: string | null; correctsId: string | null; correctionReason: string | null }[];
      }[];
    };
    const values = rounds.rounds.flatMap((round) => round.values);
    expect(values.find((value) => value.id === posted.id)).toMatchObject({ value: 45, correctedAt: expect.any(String) });
    expect(values.find((value) => value.id === right.id)).toMatchObject({
      value: 4.5,
      correctsId: posted.id,
      correctionReason: 'Komma vergeten',
    });
  });

  it('refuses in Dutch what a correction cannot change, a second correction of the same value, a stale version', async () => {
    const moment = anHourBefore();
    const posted = await stored<Observation>(await write('/api/fhir/Observation', 'POST', glucose(patient.anna, 16, moment)));
    const put = (body: Observation, headers: Record<string, string> = {}) =>
      write(`/api/fhir/Observation/${posted.id}`, 'PUT', body, headers);
    const corrected = (value: number) => ({ ...posted, status: 'corrected' as const, valueQuantity: { ...posted.valueQuantity, value } });
    const refused = async (body: Observation, path: string, message: RegExp) => {
      const outcome = await isOutcome(await put(body), 400);
      expect(expressions(outcome)).toEqual([path]);
      expect(diagnostics(outcome).join(' ')).toMatch(message);
    };
    await refused(corrected(1.6), 'Observation.note[0].text', /Geef aan waarom de meting wordt gecorrigeerd/);
    await refused(
      { ...corrected(1.6), note: [{ text: 'Tikfout' }], subject: { reference: `Patient/${patient.kees}` } },
      'Observation.subject',
      /patiënt van een meting verandert niet/,
    );
    await refused(
      { ...corrected(1.6), note: [{ text: 'Tikfout' }], effectiveDateTime: new Date(Date.parse(moment) - 60_000).toISOString() },
      'Observation.effectiveDateTime',
      /tijdstip van een meting verandert niet/,
    );
    await refused(
      {
        ...corrected(1.6),
        note: [{ text: 'Tikfout' }],
        code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] },
        valueQuantity: { value: 16, code: '/min' },
      },
      'Observation.code',
      /meet hetzelfde/,
    );
    await refused({ ...corrected(612), note: [{ text: 'Tikfout' }] }, 'Observation.valueQuantity.value', /glucose/i);
    // Nothing of the refusals was kept; the same values are no correction and keep the version.
    const same = await stored<Observation>(await put({ ...posted, note: [{ text: 'Niets veranderd' }] }), 200);
    expect(same).toEqual(posted);
    await isOutcome(await put({ ...corrected(1.6), note: [{ text: 'Tikfout' }] }, { 'If-Match': 'W/"7"' }), 412);
    expect((await put({ ...corrected(1.6), note: [{ text: 'Tikfout' }] })).status).toBe(200);
    // The wrong value is corrected once: correct the newest value instead.
    const again = await isOutcome(await put({ ...corrected(1.7), note: [{ text: 'Nog eens' }] }), 409);
    expect(diagnostics(again)).toEqual(['Deze meting is al gecorrigeerd; corrigeer de nieuwste waarde.']);
    // Another organisation's koppeling does not find it; a read-only one may not write.
    await isOutcome(await write(`/api/fhir/Observation/${posted.id}`, 'PUT', corrected(1.8), {}, strangerToken), 404);
    await isOutcome(await write(`/api/fhir/Observation/${posted.id}`, 'PUT', corrected(1.8), {}, readerToken), 403);
  });

  it('a correction posted with observation-replaces, also in a transaction; a panel keeps its id when only the diastolic value changes', async () => {
    const moment = anHourBefore();
    const panel = (systolic: number, diastolic: number): Observation => ({
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '85354-9' }] },
      subject: { reference: `Patient/${patient.kees}` },
      effectiveDateTime: moment,
      component: [
        { code: { coding: [{ system: 'http://loinc.org', code: '8480-6' }] }, valueQuantity: { value: systolic, code: 'mm[Hg]' } },
        { code: { coding: [{ system: 'http://loinc.org', code: '8462-4' }] }, valueQuantity: { value: diastolic, code: 'mm[Hg]' } },
      ],
    });
    const posted = await stored<Observation>(await write('/api/fhir/Observation', 'POST', panel(128, 48)));
    const replacing = (body: Observation, id: string, reason: string): Observation => ({
      ...body,
      status: 'corrected',
      extension: [{ url: replacesUrl, valueReference: { reference: `Observation/${id}` } }],
      note: [{ text: reason }],
    });
    // Only the diastolic value: the same panel, its next version.
    const diastolic = await stored<Observation>(
      await write('/api/fhir/Observation', 'POST', replacing(panel(128, 84), posted.id!, 'Onderdruk verkeerd overgenomen')),
      200,
    );
    expect(diastolic).toMatchObject({ id: posted.id, status: 'corrected', meta: { versionId: '2' } });
    expect(componentValues(diastolic)).toEqual([128, 84]);
    expect(componentValues(await client.readVersion('Observation', posted.id!, '1', { cache: 'no-cache' }))).toEqual([128, 48]);
    // The systolic value, in a transaction: a new Observation replacing the panel.
    const bundle = await write('/api/fhir', 'POST', {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [{ request: { method: 'POST', url: 'Observation' }, resource: replacing(panel(118, 84), posted.id!, 'Bovendruk verkeerd') }],
    });
    expect(bundle.status, await bundle.clone().text()).toBe(200);
    const created = ((await bundle.json()) as Bundle).entry![0]!;
    expect(created.response!.status).toMatch(/^201/);
    const right = created.resource as Observation;
    expect(right).toMatchObject({ status: 'corrected', extension: [{ valueReference: { reference: `Observation/${posted.id}` } }] });
    expect(componentValues(right)).toEqual([118, 84]);
    expect(await client.readResource('Observation', posted.id!, { cache: 'no-cache' })).toMatchObject({
      status: 'entered-in-error',
      meta: { versionId: '3' },
    });
    // A reference that is no Observation of ours.
    const outcome = await isOutcome(
      await write('/api/fhir/Observation', 'POST', replacing(panel(118, 84), crypto.randomUUID(), 'Fout')),
      404,
    );
    expect(diagnostics(outcome)).toEqual(['De gevraagde meting is niet gevonden.']);
    const malformed = await isOutcome(
      await write('/api/fhir/Observation', 'POST', {
        ...panel(118, 84),
        extension: [{ url: replacesUrl, valueReference: { reference: 'Patient/x' } }],
      }),
      400,
    );
    expect(expressions(malformed)).toEqual(['Observation.extension']);
  });
});

describe('who may write', () => {
  it('another organisation’s koppeling cannot write to our patient; a read-only koppeling gets 403', async () => {
    const orderId = await order(patient.kees, { productCode: 'olanzapine-10', kind: 'vast', times: '08:00' });
    const bodies: [string, Resource][] = [
      ['MedicationAdministration', dose(patient.kees, orderId)],
      ['DocumentReference', letter(patient.kees, 'Brief.')],
      ['Appointment', appointment(patient.kees, tomorrowAt('16:00'))],
      [
        'Observation',
        {
          resourceType: 'Observation',
          status: 'final',
          code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] },
          subject: { reference: `Patient/${patient.kees}` },
          effectiveDateTime: new Date().toISOString(),
          valueQuantity: { value: 72, unit: '/min', system: 'http://unitsofmeasure.org', code: '/min' },
        } as Resource,
      ],
    ];
    for (const [type, body] of bodies) {
      const stranger = await isOutcome(await write(`/api/fhir/${type}`, 'POST', body, {}, strangerToken), 404);
      expect(diagnostics(stranger), type).toEqual(['De gevraagde patiënt is niet gevonden.']);
      const reader = await isOutcome(await write(`/api/fhir/${type}`, 'POST', body, {}, readerToken), 403);
      expect(diagnostics(reader), type).toEqual([
        `Dit toegangstoken geeft geen recht op schrijven van ${type} (scope system/${type}.write).`,
      ]);
      const inBundle = await isOutcome(
        await write(
          '/api/fhir',
          'POST',
          { resourceType: 'Bundle', type: 'transaction', entry: [{ request: { method: 'POST', url: type }, resource: body }] },
          {},
          readerToken,
        ),
        403,
      );
      expect(diagnostics(inBundle)[0], type).toMatch(/geen recht op schrijven/);
    }
    // Another organisation's report or appointment is not found, not refused.
    const ours = await stored<DocumentReference>(await write('/api/fhir/DocumentReference', 'POST', letter(patient.kees, 'Van ons.')));
    await isOutcome(await write(`/api/fhir/DocumentReference/${ours.id}`, 'PUT', ours, {}, strangerToken), 404);
  });

  it('the CapabilityStatement advertises exactly the writes that work', async () => {
    const statement = (await (await request('/api/fhir/metadata')).json()) as CapabilityStatement;
    const interactions = Object.fromEntries(
      statement.rest![0]!.resource!.map((resource) => [
        resource.type,
        resource
          .interaction!.map((interaction) => interaction.code)
          .filter((code) => !['vread', 'history-instance', 'history-type'].includes(code))
          .sort(),
      ]),
    );
    expect(interactions).toMatchObject({
      Observation: ['create', 'read', 'search-type', 'update'],
      MedicationAdministration: ['create', 'read', 'search-type', 'update'],
      DocumentReference: ['create', 'read', 'search-type', 'update'],
      Appointment: ['create', 'read', 'search-type', 'update'],
      MedicationRequest: ['read', 'search-type'],
    });
    // What is not advertised answers 405.
    await isOutcome(await write(`/api/fhir/Condition/${crypto.randomUUID()}`, 'PUT', {}), 405);
    await isOutcome(await write('/api/fhir/MedicationRequest', 'POST', {}), 405);
  });
});
