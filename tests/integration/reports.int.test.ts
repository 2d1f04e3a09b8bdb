import { beforeAll, describe, expect, it } from 'vitest';
import { asOwner, createUser, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { json, login } from '../support/http';

let nurse: SignedIn;
let colleagueCookie: string;
let patientId: string;

beforeAll(async () => {
  nurse = await signedInUser();
  const colleague = await createUser(nurse.organisationId, { role: 'psychiater' });
  colleagueCookie = (await login(colleague.email, colleague.password)).cookie!;
  patientId = await registerPatient(nurse.cookie);
});

interface ReportBody {
  id: string;
  patientId: string;
  type: string;
  category: string | null;
  content: string;
  includeInHandover: boolean;
  createdBy: string;
  createdAt: string;
  shiftDate: string;
  shift: string;
}

async function create(body: Record<string, unknown>, cookie = nurse.cookie) {
  const response = await json('/api/reports', { method: 'POST', cookie, body: { patientId, ...body } });
  return { response, body: (await response.json()) as ReportBody & { error?: { fields?: Record<string, string> } } };
}

describe('reports API', () => {
  it('creates a daily note with author, shift and shift date', async () => {
    const { response, body } = await create({
      type: 'dagnotitie',
      category: 'medicatie',
      content: 'Weigerde medicatie om 08:00.',
      includeInHandover: true,
    });
    expect(response.status).toBe(201);
    expect(body).toMatchObject({ patientId, type: 'dagnotitie', category: 'medicatie', includeInHandover: true, createdBy: nurse.user.id });
    expect(['dag', 'avond', 'nacht']).toContain(body.shift);
    expect(body.shiftDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const read = await json(`/api/reports/${body.id}`, { cookie: nurse.cookie });
    expect(((await read.json()) as ReportBody).content).toBe('Weigerde medicatie om 08:00.');
  });

  it.each([
    [
      { type: 'dagnotitie', category: 'medicatie', content: 'x'.repeat(501) },
      'content',
      'Een dagnotitie is maximaal 500 tekens; deze is 1 teken te lang.',
    ],
    [
      { type: 'dagnotitie', category: 'somatiek', content: 'Kort' },
      'category',
      'Kies een categorie: medicatie, ADL, gedrag, incident of observatie.',
    ],
    [{ type: 'brief', content: 'Kort' }, 'type', 'Kies een soort rapportage.'],
    [{ type: 'verpleegkundig', content: '   ' }, 'content', 'Vul de tekst van de rapportage in.'],
    [
      { type: 'verpleegkundig', content: 'Kort', includeInHandover: 'ja' },
      'includeInHandover',
      'Geef aan of dit mee moet in de overdracht (true of false).',
    ],
    [{ type: 'verpleegkundig', content: 'Kort', patientId: 'geen-id' }, 'patientId', 'Kies een bestaande patiënt.'],
  ])('refuses %j with a Dutch message on %s', async (body, field, message) => {
    const { response, body: answer } = await create(body);
    expect(response.status).toBe(400);
    expect(answer.error?.fields?.[field]).toBe(message);
  });

  it("refuses a report for another organisation's patient", async () => {
    const stranger = await signedInUser();
    const { response, body } = await create({ type: 'verpleegkundig', content: 'Test' }, stranger.cookie);
    expect(response.status).toBe(400);
    expect(body.error?.fields?.patientId).toBe('Deze patiënt bestaat niet (meer).');
  });

  it('pages the list with reduced columns, newest first, and refuses a page above the maximum', async () => {
    for (let i = 0; i < 3; i++)
      await create({ type: 'verpleegkundig', category: 'observatie', content: `Observatie ${i} ${'lang '.repeat(60)}` });
    const page = await json(`/api/reports?patientId=${patientId}&limit=2&offset=1`, { cookie: nurse.cookie });
    expect(page.status).toBe(200);
    const body = (await page.json()) as { items: Record<string, unknown>[]; total: number; limit: number; offset: number };
    expect(body).toMatchObject({ limit: 2, offset: 1 });
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.items).toHaveLength(2);
    expect(Object.keys(body.items[0]!).sort()).toEqual([
      'category',
      'createdAt',
      'encounterId',
      'excerpt',
      'id',
      'includeInHandover',
      'patientId',
      'shiftDate',
      'type',
    ]);
    expect(String(body.items[0]!.excerpt).length).toBeLessThanOrEqual(160);
    expect(String(body.items[0]!.createdAt) >= String(body.items[1]!.createdAt)).toBe(true);

    const defaults = (await (await json('/api/reports', { cookie: nurse.cookie })).json()) as { limit: number; offset: number };
    expect(defaults).toMatchObject({ limit: 20, offset: 0 });
    const tooMany = await json('/api/reports?limit=101', { cookie: nurse.cookie });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ error: { fields: { limit: 'Maximaal 100 rapportages per pagina.' } } });
    expect((await json('/api/reports?offset=-1', { cookie: nurse.cookie })).status).toBe(400);
    expect((await json('/api/reports?type=dagnotitie', { cookie: nurse.cookie })).status).toBe(200);
  });

  it('lets only the author change or delete a report; a deleted report stays auditable', async () => {
    const { body } = await create({ type: 'verpleegkundig', category: 'gedrag', content: 'Onrustig op de gang.' });
    const foreign = await json(`/api/reports/${body.id}`, { method: 'PATCH', cookie: colleagueCookie, body: { content: 'Anders' } });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: { message: 'Alleen de auteur kan deze rapportage wijzigen of verwijderen.' } });

    const patched = await json(`/api/reports/${body.id}`, {
      method: 'PATCH',
      cookie: nurse.cookie,
      body: { includeInHandover: true, content: 'Onrustig, later rustig.' },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ includeInHandover: true, content: 'Onrustig, later rustig.' });
    const badPatch = await json(`/api/reports/${body.id}`, {
      method: 'PATCH',
      cookie: nurse.cookie,
      body: { type: 'dagnotitie', category: 'gedrag', content: 'x'.repeat(600) },
    });
    expect(badPatch.status).toBe(400);

    expect((await json(`/api/reports/${body.id}`, { method: 'DELETE', cookie: colleagueCookie })).status).toBe(403);
    const removed = await json(`/api/reports/${body.id}`, { method: 'DELETE', cookie: nurse.cookie });
    expect(await removed.json()).toEqual({ id: body.id, deleted: true });
    expect((await json(`/api/reports/${body.id}`, { cookie: nurse.cookie })).status).toBe(404);

    const kept = await asOwner(nurse.organisationId, async (client) => {
      const report = await client.query('select deleted_at, deleted_by, content from reports where id = $1', [body.id]);
      const audit = await client.query(
        "select action, outcome from audit_events where resource_type = 'Report' and resource_id = $1 order by occurred_at",
        [body.id],
      );
      return {
        report: report.rows[0],
        actions: audit.rows.map((row: { action: string; outcome: string }) => `${row.action}:${row.outcome}`),
      };
    });
    expect(kept.report).toMatchObject({ deleted_by: nurse.user.id, content: 'Onrustig, later rustig.' });
    // Every attempt is in the access log, refused and failed ones included.
    expect(kept.actions).toEqual([
      'create:success',
      'update:denied',
      'update:success',
      'update:failure',
      'delete:denied',
      'delete:success',
      'read:failure',
    ]);
  });

  it('answers unknown ids with a Dutch 404', async () => {
    const response = await json('/api/reports/00000000-0000-4000-8000-000000000000', { cookie: nurse.cookie });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found', message: 'De gevraagde rapportage is niet gevonden.' } });
    expect((await json('/api/reports/geen-id', { cookie: nurse.cookie })).status).toBe(404);
  });

  it('classifies a report text (local path)', async () => {
    const response = await json('/api/reports/classify', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { text: 'Pt heeft een medewerker geslagen' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ type: 'incident', category: 'incident', includeInHandover: true });
    expect((await json('/api/reports/classify', { method: 'POST', cookie: nurse.cookie, body: {} })).status).toBe(400);
  });
});
