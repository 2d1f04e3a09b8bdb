import { beforeAll, describe, expect, it, vi } from 'vitest';
import { generateBsn, random } from '../../domain/demo/patient-generator';
import type { HandoverSummary } from '../../domain/handover/handover.schemas';
import { asOwner, createReport, createUser, createVital, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { json, login, request } from '../support/http';
import { pdfText } from '../support/pdf';
import { formatDateTime, formatWhen } from '../../domain/shared/clinical-time';

/*
 * Issue 26, points 2 and 3, as a client and a clinician see them: the ward handover started through
 * the API and the page, followed to the end, shown on screen, on paper and as PDF; action items
 * ticked off per clinician with who and when, without JavaScript too; and nothing of it reachable
 * from another organisation.
 */

let nurse: SignedIn;
let colleague: { cookie: string };
const nurseName = 'Sanne Dijkstra';
let outsider: SignedIn;
// A ward of 30, as the issue asks: every summary made, every patient on screen, on paper and in the PDF.
const givenNames = ['Wieteke', 'Jelmer', 'Rosa', 'Thijs', 'Noor', 'Sem', 'Lotte', 'Bas', 'Femke', 'Ruben'];
const names = ['Afdeling', 'Kamerling', 'Zaalberg'].flatMap((family) => givenNames.map((given) => `${given} ${family}`));
const patientIds: string[] = [];
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

interface WardEntry {
  patient: { patientId: string; name: string };
  summary: HandoverSummary | null;
}

async function wardOf(cookie: string): Promise<WardEntry[]> {
  const response = await json('/api/overdracht/ward?period=1d&filterForRole=verpleegkundige', { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { patients: WardEntry[] }).patients;
}

// vi.waitFor, not expect.poll: hooks wait for it too.
function untilDone(cookie: string): Promise<{ status: string; done: number; total: number; failed: number }> {
  return vi.waitFor(
    async () => {
      const progress = (await (
        await json('/api/overdracht/ward/generate/status?period=1d&filterForRole=verpleegkundige', { cookie })
      ).json()) as { status: string; done: number; total: number; failed: number };
      expect(progress.status, 'the ward handover did not finish within 30 seconds').not.toBe('bezig');
      return progress;
    },
    { timeout: 30_000, interval: 100 },
  );
}

beforeAll(async () => {
  nurse = await signedInUser('verpleegkundige');
  outsider = await signedInUser('verpleegkundige');
  const second = await createUser(nurse.organisationId, { role: 'verpleegkundige' });
  colleague = { cookie: (await login(second.email, second.password)).cookie! };
  await asOwner(nurse.organisationId, (db) => db.query("update users set display_name = 'Sanne Dijkstra' where id = $1", [nurse.user.id]));
  for (const [index, full] of names.entries()) {
    const [given, family] = full.split(' ') as [string, string];
    const id = await registerPatient(nurse.cookie, {
      name: [{ family, given: [given] }],
      identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: generateBsn(random(index + 1)) }],
    });
    patientIds.push(id);
    // A critical value asks for an action ("opnieuw meten"), an incident for an attention point.
    await createVital(nurse.organisationId, {
      patientId: id,
      code: '8480-6',
      label: 'Bloeddruk systolisch',
      value: 192,
      unit: 'mmHg',
      interpretation: 'HH',
      observedAt: hoursAgo(2),
    });
    await createReport(nurse.organisationId, {
      patientId: id,
      createdBy: nurse.user.id,
      type: 'incident',
      category: 'incident',
      content: `Schopte tegen de deur van de huiskamer (${index}).`,
      createdAt: hoursAgo(3),
      includeInHandover: true,
    });
  }
  await asOwner(nurse.organisationId, (db) => db.query("update patients set episode_status = 'active' where id = any($1)", [patientIds]));
});

describe('the ward handover through the API', () => {
  it('starts with 202, reports progress and ends with a summary for every patient', async () => {
    const started = await json('/api/overdracht/ward/generate', { method: 'POST', cookie: nurse.cookie, body: { period: '1d' } });
    expect(started.status).toBe(202);
    expect(started.headers.get('location')).toBe('/api/overdracht/ward/generate/status?period=1d&filterForRole=verpleegkundige');
    expect(await started.json()).toMatchObject({ period: '1d', filterForRole: 'verpleegkundige' });
    expect(await untilDone(nurse.cookie)).toEqual({
      period: '1d',
      filterForRole: 'verpleegkundige',
      status: 'klaar',
      done: names.length,
      total: names.length,
      failed: 0,
    });
    const ward = await wardOf(nurse.cookie);
    expect(ward.map((entry) => entry.patient.name).sort()).toEqual([...names].sort());
    for (const entry of ward) {
      expect(entry.summary?.meta).toMatchObject({ patientId: entry.patient.patientId, period: '1d', role: 'verpleegkundige' });
      expect(entry.summary!.actiepunten.length).toBeGreaterThan(0);
    }
    // Reading the summaries is in the access log, with the patients they are about.
    const logged = await asOwner(nurse.organisationId, (db) =>
      db.query(
        "select patient_ids from audit_events where user_id = $1 and resource_type = 'HandoverSummary' and action = 'read' order by occurred_at desc limit 1",
        [nurse.user.id],
      ),
    );
    expect([...(logged.rows[0] as { patient_ids: string[] }).patient_ids].sort()).toEqual([...patientIds].sort());
  });

  it('answers bad input in Dutch and shows another organisation nothing', async () => {
    const bad = await json('/api/overdracht/ward/generate', { method: 'POST', cookie: nurse.cookie, body: { period: '2d' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.period).toBe(
      'Kies een periode: 1d, 3d, 7d of 14d.',
    );
    expect(await untilDone(outsider.cookie)).toMatchObject({ status: 'niet_gestart', total: 0 });
    const theirs = await wardOf(outsider.cookie);
    expect(theirs.some((entry) => patientIds.includes(entry.patient.patientId))).toBe(false);
  });
});

describe('ticking off action items', () => {
  let summaryId: string;
  let item: string;
  /** The first action item of the first patient's card on the page, from its checkbox to the end of the item. */
  const itemHtml = (page: string) => {
    const card = page.indexOf(`>${names[0]}<`);
    const text = page.indexOf(item, card);
    const start = page.lastIndexOf('<li class="action', text);
    return page.slice(start, page.indexOf('</li>', text));
  };

  beforeAll(async () => {
    const ward = await wardOf(nurse.cookie);
    const summary = ward.find((entry) => entry.patient.name === names[0])!.summary!;
    summaryId = summary.meta.summaryId!;
    item = summary.actiepunten[0]!.tekst;
  });

  it('is saved per clinician with who and when, and shown to colleagues', async () => {
    const ticked = await json(`/api/overdracht/summaries/${summaryId}/actions/0`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: { done: true },
    });
    expect(ticked.status).toBe(200);
    const body = (await ticked.json()) as { done: boolean; by: string; at: string; item: number };
    expect(body).toMatchObject({ summaryId, item: 0, done: true, by: nurseName });
    expect(Math.abs(Date.parse(body.at) - Date.now())).toBeLessThan(60_000);

    const myItem = itemHtml(await (await request('/overdracht/afdeling', { cookie: nurse.cookie })).text());
    expect(myItem).toContain('aria-checked="true"');
    expect(myItem).toContain(`Afgevinkt door ${nurseName}, ${formatWhen(body.at)}`);

    const theirItem = itemHtml(await (await request('/overdracht/afdeling', { cookie: colleague.cookie })).text());
    expect(theirItem).toContain('aria-checked="false"');
    expect(theirItem).toContain(`Afgevinkt door ${nurseName}, ${formatWhen(body.at)}`);

    // On paper too: the colleague's PDF says who ticked the item off and when (issue 41, point 5).
    const pdf = await request('/overdracht/afdeling/pdf?periode=1d&rol=verpleegkundige', { cookie: colleague.cookie });
    const printed = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).pages.join('\n');
    expect(printed).toContain(`Afgevinkt door ${nurseName}, ${formatDateTime(body.at)}`);
  });

  it('works as a plain form post (no JavaScript) and keeps the history', async () => {
    const form = new URLSearchParams({ intent: 'actiepunt', summaryId, actiepunt: '0', gedaan: 'false' });
    const posted = await request('/overdracht/afdeling?periode=1d', { method: 'POST', cookie: nurse.cookie, body: form });
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).toBe('/overdracht/afdeling?periode=1d');
    expect(itemHtml(await (await request('/overdracht/afdeling', { cookie: nurse.cookie })).text())).toContain('aria-checked="false"');
    const history = await asOwner(nurse.organisationId, (db) =>
      db.query('select done, user_id from handover_action_ticks where summary_id = $1 order by at', [summaryId]),
    );
    expect(history.rows).toEqual([
      { done: true, user_id: nurse.user.id },
      { done: false, user_id: nurse.user.id },
    ]);
  });

  it('refuses what is not there, bad bodies and other organisations', async () => {
    const tick = (path: string, cookie: string, body: unknown) => json(path, { method: 'POST', cookie, body });
    expect((await tick(`/api/overdracht/summaries/${summaryId}/actions/0`, outsider.cookie, { done: true })).status).toBe(404);
    expect((await tick(`/api/overdracht/summaries/${summaryId}/actions/99`, nurse.cookie, { done: true })).status).toBe(404);
    expect((await tick(`/api/overdracht/summaries/${summaryId}/actions/1e0`, nurse.cookie, { done: true })).status).toBe(404);
    expect((await tick('/api/overdracht/summaries/niet-een-id/actions/0', nurse.cookie, { done: true })).status).toBe(404);
    const bad = await tick(`/api/overdracht/summaries/${summaryId}/actions/0`, nurse.cookie, { done: 'ja' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.done).toContain('gedaan');
    // The outsider's form post on their own page cannot reach this summary either.
    const form = new URLSearchParams({ intent: 'actiepunt', summaryId, actiepunt: '0', gedaan: 'true' });
    expect((await request('/overdracht/afdeling', { method: 'POST', cookie: outsider.cookie, body: form })).status).toBe(404);
    const rows = await asOwner(nurse.organisationId, (db) =>
      db.query('select count(*)::int as n from handover_action_ticks where summary_id = $1', [summaryId]),
    );
    expect(rows.rows[0]).toEqual({ n: 2 });
  });
});

describe('a regeneration keeps the ticks of the action items that come back (issue 41, point 5)', () => {
  const measure = 'Bloeddruk systolisch deze dienst opnieuw meten.';
  const refusal = 'Medicatie en therapietrouw bespreken.';
  let refusalReport: string;

  /** One action item on a patient's card: from its checkbox to the end of the item. */
  const itemOf = (page: string, name: string, text: string) => {
    const start = page.indexOf(`>${name}<`);
    const card = page.slice(start, page.indexOf('</article>', start));
    const at = card.indexOf(text);
    expect(at, `${text} on the card of ${name}`).toBeGreaterThan(0);
    return card.slice(card.lastIndexOf('<li class="action', at), card.indexOf('</li>', at));
  };
  const summaryOf = async (name: string) => (await wardOf(nurse.cookie)).find((entry) => entry.patient.name === name)!.summary!;
  const regenerate = async () => {
    const started = await json('/api/overdracht/ward/generate', { method: 'POST', cookie: nurse.cookie, body: { period: '1d' } });
    expect(started.status).toBe(202);
    expect(await untilDone(nurse.cookie)).toMatchObject({ status: 'klaar', failed: 0 });
  };
  const tick = async (summaryId: string, item: number) => {
    const ticked = await json(`/api/overdracht/summaries/${summaryId}/actions/${item}`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: { done: true },
    });
    expect(ticked.status).toBe(200);
    return ((await ticked.json()) as { at: string }).at;
  };
  const ticksOf = async (summaryId: string) =>
    (
      await asOwner(nurse.organisationId, (db) =>
        db.query('select id, item, user_id, done, at, carried_from from handover_action_ticks where summary_id = $1 order by item', [
          summaryId,
        ]),
      )
    ).rows as { id: string; item: number; user_id: string; done: boolean; at: Date; carried_from: string | null }[];

  beforeAll(async () => {
    // A refusal gives names[1] a second action item, one that will not come back once the report is withdrawn.
    refusalReport = await createReport(nurse.organisationId, {
      patientId: patientIds[1]!,
      createdBy: nurse.user.id,
      type: 'dagnotitie',
      category: 'medicatie',
      content: 'Weigerde de avondmedicatie, wil er niet over praten.',
      createdAt: hoursAgo(1),
      includeInHandover: true,
    });
    await regenerate();
  });

  it('keeps a tick on an item that comes back, with who and when, and leaves the others behind', async () => {
    const before = await summaryOf(names[1]!);
    const kept = before.actiepunten.findIndex((item) => item.tekst === measure);
    const gone = before.actiepunten.findIndex((item) => item.tekst === refusal);
    expect(kept).toBeGreaterThanOrEqual(0);
    expect(gone).toBeGreaterThanOrEqual(0);
    const keptAt = await tick(before.meta.summaryId!, kept);
    await tick(before.meta.summaryId!, gone);
    // Another patient's tick, on an item whose words come back but for a new critical value: not the same action.
    const other = await summaryOf(names[2]!);
    await tick(
      other.meta.summaryId!,
      other.actiepunten.findIndex((item) => item.tekst === measure),
    );
    await createVital(nurse.organisationId, {
      patientId: patientIds[2]!,
      code: '8480-6',
      label: 'Bloeddruk systolisch',
      value: 201,
      unit: 'mmHg',
      interpretation: 'HH',
      observedAt: hoursAgo(0.5),
    });
    expect((await json(`/api/reports/${refusalReport}`, { method: 'DELETE', cookie: nurse.cookie })).status).toBe(200);

    await regenerate();

    const after = await summaryOf(names[1]!);
    expect(after.meta.summaryId).not.toBe(before.meta.summaryId);
    expect(after.actiepunten.map((item) => item.tekst)).not.toContain(refusal);
    const keptNow = after.actiepunten.findIndex((item) => item.tekst === measure);
    const shown = `Afgevinkt door ${nurseName}, ${formatWhen(keptAt)}`;
    const mine = itemOf(await (await request('/overdracht/afdeling', { cookie: nurse.cookie })).text(), names[1]!, measure);
    expect(mine).toContain('aria-checked="true"');
    expect(mine).toContain(shown);
    const theirs = itemOf(await (await request('/overdracht/afdeling', { cookie: colleague.cookie })).text(), names[1]!, measure);
    expect(theirs).toContain('aria-checked="false"');
    expect(theirs).toContain(shown);

    // The history tells the carried tick from the act: the new summary's row names the nurse's own tick, at its moment.
    const [original] = (await ticksOf(before.meta.summaryId!)).filter((row) => row.item === kept);
    expect(await ticksOf(after.meta.summaryId!)).toEqual([
      { id: expect.any(String), item: keptNow, user_id: nurse.user.id, done: true, at: original!.at, carried_from: original!.id },
    ]);

    const renewed = await summaryOf(names[2]!);
    expect(renewed.meta.summaryId).not.toBe(other.meta.summaryId);
    expect(await ticksOf(renewed.meta.summaryId!)).toEqual([]);
    const fresh = itemOf(await (await request('/overdracht/afdeling', { cookie: nurse.cookie })).text(), names[2]!, measure);
    expect(fresh).toContain('aria-checked="false"');
    expect(fresh).not.toContain('Afgevinkt door');
  });
});

describe('the ward handover page, on paper and as PDF', () => {
  it('starts from a plain form post and shows every patient with the time their summary was made', async () => {
    const posted = await request('/overdracht/afdeling', {
      method: 'POST',
      cookie: nurse.cookie,
      body: new URLSearchParams({ intent: 'genereren' }),
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).toBe('/overdracht/afdeling?generatie=bezig');
    await untilDone(nurse.cookie);
    const page = await (await request('/overdracht/afdeling', { cookie: nurse.cookie })).text();
    for (const name of names) expect(page).toContain(name);
    expect(page.match(/Gemaakt om \d{2}:\d{2}/g)?.length).toBe(names.length);
  });

  it('prints: the print page and the PDF hold every patient, the file name none', async () => {
    const printed = await (await request('/overdracht/afdeling/afdrukken', { cookie: nurse.cookie })).text();
    for (const name of names) expect(printed).toContain(name);
    expect(printed.match(/Gemaakt om \d{2}:\d{2}/g)?.length).toBe(names.length);

    const pdf = await request('/overdracht/afdeling/pdf?periode=1d&rol=verpleegkundige', { cookie: nurse.cookie });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const disposition = pdf.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="overdracht-afdeling-\d{4}-\d{2}-\d{2}-1d-verpleegkundige\.pdf"$/);
    const { pages, title } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    const text = pages.join('\n');
    expect(title).toBe('Overdracht afdeling — laatste 24 uur');
    for (const name of names) expect(text).toContain(name);
    expect(text).toContain('Vertrouwelijk: medische gegevens');
    expect(text.match(/Gemaakt om \d{2}:\d{2}/g)?.length).toBe(names.length);

    // Another organisation's PDF has none of these patients.
    const theirs = await request('/overdracht/afdeling/pdf', { cookie: outsider.cookie });
    const theirText = (await pdfText(new Uint8Array(await theirs.arrayBuffer()))).pages.join('\n');
    for (const name of names) expect(theirText).not.toContain(name);
  });
});
