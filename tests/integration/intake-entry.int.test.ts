import { beforeAll, describe, expect, it } from 'vitest';
import { asOwner, registerPatient, signedInUser, validBsns, type SignedIn } from '../support/factories';
import { json, request } from '../support/http';

/* Issue 25, point 5: the intake's sections are written and edited in the record; the percentage follows. */

let nurse: SignedIn;
let next = 0;

interface Section {
  key: string;
  content: string;
  complete: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
}

const patient = () =>
  registerPatient(nurse.cookie, { identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[next++]! }] });

function save(patientId: string, section: string, body: unknown, cookie = nurse.cookie) {
  return json(`/api/patients/${patientId}/intake/${section}`, { method: 'PUT', cookie, body });
}

async function percentage(patientId: string): Promise<{ api: number; status: number }> {
  const entry = (await (await json(`/api/patients/${patientId}/intake`, { cookie: nurse.cookie })).json()) as {
    completionPercentage: number;
  };
  const status = (await (await json(`/api/core/intake/status?patientId=${patientId}`, { cookie: nurse.cookie })).json()) as {
    completionPercentage: number;
  };
  return { api: entry.completionPercentage, status: status.completionPercentage };
}

beforeAll(async () => {
  nurse = await signedInUser('verpleegkundige');
});

describe('writing the intake (API)', () => {
  it('saves a section, completes it, and the percentage follows in both intake APIs', async () => {
    const patientId = await patient();
    expect(await percentage(patientId)).toEqual({ api: 0, status: 0 });
    const draft = await save(patientId, 'anamnese', { content: 'Opgegroeid in Zwolle.', complete: false });
    expect(draft.status).toBe(200);
    expect(((await draft.json()) as Section).complete).toBe(false);
    expect(await percentage(patientId)).toEqual({ api: 0, status: 0 });

    const done = (await (
      await save(patientId, 'anamnese', { content: 'Opgegroeid in Zwolle.\nEerste opname 2019.', complete: true })
    ).json()) as Section;
    expect(done).toMatchObject({ complete: true, content: 'Opgegroeid in Zwolle.\nEerste opname 2019.' });
    expect(done.updatedBy).toBe('Test Zorgverlener');
    // Seven sections in the checklist: one done is 14 %.
    expect(await percentage(patientId)).toEqual({ api: 14, status: 14 });
    await save(patientId, 'hulpvraag', { content: 'Wil weer zelfstandig wonen.', complete: true });
    expect(await percentage(patientId)).toEqual({ api: 29, status: 29 });
    // Reopened: no longer counted.
    await save(patientId, 'hulpvraag', { content: 'Wil weer zelfstandig wonen; eerst rust.', complete: false });
    expect(await percentage(patientId)).toEqual({ api: 14, status: 14 });
  });

  it('keeps every earlier text as a version, with who and when', async () => {
    const patientId = await patient();
    await save(patientId, 'aanmelding', { content: 'Verwezen door de huisarts.', complete: false });
    await save(patientId, 'aanmelding', { content: 'Verwezen door de huisarts wegens psychose.', complete: true });
    const history = (await (await json(`/api/patients/${patientId}/intake/aanmelding`, { cookie: nurse.cookie })).json()) as {
      section: Section;
      versions: { content: string; completed: boolean; savedBy: string }[];
    };
    expect(history.section.content).toBe('Verwezen door de huisarts wegens psychose.');
    expect(history.versions.map((version) => [version.content, version.completed])).toEqual([
      ['Verwezen door de huisarts wegens psychose.', true],
      ['Verwezen door de huisarts.', false],
    ]);
    expect(history.versions.every((version) => version.savedBy === 'Test Zorgverlener')).toBe(true);
  });

  it('refuses a save based on an older text (409) and keeps the newer one', async () => {
    const patientId = await patient();
    const first = (await (await save(patientId, 'behandeladvies', { content: 'Klinische opname.', complete: false })).json()) as Section;
    const second = await save(patientId, 'behandeladvies', {
      content: 'Klinische opname, daarna FACT.',
      complete: false,
      basedOn: first.updatedAt,
    });
    expect(second.status).toBe(200);
    const stale = await save(patientId, 'behandeladvies', { content: 'Alleen ambulant.', complete: false, basedOn: first.updatedAt });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: { message: string } }).error.message).toMatch(
      /^Iemand anders heeft deze sectie intussen gewijzigd/,
    );
    const history = (await (await json(`/api/patients/${patientId}/intake/behandeladvies`, { cookie: nurse.cookie })).json()) as {
      section: Section;
    };
    expect(history.section.content).toBe('Klinische opname, daarna FACT.');
  });

  it('answers wrong input with Dutch field messages, an unknown section and another organisation with 404', async () => {
    const patientId = await patient();
    const empty = await save(patientId, 'anamnese', { content: '   ', complete: true });
    expect(empty.status).toBe(400);
    const body = (await empty.json()) as { error: { details: { fields: Record<string, string> } } };
    expect(body.error.details.fields).toEqual({ content: 'Een lege sectie kan niet afgerond zijn: vul eerst de tekst in.' });
    const wrongTypes = await save(patientId, 'anamnese', { content: 12, complete: 'ja' });
    expect(((await wrongTypes.json()) as typeof body).error.details.fields).toEqual({
      content: 'Vul de tekst van de sectie in.',
      complete: 'Geef aan of de sectie afgerond is (true of false).',
    });
    const tooLong = await save(patientId, 'anamnese', { content: 'x'.repeat(20_001), complete: false });
    expect(((await tooLong.json()) as typeof body).error.details.fields.content).toBe('De tekst mag maximaal 20.000 tekens lang zijn.');
    expect((await save(patientId, 'sterrenbeeld', { content: 'Ram', complete: false })).status).toBe(404);
    const rows = await asOwner(
      nurse.organisationId,
      async (db) => (await db.query('select 1 from intake_section_versions where patient_id = $1', [patientId])).rowCount,
    );
    expect(rows).toBe(0);

    const other = await signedInUser('verpleegkundige');
    const theirs = await registerPatient(other.cookie);
    await save(theirs, 'anamnese', { content: 'Geheime anamnese.', complete: false }, other.cookie);
    expect((await save(theirs, 'anamnese', { content: 'Overschreven', complete: true })).status).toBe(404);
    expect((await json(`/api/patients/${theirs}/intake`, { cookie: nurse.cookie })).status).toBe(404);
    const page = await request(`/patients/${theirs}/intake/anamnese`, { cookie: nurse.cookie });
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain('Geheime anamnese.');
    const still = await asOwner(
      other.organisationId,
      async (db) => (await db.query('select content from intake_sections where patient_id = $1', [theirs])).rows,
    );
    expect(still).toEqual([{ content: 'Geheime anamnese.' }]);
  });
});

describe('the intake pages without JavaScript', () => {
  it('saves a section from its form, shows it on the intake tab with the new percentage, and shows field errors', async () => {
    const patientId = await patient();
    const form = new URLSearchParams({ basedOn: '', content: 'Somatisch gezond; geen medicatie.', complete: 'on' });
    const saved = await request(`/patients/${patientId}/intake/somatische-screening`, { method: 'POST', cookie: nurse.cookie, body: form });
    expect(saved.status).toBe(302);
    expect(saved.headers.get('location')).toBe(`/patients/${patientId}/intake`);
    const tab = await (await request(`/patients/${patientId}/intake`, { cookie: nurse.cookie })).text();
    expect(tab).toContain('Somatisch gezond; geen medicatie.');
    expect(tab).toContain('14% voltooid');

    const wrong = await request(`/patients/${patientId}/intake/anamnese`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: new URLSearchParams({ basedOn: '', content: '', complete: 'on' }),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Een lege sectie kan niet afgerond zijn: vul eerst de tekst in.');
    expect((await request(`/patients/${patientId}/intake/onbekend`, { cookie: nurse.cookie })).status).toBe(404);
  });
});
