import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToIsoDate, clinicalToday } from '../../domain/shared/clinical-time';
import { hiddenCharacterMessage } from '../../domain/shared/validation';
import { asOwner, fhirPatientBody, registerPatient, signedInUser, validBsns, type SignedIn } from '../support/factories';
import { json, request } from '../support/http';

/*
 * Issue 41, point 7: the patient list as a ward view. A room (kamer/bed) on the patient, editable
 * through the API and the form; the list shows per patient the room, the legal status, the
 * allergies and the latest NEWS2/BVC with its band, and sorts by urgency with the handover's alert
 * definition. Measurements are seeded relative to the moment the test starts.
 */

let nurse: SignedIn;
let other: SignedIn;
const ids: Record<'fever' | 'violent' | 'quiet' | 'planned', string> = { fever: '', violent: '', quiet: '', planned: '' };
const start = Date.now();
const hoursAgo = (hours: number) => new Date(start - hours * 3600_000);
type Fields = Record<string, string>;
const fieldsOf = async (response: Response) => ((await response.json()) as { error: { details: { fields: Fields } } }).error.details.fields;
const patch = (id: string, body: unknown, cookie = nurse.cookie) => json(`/api/patients/${id}`, { method: 'PATCH', cookie, body });
const page = async (path: string) => {
  const response = await request(path, { cookie: nurse.cookie });
  expect(response.status).toBe(200);
  // React's markers between adjacent texts are no part of what a reader sees.
  return (await response.text()).replaceAll('<!-- -->', '');
};
/** The names in the list, in the order the page shows them. */
const namesIn = (html: string) => [...html.matchAll(/class="row-link"[^>]*>([^<]+)</g)].map(([, name]) => name);

async function patient(given: string, family: string, bsn: string, status: 'active' | 'planned', updatedHoursAgo: number): Promise<string> {
  const id = await registerPatient(nurse.cookie, {
    name: [{ family, given: [given] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: bsn }],
  });
  await asOwner(nurse.organisationId, (db) =>
    db.query('update patients set episode_status = $2, updated_at = $3 where id = $1', [id, status, hoursAgo(updatedHoursAgo)]),
  );
  return id;
}

beforeAll(async () => {
  nurse = await signedInUser('verpleegkundige');
  other = await signedInUser('verpleegkundige');
  // By urgency: Koorts (NEWS2 10, round late), Onrust (BVC 3), then the quiet ones by newest change.
  ids.fever = await patient('Pieter', 'Koorts', validBsns[4]!, 'active', 30);
  ids.violent = await patient('Kees', 'Onrust', validBsns[6]!, 'active', 20);
  ids.quiet = await patient('Anna', 'Rust', validBsns[7]!, 'active', 10);
  ids.planned = await patient('Bram', 'Later', validBsns[8]!, 'planned', 40);

  const vitals = await json(`/api/patients/${ids.fever}/vitals`, {
    method: 'POST',
    cookie: nurse.cookie,
    body: {
      observedAt: hoursAgo(10).toISOString(),
      measures: { ademhaling: 22, saturatie: 95, 'bloeddruk-systolisch': 132, hartfrequentie: 118, temperatuur: 39.4 },
      consciousness: 'C',
      oxygen: false,
    },
  });
  expect(vitals.status).toBe(201);
  const quietRound = await json(`/api/patients/${ids.quiet}/vitals`, {
    method: 'POST',
    cookie: nurse.cookie,
    body: {
      observedAt: hoursAgo(1).toISOString(),
      measures: { ademhaling: 16, saturatie: 98, 'bloeddruk-systolisch': 124, hartfrequentie: 72, temperatuur: 36.8 },
      consciousness: 'A',
      oxygen: false,
    },
  });
  expect(quietRound.status).toBe(201);

  const today = clinicalToday(new Date(start));
  await asOwner(nurse.organisationId, async (db) => {
    const org = nurse.organisationId;
    await db.query(
      `insert into legal_statuses (id, organisation_id, patient_id, kind, starts_on, ends_on, recorded_by)
       values (gen_random_uuid(), $1, $2, 'wvggz-zorgmachtiging', $3, null, $4),
              (gen_random_uuid(), $1, $5, 'vrijwillig', $3, null, $4)`,
      [org, ids.violent, addDaysToIsoDate(today, -30), nurse.user.id, ids.quiet],
    );
    await db.query(
      `insert into allergies (id, organisation_id, patient_id, kind, substance, reaction, severity, recorded_by)
       values (gen_random_uuid(), $1, $2, 'allergie', 'Pinda', 'Jeuk', 'licht', $3),
              (gen_random_uuid(), $1, $2, 'allergie', 'Penicilline', 'Benauwd', 'ernstig', $3),
              (gen_random_uuid(), $1, $4, 'geen-bekende', null, null, null, $3)`,
      [org, ids.fever, nurse.user.id, ids.quiet],
    );
    await db.query(
      `insert into scale_scores (id, organisation_id, patient_id, scale, items, score, observed_at)
       values (gen_random_uuid(), $1, $2, 'bvc', $3, 3, $4)`,
      [org, ids.violent, JSON.stringify({ verward: true, prikkelbaar: true, luidruchtig: true }), hoursAgo(2)],
    );
  });
});

describe('the room of a patient', () => {
  it('is set, shown and cleared through PATCH /api/patients/{id}, and logged without its value', async () => {
    const set = await patch(ids.fever, { room: '  K12 ' });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ id: ids.fever, room: 'K12', displayName: 'Pieter Koorts' });
    expect(await (await json(`/api/patients/${ids.fever}`, { cookie: nurse.cookie })).json()).toMatchObject({ room: 'K12' });
    expect(await page(`/patients/${ids.fever}`)).toContain('Kamer <strong>K12</strong>');

    // A FHIR PUT has no room and leaves it as it is.
    const put = await json(`/api/fhir/Patient/${ids.fever}`, {
      method: 'PUT',
      cookie: nurse.cookie,
      body: {
        ...fhirPatientBody({
          name: [{ family: 'Koorts', given: ['Pieter'] }],
          identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[4] }],
        }),
        id: ids.fever,
      },
    });
    expect(put.status).toBe(200);
    expect(await (await json(`/api/patients/${ids.fever}`, { cookie: nurse.cookie })).json()).toMatchObject({ room: 'K12' });

    await patch(ids.quiet, { room: 'Tijdelijk' });
    const cleared = await patch(ids.quiet, { room: '' });
    expect(await cleared.json()).toMatchObject({ room: null });
    expect((await (await patch(ids.quiet, { room: null })).json()) as object).toMatchObject({ room: null });

    const [logged] = await asOwner(nurse.organisationId, async (db) =>
      (
        await db.query<{ details: { changed: string[] } }>(
          "select details from audit_events where action = 'update' and $1 = any(patient_ids) order by occurred_at desc limit 1",
          [ids.fever],
        )
      ).rows.map((row) => row.details),
    );
    expect(JSON.stringify(logged)).not.toContain('K12');
  });

  it('answers bad rooms with a 400 and Dutch field messages, and stores nothing', async () => {
    const cases: [unknown, Fields][] = [
      [
        { room: 'Kamer 12 bed 3 links achter' },
        { room: 'De kamer is te lang: gebruik maximaal 20 tekens, bijvoorbeeld "K12" of "Kamer 3 bed 2".' },
      ],
      [{ room: 'K1\u202E2' }, { room: hiddenCharacterMessage }],
      [{ room: 'K\u000012' }, { room: hiddenCharacterMessage }],
      [{ room: 'K12\nK13' }, { room: 'Een kamer past op één regel, zonder tabs of regeleinden.' }],
      [{ room: 12 }, { room: 'Vul de kamer in als tekst, bijvoorbeeld "K12".' }],
      [{}, { room: 'Vul de kamer in als tekst, bijvoorbeeld "K12".' }],
      [
        { room: 'K1', familyName: 'Anders' },
        { _: 'Alleen de kamer ("room") kan hier worden gewijzigd; andere gegevens wijzig je via FHIR PUT of het formulier.' },
      ],
      [['K12'], { _: 'Stuur een JSON-object met de kamer, bijvoorbeeld {"room": "K12"}.' }],
    ];
    for (const [body, fields] of cases) {
      const response = await patch(ids.violent, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await fieldsOf(response), JSON.stringify(body)).toEqual(fields);
    }
    const [row] = await asOwner(
      nurse.organisationId,
      async (db) => (await db.query<{ room: string | null }>('select room from patients where id = $1', [ids.violent])).rows,
    );
    expect(row!.room).toBeNull();
  });

  it("is a 404 for another organisation's patient, whatever the body", async () => {
    for (const body of [{ room: 'K1' }, { room: 'x'.repeat(40) }]) {
      const response = await patch(ids.fever, body, other.cookie);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe('De gevraagde patiënt is niet gevonden.');
    }
    expect((await json(`/api/patients/${ids.fever}`, { cookie: other.cookie })).status).toBe(404);
    expect(await (await json(`/api/patients/${ids.fever}`, { cookie: nurse.cookie })).json()).toMatchObject({ room: 'K12' });
  });

  it('is edited in the form without JavaScript, with the Dutch message on a bad one', async () => {
    const form = {
      nameGiven: 'Kees',
      familyName: 'Onrust',
      bsn: validBsns[6]!,
      birthDate: '1971-04-12',
      gender: 'male',
      episodeStatus: 'active',
    };
    const edit = await page(`/patients/${ids.violent}/edit`);
    expect(edit).toContain('Kamer / bed');
    const tooLong = await request(`/patients/${ids.violent}/edit`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: new URLSearchParams({ ...form, room: 'Kamer 12 bed 3 links achter' }),
    });
    expect(tooLong.status).toBe(400);
    const html = await tooLong.text();
    expect(html).toContain('De kamer is te lang: gebruik maximaal 20 tekens');
    expect(html).toContain('value="Kamer 12 bed 3 links achter"');

    const saved = await request(`/patients/${ids.violent}/edit`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: new URLSearchParams({ ...form, room: 'Kamer 3 bed 2' }),
    });
    expect(saved.status).toBe(302);
    expect(await page(`/patients/${ids.violent}`)).toContain('Kamer <strong>Kamer 3 bed 2</strong>');
  });
});

describe('the patient list as a ward view', () => {
  beforeAll(async () => {
    // The room edits above changed the rows: the newest change is set again, Rust first, then Onrust, Koorts.
    await asOwner(nurse.organisationId, async (db) => {
      for (const [id, hours] of [
        [ids.quiet, 10],
        [ids.violent, 20],
        [ids.fever, 30],
      ] as const)
        await db.query('update patients set updated_at = $2 where id = $1', [id, hoursAgo(hours)]);
    });
  });

  it('shows room, legal status, allergies and the NEWS2/BVC flag per patient, newest change first', async () => {
    const html = await page('/patients?status=active');
    expect(namesIn(html)).toEqual(['Anna Rust', 'Kees Onrust', 'Pieter Koorts']);
    const rowOf = (name: string) => html.slice(html.indexOf(`>${name}<`), html.indexOf('</tr>', html.indexOf(`>${name}<`)));

    const fever = rowOf('Pieter Koorts');
    expect(fever).toContain('<strong>K12</strong>');
    expect(fever).toContain('Niet vastgelegd'); // no legal status
    expect(fever).toMatch(/Penicilline <span[^>]*>\(ernstig\)<\/span><\/li><li[^>]*>Pinda/);
    expect(fever).toContain('NEWS2 10 · hoog risico · controle te laat');
    expect(fever).toContain('warning-kritiek');

    const violent = rowOf('Kees Onrust');
    expect(violent).toContain('<strong>Kamer 3 bed 2</strong>');
    expect(violent).toContain('Zorgmachtiging (Wvggz)');
    expect(violent).toContain('BVC 3 · risico zeer hoog');
    expect(violent).toContain('banner-unknown">Niet vastgelegd'); // allergies not recorded

    const quiet = rowOf('Anna Rust');
    expect(quiet).toContain('Vrijwillig');
    expect(quiet).toContain('Geen bekende');
    expect(quiet).toContain('NEWS2 0 · laag risico');
    expect(quiet).not.toContain('warning-');

    expect(html).not.toContain('Bram Later');
    expect(html).toContain('1–3 van 3');
  });

  it('sorts by urgency with the handover alert definition, without JavaScript (a link)', async () => {
    const list = await page('/patients');
    expect(list).toContain('href="/patients?volgorde=urgentie"');
    const html = await page('/patients?volgorde=urgentie');
    // NEWS2 10 with a late round (two critical warnings), then BVC 3 (one), then the quiet ones by newest change.
    expect(namesIn(html)).toEqual(['Pieter Koorts', 'Kees Onrust', 'Anna Rust', 'Bram Later']);
    expect(html).toContain('Meest urgente alerts eerst');
    expect(html).toMatch(/aria-current="true"[^>]*>Urgentie|Urgentie<\/a>/);
    // The order keeps the status filter, and the filter keeps the order.
    expect(namesIn(await page('/patients?volgorde=urgentie&status=planned'))).toEqual(['Bram Later']);
    expect(list).toContain('href="/patients?status=active"');
    expect(html).toContain('href="/patients?volgorde=urgentie&amp;status=active"');
  });

  it('logs every patient it shows, naming them', async () => {
    const before = new Date();
    await page('/patients?volgorde=urgentie');
    const rows = await asOwner(
      nurse.organisationId,
      async (db) =>
        (
          await db.query<{ patient_ids: string[]; details: { order: string } }>(
            "select patient_ids, details from audit_events where action = 'search' and resource_type = 'Patient' and occurred_at >= $1",
            [before],
          )
        ).rows,
    );
    expect(rows).toHaveLength(1);
    expect(new Set(rows[0]!.patient_ids)).toEqual(new Set(Object.values(ids)));
    expect(rows[0]!.details.order).toBe('urgentie');
  });
});
