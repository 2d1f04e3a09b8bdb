import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToIsoDate, clinicalToday } from '../../domain/shared/clinical-time';
import { asOwner, createRisk, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { generateBsn } from '../../domain/demo/patient-generator';
import { json, request } from '../support/http';

/*
 * Issue 25, point 6: legal status with its history, allergies ("geen bekende" apart from "niet
 * vastgelegd"), the signaleringsplan in versions, and the banner on the record and at handover.
 */

let nurse: SignedIn;
/** What `createUser` names every test user. */
const nurseName = 'Test Zorgverlener';
let other: SignedIn;
const today = clinicalToday();

type Fields = Record<string, string>;
const fieldsOf = async (response: Response) => ((await response.json()) as { error: { details: { fields: Fields } } }).error.details.fields;

async function patient(owner = nurse, given = 'Jan'): Promise<string> {
  return registerPatient(owner.cookie, {
    name: [{ family: 'Bakker', given: [given] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: generateBsn(Math.random) }],
  });
}

const post = (path: string, body: unknown, cookie = nurse.cookie) => json(path, { method: 'POST', cookie, body });

async function count(table: string, patientId: string, owner = nurse): Promise<number> {
  return asOwner(owner.organisationId, async (db) =>
    Number((await db.query(`select count(*) from ${table} where patient_id = $1`, [patientId])).rows[0].count),
  );
}

async function logOf(patientId: string, owner = nurse): Promise<string[]> {
  return asOwner(owner.organisationId, async (db) =>
    (
      await db.query(
        `select action || ':' || resource_type || ':' || outcome as entry from audit_events where $1 = any(patient_ids) order by occurred_at`,
        [patientId],
      )
    ).rows.map((row: { entry: string }) => row.entry),
  );
}

const plan = (rood = 'Continue observatie, psychiater bellen.') => ({
  phases: {
    groen: { signals: 'Slaapt goed, eet mee.', patientActions: 'Wandelen.', teamActions: 'Dagelijks contact.' },
    oranje: { signals: 'Loopt op de gang, slaapt slecht.', teamActions: 'Elk uur contact, prikkels beperken.' },
    rood: { signals: 'Uit doodsgedachten.', patientActions: '', teamActions: rood },
  },
});

beforeAll(async () => {
  nurse = await signedInUser('verpleegkundige');
  other = await signedInUser('verpleegkundige');
});

describe('legal status (API)', () => {
  it('registers a status with its period; a new one keeps the old, and the current one covers today', async () => {
    const id = await patient();
    const voluntary = await post(`/api/patients/${id}/legal-status`, {
      kind: 'vrijwillig',
      startsOn: addDaysToIsoDate(today, -30),
      endsOn: addDaysToIsoDate(today, -2),
    });
    expect(voluntary.status).toBe(201);
    const crisis = await post(`/api/patients/${id}/legal-status`, {
      kind: 'wvggz-crisismaatregel',
      startsOn: addDaysToIsoDate(today, -1),
      endsOn: addDaysToIsoDate(today, 2),
      note: 'Burgemeester',
    });
    expect(crisis.status).toBe(201);
    expect(await crisis.json()).toMatchObject({ label: 'Crisismaatregel (Wvggz)', law: 'Wvggz', current: true, note: 'Burgemeester' });

    const body = (await (await json(`/api/patients/${id}/legal-status`, { cookie: nurse.cookie })).json()) as {
      current: { kind: string; startsOn: string; endsOn: string } | null;
      history: { kind: string; current: boolean }[];
    };
    expect(body.current).toMatchObject({
      kind: 'wvggz-crisismaatregel',
      startsOn: addDaysToIsoDate(today, -1),
      endsOn: addDaysToIsoDate(today, 2),
    });
    expect(body.history.map((entry) => [entry.kind, entry.current])).toEqual([
      ['wvggz-crisismaatregel', true],
      ['vrijwillig', false],
    ]);
  });

  it('answers wrong input with Dutch field messages and stores nothing', async () => {
    const id = await patient();
    const empty = await post(`/api/patients/${id}/legal-status`, {});
    expect(empty.status).toBe(400);
    expect(await fieldsOf(empty)).toEqual({ kind: 'Kies de rechtspositie.', startsOn: 'Vul een geldige ingangsdatum in.' });
    const backwards = await post(`/api/patients/${id}/legal-status`, {
      kind: 'wvggz-zorgmachtiging',
      startsOn: today,
      endsOn: addDaysToIsoDate(today, -1),
    });
    expect(await fieldsOf(backwards)).toEqual({ endsOn: 'De einddatum ligt voor de ingangsdatum.' });
    const wrongDate = await post(`/api/patients/${id}/legal-status`, { kind: 'vrijwillig', startsOn: '31-02-2026' });
    expect(await fieldsOf(wrongDate)).toEqual({ startsOn: 'Vul een geldige ingangsdatum in.' });
    expect(await count('legal_statuses', id)).toBe(0);
  });

  it('a correction never overwrites: the old registration stays, marked with who, when and why', async () => {
    const id = await patient();
    const wrong = (await (
      await post(`/api/patients/${id}/legal-status`, { kind: 'wvggz-zorgmachtiging', startsOn: addDaysToIsoDate(today, -3) })
    ).json()) as { id: string };
    const noReason = await post(`/api/legal-status/${wrong.id}/correct`, { kind: 'wvggz-crisismaatregel', startsOn: today });
    expect(noReason.status).toBe(400);
    expect(await fieldsOf(noReason)).toEqual({ reason: 'Geef aan waarom de rechtspositie wordt gecorrigeerd.' });

    const corrected = await post(`/api/legal-status/${wrong.id}/correct`, {
      kind: 'wvggz-crisismaatregel',
      startsOn: addDaysToIsoDate(today, -3),
      endsOn: addDaysToIsoDate(today, 0),
      reason: 'Het was een crisismaatregel, geen zorgmachtiging',
    });
    expect(corrected.status).toBe(201);
    expect(await corrected.json()).toMatchObject({ kind: 'wvggz-crisismaatregel', correctsId: wrong.id, current: true });
    const rows = await asOwner(
      nurse.organisationId,
      async (db) =>
        (await db.query('select id, kind, corrected_at, corrected_by from legal_statuses where patient_id = $1 order by recorded_at', [id]))
          .rows,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ id: wrong.id, kind: 'wvggz-zorgmachtiging', corrected_by: nurse.user.id });
    expect(rows[0].corrected_at).not.toBeNull();
    const again = await post(`/api/legal-status/${wrong.id}/correct`, { kind: 'vrijwillig', startsOn: today, reason: 'nogmaals' });
    expect(again.status).toBe(409);

    const page = await (await request(`/patients/${id}/verplichte-zorg`, { cookie: nurse.cookie })).text();
    expect(page).toContain('Correctie: Het was een crisismaatregel, geen zorgmachtiging');
    expect(page).toMatch(/<del>Zorgmachtiging \(Wvggz\)<\/del>/);
  });

  it("answers another organisation's patient and status with 404 and changes nothing", async () => {
    const theirs = await patient(other);
    const status = (await (
      await post(`/api/patients/${theirs}/legal-status`, { kind: 'vrijwillig', startsOn: today }, other.cookie)
    ).json()) as {
      id: string;
    };
    expect((await post(`/api/patients/${theirs}/legal-status`, { kind: 'vrijwillig', startsOn: today })).status).toBe(404);
    expect((await json(`/api/patients/${theirs}/legal-status`, { cookie: nurse.cookie })).status).toBe(404);
    expect(
      (await post(`/api/legal-status/${status.id}/correct`, { kind: 'wvggz-zorgmachtiging', startsOn: today, reason: 'overgenomen' }))
        .status,
    ).toBe(404);
    // A body that is wrong as well: still the 404, not a 400 that tells the record exists.
    expect((await post(`/api/legal-status/${status.id}/correct`, {})).status).toBe(404);
    expect(await count('legal_statuses', theirs, other)).toBe(1);
    const [row] = await asOwner(
      other.organisationId,
      async (db) => (await db.query('select corrected_at from legal_statuses where id = $1', [status.id])).rows,
    );
    expect(row.corrected_at).toBeNull();
  });
});

describe('allergies (API)', () => {
  it('tells "niet vastgelegd" from "geen bekende allergieën", and a new allergy ends the latter', async () => {
    const id = await patient();
    const overview = async () =>
      (await (await json(`/api/patients/${id}/allergies`, { cookie: nurse.cookie })).json()) as {
        status: string;
        active: { substance: string; severity: string }[];
        history: { kind: string; lapsedAt: string | null; lapseReason: string | null }[];
      };
    expect((await overview()).status).toBe('niet-vastgelegd');
    expect((await post(`/api/patients/${id}/allergies`, { noKnownAllergies: true })).status).toBe(201);
    expect((await overview()).status).toBe('geen-bekende');
    expect((await post(`/api/patients/${id}/allergies`, { noKnownAllergies: true })).status).toBe(409);

    const added = await post(`/api/patients/${id}/allergies`, { substance: 'Penicilline', reaction: 'Benauwd', severity: 'ernstig' });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ kind: 'allergie', substance: 'Penicilline', severity: 'ernstig', recordedBy: nurseName });
    const after = await overview();
    expect(after.status).toBe('vastgelegd');
    expect(after.active).toMatchObject([{ substance: 'Penicilline', severity: 'ernstig' }]);
    expect(after.history.find((entry) => entry.kind === 'geen-bekende')).toMatchObject({ lapseReason: 'Allergie vastgelegd: Penicilline' });
    // "Geen bekende" cannot stand beside a known allergy.
    const contradiction = await post(`/api/patients/${id}/allergies`, { noKnownAllergies: true });
    expect(contradiction.status).toBe(409);
    expect(((await contradiction.json()) as { error: { message: string } }).error.message).toBe(
      'Er staan nog allergieën vastgelegd. Laat die eerst vervallen, met een reden.',
    );
  });

  it('answers wrong input with Dutch field messages', async () => {
    const id = await patient();
    const wrong = await post(`/api/patients/${id}/allergies`, { substance: '', severity: 'heel erg' });
    expect(wrong.status).toBe(400);
    expect(await fieldsOf(wrong)).toEqual({
      substance: 'Vul de stof of het middel in.',
      severity: 'Kies de ernst: licht, matig of ernstig.',
    });
    expect(await count('allergies', id)).toBe(0);
  });

  it('an allergy lapses with a reason and stays in the history; it is never deleted', async () => {
    const id = await patient();
    const allergy = (await (await post(`/api/patients/${id}/allergies`, { substance: 'Latex', severity: 'matig' })).json()) as {
      id: string;
    };
    const noReason = await post(`/api/allergies/${allergy.id}/lapse`, {});
    expect(noReason.status).toBe(400);
    expect(await fieldsOf(noReason)).toEqual({ reason: 'Geef aan waarom de allergie vervalt.' });
    const lapsed = await post(`/api/allergies/${allergy.id}/lapse`, { reason: 'Bij navraag geen allergie' });
    expect(lapsed.status).toBe(200);
    expect(await lapsed.json()).toMatchObject({ lapseReason: 'Bij navraag geen allergie', lapsedBy: nurseName });
    expect((await post(`/api/allergies/${allergy.id}/lapse`, { reason: 'nogmaals' })).status).toBe(409);
    expect(await count('allergies', id)).toBe(1);
    const body = (await (await json(`/api/patients/${id}/allergies`, { cookie: nurse.cookie })).json()) as {
      status: string;
      history: unknown[];
    };
    expect(body.status).toBe('niet-vastgelegd');
    expect(body.history).toHaveLength(1);
    expect((await json(`/api/allergies/${allergy.id}/lapse`, { method: 'DELETE', cookie: nurse.cookie })).status).toBe(405);
  });

  it("answers another organisation's patient and allergy with 404 and changes nothing", async () => {
    const theirs = await patient(other);
    const allergy = (await (
      await post(`/api/patients/${theirs}/allergies`, { substance: 'Jodium', severity: 'licht' }, other.cookie)
    ).json()) as {
      id: string;
    };
    expect((await post(`/api/patients/${theirs}/allergies`, { substance: 'Noten', severity: 'ernstig' })).status).toBe(404);
    expect((await post(`/api/patients/${theirs}/allergies`, {})).status).toBe(404);
    expect((await json(`/api/patients/${theirs}/allergies`, { cookie: nurse.cookie })).status).toBe(404);
    expect((await post(`/api/allergies/${allergy.id}/lapse`, { reason: 'overgenomen' })).status).toBe(404);
    const rows = await asOwner(
      other.organisationId,
      async (db) => (await db.query('select lapsed_at from allergies where patient_id = $1', [theirs])).rows,
    );
    expect(rows).toEqual([{ lapsed_at: null }]);
  });
});

describe('signaleringsplan (API)', () => {
  it('each save is a new version; the latest is shown and earlier versions stay readable', async () => {
    const id = await patient();
    const empty = (await (await json(`/api/patients/${id}/signaleringsplan`, { cookie: nurse.cookie })).json()) as { latest: unknown };
    expect(empty.latest).toBeNull();
    expect((await post(`/api/patients/${id}/signaleringsplan`, plan('Psychiater bellen.'))).status).toBe(201);
    const second = await post(`/api/patients/${id}/signaleringsplan`, plan('Continue observatie, psychiater direct bellen.'));
    expect(second.status).toBe(201);
    expect(await second.json()).toMatchObject({ version: 2, createdBy: nurseName });

    type Plan = { version: number; phases: { key: string; label: string; teamActions: string }[] };
    const body = (await (await json(`/api/patients/${id}/signaleringsplan`, { cookie: nurse.cookie })).json()) as {
      latest: Plan;
      shown: Plan;
      versions: { version: number }[];
    };
    expect(body.latest.version).toBe(2);
    expect(body.latest.phases.map((phase) => phase.label)).toEqual(['Rustig / stabiel', 'Spanning', 'Crisis']);
    expect(body.latest.phases[2]!.teamActions).toBe('Continue observatie, psychiater direct bellen.');
    expect(body.versions.map((version) => version.version)).toEqual([2, 1]);
    const first = (await (await json(`/api/patients/${id}/signaleringsplan?version=1`, { cookie: nurse.cookie })).json()) as {
      shown: Plan;
    };
    expect(first.shown.phases[2]!.teamActions).toBe('Psychiater bellen.');
    expect((await json(`/api/patients/${id}/signaleringsplan?version=7`, { cookie: nurse.cookie })).status).toBe(404);
    expect((await json(`/api/patients/${id}/signaleringsplan?version=een`, { cookie: nurse.cookie })).status).toBe(400);
  });

  it('answers an incomplete plan with Dutch field messages per phase', async () => {
    const id = await patient();
    const wrong = await post(`/api/patients/${id}/signaleringsplan`, {
      phases: {
        groen: { signals: 'Rustig', teamActions: '' },
        oranje: { signals: '', teamActions: 'x' },
        rood: { signals: 'x', teamActions: 'y' },
      },
    });
    expect(wrong.status).toBe(400);
    expect(await fieldsOf(wrong)).toEqual({
      'phases.groen.teamActions': 'Rustig / stabiel: vul in wat het team doet.',
      'phases.oranje.signals': 'Spanning: vul de signalen in.',
    });
    expect(await fieldsOf(await post(`/api/patients/${id}/signaleringsplan`, {}))).toEqual({
      phases: 'Vul de fasen van het signaleringsplan in.',
    });
    expect(await count('signaleringsplannen', id)).toBe(0);
  });

  it("answers another organisation's patient with 404 and stores nothing", async () => {
    const theirs = await patient(other);
    expect((await post(`/api/patients/${theirs}/signaleringsplan`, plan())).status).toBe(404);
    expect((await post(`/api/patients/${theirs}/signaleringsplan`, {})).status).toBe(404);
    expect((await json(`/api/patients/${theirs}/signaleringsplan`, { cookie: nurse.cookie })).status).toBe(404);
    expect(await count('signaleringsplannen', theirs, other)).toBe(0);
  });
});

describe('the patient banner', () => {
  let id: string;

  beforeAll(async () => {
    id = await patient(nurse, 'Bram');
    await asOwner(nurse.organisationId, (db) => db.query("update patients set episode_status = 'active' where id = $1", [id]));
    await post(`/api/patients/${id}/legal-status`, {
      kind: 'wvggz-crisismaatregel',
      startsOn: addDaysToIsoDate(today, -1),
      endsOn: addDaysToIsoDate(today, 2),
    });
    await post(`/api/patients/${id}/allergies`, { substance: 'Penicilline', severity: 'ernstig' });
    await createRisk(nurse.organisationId, {
      patientId: id,
      riskType: 'suïcide',
      riskLevel: 'hoog',
      rationale: 'Doodsgedachten met plan.',
    });
    await createRisk(nurse.organisationId, { patientId: id, riskType: 'agressie', riskLevel: 'gemiddeld', rationale: 'Verbaal.' });
    const measure = await post(`/api/patients/${id}/coercive-measures`, {
      kind: 'separatie',
      startedAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
      legalBasis: 'maatregel',
      decidedBy: 'Dr. L. Mulder',
    });
    expect(measure.status).toBe(201);
    await post(`/api/patients/${id}/signaleringsplan`, plan());
  });

  it('gives legal status, allergies, the high risks only, open measures and the plan (API)', async () => {
    const response = await json(`/api/patients/${id}/banner`, { cookie: nurse.cookie });
    expect(response.status).toBe(200);
    const banner = (await response.json()) as Record<string, unknown> & { risks: { riskType: string }[] };
    expect(banner).toMatchObject({
      legalStatus: {
        kind: 'wvggz-crisismaatregel',
        label: 'Crisismaatregel (Wvggz)',
        startsOn: addDaysToIsoDate(today, -1),
        endsOn: addDaysToIsoDate(today, 2),
      },
      allergies: { status: 'vastgelegd', active: [{ substance: 'Penicilline', severity: 'ernstig' }] },
      openMeasures: [
        { kind: 'separatie', label: 'Separatie / afzondering', decidedBy: 'Dr. L. Mulder', legalBasisLabel: 'Crisismaatregel (Wvggz)' },
      ],
      signaleringsplan: { version: 1 },
    });
    expect(banner.risks.map((risk) => risk.riskType)).toEqual(['suïcide']);
    expect(await logOf(id)).toContain('read:PatientBanner:success');
    expect((await json(`/api/patients/${await patient(other)}/banner`, { cookie: nurse.cookie })).status).toBe(404);
  });

  it('is on every record page, as a labelled region', async () => {
    for (const tab of ['', '/rapportages', '/metingen', '/verplichte-zorg', '/allergieen', '/signaleringsplan']) {
      const html = await (await request(`/patients/${id}${tab}`, { cookie: nurse.cookie })).text();
      expect(html, tab).toMatch(
        /<section class="patient-banner" aria-labelledby="banner-[^"]+"><h2 id="banner-[^"]+" class="visually-hidden">Veiligheid en rechtspositie<\/h2>/,
      );
      for (const text of ['Crisismaatregel (Wvggz)', 'Penicilline', 'suïcide: hoog', 'Separatie / afzondering', 'Signaleringsplan openen'])
        expect(html, `${tab}: ${text}`).toContain(text);
      expect(html).not.toContain('agressie: gemiddeld');
    }
  });

  it('is in the handover detail of the patient, with the open measure as an alert', async () => {
    const html = await (await request(`/overdracht?patient=${id}`, { cookie: nurse.cookie })).text();
    expect(html).toContain('Veiligheid en rechtspositie');
    expect(html).toContain('Crisismaatregel (Wvggz)');
    expect(html).toContain('Separatie / afzondering');
    expect(html).toContain('1 maatregel verplichte zorg');
    const detail = (await (await json(`/api/overdracht/${id}`, { cookie: nurse.cookie })).json()) as {
      banner: { openMeasures: unknown[]; allergies: { status: string } };
    };
    expect(detail.banner.openMeasures).toHaveLength(1);
    expect(detail.banner.allergies.status).toBe('vastgelegd');
  });

  it('says "niet vastgelegd" and "geen bekende allergieën" apart, and no legal status when there is none', async () => {
    const unknown = await patient(nurse, 'Nina');
    const html = await (await request(`/patients/${unknown}`, { cookie: nurse.cookie })).text();
    expect(html).toContain('Allergieën niet vastgelegd');
    expect(html).toContain('Geen lopende maatregelen');
    expect(html).toContain('Nog geen signaleringsplan');
    await post(`/api/patients/${unknown}/allergies`, { noKnownAllergies: true });
    const after = await (await request(`/patients/${unknown}`, { cookie: nurse.cookie })).text();
    expect(after).toContain('Geen bekende allergieën');
    expect(after).not.toContain('Allergieën niet vastgelegd');
  });
});

describe('the forms without JavaScript', () => {
  it('registers and corrects a legal status, with Dutch field errors and the typed values kept', async () => {
    const id = await patient();
    const page = `/patients/${id}/verplichte-zorg`;
    const wrong = await request(page, {
      method: 'POST',
      cookie: nurse.cookie,
      body: new URLSearchParams({ intent: 'rechtspositie', kind: '', startsOn: today, endsOn: '', note: 'Getypte toelichting' }),
    });
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain('Kies de rechtspositie.');
    expect(html).toContain('Getypte toelichting');
    const saved = await request(page, {
      method: 'POST',
      cookie: nurse.cookie,
      body: new URLSearchParams({
        intent: 'rechtspositie',
        kind: 'wvggz-zorgmachtiging',
        startsOn: today,
        endsOn: addDaysToIsoDate(today, 180),
        note: '',
      }),
    });
    expect(saved.status).toBe(302);
    const [status] = await asOwner(
      nurse.organisationId,
      async (db) => (await db.query('select id from legal_statuses where patient_id = $1', [id])).rows,
    );
    const corrected = await request(page, {
      method: 'POST',
      cookie: nurse.cookie,
      body: new URLSearchParams({
        intent: 'rechtspositie-corrigeren',
        id: status.id,
        kind: 'wvggz-zorgmachtiging',
        startsOn: today,
        endsOn: addDaysToIsoDate(today, 90),
        note: '',
        reason: 'Rechter gaf drie maanden',
      }),
    });
    expect(corrected.status).toBe(302);
    expect(await count('legal_statuses', id)).toBe(2);
  });

  it('records an allergy, lets it lapse and records "geen bekende allergieën"', async () => {
    const id = await patient();
    const page = `/patients/${id}/allergieen`;
    const form = (values: Record<string, string>) =>
      request(page, { method: 'POST', cookie: nurse.cookie, body: new URLSearchParams(values) });
    const wrong = await form({ intent: 'allergie', substance: 'Pinda', reaction: '', severity: '' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Kies de ernst: licht, matig of ernstig.');
    expect((await form({ intent: 'allergie', substance: 'Pinda', reaction: 'Zwelling', severity: 'ernstig' })).status).toBe(302);
    const [row] = await asOwner(
      nurse.organisationId,
      async (db) => (await db.query('select id from allergies where patient_id = $1', [id])).rows,
    );
    expect((await form({ intent: 'vervallen', id: row.id, reason: '' })).status).toBe(400);
    expect((await form({ intent: 'vervallen', id: row.id, reason: 'Verkeerde patiënt' })).status).toBe(302);
    expect((await form({ intent: 'geen-bekende' })).status).toBe(302);
    const html = await (await request(page, { cookie: nurse.cookie })).text();
    expect(html).toContain('Geen bekende allergieën.');
    expect(html).toContain('Reden: Verkeerde patiënt');
  });

  it('saves a signaleringsplan and shows an earlier version', async () => {
    const id = await patient();
    const page = `/patients/${id}/signaleringsplan`;
    const values = (rood: string) =>
      new URLSearchParams({
        'groen.signals': 'Rustig',
        'groen.patientActions': '',
        'groen.teamActions': 'Contact',
        'oranje.signals': 'Onrustig',
        'oranje.patientActions': '',
        'oranje.teamActions': 'Vaker contact',
        'rood.signals': 'Dreigend',
        'rood.patientActions': '',
        'rood.teamActions': rood,
      });
    const wrong = await request(page, { method: 'POST', cookie: nurse.cookie, body: values('') });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Crisis: vul in wat het team doet.');
    expect((await request(page, { method: 'POST', cookie: nurse.cookie, body: values('Arts bellen') })).status).toBe(302);
    expect((await request(page, { method: 'POST', cookie: nurse.cookie, body: values('Arts direct bellen') })).status).toBe(302);
    const latest = await (await request(page, { cookie: nurse.cookie })).text();
    expect(latest).toContain('Signaleringsplan, versie 2');
    expect(latest).toContain('Arts direct bellen');
    const earlier = await (await request(`${page}?versie=1`, { cookie: nurse.cookie })).text();
    expect(earlier).toContain('Je bekijkt een eerdere versie.');
    expect(earlier).toContain('Arts bellen');
  });

  it("answers a form post for another organisation's patient with 404 and stores nothing", async () => {
    const theirs = await patient(other);
    for (const [tab, values] of [
      ['verplichte-zorg', { intent: 'rechtspositie', kind: 'vrijwillig', startsOn: today }],
      ['allergieen', { intent: 'allergie', substance: 'Pinda', severity: 'licht' }],
      ['signaleringsplan', { 'groen.signals': 'x' }],
    ] as const) {
      const response = await request(`/patients/${theirs}/${tab}`, {
        method: 'POST',
        cookie: nurse.cookie,
        body: new URLSearchParams(values),
      });
      expect(response.status, tab).toBe(404);
    }
    expect(await count('legal_statuses', theirs, other)).toBe(0);
    expect(await count('allergies', theirs, other)).toBe(0);
  });
});

describe('the access log (NEN 7513)', () => {
  it('records reads, creates and corrections of legal status, allergies and the plan, and refused attempts', async () => {
    const id = await patient();
    const status = (await (await post(`/api/patients/${id}/legal-status`, { kind: 'vrijwillig', startsOn: today })).json()) as {
      id: string;
    };
    await post(`/api/legal-status/${status.id}/correct`, { kind: 'vrijwillig', startsOn: addDaysToIsoDate(today, -1), reason: 'Datum' });
    await json(`/api/patients/${id}/legal-status`, { cookie: nurse.cookie });
    const allergy = (await (await post(`/api/patients/${id}/allergies`, { substance: 'Latex', severity: 'licht' })).json()) as {
      id: string;
    };
    await post(`/api/allergies/${allergy.id}/lapse`, { reason: 'Onjuist' });
    await json(`/api/patients/${id}/allergies`, { cookie: nurse.cookie });
    await post(`/api/patients/${id}/signaleringsplan`, plan());
    await json(`/api/patients/${id}/signaleringsplan`, { cookie: nurse.cookie });
    await post(`/api/patients/${id}/allergies`, { substance: '' });
    const log = await logOf(id);
    for (const entry of [
      'create:LegalStatus:success',
      'update:LegalStatus:success',
      'read:LegalStatus:success',
      'create:AllergyIntolerance:success',
      'update:AllergyIntolerance:success',
      'read:AllergyIntolerance:success',
      'create:Signaleringsplan:success',
      'read:Signaleringsplan:success',
      'create:AllergyIntolerance:failure',
    ])
      expect(log, entry).toContain(entry);
  });
});
