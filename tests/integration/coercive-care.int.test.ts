import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToIsoDate, clinicalToday, formatTime, wallClockOf } from '../../domain/shared/clinical-time';
import { asOwner, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { generateBsn } from '../../domain/demo/patient-generator';
import { json, request } from '../support/http';

/*
 * Issue 25, point 7: compulsory care (verplichte zorg) under the Wvggz. A measure is registered
 * with its ground and who decided, evaluated several times, ended by an action of its own; while
 * open it is a handover alert and an item the summary keeps, with its source, for both roles.
 */

let nurse: SignedIn;
/** What `createUser` names every test user. */
const nurseName = 'Test Zorgverlener';
let other: SignedIn;
const today = clinicalToday();
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

type Fields = Record<string, string>;
const fieldsOf = async (response: Response) => ((await response.json()) as { error: { details: { fields: Fields } } }).error.details.fields;
const post = (path: string, body: unknown, cookie = nurse.cookie) => json(path, { method: 'POST', cookie, body });

interface Measure {
  id: string;
  kind: string;
  label: string;
  legalBasis: string;
  legalBasisLabel: string;
  legalStatus: { id: string; label: string } | null;
  decidedBy: string;
  endedAt: string | null;
  endRecordedBy: string | null;
  evaluations: { evaluatedAt: string; evaluatedBy: string; text: string }[];
}

async function patient(owner = nurse, status = 'active'): Promise<string> {
  const id = await registerPatient(owner.cookie, {
    name: [{ family: 'Jansen', given: ['Kees'] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: generateBsn(Math.random) }],
  });
  await asOwner(owner.organisationId, (db) => db.query('update patients set episode_status = $2 where id = $1', [id, status]));
  return id;
}

async function underCrisisMeasure(id: string, owner = nurse): Promise<string> {
  const response = await post(
    `/api/patients/${id}/legal-status`,
    { kind: 'wvggz-crisismaatregel', startsOn: addDaysToIsoDate(today, -1), endsOn: addDaysToIsoDate(today, 2) },
    owner.cookie,
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function separation(id: string, owner = nurse, legalBasis = 'maatregel'): Promise<Measure> {
  const response = await post(
    `/api/patients/${id}/coercive-measures`,
    { kind: 'separatie', startedAt: hoursAgo(2), legalBasis, decidedBy: 'Dr. L. Mulder', note: 'Acute suïcidaliteit' },
    owner.cookie,
  );
  expect(response.status).toBe(201);
  return (await response.json()) as Measure;
}

async function measureRows(id: string, owner = nurse) {
  return asOwner(
    owner.organisationId,
    async (db) => (await db.query('select id, ended_at, end_recorded_by from coercive_measures where patient_id = $1', [id])).rows,
  );
}

beforeAll(async () => {
  nurse = await signedInUser('verpleegkundige');
  other = await signedInUser('psychiater');
});

describe('registering a measure (API)', () => {
  it('rests on the current crisismaatregel, looked up by the server, or on an emergency', async () => {
    const id = await patient();
    const withoutGround = await post(`/api/patients/${id}/coercive-measures`, {
      kind: 'separatie',
      startedAt: hoursAgo(1),
      legalBasis: 'maatregel',
      decidedBy: 'Dr. L. Mulder',
    });
    expect(withoutGround.status).toBe(400);
    expect((await fieldsOf(withoutGround)).legalBasis).toMatch(
      /^Er is geen crisismaatregel, machtiging tot voortzetting of zorgmachtiging/,
    );

    const emergency = await separation(id, nurse, 'noodsituatie');
    expect(emergency).toMatchObject({ legalBasis: 'noodsituatie', legalStatus: null, legalBasisLabel: 'Noodsituatie (art. 8:11 Wvggz)' });

    const statusId = await underCrisisMeasure(id);
    const grounded = await separation(id);
    expect(grounded).toMatchObject({
      kind: 'separatie',
      label: 'Separatie / afzondering',
      legalBasis: 'maatregel',
      legalStatus: { id: statusId, label: 'Crisismaatregel (Wvggz)' },
      decidedBy: 'Dr. L. Mulder',
      endedAt: null,
    });
  });

  it('answers wrong input with Dutch field messages and stores nothing', async () => {
    const id = await patient();
    const empty = await post(`/api/patients/${id}/coercive-measures`, {});
    expect(empty.status).toBe(400);
    expect(await fieldsOf(empty)).toEqual({
      kind: 'Kies de vorm van verplichte zorg.',
      startedAt: 'Vul de datum en het tijdstip van de start in.',
      legalBasis: 'Kies de grondslag: de huidige maatregel of een noodsituatie.',
      decidedBy: 'Vul de naam in van de verantwoordelijke die besloot.',
    });
    const future = await post(`/api/patients/${id}/coercive-measures`, {
      kind: 'mechanische-fixatie',
      startedAt: new Date(Date.now() + 3600_000).toISOString(),
      legalBasis: 'noodsituatie',
      decidedBy: 'Dr. L. Mulder',
    });
    expect(await fieldsOf(future)).toEqual({ startedAt: 'De start kan niet in de toekomst liggen.' });
    expect(await measureRows(id)).toHaveLength(0);
  });
});

describe('evaluating and ending a measure', () => {
  it('keeps every evaluation and the measure itself after its end; an end is recorded once', async () => {
    const id = await patient();
    await underCrisisMeasure(id);
    const measure = await separation(id);

    const noText = await post(`/api/coercive-measures/${measure.id}/evaluations`, { evaluatedAt: hoursAgo(1) });
    expect(noText.status).toBe(400);
    expect(await fieldsOf(noText)).toEqual({ text: 'Beschrijf de evaluatie.' });
    const beforeStart = await post(`/api/coercive-measures/${measure.id}/evaluations`, { evaluatedAt: hoursAgo(5), text: 'Te vroeg' });
    expect(await fieldsOf(beforeStart)).toEqual({ evaluatedAt: 'De evaluatie ligt voor de start van de maatregel.' });
    const first = await post(`/api/coercive-measures/${measure.id}/evaluations`, {
      evaluatedAt: hoursAgo(1.5),
      text: 'Nog onrustig, voortzetten.',
    });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ evaluatedBy: nurseName, text: 'Nog onrustig, voortzetten.' });
    const second = await post(`/api/coercive-measures/${measure.id}/evaluations`, {
      evaluatedAt: hoursAgo(0.5),
      evaluatedBy: 'Dr. L. Mulder',
      text: 'Rustiger, afbouwen.',
    });
    expect(second.status).toBe(201);

    const early = await post(`/api/coercive-measures/${measure.id}/end`, { endedAt: hoursAgo(3) });
    expect(early.status).toBe(400);
    expect(await fieldsOf(early)).toEqual({ endedAt: 'Het einde ligt voor de start van de maatregel.' });
    const ended = await post(`/api/coercive-measures/${measure.id}/end`, { endedAt: hoursAgo(0.25), note: 'Terug naar de eigen kamer.' });
    expect(ended.status).toBe(200);
    expect(await ended.json()).toMatchObject({ endedAt: expect.any(String), endRecordedBy: nurseName });
    const again = await post(`/api/coercive-measures/${measure.id}/end`, { endedAt: hoursAgo(0.1) });
    expect(again.status).toBe(409);

    const list = (await (await json(`/api/patients/${id}/coercive-measures`, { cookie: nurse.cookie })).json()) as { measures: Measure[] };
    expect(list.measures).toHaveLength(1);
    expect(list.measures[0]!.evaluations.map((evaluation) => [evaluation.evaluatedBy, evaluation.text])).toEqual([
      [nurseName, 'Nog onrustig, voortzetten.'],
      ['Dr. L. Mulder', 'Rustiger, afbouwen.'],
    ]);
    expect(list.measures[0]!.endedAt).not.toBeNull();
    const rows = await measureRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0].end_recorded_by).toBe(nurse.user.id);
  });

  it("answers another organisation's patient and measure with 404 and changes nothing", async () => {
    const theirs = await patient(other);
    const measure = await separation(theirs, other, 'noodsituatie');
    expect((await post(`/api/patients/${theirs}/coercive-measures`, { kind: 'separatie' })).status).toBe(404);
    expect((await json(`/api/patients/${theirs}/coercive-measures`, { cookie: nurse.cookie })).status).toBe(404);
    expect((await post(`/api/coercive-measures/${measure.id}/end`, { endedAt: hoursAgo(0.1) })).status).toBe(404);
    expect((await post(`/api/coercive-measures/${measure.id}/end`, {})).status).toBe(404);
    expect(
      (await post(`/api/coercive-measures/${measure.id}/evaluations`, { evaluatedAt: hoursAgo(0.1), text: 'Overgenomen' })).status,
    ).toBe(404);
    const rows = await measureRows(theirs, other);
    expect(rows).toEqual([{ id: measure.id, ended_at: null, end_recorded_by: null }]);
    const evaluations = await asOwner(other.organisationId, async (db) =>
      Number((await db.query('select count(*) from coercive_measure_evaluations where measure_id = $1', [measure.id])).rows[0].count),
    );
    expect(evaluations).toBe(0);
  });
});

describe('at handover', () => {
  interface Summary {
    aandachtspunten: { tekst: string; bron: { id: string; type: string; label: string }; sourceData?: Record<string, unknown> }[];
    actiepunten: { tekst: string; bron?: { id: string; type: string } }[];
  }
  let open: string;
  let ended: string;
  let openMeasure: Measure;
  let endedMeasure: Measure;

  beforeAll(async () => {
    open = await patient();
    ended = await patient();
    await underCrisisMeasure(open);
    await underCrisisMeasure(ended);
    openMeasure = await separation(open);
    await post(`/api/coercive-measures/${openMeasure.id}/evaluations`, { evaluatedAt: hoursAgo(1), text: 'Voortzetten.' });
    endedMeasure = await separation(ended);
    expect((await post(`/api/coercive-measures/${endedMeasure.id}/end`, { endedAt: hoursAgo(1) })).status).toBe(200);
  });

  const alertsOf = async (patientId: string) => {
    const body = (await (await json('/api/overdracht/patients?period=1d', { cookie: nurse.cookie })).json()) as {
      patients: { patientId: string; alerts: { open_measures: number; total: number } }[];
    };
    return body.patients.find((entry) => entry.patientId === patientId)?.alerts;
  };

  it('an open measure is an alert in the ward list and the detail; an ended one is not', async () => {
    // The measure, and its two-hourly evaluation due within the hour (ADR 48).
    expect(await alertsOf(open)).toMatchObject({ open_measures: 1, evaluation_kind: 'separatie', total: 2 });
    expect(await alertsOf(ended)).toMatchObject({ open_measures: 0, total: 0 });
    const withAlerts = (await (await json('/api/overdracht/patients?period=1d&alerts=true', { cookie: nurse.cookie })).json()) as {
      patients: { patientId: string }[];
    };
    expect(withAlerts.patients.map((entry) => entry.patientId)).toContain(open);
    expect(withAlerts.patients.map((entry) => entry.patientId)).not.toContain(ended);
    const detail = (await (await json(`/api/overdracht/${open}`, { cookie: nurse.cookie })).json()) as {
      alerts: { open_measures: number };
    };
    expect(detail.alerts.open_measures).toBe(1);
    const page = await (await request(`/overdracht?patient=${open}`, { cookie: nurse.cookie })).text();
    expect(page).toContain('1 maatregel verplichte zorg');
    expect(page).toContain('Lopende verplichte zorg');
  });

  it.each(['verpleegkundige', 'psychiater'] as const)(
    'the summary for the %s keeps the open measure, cited with its source',
    async (role) => {
      const response = await post('/api/overdracht/generate', { patientId: open, period: '1d', filterForRole: role });
      expect(response.status).toBe(200);
      const summary = (await response.json()) as Summary;
      const item = summary.aandachtspunten.find((entry) => entry.bron.type === 'measure');
      expect(item, JSON.stringify(summary.aandachtspunten)).toMatchObject({
        tekst: expect.stringContaining('Lopende verplichte zorg: separatie / afzondering'),
        bron: { id: openMeasure.id, type: 'measure', label: 'Verplichte zorg: separatie / afzondering' },
        sourceData: { measure: 'Separatie / afzondering', decidedBy: 'Dr. L. Mulder', legalBasis: 'Wvggz-maatregel' },
      });
      expect(summary.actiepunten.some((action) => action.bron?.id === openMeasure.id)).toBe(true);
    },
  );

  it.each(['verpleegkundige', 'psychiater'] as const)('the summary for the %s leaves an ended measure out', async (role) => {
    const response = await post('/api/overdracht/generate', { patientId: ended, period: '1d', filterForRole: role });
    expect(response.status).toBe(200);
    const summary = (await response.json()) as Summary;
    expect([...summary.aandachtspunten, ...summary.actiepunten].some((item) => item.bron?.id === endedMeasure.id)).toBe(false);
  });
});

describe('the page without JavaScript', () => {
  it('registers, evaluates and ends a measure with form posts; errors in Dutch with the typed values kept', async () => {
    const id = await patient();
    await underCrisisMeasure(id);
    const page = `/patients/${id}/verplichte-zorg`;
    const form = (values: Record<string, string>) =>
      request(page, { method: 'POST', cookie: nurse.cookie, body: new URLSearchParams(values) });
    const [datum, tijd] = wallClockOf(hoursAgo(1)).split('T') as [string, string];

    const wrong = await form({
      intent: 'maatregel',
      kind: 'mechanische-fixatie',
      datum,
      tijd,
      legalBasis: 'maatregel',
      decidedBy: '',
      note: 'Getypt',
    });
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain('Vul de naam in van de verantwoordelijke die besloot.');
    expect(html).toContain('Getypt');
    const badTime = await form({
      intent: 'maatregel',
      kind: 'separatie',
      datum,
      tijd: '25:99',
      legalBasis: 'maatregel',
      decidedBy: 'Dr. Mulder',
    });
    expect(badTime.status).toBe(400);
    expect(await badTime.text()).toContain('Vul de datum en het tijdstip van de start in.');

    const saved = await form({
      intent: 'maatregel',
      kind: 'mechanische-fixatie',
      datum,
      tijd,
      legalBasis: 'maatregel',
      decidedBy: 'Dr. Mulder',
      note: '',
    });
    expect(saved.status).toBe(302);
    const [row] = await measureRows(id);
    const now = formatTime(new Date());
    const evaluation = await form({
      intent: 'evalueren',
      id: row.id,
      datum: today,
      tijd: now,
      evaluatedBy: 'Dr. Mulder',
      text: 'Afbouwen',
    });
    expect(evaluation.status).toBe(302);
    const end = await form({ intent: 'beeindigen', id: row.id, datum: today, tijd: now, note: 'Fixatie opgeheven' });
    expect(end.status).toBe(302);
    const after = await (await request(page, { cookie: nurse.cookie })).text();
    expect(after).toContain('Beëindigde maatregelen');
    expect(after).toContain('Afbouwen');
    expect(after).toContain('Fixatie opgeheven');
  });
});

describe('the access log (NEN 7513)', () => {
  it('records the registration, evaluation, end and reads of a measure, and a failed attempt', async () => {
    const id = await patient();
    const measure = await separation(id, nurse, 'noodsituatie');
    await post(`/api/coercive-measures/${measure.id}/evaluations`, { evaluatedAt: hoursAgo(1), text: 'Voortzetten' });
    await post(`/api/coercive-measures/${measure.id}/end`, { endedAt: hoursAgo(0.5) });
    await json(`/api/patients/${id}/coercive-measures`, { cookie: nurse.cookie });
    await post(`/api/patients/${id}/coercive-measures`, { kind: 'separatie' });
    const log = await asOwner(nurse.organisationId, async (db) =>
      (
        await db.query(
          `select action || ':' || resource_type || ':' || outcome as entry from audit_events where $1 = any(patient_ids) order by occurred_at`,
          [id],
        )
      ).rows.map((row: { entry: string }) => row.entry),
    );
    for (const entry of [
      'create:CoerciveMeasure:success',
      'create:CoerciveMeasureEvaluation:success',
      'update:CoerciveMeasure:success',
      'read:CoerciveMeasure:success',
      'create:CoerciveMeasure:failure',
    ])
      expect(log, entry).toContain(entry);
  });
});
