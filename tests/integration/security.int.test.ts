import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { demoOrganisation } from '../../domain/demo/demo-accounts';
import { freePort, startProcess, type Managed } from '../../scripts/lib/processes';
import { tsxCli, waitForHealthy } from '../../scripts/lib/stack';
import {
  asOwner,
  createGpLetter,
  createUser,
  fhirPatientBody,
  registerPatient,
  signedInUser,
  validBsns,
  type SignedIn,
  type TestUser,
} from '../support/factories';
import { baseUrl, json, login, request } from '../support/http';
import { namesRecord, pathFor, routeFiles, type Method, type Resource } from '../support/routes';

const crossSite = { Origin: 'https://aanvaller.example', 'Sec-Fetch-Site': 'cross-site' };
const crossSiteMessage = 'Dit verzoek komt niet van het EPD zelf en is geweigerd. Open het EPD opnieuw en probeer het nog eens.';
// The defaults of LOGIN_MAX_FAILURES_PER_ACCOUNT and …_PER_ADDRESS; the test stack keeps them.
const accountLimit = 5;
const addressLimit = 20;

/** Every password this file types, right or wrong: none may reach a log. */
const typedPasswords: string[] = [];

function loginFrom(address: string, email: string, password: string, headers: Record<string, string> = {}) {
  typedPasswords.push(password);
  // The test stack trusts the loopback proxy (TRUST_PROXY), so X-Forwarded-For is the client address.
  return request('/login', {
    method: 'POST',
    headers: { 'X-Forwarded-For': address, ...headers },
    body: new URLSearchParams({ email, password, intent: 'login' }),
  });
}

async function reportCount(organisationId: string): Promise<number> {
  return asOwner(organisationId, async (db) =>
    Number((await db.query<{ n: string }>('select count(*) as n from reports where organisation_id = $1', [organisationId])).rows[0]!.n),
  );
}

describe('cross-site requests (CSRF)', () => {
  let nurse: SignedIn;
  let patientId: string;

  beforeAll(async () => {
    nurse = await signedInUser();
    patientId = await registerPatient(nurse.cookie);
  });

  const report = () => ({ patientId, type: 'verpleegkundig', category: 'observatie', content: 'Rustige dienst.' });

  it('refuses a JSON write another site makes the browser send with the session cookie, and writes nothing', async () => {
    const before = await reportCount(nurse.organisationId);
    const variants: Record<string, string>[] = [
      crossSite,
      { Origin: 'https://aanvaller.example' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'null' },
    ];
    for (const headers of variants) {
      const response = await json('/api/reports', { method: 'POST', cookie: nurse.cookie, headers, body: report() });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual({ error: { code: 'forbidden', message: crossSiteMessage } });
    }
    expect(await reportCount(nurse.organisationId)).toBe(before);
  });

  it('refuses cross-site form posts: no login, no logout, no record change', async () => {
    const user = await createUser(nurse.organisationId);
    const loginAttempt = await request('/login', {
      method: 'POST',
      headers: crossSite,
      body: new URLSearchParams({ email: user.email, password: user.password }),
    });
    expect(loginAttempt.status).toBe(403);
    expect(loginAttempt.headers.get('set-cookie')).toBeNull();
    const logout = await request('/logout', { method: 'POST', cookie: nurse.cookie, headers: crossSite });
    expect(logout.status).toBe(403);
    expect((await request('/api/session', { cookie: nurse.cookie })).status).toBe(200);
    const note = await request(`/patients/${patientId}/rapportages`, {
      method: 'POST',
      cookie: nurse.cookie,
      headers: crossSite,
      body: new URLSearchParams({ type: 'dagnotitie', category: 'adl', content: 'Van buiten' }),
    });
    expect(note.status).toBe(403);
  });

  it('lets the EPD’s own requests through, and reads from anywhere (SameSite=Lax covers those)', async () => {
    const sameOrigin = { Origin: baseUrl(), 'Sec-Fetch-Site': 'same-origin' };
    expect((await json('/api/reports', { method: 'POST', cookie: nurse.cookie, headers: sameOrigin, body: report() })).status).toBe(201);
    expect(
      (await json('/api/reports', { method: 'POST', cookie: nurse.cookie, headers: { Origin: baseUrl() }, body: report() })).status,
    ).toBe(201);
    expect((await json('/api/reports', { cookie: nurse.cookie, headers: crossSite })).status).toBe(200);
  });
});

describe('security headers', () => {
  it('allow only scripts with this response’s nonce, forbid framing and send no referrer to other sites', async () => {
    const response = await request('/login');
    const csp = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    const html = await response.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
    const next = (await request('/login')).headers.get('content-security-policy');
    expect(next).not.toContain(nonce);
  });

  it('are on API answers and static files too', async () => {
    for (const path of ['/api/health', '/api/reports', '/favicon.svg']) {
      const response = await request(path);
      expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get('referrer-policy'), path).toBe('same-origin');
    }
  });
});

describe('requests refused before any route', () => {
  it('answer oversized headers and a malformed API path with the Dutch error body', async () => {
    const { cookie } = await signedInUser();
    const oversized = await request('/api/reports', { cookie, headers: { 'X-Groot': 'x'.repeat(20_000) } });
    expect(oversized.status).toBe(431);
    expect(await oversized.json()).toEqual({
      error: { code: 'validation_failed', message: 'De aanvraag is te groot: te lange adresregel of kopteksten.' },
    });
    const malformed = await json('/api/behandelplan/%c0%af/approve', { method: 'POST', cookie, body: {} });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: { code: 'validation_failed', message: 'Het adres van deze aanvraag is ongeldig.' } });
  });

  it('close the connection when they answer before a large body arrived, so the next request still gets through', async () => {
    const { cookie } = await signedInUser();
    for (let round = 0; round < 3; round++) {
      // The server answers and closes without reading the rest. Whether the client reads that answer
      // or first fails its own write (EPIPE, ECONNRESET) is a race on the client's side; the raw-socket
      // tests in web-edge.int.test.ts check the answer itself. Either way nothing may be left hanging.
      const early = await json('/api/reports', {
        method: 'POST',
        cookie,
        headers: crossSite,
        body: { content: 'é'.repeat(300_000) },
      }).catch((error: unknown) => error);
      if (early instanceof Response) {
        expect(early.status).toBe(403);
        expect(early.headers.get('connection')).toBe('close');
        await early.text();
      } else {
        expect(String((early as { cause?: { code?: string } }).cause?.code)).toMatch(/^(EPIPE|ECONNRESET)$/);
      }
      expect((await json('/api/reports', { method: 'POST', cookie, body: '{' })).status).toBe(400);
    }
  });
});

describe('login throttling', () => {
  let user: TestUser;

  beforeAll(async () => {
    const organisation = await signedInUser();
    user = await createUser(organisation.organisationId);
  });

  it(`locks an account after ${accountLimit} wrong passwords, from any address, with a Dutch message`, async () => {
    for (let attempt = 0; attempt < accountLimit; attempt++) {
      expect((await loginFrom(`198.51.100.${attempt + 1}`, user.email, `Fout-${randomUUID()}`)).status).toBe(400);
    }
    const locked = await loginFrom('198.51.100.99', user.email.toUpperCase(), user.password);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('set-cookie')).toBeNull();
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await locked.text()).toContain('Te veel inlogpogingen, probeer het over 15 minuten opnieuw.');
    // The Remix data request (a form post with JavaScript) gets the same answer as JSON.
    typedPasswords.push(user.password);
    const data = await request('/login?_data=routes%2Flogin', {
      method: 'POST',
      headers: { 'X-Forwarded-For': '198.51.100.98' },
      body: new URLSearchParams({ email: user.email, password: user.password }),
    });
    expect(data.status).toBe(429);
    expect(await data.json()).toMatchObject({ message: 'Te veel inlogpogingen, probeer het over 15 minuten opnieuw.' });
  });

  it(`locks an address after ${addressLimit} failed logins, whichever accounts it tries`, async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
    for (let attempt = 0; attempt < addressLimit; attempt++) {
      expect((await loginFrom(address, `onbekend-${randomUUID().slice(0, 8)}@test.nl`, `Fout-${randomUUID()}`)).status).toBe(400);
    }
    const other = await createUser(user.organisationId);
    expect((await loginFrom(address, other.email, other.password)).status).toBe(429);
    expect((await loginFrom('203.0.113.1', other.email, other.password)).status).toBe(302);
  });
});

describe('session fixation', () => {
  it('never adopts a session id the browser brought to the login', async () => {
    const organisation = await signedInUser();
    const user = await createUser(organisation.organisationId);
    const planted = `ggz_session=${randomUUID()}`;
    const { cookie: legitimate } = await login(user.email, user.password);
    for (const before of [planted, legitimate!]) {
      const response = await request('/login', {
        method: 'POST',
        cookie: before,
        body: new URLSearchParams({ email: user.email, password: user.password }),
      });
      expect(response.status).toBe(302);
      const after = response.headers.get('set-cookie')?.split(';')[0];
      expect(after).toMatch(/^ggz_session=.{20,}/);
      expect(after).not.toBe(before);
      expect((await request('/api/session', { cookie: after })).status).toBe(200);
    }
    expect((await request('/api/session', { cookie: planted })).status).toBe(401);
  });
});

describe('another organisation’s records', () => {
  let reader: SignedIn;
  let owner: SignedIn;
  const ids = {} as Record<Resource, string>;
  const secretName = `Geheimhouder${randomUUID().slice(0, 6)}`;
  const secretBsn = validBsns[9]!;
  const secretReport = `Vertrouwelijk-rapport-${randomUUID()}`;
  const secretLetter = `Vertrouwelijke-brief-${randomUUID()}`;
  const secrets = [secretName, secretBsn, secretReport, secretLetter];

  const nobodysIds = (): Record<Resource, string> => ({
    patient: randomUUID(),
    report: randomUUID(),
    appointment: randomUUID(),
    letter: randomUUID(),
    plan: randomUUID(),
    chain: randomUUID(),
    observation: randomUUID(),
    scale: randomUUID(),
    diagnosis: randomUUID(),
    medication: randomUUID(),
    administration: randomUUID(),
    legalStatus: randomUUID(),
    allergy: randomUUID(),
    coerciveMeasure: randomUUID(),
    handoverSummary: randomUUID(),
  });

  function expectNoSecrets(body: string, what: string) {
    for (const secret of secrets) expect(body.includes(secret), `${what} shows ${secret}`).toBe(false);
  }

  beforeAll(async () => {
    reader = await signedInUser('psychiater');
    owner = await signedInUser('psychiater');
    const patient = await json('/api/fhir/Patient', {
      method: 'POST',
      cookie: owner.cookie,
      body: fhirPatientBody({
        name: [{ family: secretName, given: ['Zwaantje'] }],
        identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: secretBsn }],
      }),
    });
    expect(patient.status).toBe(201);
    ids.patient = ((await patient.json()) as { id: string }).id;
    const report = await json('/api/reports', {
      method: 'POST',
      cookie: owner.cookie,
      body: { patientId: ids.patient, type: 'verpleegkundig', category: 'observatie', content: secretReport },
    });
    expect(report.status).toBe(201);
    ids.report = ((await report.json()) as { id: string }).id;
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCHours(9, 0, 0, 0);
    const appointment = await json('/api/assistant/agenda/create', {
      method: 'POST',
      cookie: owner.cookie,
      body: { patientId: ids.patient, start: start.toISOString(), type: 'behandelgesprek' },
    });
    expect(appointment.status).toBe(201);
    ids.appointment = ((await appointment.json()) as { id: string }).id;
    const round = await json(`/api/patients/${ids.patient}/vitals`, {
      method: 'POST',
      cookie: owner.cookie,
      body: { observedAt: new Date().toISOString(), measures: { hartfrequentie: 131 } },
    });
    expect(round.status).toBe(201);
    ids.observation = ((await round.json()) as { values: { id: string }[] }).values[0]!.id;
    const bvc = await json(`/api/patients/${ids.patient}/bvc`, {
      method: 'POST',
      cookie: owner.cookie,
      body: {
        observedAt: new Date().toISOString(),
        items: {
          verward: false,
          prikkelbaar: true,
          luidruchtig: false,
          'verbaal-dreigend': false,
          'fysiek-dreigend': false,
          'voorwerpen-aanvallen': false,
        },
      },
    });
    expect(bvc.status).toBe(201);
    ids.scale = ((await bvc.json()) as { id: string }).id;
    const diagnosis = await json(`/api/patients/${ids.patient}/diagnoses`, {
      method: 'POST',
      cookie: owner.cookie,
      body: { code: 'F32.2', rank: 'primary' },
    });
    expect(diagnosis.status).toBe(201);
    ids.diagnosis = ((await diagnosis.json()) as { id: string }).id;
    const medication = await json(`/api/patients/${ids.patient}/medication`, {
      method: 'POST',
      cookie: owner.cookie,
      body: { productCode: 'lorazepam-1', dose: '1 tablet', kind: 'zo-nodig', indication: 'onrust', maxPerDay: 3, startDate: '2026-01-01' },
    });
    expect(medication.status).toBe(201);
    ids.medication = ((await medication.json()) as { id: string }).id;
    const administration = await json(`/api/medication/${ids.medication}/administrations`, {
      method: 'POST',
      cookie: owner.cookie,
      body: { reason: 'Onrustig' },
    });
    expect(administration.status).toBe(201);
    ids.administration = ((await administration.json()) as { id: string }).id;
    const created = async (path: string, body: unknown) => {
      const response = await json(`/api/patients/${ids.patient}/${path}`, { method: 'POST', cookie: owner.cookie, body });
      expect(response.status, path).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    ids.legalStatus = await created('legal-status', { kind: 'wvggz-crisismaatregel', startsOn: new Date().toISOString().slice(0, 10) });
    ids.allergy = await created('allergies', { substance: 'Penicilline', severity: 'ernstig' });
    ids.coerciveMeasure = await created('coercive-measures', {
      kind: 'separatie',
      startedAt: new Date(Date.now() - 3600_000).toISOString(),
      legalBasis: 'noodsituatie',
      decidedBy: 'Dr. Vertrouwelijk',
    });
    ids.letter = await createGpLetter(owner.organisationId, {
      patientId: ids.patient,
      createdBy: owner.user.id,
      gpName: 'Dr. H. Jansen',
      gpPractice: 'Praktijk Jansen',
      subject: 'Voortgang',
      text: secretLetter,
    });
    const handover = await json('/api/overdracht/generate', { method: 'POST', cookie: owner.cookie, body: { patientId: ids.patient } });
    expect(handover.status).toBe(200);
    ids.handoverSummary = ((await handover.json()) as { meta: { summaryId: string } }).meta.summaryId;
    const plan = await json('/api/behandelplan/generate', { method: 'POST', cookie: owner.cookie, body: { patientId: ids.patient } });
    expect(plan.status).toBe(200);
    ids.plan = ((await plan.json()) as { id: string }).id;
    const chain = await json('/api/intent/chains', {
      method: 'POST',
      cookie: owner.cookie,
      body: { actions: [{ intent: 'zoeken', entities: { patientName: secretName }, confidence: 0.95 }] },
    });
    expect(chain.status).toBe(201);
    ids.chain = ((await chain.json()) as { chainId: string }).chainId;
    expect(Object.values(ids).every(Boolean)).toBe(true);
  }, 120_000);

  it('answers every id-bearing page and API route 404 or 403, never with the record', async () => {
    const routes = routeFiles().filter(namesRecord);
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      const api = route.file.startsWith('api.');
      const methods = api ? route.methods : route.methods.filter((method) => method === 'GET' || method === 'POST');
      const refusals: number[] = [];
      const send = (url: string, method: Method) =>
        api
          ? json(url, {
              method,
              cookie: reader.cookie,
              body: method === 'GET' ? undefined : { content: 'Overschreven door een ander', choices: {}, followUp: 'x' },
            })
          : request(url, {
              method,
              cookie: reader.cookie,
              body:
                method === 'GET'
                  ? undefined
                  : new URLSearchParams({
                      intent: 'approve',
                      type: 'verpleegkundig',
                      category: 'observatie',
                      content: 'Overschreven door een ander',
                      finalText: 'x',
                    }),
            });
      for (const method of methods) {
        const url = pathFor(route, method, ids);
        const response = await send(url, method);
        const what = `${method} ${url} (${route.file})`;
        const text = await response.text();
        // A form may say "this patient does not exist" (400) as for any unknown id: no more than that.
        expect([400, 403, 404, 405], `${what}: ${text.slice(0, 200)}`).toContain(response.status);
        if (response.status === 403 || response.status === 404) refusals.push(response.status);
        expectNoSecrets(text, what);
        // The answer does not even tell that the record exists: the same as for an id nobody has.
        const unknown = await send(pathFor(route, method, nobodysIds()), method);
        expect(response.status, `${what} differs from an unknown id`).toBe(unknown.status);
      }
      expect(refusals.length, `${route.file} refused no method on the foreign id`).toBeGreaterThan(0);
    }
  });

  it('leaks nothing through query filters or bodies that name the foreign records', async () => {
    // The search term is the name without its last letters, so an echo of the query shows no secret.
    const term = secretName.slice(0, -2);
    const query = `?patientId=${ids.patient}&appointmentId=${ids.appointment}&q=${term}&patientName=${term}`;
    for (const route of routeFiles().filter(
      (candidate) => candidate.file.startsWith('api.') && candidate.params.length === 0 && candidate.methods.includes('GET'),
    )) {
      const response = await request(`${route.path}${query}`, { cookie: reader.cookie });
      expect(response.status, route.path).toBeLessThan(500);
      expectNoSecrets(await response.text(), `GET ${route.path}${query}`);
    }
    const future = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const writes: [string, unknown][] = [
      ['/api/reports', { patientId: ids.patient, type: 'verpleegkundig', category: 'observatie', content: 'Bij een ander' }],
      ['/api/assistant/agenda/create', { patientId: ids.patient, start: future, type: 'behandelgesprek' }],
      ['/api/assistant/agenda/cancel', { appointmentId: ids.appointment }],
      ['/api/assistant/agenda/reschedule', { appointmentId: ids.appointment, start: future }],
      ['/api/overdracht/generate', { patientId: ids.patient }],
      ['/api/behandelplan/generate', { patientId: ids.patient }],
      ['/api/core/classify', { input: 'hoe slaapt hij', context: { activePatient: { id: ids.patient, name: 'Onbekend' } } }],
    ];
    for (const [path, body] of writes) {
      const response = await json(path, { method: 'POST', cookie: reader.cookie, body });
      if (path !== '/api/core/classify') expect([400, 403, 404], path).toContain(response.status);
      expectNoSecrets(await response.text(), `POST ${path}`);
    }
    await asOwner(owner.organisationId, async (db) => {
      expect((await db.query('select content from reports where organisation_id = $1', [owner.organisationId])).rows).toEqual([
        { content: secretReport },
      ]);
      expect((await db.query('select status, start_at from appointments where id = $1', [ids.appointment])).rows[0]).toMatchObject({
        status: 'gepland',
      });
      expect((await db.query('select status from gp_letters where id = $1', [ids.letter])).rows[0]).toMatchObject({ status: 'concept' });
    });
    expect(await reportCount(reader.organisationId)).toBe(0);
  });
});

describe('production mode', () => {
  let web: Managed | undefined;
  let productionUrl = '';

  beforeAll(async () => {
    const port = await freePort();
    productionUrl = `http://127.0.0.1:${port}`;
    const buildDir = path.resolve('.cache/test-build');
    web = startProcess('web-prod', process.execPath, [tsxCli, 'server.ts'], {
      quiet: true,
      logFile: path.resolve('.cache/test-logs/web-production.log'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: inject('ownerUrl'),
        APP_DATABASE_URL: inject('appUrl'),
        TEMPORAL_ADDRESS: inject('temporalAddress'),
        // Production refuses to start without the payload keys (ADR 25).
        TEMPORAL_PAYLOAD_KEYS: inject('payloadKeys'),
        REMIX_SERVER_BUILD_PATH: `${buildDir}/index.js`,
        REMIX_ASSETS_BUILD_DIR: `${buildDir}/public`,
        OPENAI_API_KEY: '',
      },
    });
    await waitForHealthy(productionUrl, 60_000, web.child);
  }, 90_000);

  afterAll(async () => {
    await web?.stop();
  });

  it('sends HSTS, a Secure session cookie, and error bodies without details', async () => {
    const page = await fetch(`${productionUrl}/login`);
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const organisation = await signedInUser();
    const user = await createUser(organisation.organisationId);
    typedPasswords.push(user.password);
    const signIn = await fetch(`${productionUrl}/login`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ email: user.email, password: user.password }),
    });
    expect(signIn.headers.get('set-cookie')).toMatch(/; Secure/i);
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const invalid = await fetch(`${productionUrl}/api/reports`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ patientId: 'x', content: validBsns[3] }),
    });
    expect(invalid.status).toBe(400);
    const body = (await invalid.json()) as { error: Record<string, unknown> };
    expect(body.error.fields).toBeDefined();
    expect(body.error).not.toHaveProperty('details');
    const broken = await fetch(`${productionUrl}/api/reports`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: '{"patientId":',
    });
    expect(await broken.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'De aanvraag bevat geen geldige JSON.',
        fields: { _: 'De aanvraag bevat geen geldige JSON.' },
      },
    });
    const missing = await fetch(`${productionUrl}/api/bestaat/niet`, { headers: { Cookie: cookie } });
    expect(await missing.json()).toEqual({ error: { code: 'not_found', message: 'Deze API-route bestaat niet.' } });
  });
});

describe('logs', () => {
  it('hold no password, BSN or patient name', async () => {
    const logDir = path.resolve('.cache/test-logs');
    const files = (await readdir(logDir)).filter((file) => file.endsWith('.log'));
    expect(files).toEqual(expect.arrayContaining(['web.log', 'worker.log']));
    const logs = (await Promise.all(files.map(async (file) => [file, await readFile(path.join(logDir, file), 'utf8')] as const))).filter(
      ([file]) => file !== 'temporal.log',
    );
    const patients = await asOwner(
      demoOrganisation.id,
      async (db) =>
        (
          await db.query<{ bsn: string | null; name_given: string[]; family_name: string }>(
            'select bsn, name_given, family_name from patients',
          )
        ).rows,
    );
    expect(patients.length).toBeGreaterThan(10);
    const forbidden = [
      ...typedPasswords,
      ...patients
        .flatMap((patient) => [patient.bsn, `${patient.name_given.join(' ')} ${patient.family_name}`])
        .filter((value): value is string => Boolean(value)),
      ...validBsns,
    ];
    expect(typedPasswords.length).toBeGreaterThan(accountLimit);
    for (const [file, text] of logs) for (const value of forbidden) expect(text.includes(value), `${file} contains ${value}`).toBe(false);
  });
});
