import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { registerPatient, signedInUser, validBsns, type SignedIn } from '../support/factories';
import { baseUrl } from '../support/http';
import { routeFiles, routePath, type Method, type RouteFile } from '../support/routes';

/**
 * Property-based input fuzzing of every API route and method (issue 10): generated and malformed
 * bodies, query strings, path ids and headers, with a valid session. Whatever arrives, the answer
 * is below 500, a 4xx carries the Dutch error shape, and a refused request leaves every
 * organisation table as it was. Fixed seed and run count: the same cases every run, in about a
 * minute. No real record ids are generated, so no valid request can start a workflow.
 */

// FUZZ_SEED and FUZZ_RUNS explore further by hand; the suite always runs the fixed ones.
const seed = Number(process.env.FUZZ_SEED ?? 20261122);
const runsPerRouteMethod = Number(process.env.FUZZ_RUNS ?? 50);
// A method the route refuses outright (405 before it reads anything) needs only a few cases.
const runsPerRefusedMethod = 3;
const sampleId = '00000000-0000-4000-8000-000000000000';
// Tables a refused request may still write to: the access log records failed attempts by design.
// The access log and sessions change on any request; the others are written by workflows that an
// earlier accepted case started (a ward handover runs on for seconds), not by the refused request.
const mayChangeOnRefusal = new Set(['audit_events', 'sessions', 'workflow_grant_uses', 'handover_summaries', 'ai_events', 'ai_requests']);

const apiRoutes = routeFiles().filter((route) => route.path.startsWith('/api/'));
// Page forms (issue 39): every page with an action, posted as a browser would. Logging out would end
// the fuzz's session and the login form has its own tests; beheer refuses a psychiater before reading.
const pageForms = routeFiles().filter(
  (route) => !route.path.startsWith('/api/') && route.methods.includes('POST') && !/^\/(login|logout)\b/.test(route.path),
);
const runsPerPageForm = Number(process.env.FUZZ_PAGE_RUNS ?? 12);
// One real patient of the fuzz's own organisation: routes under a patient reach their validation.
let patientId = sampleId;
let casesRun = 0;
let routeMethods = 0;
const statusCounts = new Map<number, number>();

let session: SignedIn;
let db: pg.Client;
let countQuery: string;

beforeAll(async () => {
  session = await signedInUser('psychiater');
  patientId = await registerPatient(session.cookie, {
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[0]! }],
  });
  db = new pg.Client({ connectionString: inject('ownerUrl') });
  await db.connect();
  await db.query("select set_config('app.organisation_id', $1, false)", [session.organisationId]);
  const { rows } = await db.query<{ table_name: string }>(
    "select distinct table_name from information_schema.columns where table_schema = 'public' and column_name = 'organisation_id' order by table_name",
  );
  const tables = rows.map((row) => row.table_name).filter((table) => !mayChangeOnRefusal.has(table));
  expect(tables).toEqual(expect.arrayContaining(['patients', 'reports', 'appointments', 'gp_letters', 'treatment_plans']));
  countQuery = `select json_build_object(${tables.map((table) => `'${table}', (select count(*) from "${table}")`).join(', ')}) as counts`;
});

afterAll(async () => {
  await db?.end();
  const statuses = [...statusCounts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  console.log(
    `[fuzz] ${casesRun} cases over ${apiRoutes.length} API routes and ${routeMethods} route methods (seed ${seed}; ${runsPerRouteMethod} per accepted method, ${runsPerRefusedMethod} per refused one): ${statuses}`,
  );
});

async function rowCounts(): Promise<Record<string, number>> {
  return (await db.query<{ counts: Record<string, number> }>(countQuery)).rows[0]!.counts;
}

// --- generators ----------------------------------------------------------------------------

const fieldNames = [
  'patientId',
  'appointmentId',
  'id',
  'type',
  'category',
  'content',
  'text',
  'input',
  'message',
  'messages',
  'context',
  'activePatient',
  'start',
  'end',
  'label',
  'reason',
  'followUp',
  'choices',
  'actions',
  'intent',
  'entities',
  'confidence',
  'period',
  'filterForRole',
  'includeInHandover',
  'encounterId',
  'plan',
  'doelen',
  'resourceType',
  'name',
  'identifier',
  'birthDate',
  'gender',
  'extension',
  'telecom',
  'address',
  'email',
  'password',
  'limit',
  'offset',
  'q',
  'status',
  // Issue 39: the clinical fields that took a NUL, an impossible date or a hex number.
  'startDate',
  'endDate',
  'startsOn',
  'endsOn',
  'observedAt',
  'administeredAt',
  'scheduledFor',
  'startedAt',
  'endedAt',
  'evaluatedAt',
  'diagnosedAt',
  'measures',
  'items',
  'value',
  'effect',
  'note',
  'substance',
  'dose',
  'maxPerDay',
  'kind',
  'basedOn',
  'noKnownAllergies',
  'lateReason',
  'rationale',
  'code',
  '__proto__',
  'constructor',
];
const queryKeys = [
  'patientId',
  'q',
  'limit',
  'offset',
  'type',
  'period',
  'alerts',
  'start',
  'end',
  'label',
  'status',
  '_count',
  '_offset',
  'filterForRole',
  'patientName',
  'time',
  'date',
  'name',
  'identifier',
  'code',
  '_id',
  'patient',
  'birthdate',
];

const printable = (maxLength: number) =>
  fc.array(fc.integer({ min: 0x20, max: 0x7e }), { maxLength }).map((codes) => String.fromCharCode(...codes));
const oddText = fc.constantFrom(
  '',
  ' ',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '2026-02-30T25:61:00+99:00',
  'volgende week',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '\u0000',
  '😀👩‍⚕️',
  'ÿ\uFFFE\uD800',
  '9'.repeat(400),
  // Issue 39: NUL and control characters, bidi overrides, impossible and extreme dates, empty OR
  // lists, hex and other exotic numerals.
  'a\u0000b',
  '%00',
  'Bel\u0007',
  'Esc\u001b[31m',
  'Patiënt \u202Etnegilgen\u202C',
  '\u2066isolaat\u2069',
  '2026-02-30',
  '2026-11-31',
  '0000-01-01',
  '0001-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '9999-12-31T23:59:59Z',
  'le9999-12-31T23:59:59Z',
  'ge0001-01-01',
  ',,,',
  '|',
  '0x50',
  '0b101',
  '1e2',
  '٨٠',
  '１２',
  '  80  ',
);
const shortText = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'grapheme', maxLength: 40 }), oddText, fc.integer().map(String));
const text = fc.oneof(
  shortText,
  fc.nat(20_000).map((length) => 'x'.repeat(length)),
);
const oddValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  text,
  fc.constantFrom(null, true, false, -1, 0, 1e308, -0.5, [], {}, [null], { id: sampleId }, sampleId, '123456789', '111222333'),
);

const bodyText = fc.oneof(
  {
    arbitrary: fc
      .dictionary(fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 12 })), oddValue, { maxKeys: 8 })
      .map((value) => JSON.stringify(value)),
    weight: 5,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)), weight: 2 },
  {
    arbitrary: fc.constantFrom(
      '{',
      '{"patientId":',
      '[',
      'nul',
      '"',
      '{"patientId":}',
      '\uFEFF{}',
      '{"__proto__":{"isAdmin":true}}',
      '{"a":1,"a":2}',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      '',
      'patientId=1&type=x',
    ),
    weight: 2,
  },
  { arbitrary: fc.string({ maxLength: 200 }), weight: 1 },
  {
    arbitrary: fc.nat(300_000).map((length) => JSON.stringify({ content: 'é'.repeat(length), message: 'x', input: 'y', text: 'z' })),
    weight: 1,
  },
);
const body = fc.oneof({ arbitrary: bodyText, weight: 6 }, { arbitrary: fc.uint8Array({ maxLength: 300 }), weight: 1 });

const pathSegment = fc.oneof(
  { arbitrary: fc.constant(sampleId), weight: 3 },
  { arbitrary: fc.constant('<patient>'), weight: 3 },
  { arbitrary: fc.uuid(), weight: 2 },
  { arbitrary: fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent), weight: 2 },
  {
    arbitrary: fc.constantFrom(
      '%',
      '%zz',
      '%c0%af',
      '%00',
      'null',
      '-1',
      '1e999',
      'a'.repeat(2000),
      encodeURIComponent('😀'),
      encodeURIComponent("' or 1=1 --"),
      'Patient',
      '_history',
    ),
    weight: 2,
  },
);

const query = fc.oneof(
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...queryKeys), fc.string({ maxLength: 10 })), shortText), { maxLength: 6 })
    .map((pairs) => new URLSearchParams(pairs).toString()),
  fc.constantFrom(
    '',
    '%',
    '%zz=1',
    'patientId=%E0%A4%A',
    '&&&',
    '===',
    'limit=1&limit=2&limit=x',
    'q',
    `q=${'a'.repeat(6000)}`,
    'patientId[]=1&patientId[x]=2',
  ),
);

const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----grens',
  'multipart/form-data',
  'application/fhir+json',
  'application/xml',
  'application/json; charset=utf-16',
  '*/*',
  'onzin',
  '',
);

const headers = fc.record(
  {
    accept: fc.constantFrom('application/json', 'text/event-stream', '*/*', 'text/html', 'onzin/;;'),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', 'onzin'),
    'accept-language': printable(60),
    'x-forwarded-for': fc.constantFrom('geen-adres', '999.999.1.1', '::1, 10.0.0.1', ''),
    'if-none-match': printable(40),
    range: fc.constantFrom('bytes=0-1', 'bytes=-5', 'onzin'),
    'x-fuzz': printable(1500),
    'sec-fetch-site': fc.constantFrom('same-origin', 'none'),
  },
  { requiredKeys: [] },
);
// Now and then a browser on another site: the CSRF refusal must keep the error shape too.
const crossSite = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 9 },
  {
    arbitrary: fc.constantFrom({ origin: 'https://aanvaller.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }),
    weight: 1,
  },
);

const fuzzCase = fc.record({
  segments: fc.array(pathSegment, { minLength: 3, maxLength: 3 }),
  query,
  body,
  contentType,
  headers,
  crossSite,
  forgedCookieFirst: fc.integer({ min: 0, max: 9 }).map((draw) => draw === 0),
});
type FuzzCase = typeof fuzzCase extends fc.Arbitrary<infer T> ? T : never;

// --- the property ----------------------------------------------------------------------------

const segmentValue = (segment: string) => (segment === '<patient>' ? patientId : segment);

async function send(route: RouteFile, method: Method, input: FuzzCase): Promise<Response> {
  let index = 0;
  const path = routePath(route.file, () => segmentValue(input.segments[index++ % input.segments.length]!));
  const requestHeaders = new Headers();
  for (const [name, value] of Object.entries({ ...input.headers, ...input.crossSite }))
    if (value !== undefined) requestHeaders.set(name, value);
  if (input.contentType !== undefined) requestHeaders.set('Content-Type', input.contentType);
  // A second, forged session cookie beside the real one: whichever the server reads, never a 500.
  requestHeaders.set(
    'Cookie',
    input.forgedCookieFirst ? `ggz_session=vervalst; ${session.cookie}` : `${session.cookie}; ggz_session=vervalst`,
  );
  return fetch(`${baseUrl()}${path}${input.query ? `?${input.query}` : ''}`, {
    method,
    headers: requestHeaders,
    body: method === 'GET' ? undefined : input.body,
    redirect: 'manual',
  });
}

// English words that give away a message no clinician should see (framework or driver text).
const english =
  /\b(the|invalid|expected|received|required|must|error|failed|unexpected|cannot|not allowed|not found|method|bad request|internal|server error)\b/i;

function expectDutch(message: unknown, where: string) {
  expect(typeof message, where).toBe('string');
  expect((message as string).length, where).toBeGreaterThan(0);
  expect(message as string, where).not.toMatch(english);
}

// The OAuth token endpoint of SMART Backend Services (issue 46) answers a refused token request as
// RFC 6749 §5.2 says, which OAuth clients read: `error` a registered code, `error_description` Dutch.
const oauthTokenPath = '/api/fhir/auth/token';
const oauthErrors = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
];

function expectDutchErrorShape(route: RouteFile, text: string, where: string) {
  let parsed: unknown;
  expect(() => (parsed = JSON.parse(text)), `${where}: not JSON: ${text.slice(0, 200)}`).not.toThrow();
  if (route.path === oauthTokenPath && typeof (parsed as { error?: unknown }).error === 'string') {
    const { error, error_description: description } = parsed as { error: string; error_description?: unknown };
    expect(oauthErrors, `${where}: ${text.slice(0, 200)}`).toContain(error);
    expectDutch(description, where);
    return;
  }
  // FHIR routes (the base `/api/fhir` of transactions included) answer an OperationOutcome; a
  // request refused before routing (CSRF) the plain shape.
  const fhir = route.path === '/api/fhir' || route.path.startsWith('/api/fhir/');
  if (fhir && (parsed as { resourceType?: string }).resourceType) {
    const outcome = parsed as { resourceType: string; issue: { diagnostics: string }[] };
    expect(outcome.resourceType, where).toBe('OperationOutcome');
    for (const issue of outcome.issue) expectDutch(issue.diagnostics, where);
    return;
  }
  const { error } = parsed as { error: { code: unknown; message: unknown; fields?: Record<string, unknown> } };
  expect(typeof error?.code, `${where}: ${text.slice(0, 200)}`).toBe('string');
  expectDutch(error.message, where);
  for (const [field, message] of Object.entries(error.fields ?? {})) expectDutch(message, `${where} field ${field}`);
}

describe('input fuzzing of every API route', () => {
  it('covers every API route file', () => {
    expect(apiRoutes.length).toBeGreaterThan(30);
    for (const route of apiRoutes) expect(route.methods.length, route.file).toBeGreaterThan(0);
  });

  for (const route of apiRoutes) {
    for (const method of route.methods) {
      it(`${method} ${route.path}: never a 5xx, Dutch 4xx, nothing half-written`, async () => {
        routeMethods++;
        const probe = await fetch(`${baseUrl()}${route.path}`, {
          method,
          headers: { Cookie: session.cookie, 'Content-Type': 'application/json' },
          body: method === 'GET' ? undefined : '{}',
          redirect: 'manual',
        });
        await probe.body?.cancel();
        const numRuns = probe.status === 405 ? runsPerRefusedMethod : runsPerRouteMethod;
        await fc.assert(
          fc.asyncProperty(fuzzCase, async (input) => {
            casesRun++;
            const before = await rowCounts();
            const response = await send(route, method, input);
            const text = await response.text();
            statusCounts.set(response.status, (statusCounts.get(response.status) ?? 0) + 1);
            const where = `${method} ${route.file} → ${response.status}`;
            expect(response.status, `${where}: ${text.slice(0, 300)}`).toBeLessThan(500);
            if (response.status >= 400) {
              expectDutchErrorShape(route, text, where);
              expect(await rowCounts(), `${where} wrote rows`).toEqual(before);
            }
          }),
          { seed, numRuns, endOnFailure: true },
        );
      });
    }
  }
});

/** The fields and intents a page form sends, read from its route module (`values.x`, `name="x"`). */
function formVocabulary(file: string): { names: string[]; intents: string[] } {
  const source = readFileSync(path.join(process.cwd(), 'app/routes', file), 'utf8');
  const names = new Set(['intent']);
  for (const match of source.matchAll(/values\.(\w+)|name="([\w.-]+)"|name: '([\w.-]+)'/g)) names.add(match[1] ?? match[2] ?? match[3]!);
  const intents = new Set<string>();
  for (const match of source.matchAll(/intent === '([^']+)'|name="intent" value="([^"]+)"/g)) intents.add(match[1] ?? match[2]!);
  return { names: [...names], intents: [...intents, 'onbekend'] };
}

describe('input fuzzing of every page form (issue 39)', () => {
  it('finds the page forms', () => expect(pageForms.length).toBeGreaterThan(10));

  for (const route of pageForms) {
    it(`POST ${route.path}: never a 5xx, nothing half-written`, async () => {
      const { names, intents } = formVocabulary(route.file);
      const formCase = fc.record({
        segments: fc.array(fc.oneof({ arbitrary: fc.constant('<patient>'), weight: 4 }, { arbitrary: pathSegment, weight: 1 }), {
          minLength: 3,
          maxLength: 3,
        }),
        intent: fc.constantFrom(...intents),
        fields: fc.dictionary(fc.constantFrom(...names), fc.oneof(oddText, shortText), { maxKeys: 10 }),
      });
      await fc.assert(
        fc.asyncProperty(formCase, async (input) => {
          casesRun++;
          let index = 0;
          const target = routePath(route.file, () => segmentValue(input.segments[index++ % input.segments.length]!));
          const before = await rowCounts();
          const response = await fetch(`${baseUrl()}${target}`, {
            method: 'POST',
            headers: { Cookie: session.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ ...input.fields, intent: input.intent }),
            redirect: 'manual',
          });
          const text = await response.text();
          statusCounts.set(response.status, (statusCounts.get(response.status) ?? 0) + 1);
          const where = `POST ${route.file} (${input.intent}) → ${response.status}`;
          expect(response.status, `${where}: ${text.slice(0, 300)}`).toBeLessThan(500);
          if (response.status >= 400) expect(await rowCounts(), `${where} wrote rows`).toEqual(before);
        }),
        { seed, numRuns: runsPerPageForm, endOnFailure: true },
      );
    });
  }
});
