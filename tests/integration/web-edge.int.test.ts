import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  asOwner,
  createAppointment,
  createNudge,
  createOrganisation,
  createUser,
  registerPatient,
  signedInUser,
  type SignedIn,
} from '../support/factories';
import { baseUrl, json, login, request } from '../support/http';
import { routeFiles, type Method } from '../support/routes';

/*
 * The web edge of issue 18: redirects after login, body limits, methods, caching and idle
 * sessions, references between organisations, patient filters, the access log, text limits and
 * agenda dates. Each test here failed on the code before the issue.
 */

let nurse: SignedIn;
let patientId: string;

beforeAll(async () => {
  nurse = await signedInUser();
  patientId = await registerPatient(nurse.cookie);
});

const sameOrigin = () => ({ Origin: baseUrl(), 'Sec-Fetch-Site': 'same-origin' });

/** One request written by hand on a socket, so a test decides how much of the body is ever sent. */
function rawExchange(
  head: string,
  firstBody: Buffer | string,
  { waitMs = 5000 } = {},
): Promise<{ status: number; headers: string; body: string; sentBytes: number }> {
  const { hostname, port } = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    const sentBytes = Buffer.byteLength(firstBody);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${waitMs} ms: ${received.toString('utf8').slice(0, 200)}`));
    }, waitMs);
    const finish = () => {
      const text = received.toString('utf8');
      const [headers = '', ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0);
      const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? -1);
      const body = rest.join('\r\n\r\n');
      if (status && length >= 0 && Buffer.byteLength(body) >= length) {
        clearTimeout(timer);
        socket.destroy();
        resolve({ status, headers, body: body.slice(0, length), sentBytes });
      }
    };
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      finish();
    });
    // The server may close while bytes are still on their way: that is what "without reading the rest" looks like.
    socket.on('error', () => finish());
    socket.on('close', () => finish());
    socket.write(head);
    socket.write(firstBody);
  });
}

describe('redirect after login', () => {
  const hostile = [
    '/\t/evil.example',
    '//evil.example',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%09/evil.example',
    'https://evil.example',
    '/\u0000evil',
    '/%E0%A4%A',
    // Dot segments resolve to "//" after a string check (issue 39).
    '/.//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
  ];

  it('goes only to a path of the EPD itself; anything else, encoded or not, lands on /patients', async () => {
    for (const redirectTo of hostile) {
      const { response } = await loginWith(redirectTo);
      expect({ redirectTo, status: response.status, location: response.headers.get('location') }).toEqual({
        redirectTo,
        status: 302,
        location: '/patients',
      });
    }
    const { response } = await loginWith('/agenda?weergave=week');
    expect(response.headers.get('location')).toBe('/agenda?weergave=week');
  });

  it('answers a newline in redirectTo with a safe redirect, not a 500 (form post and the signed-in login page)', async () => {
    const { response, cookie } = await loginWith('/patients\r\nSet-Cookie: x=1');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/patients');
    const page = await request(`/login?redirectTo=${encodeURIComponent('/agenda\nX-Kop: ja')}`, { cookie });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/patients');
  });

  async function loginWith(redirectTo: string) {
    const user = await createUser(nurse.organisationId);
    const response = await request('/login', {
      method: 'POST',
      body: new URLSearchParams({ email: user.email, password: user.password, intent: 'login', redirectTo }),
    });
    return { response, cookie: response.headers.get('set-cookie')?.split(';')[0] };
  }
});

describe('form posts of a browser without JavaScript (Origin: null)', () => {
  it('are verified by Sec-Fetch-Site and answered normally, not with a blank 500', async () => {
    const user = await createUser(nurse.organisationId);
    const response = await request('/login', {
      method: 'POST',
      headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' },
      body: new URLSearchParams({ email: user.email, password: user.password, intent: 'login' }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/patients');
  });

  it('are refused with a Dutch page that offers a way back when they come from another site', async () => {
    const refused: Record<string, string>[] = [
      { Origin: 'null' },
      { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'https://aanvaller.example' },
    ];
    for (const headers of refused) {
      const response = await request(`/patients/${patientId}/rapportages`, {
        method: 'POST',
        cookie: nurse.cookie,
        headers,
        body: new URLSearchParams({ type: 'dagnotitie', category: 'adl', content: 'Van buiten' }),
      });
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toContain('<html lang="nl">');
      expect(html).toContain('Dit verzoek komt niet van het EPD zelf en is geweigerd.');
      expect(html).toContain('href="/patients"');
    }
  });

  it('never get a blank page: an action Remix refuses without a body becomes the Dutch error page', async () => {
    // Behind a proxy that names another host than the browser's Origin, Remix's own check refuses the post with an empty 500.
    const response = await request('/login', {
      method: 'POST',
      headers: { ...sameOrigin(), 'X-Forwarded-Host': 'ander.example' },
      body: new URLSearchParams({ email: 'iemand@test.nl', password: 'x', intent: 'login' }),
    });
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('Er ging iets mis op de server');
    expect(html).toContain('href="/patients"');
  });
});

describe('request bodies above their limit', () => {
  const tenMegabytes = 10 * 1024 * 1024;

  it('get a Dutch 413 for a declared 10 MB JSON body after the first 64 kB, the rest never read', async () => {
    const head = `POST /api/reports HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${nurse.cookie}\r\nContent-Type: application/json\r\nContent-Length: ${tenMegabytes}\r\n\r\n`;
    const answer = await rawExchange(head, `{"content":"${'x'.repeat(64 * 1024)}`);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'too_large', message: 'De aanvraag is te groot: maximaal 1 MB. Maak de inhoud kleiner en probeer het opnieuw.' },
    });
    expect(answer.headers).toMatch(/connection: close/i);
  });

  it('get the 413 for a chunked body as soon as it passes 1 MB', async () => {
    const chunk = 'x'.repeat(256 * 1024);
    const chunks = Array.from({ length: 5 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
    const head = `POST /api/reports HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${nurse.cookie}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const answer = await rawExchange(head, chunks);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe('too_large');
  });

  it('refuse a login form above 8 kB with a Dutch page, before any login is tried', async () => {
    const user = await createUser(nurse.organisationId);
    const response = await request('/login', {
      method: 'POST',
      headers: sameOrigin(),
      body: new URLSearchParams({ email: user.email, password: user.password, intent: 'login', pad: 'x'.repeat(9000) }),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.text()).toContain('De aanvraag is te groot: maximaal 8 kB.');
  });

  it('are refused before they are sent when the client asks first (Expect: 100-continue)', async () => {
    const head = `POST /api/reports HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${nurse.cookie}\r\nContent-Type: application/json\r\nContent-Length: ${tenMegabytes}\r\nExpect: 100-continue\r\n\r\n`;
    const answer = await rawExchange(head, '');
    expect(answer.status).toBe(413);
    expect(answer.sentBytes).toBe(0);
  });

  it('still take a JSON body of almost 1 MB', async () => {
    const response = await json('/api/reports', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { patientId, type: 'verpleegkundig', category: 'observatie', content: 'Rustig.', ruis: 'x'.repeat(1000 * 1000) },
    });
    // Past the size check: the schema refuses the unknown field or takes the report, never 413.
    expect([201, 400]).toContain(response.status);
  });
});

describe('methods a route does not answer', () => {
  const apiRoutes = routeFiles().filter((route) => route.path.startsWith('/api/') && route.file !== 'api.$.ts');

  it('answer a GET on an action-only route with 405 and Allow (401 first without a session)', async () => {
    for (const path of [
      '/api/assistant/agenda/create',
      '/api/assistant/agenda/cancel',
      '/api/assistant/agenda/reschedule',
      '/api/reports/classify',
    ]) {
      expect((await request(path)).status, path).toBe(401);
      const response = await request(path, { cookie: nurse.cookie });
      expect({ path, status: response.status, allow: response.headers.get('allow') }).toEqual({ path, status: 405, allow: 'POST' });
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe('Gebruik POST op deze route.');
    }
  });

  it('name in Allow exactly the methods that do not answer 405, on every API route', async () => {
    const methods: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
    for (const route of apiRoutes) {
      const refused: Method[] = [];
      const allowHeaders = new Set<string>();
      for (const method of methods) {
        const response = await request(route.path, {
          method,
          cookie: nurse.cookie,
          headers: { 'Content-Type': 'application/json' },
          body: method === 'GET' ? undefined : '{}',
        });
        await response.body?.cancel();
        if (response.status === 405) {
          refused.push(method);
          allowHeaders.add(response.headers.get('allow') ?? '(geen)');
        }
      }
      if (refused.length === 0) continue;
      expect(allowHeaders.size, route.file).toBe(1);
      const allowed = [...allowHeaders][0]!.split(', ');
      expect(allowed.sort(), route.file).toEqual(methods.filter((method) => !refused.includes(method)).sort());
    }
  });
});

describe('pages with patient data and idle sessions', () => {
  it('send Cache-Control: no-store on pages and their data requests', async () => {
    for (const path of [
      '/patients',
      `/patients/${patientId}`,
      `/patients/${patientId}/rapportages`,
      '/overdracht',
      '/agenda',
      `/patients/${patientId}?_data=routes%2F_app.patients.%24id`,
    ]) {
      const response = await request(path, { cookie: nurse.cookie });
      expect({ path, status: response.status, cache: response.headers.get('cache-control') }).toEqual({
        path,
        status: 200,
        cache: 'no-store',
      });
    }
  });

  it('end a session after SESSION_IDLE_MINUTES (30) without activity; the background session check is no activity', async () => {
    const session = await signedInUser();
    const lastSeen = () =>
      asOwner(
        session.organisationId,
        async (db) =>
          (await db.query<{ at: Date }>('select last_seen_at as at from sessions where user_id = $1', [session.user.id])).rows[0]!.at,
      );
    const setIdle = (minutes: number) =>
      asOwner(session.organisationId, (db) =>
        db.query(`update sessions set last_seen_at = now() - interval '${minutes} minutes' where user_id = $1`, [session.user.id]),
      );

    await setIdle(20);
    const before = await lastSeen();
    expect((await request('/api/session', { cookie: session.cookie })).status).toBe(200);
    expect(await lastSeen()).toEqual(before);
    expect((await request('/patients', { cookie: session.cookie })).status).toBe(200);
    expect((await lastSeen()).getTime()).toBeGreaterThan(before.getTime() + 15 * 60_000);

    await setIdle(31);
    const page = await request('/patients', { cookie: session.cookie });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/login?redirectTo=%2Fpatients&reden=verlopen');
    expect((await request('/api/reports', { cookie: session.cookie })).status).toBe(401);
  });
});

describe('references to another organisation', () => {
  const inAnHour = () => new Date(Math.ceil((Date.now() + 3600_000) / 900_000) * 900_000).toISOString();

  it('refuse a practitioner who is nobody or of another organisation with a Dutch field message', async () => {
    const other = await createOrganisation();
    const stranger = await createUser(other.id, { role: 'psychiater' });
    const colleague = await createUser(nurse.organisationId, { role: 'psychiater' });
    for (const practitionerId of ['5f0c6d1e-8a4b-4c2d-9e3f-123456789abc', stranger.id]) {
      const response = await json('/api/assistant/agenda/create', {
        method: 'POST',
        cookie: nurse.cookie,
        body: { patientId, start: inAnHour(), type: 'behandelgesprek', practitionerId },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { code: 'validation_failed', fields: { practitionerId: 'Kies een behandelaar van je eigen instelling.' } },
      });
    }
    const created = await json('/api/assistant/agenda/create', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { patientId, start: inAnHour(), type: 'behandelgesprek', practitionerId: colleague.id },
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { practitionerId: string }).practitionerId).toBe(colleague.id);
  });

  it('are refused by the database itself (composite foreign keys), whatever the application does', async () => {
    const other = await createOrganisation();
    const stranger = await createUser(other.id);
    const attempt = asOwner(nurse.organisationId, (db) =>
      db.query(
        "insert into appointments (organisation_id, patient_id, start_at, end_at, type, practitioner_id, owner_id) values ($1, $2, now(), now() + interval '1 hour', 'overig', $3, $4)",
        [nurse.organisationId, patientId, stranger.id, nurse.user.id],
      ),
    );
    await expect(attempt).rejects.toThrow(/appointments_practitioner_id_tenant_fk/);
    const foreignPatient = await registerPatient((await signedInUser()).cookie);
    const report = asOwner(nurse.organisationId, (db) =>
      db.query(
        "insert into reports (organisation_id, patient_id, type, category, content, created_by, shift_date, shift) values ($1, $2, 'dagnotitie', 'adl', 'x', $3, current_date, 'dag')",
        [nurse.organisationId, foreignPatient, nurse.user.id],
      ),
    );
    await expect(report).rejects.toThrow(/reports_patient_id_tenant_fk/);
  });
});

describe('patient filters on the intake and report APIs', () => {
  it('answer an unknown patient, or one of another organisation, with the Dutch 404; absent or empty is the ward', async () => {
    const foreignPatient = await registerPatient((await signedInUser()).cookie);
    for (const route of ['/api/core/intake/status', '/api/core/intake/risico', '/api/core/intake/diagnose', '/api/reports']) {
      for (const id of ['5f0c6d1e-8a4b-4c2d-9e3f-123456789abc', foreignPatient]) {
        const response = await request(`${route}?patientId=${id}`, { cookie: nurse.cookie });
        expect({ route, status: response.status }).toEqual({ route, status: 404 });
        expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'De gevraagde patiënt is niet gevonden.' } });
      }
      for (const query of ['', '?patientId=', `?patientId=${patientId}`])
        expect((await request(`${route}${query}`, { cookie: nurse.cookie })).status, `${route}${query}`).toBe(200);
    }
  });
});

describe('the access log (NEN 7513)', () => {
  async function rows(organisationId: string, where: string, parameters: unknown[]) {
    return asOwner(
      organisationId,
      async (db) =>
        (
          await db.query<{
            resource_type: string;
            outcome: string;
            patient_ids: string[];
            user_role: string;
            details: Record<string, unknown> | null;
          }>(
            `select resource_type, outcome, patient_ids, user_role, details from audit_events where ${where} order by occurred_at`,
            parameters,
          )
        ).rows,
    );
  }

  it('records reading the reminders, with the patients they name', async () => {
    const reader = await createUser(nurse.organisationId);
    const { cookie } = await login(reader.email, reader.password);
    await createNudge(nurse.organisationId, {
      userId: reader.id,
      patientId,
      kind: 'huisartsbrief_beoordelen',
      text: 'Brief wacht op beoordeling.',
      href: '/brieven',
    });
    expect((await request('/api/assistant/nudges', { cookie })).status).toBe(200);
    const logged = await rows(nurse.organisationId, "resource_type = 'Nudge' and user_id = $1", [reader.id]);
    expect(logged).toEqual([expect.objectContaining({ outcome: 'success', patient_ids: [patientId] })]);
  });

  it('records reading an assistant chain, with the patients its steps show', async () => {
    const started = await json('/api/intent/chains', {
      method: 'POST',
      cookie: nurse.cookie,
      body: {
        actions: [{ intent: 'dagnotitie', entities: { patientId, category: 'observatie', content: 'Sliep goed.' }, confidence: 0.9 }],
      },
    });
    expect(started.status).toBe(201);
    const { chainId } = (await started.json()) as { chainId: string };
    expect((await request(`/api/intent/chains/${chainId}`, { cookie: nurse.cookie })).status).toBe(200);
    const logged = await rows(nurse.organisationId, "resource_type = 'IntentChain' and resource_id = $1", [chainId]);
    expect(logged).toEqual([expect.objectContaining({ outcome: 'success', patient_ids: [patientId] })]);
  });

  it('records the refused attempts of a role without access to patient data, on pages and APIs', async () => {
    const ops = await createUser(nurse.organisationId, { role: 'beheerder' });
    const { cookie } = await login(ops.email, ops.password);
    expect((await request(`/api/overdracht/${patientId}`, { cookie })).status).toBe(403);
    expect((await request(`/patients/${patientId}`, { cookie })).status).toBe(302);
    expect((await request(`/api/core/intake/status?patientId=${patientId}`, { cookie })).status).toBe(403);
    const logged = await rows(nurse.organisationId, 'user_id = $1', [ops.id]);
    expect(
      logged.map((row) => ({ outcome: row.outcome, patients: row.patient_ids, role: row.user_role, path: row.details?.path })),
    ).toEqual([
      { outcome: 'denied', patients: [patientId], role: 'beheerder', path: `/api/overdracht/${patientId}` },
      { outcome: 'denied', patients: [patientId], role: 'beheerder', path: `/patients/${patientId}` },
      { outcome: 'denied', patients: [patientId], role: 'beheerder', path: '/api/core/intake/status' },
    ]);
  });
});

describe('text limits as a person counts', () => {
  it('takes 300 emoji as a daily note of 300 characters, and says by how much a longer one is too long', async () => {
    const emoji = await json('/api/reports', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { patientId, type: 'dagnotitie', category: 'observatie', content: '😀'.repeat(300) },
    });
    expect(emoji.status).toBe(201);
    const tooLong = await json('/api/reports', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { patientId, type: 'dagnotitie', category: 'observatie', content: 'é'.repeat(501) },
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({
      error: { fields: { content: 'Een dagnotitie is maximaal 500 tekens; deze is 1 teken te lang.' } },
    });
  });
});

describe('agenda with plain dates', () => {
  it('reads start=2026-11-23&end=2026-11-24 as those two whole days in Europe/Amsterdam', async () => {
    const { cookie, organisationId, user } = await signedInUser();
    const patient = await registerPatient(cookie);
    for (const [start, minutes] of [
      ['2026-11-22T22:00:00Z', 45], // 23:00–23:45 on the 22nd in Amsterdam: outside
      ['2026-11-22T23:00:00Z', 45], // 00:00 on the 23rd: inside
      ['2026-11-24T22:15:00Z', 30], // 23:15 on the 24th: inside
      ['2026-11-24T23:00:00Z', 30], // 00:00 on the 25th: outside
    ] as const) {
      await createAppointment(organisationId, {
        patientId: patient,
        practitionerId: user.id,
        startAt: new Date(start),
        minutes,
        type: 'overig',
      });
    }
    const response = await request('/api/assistant/agenda?start=2026-11-23&end=2026-11-24', { cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { appointments: { start: string }[]; range: { start: string; end: string } };
    expect(body.range).toMatchObject({ start: '2026-11-22T23:00:00.000Z', end: '2026-11-24T23:00:00.000Z' });
    expect(body.appointments.map((appointment) => appointment.start)).toEqual(['2026-11-22T23:00:00.000Z', '2026-11-24T22:15:00.000Z']);
    const wrong = await request('/api/assistant/agenda?start=2026-02-30', { cookie });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { fields: Record<string, string> } }).error.fields.start).toMatch(
      /^Geef een datum \(2026-11-23\)/,
    );
  });
});
