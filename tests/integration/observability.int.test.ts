import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import { freePort, startProcess, type Managed } from '../../scripts/lib/processes';
import { startWeb, tsxCli } from '../../scripts/lib/stack';
import { registerPatient, signedInUser, validBsns, type SignedIn } from '../support/factories';
import { json } from '../support/http';

// Observability as ops run it (ADR 0086): two web processes whose primary serves one /metrics on a
// port of its own, a worker with the Temporal runtime's metrics, and both exporting traces to a
// loopback OTLP receiver. Its own app and worker on a task queue of their own, against the stack's
// database and Temporal.

interface ReceivedSpan {
  service: string;
  traceId: string;
  name: string;
  attributes: Record<string, unknown>;
}

/** A loopback OTLP/HTTP receiver: what the exporters post to /v1/traces (JSON), flattened. */
async function startOtlpReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; close(): Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces') spans.push(...flatten(JSON.parse(body) as OtlpRequest));
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, spans, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

interface OtlpAttribute {
  key: string;
  value: Record<string, unknown>;
}
interface OtlpRequest {
  resourceSpans: {
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: { spans: { traceId: string; name: string; attributes: OtlpAttribute[] }[] }[];
  }[];
}

function flatten(request: OtlpRequest): ReceivedSpan[] {
  const values = (attributes: OtlpAttribute[]) => Object.fromEntries(attributes.map(({ key, value }) => [key, Object.values(value)[0]]));
  return request.resourceSpans.flatMap((resourceSpan) => {
    const service = String(values(resourceSpan.resource.attributes)['service.name']);
    return resourceSpan.scopeSpans.flatMap((scope) =>
      scope.spans.map((span) => ({ service, traceId: span.traceId, name: span.name, attributes: values(span.attributes) })),
    );
  });
}

/** A request on a connection of its own: the primary hands new connections to its processes in turn. */
function send(base: string, pathname: string, cookie: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${pathname}`, { agent: false, headers: { cookie } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

const token = randomBytes(24).toString('base64url');
const family = 'Zwanenburg-Observatie';
const given = 'Xandrijn';
const bsn = validBsns[7]!;
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let web: (Managed & { baseUrl: string }) | undefined;
let worker: Managed | undefined;
let metricsUrl: string;
let workerMetricsUrl: string;
let nurse: SignedIn;
let patientId: string;

const metrics = (authorization?: string) =>
  fetch(metricsUrl, authorization ? { headers: { authorization } } : {}).then(async (response) => ({
    status: response.status,
    body: await response.text(),
  }));

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  const metricsPort = await freePort();
  const workerMetricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  workerMetricsUrl = `http://127.0.0.1:${workerMetricsPort}/metrics`;
  const taskQueue = `observability-${randomUUID()}`;
  const env = {
    ...process.env,
    ...inject('appEnv'),
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    // Spans leave within a tenth of a second instead of the default five.
    OTEL_BSP_SCHEDULE_DELAY: '100',
    TEMPORAL_TASK_QUEUE: taskQueue,
  };
  const workerLog = path.resolve('.cache/test-logs/observability-worker.log');
  worker = startProcess(
    'worker',
    process.execPath,
    [tsxCli, 'workers/main.ts', '--task-queue', taskQueue, '--workflow-bundle', inject('workflowBundle')],
    { env: { ...env, WORKER_METRICS_ADDRESS: `127.0.0.1:${workerMetricsPort}` }, quiet: true, logFile: workerLog },
  );
  web = await startWeb(
    { ...env, WEB_CONCURRENCY: '2', METRICS_PORT: String(metricsPort), METRICS_TOKEN: token },
    { quiet: true, logFile: path.resolve('.cache/test-logs/observability-web.log') },
  );
  await vi.waitFor(() => expect(readFileSync(workerLog, 'utf8')).toContain('worker: listening'), { timeout: 60_000, interval: 200 });
  nurse = await signedInUser();
  patientId = await registerPatient(nurse.cookie, {
    name: [{ family, given: [given] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: bsn }],
  });
}, 180_000);

afterAll(async () => {
  await web?.stop();
  await worker?.stop();
  await receiver?.close();
});

/** What must never appear in a metric or a span: the patient's id, name and BSN. */
function expectNoPatientData(text: string): void {
  for (const secret of [patientId, family, given, bsn]) expect(text).not.toContain(secret);
}

describe('metrics', () => {
  it('counts and times requests per route template, summed over the web processes, with no patient data', async () => {
    const base = web!.baseUrl;
    for (let index = 0; index < 6; index++) expect((await send(base, `/api/patients/${patientId}`, nurse.cookie)).status).toBe(200);
    expect((await send(base, `/api/patients/search?q=${encodeURIComponent(family)}`, nurse.cookie)).status).toBe(200);
    expect((await send(base, `/api/patients/${randomUUID()}`, nurse.cookie)).status).toBe(404);

    const series = (route: string, status: string) =>
      new RegExp(`http_request_duration_seconds_count\\{method="GET",route="${route}",status_class="${status}"\\} (\\d+)`);
    // The figures are recorded when each answer has gone out, a moment after the client read it.
    await expect
      .poll(async () => Number(series('/api/patients/:id', '2xx').exec((await metrics(`Bearer ${token}`)).body)?.[1]), { timeout: 10_000 })
      .toBe(6);
    const { status, body } = await metrics(`Bearer ${token}`);
    expect(status).toBe(200);
    // Six requests on six connections: both processes answered some, and the primary summed them.
    expect(body).toMatch(series('/api/patients/:id', '2xx'));
    expect(body).toMatch(series('/api/patients/search', '2xx'));
    expect(Number(series('/api/patients/:id', '4xx').exec(body)?.[1])).toBe(1);
    expect(body).toMatch(
      /http_request_duration_seconds_bucket\{le="0.25",method="GET",route="\/api\/patients\/:id",status_class="2xx"\} \d+/,
    );
    expect(body).toMatch(/http_request_duration_seconds_sum\{method="GET",route="\/api\/patients\/:id",status_class="2xx"\} [\d.e-]+/);
    expect(body).toContain('process_cpu_seconds_total');
    expectNoPatientData(body);
    expect(body).not.toContain('q=');
  });

  it("continues a caller's trace (W3C traceparent) and names the span by the template", async () => {
    const traceId = randomBytes(16).toString('hex');
    const response = await json(`/api/patients/${patientId}`, {
      base: web!.baseUrl,
      cookie: nurse.cookie,
      headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    });
    expect(response.status).toBe(200);
    await vi.waitFor(
      () =>
        // The request's span, with its queries under it in the caller's trace.
        expect(receiver.spans.filter((span) => span.traceId === traceId).map((span) => span.name)).toEqual(
          expect.arrayContaining(['GET /api/patients/:id', expect.stringMatching(/^pg\.query:SELECT/)]),
        ),
      { timeout: 15_000, interval: 100 },
    );
    expectNoPatientData(JSON.stringify(receiver.spans.filter((span) => span.traceId === traceId)));
  });

  it('refuses /metrics without the token, and the app port has none', async () => {
    expect((await metrics()).status).toBe(401);
    expect((await metrics(`Bearer ${token}x`)).status).toBe(401);
    expect((await metrics('Bearer ')).status).toBe(401);
    expect((await fetch(`${web!.baseUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${web!.baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
  });
});

describe('traces', () => {
  it('follow a request through the workflow start, the workflow, its activities and their SQL in one trace, without patient data', async () => {
    const response = await json('/api/overdracht/generate', {
      base: web!.baseUrl,
      method: 'POST',
      cookie: nurse.cookie,
      body: { patientId, period: '1d', filterForRole: 'verpleegkundige' },
    });
    expect(response.status).toBe(200);

    const request = await vi.waitFor(
      () => {
        const found = receiver.spans.find((span) => span.service === 'ggz-web' && span.name === 'POST /api/overdracht/generate');
        expect(found, 'the request span').toBeDefined();
        return found!;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(request.attributes).toEqual({
      'http.request.method': 'POST',
      'http.route': '/api/overdracht/generate',
      'http.response.status_code': 200,
    });
    const inTrace = () => receiver.spans.filter((span) => span.traceId === request.traceId);
    const has = (service: string, name: RegExp) => inTrace().some((span) => span.service === service && name.test(span.name));
    await vi.waitFor(
      () => {
        const names = inTrace().map((span) => `${span.service} ${span.name}`);
        expect(has('ggz-web', /^(StartWorkflow|UpdateWithStartWorkflow):/), names.join('\n')).toBe(true);
        expect(has('ggz-web', /^pg\.query:/), names.join('\n')).toBe(true);
        expect(has('ggz-worker', /^RunWorkflow:/), names.join('\n')).toBe(true);
        expect(has('ggz-worker', /^StartActivity:/), names.join('\n')).toBe(true);
        expect(has('ggz-worker', /^RunActivity:/), names.join('\n')).toBe(true);
        expect(has('ggz-worker', /^pg\.query:/), names.join('\n')).toBe(true);
      },
      { timeout: 20_000, interval: 200 },
    );
    // Every span either process sent, not only this trace's.
    expectNoPatientData(JSON.stringify(receiver.spans));
    const statements = receiver.spans.map((span) => span.attributes['db.statement']).filter((value) => typeof value === 'string');
    expect(statements.length).toBeGreaterThan(0);
    // No literal reaches a statement: the tenant's token and ids are in parameters or replaced.
    for (const statement of statements) expect(statement).not.toMatch(/'[^']/);
    expect(receiver.spans.every((span) => !('temporalWorkflowId' in span.attributes))).toBe(true);
  });
});

describe('worker metrics', () => {
  it('give workflow task and activity latency by type, with no patient data', async () => {
    const body = await (await fetch(workerMetricsUrl)).text();
    // The names the queries in docs/operations.md use.
    expect(body).toMatch(/temporal_workflow_task_execution_latency_bucket\{[^}]*workflow_type="handoverGeneration"/);
    expect(body).toMatch(/temporal_workflow_task_schedule_to_start_latency_bucket\{[^}]*task_queue="observability-/);
    expect(body).toMatch(/temporal_activity_execution_latency_bucket\{[^}]*activity_type="\w+"/);
    expectNoPatientData(body);
  });
});
