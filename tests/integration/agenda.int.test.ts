import http from 'node:http';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { asOwner, createUser, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { baseUrl, json, login, request } from '../support/http';

let nurse: SignedIn;
let colleagueCookie: string;
let patientId: string;

const inDays = (days: number, hour: number) => {
  const date = new Date(Date.now() + days * 24 * 3600_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString().replace('.000Z', '+00:00');
};

interface Appointment {
  id: string;
  patientId: string;
  patientName: string;
  start: string;
  end: string;
  status: string;
  reportIds: string[];
}

async function create(body: Record<string, unknown>, cookie = nurse.cookie) {
  const response = await json('/api/assistant/agenda/create', {
    method: 'POST',
    cookie,
    body: { patientId, type: 'behandelgesprek', ...body },
  });
  return {
    response,
    body: (await response.json()) as Appointment & { error?: { code: string; message: string; fields?: Record<string, string> } },
  };
}

beforeAll(async () => {
  nurse = await signedInUser();
  const colleague = await createUser(nurse.organisationId);
  colleagueCookie = (await login(colleague.email, colleague.password)).cookie!;
  patientId = await registerPatient(nurse.cookie);
});

describe('assistant agenda API', () => {
  it('creates an appointment (45 minutes by default) and lists it for its day', async () => {
    const start = inDays(2, 9);
    const { response, body } = await create({ start });
    expect(response.status).toBe(201);
    expect(body).toMatchObject({ patientId, patientName: 'Jan de Vries', status: 'gepland', reportIds: [] });
    expect(new Date(body.end).getTime() - new Date(body.start).getTime()).toBe(45 * 60_000);

    const day = start.slice(0, 10);
    const list = await json(
      `/api/assistant/agenda?start=${encodeURIComponent(`${day}T00:00:00+00:00`)}&end=${encodeURIComponent(`${day}T23:59:00+00:00`)}`,
      { cookie: nurse.cookie },
    );
    const agenda = (await list.json()) as { appointments: Appointment[]; range: { start: string; end: string; label: string | null } };
    expect(agenda.appointments.map((a) => a.id)).toContain(body.id);
    expect(agenda.range.label).toBeNull();
  });

  it('understands relative labels and answers without any parameter (today)', async () => {
    const labelled = await json('/api/assistant/agenda?label=overmorgen', { cookie: nurse.cookie });
    expect(labelled.status).toBe(200);
    const body = (await labelled.json()) as { range: { label: string; start: string; end: string } };
    expect(body.range.label).toBe('overmorgen');
    expect(new Date(body.range.end).getTime() - new Date(body.range.start).getTime()).toBeGreaterThanOrEqual(23 * 3600_000);
    expect((await json('/api/assistant/agenda', { cookie: nurse.cookie })).status).toBe(200);
    const unknown = await json('/api/assistant/agenda?label=ooit', { cookie: nurse.cookie });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { fields: Record<string, string> } }).error.fields.label).toMatch(/^Onbekend datumlabel/);
  });

  it("narrows the list to one patient's or the user's own appointments, in Dutch when the filter is wrong", async () => {
    const otherPatient = await registerPatient(nurse.cookie, {
      name: [{ family: 'Bakker', given: ['Els'] }],
      identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: '999999990' }],
    });
    const own = await create({ start: inDays(4, 9) });
    const colleagues = await create({ start: inDays(4, 11), patientId: otherPatient }, colleagueCookie);
    expect([own.response.status, colleagues.response.status]).toEqual([201, 201]);
    const day = inDays(4, 0).slice(0, 10);
    const range = `start=${encodeURIComponent(`${day}T00:00:00+00:00`)}&end=${encodeURIComponent(`${day}T23:59:00+00:00`)}`;
    const ids = async (query: string) =>
      (
        (await (await json(`/api/assistant/agenda?${range}${query}`, { cookie: nurse.cookie })).json()) as { appointments: Appointment[] }
      ).appointments.map((a) => a.id);

    expect(await ids('')).toEqual(expect.arrayContaining([own.body.id, colleagues.body.id]));
    expect(await ids(`&patientId=${otherPatient}`)).toEqual([colleagues.body.id]);
    expect(await ids('&van=mij')).toContain(own.body.id);
    expect(await ids('&van=mij')).not.toContain(colleagues.body.id);
    for (const [query, field, message] of [
      ['&patientId=x', 'patientId', 'Kies een bestaande patiënt.'],
      ['&van=iedereen', 'van', 'Gebruik van=mij voor je eigen afspraken.'],
    ]) {
      const refused = await json(`/api/assistant/agenda?${range}${query}`, { cookie: nurse.cookie });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields[field!]).toBe(message);
    }
  });

  it.each([
    [{ start: 'morgen om tien' }, 'start', 'Geef een tijdstip als ISO 8601 met tijdzone, bijvoorbeeld 2026-11-23T10:00:00+01:00.'],
    [{ start: inDays(3, 10), end: inDays(3, 9) }, 'end', 'Het einde moet na het begin liggen.'],
    [{ start: inDays(-1, 10) }, 'start', 'Een nieuwe afspraak kan niet in het verleden liggen.'],
    [{ start: inDays(3, 10), type: 'borrel' }, 'type', 'Kies een soort afspraak.'],
    [{ start: inDays(3, 10), patientId: 'x' }, 'patientId', 'Kies een bestaande patiënt.'],
  ])('refuses %j with a Dutch 400 on %s', async (body, field, message) => {
    const { response, body: answer } = await create(body);
    expect(response.status).toBe(400);
    expect(answer.error?.fields?.[field]).toBe(message);
  });

  it('reschedules keeping the length, and cancels', async () => {
    const { body } = await create({ start: inDays(4, 9), end: inDays(4, 10) });
    const moved = await json('/api/assistant/agenda/reschedule', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { appointmentId: body.id, start: inDays(5, 13) },
    });
    expect(moved.status).toBe(200);
    const { appointment } = (await moved.json()) as { appointment: Appointment };
    expect(appointment).toMatchObject({
      status: 'verplaatst',
      start: new Date(inDays(5, 13)).toISOString(),
      end: new Date(inDays(5, 14)).toISOString(),
    });

    const cancelled = await json('/api/assistant/agenda/cancel', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { appointmentId: body.id, reason: 'Patiënt afgemeld' },
    });
    expect(((await cancelled.json()) as { appointment: Appointment }).appointment.status).toBe('geannuleerd');
    const again = await json('/api/assistant/agenda/reschedule', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { appointmentId: body.id, start: inDays(6, 13) },
    });
    expect(again.status).toBe(409);
  });

  it("refuses someone else's appointment with 403 and an unknown one with 404, in Dutch", async () => {
    const { body } = await create({ start: inDays(3, 11) });
    const foreign = await json('/api/assistant/agenda/cancel', {
      method: 'POST',
      cookie: colleagueCookie,
      body: { appointmentId: body.id },
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: { code: 'forbidden', message: 'Geen toegang tot deze afspraak.' } });
    const missing = await json('/api/assistant/agenda/reschedule', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { appointmentId: '00000000-0000-4000-8000-000000000000', start: inDays(3, 12) },
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'not_found', message: 'De gevraagde afspraak is niet gevonden.' } });
  });

  it('links a report to its appointment, visible from both sides', async () => {
    const { body: appointment } = await create({ start: inDays(2, 14) });
    const report = await json('/api/reports', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { patientId, type: 'verpleegkundig', category: 'contact', content: 'Gesprek gevoerd.', encounterId: appointment.id },
    });
    expect(report.status).toBe(201);
    const reportId = ((await report.json()) as { id: string; encounterId: string }).id;
    const day = appointment.start.slice(0, 10);
    const agenda = (await (
      await json(`/api/assistant/agenda?start=${encodeURIComponent(`${day}T00:00:00+00:00`)}`, { cookie: nurse.cookie })
    ).json()) as { appointments: Appointment[] };
    expect(agenda.appointments.find((a) => a.id === appointment.id)?.reportIds).toEqual([reportId]);
    const list = (await (await json(`/api/reports?patientId=${patientId}`, { cookie: nurse.cookie })).json()) as {
      items: { id: string; encounterId: string }[];
    };
    expect(list.items.find((item) => item.id === reportId)?.encounterId).toBe(appointment.id);

    const wrong = await json('/api/reports', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { patientId, type: 'verpleegkundig', content: 'x', encounterId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { fields: Record<string, string> } }).error.fields.encounterId).toBe(
      'Kies een afspraak van deze patiënt.',
    );
  });

  it('writes agenda access to the access log', async () => {
    const rows = await asOwner(nurse.organisationId, async (client) => {
      const { rows } = await client.query<{ action: string; outcome: string }>(
        "select action, outcome from audit_events where resource_type = 'Appointment' and $1 = any(patient_ids)",
        [patientId],
      );
      return rows.map((row) => `${row.action}:${row.outcome}`);
    });
    expect(rows).toEqual(expect.arrayContaining(['create:success', 'search:success', 'update:success']));
  });

  it('names a patient with several given names and no prefix as the record does', async () => {
    const other = await registerPatient(nurse.cookie, {
      identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: '100000009' }],
      name: [{ family: 'Bakker', given: ['Anna', 'Maria'] }],
    });
    const start = inDays(3, 7);
    expect((await create({ patientId: other, start })).response.status).toBe(201);
    const listed = await (await request(`/api/assistant/agenda?start=${encodeURIComponent(start)}`, { cookie: nurse.cookie })).json();
    expect(listed.appointments).toEqual(
      expect.arrayContaining([expect.objectContaining({ patientId: other, patientName: 'Anna Maria Bakker' })]),
    );
  });

  it('sends the week packed as a browser asks for it (zstd first), the same appointments once unpacked', async () => {
    for (let day = 0; day < 12; day++) await create({ start: inDays(1 + (day % 5), 8 + day) });
    const path = `/api/assistant/agenda?start=${encodeURIComponent(inDays(0, 0))}&end=${encodeURIComponent(inDays(7, 0))}`;
    const plain = await (await request(path, { cookie: nurse.cookie, headers: { 'Accept-Encoding': 'identity' } })).json();
    const packed = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      const chrome = { Cookie: nurse.cookie, 'Accept-Encoding': 'gzip, deflate, br, zstd' };
      http
        .get(`${baseUrl()}${path}`, { headers: chrome }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(plain.appointments.length).toBeGreaterThanOrEqual(12);
    expect(packed.encoding).toBe('zstd');
    expect(JSON.parse(zlib.zstdDecompressSync(packed.body).toString('utf8'))).toEqual(plain);
  });

  it.each(['dag', 'week', 'werkweek'])('renders the %s view on the server', async (view) => {
    const response = await request(`/agenda?weergave=${view}`, { cookie: nurse.cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('class="calendar"');
    expect((html.match(/class="calendar-day-head/g) ?? []).length).toBe(view === 'dag' ? 1 : view === 'week' ? 7 : 5);
  });
});
