/**
 * The shift change under load: a ward of 100 000 patients, 100 clinicians (each with a real
 * session) doing the shift-change mix (patient list and search, timeline, agenda week, handover
 * overview, classification, chat with a model). First what each route costs one request at a time
 * (wall time, the app's CPU, size), then two runs of DURATION seconds: the shift change, RATE
 * clicks per second arriving at random over the mix (an open model: clinicians think between
 * clicks and do not wait for each other), and saturation, 100 connections without think time
 * (SATURATE=0 skips it; COST_ONLY=1 skips both runs). Prints throughput, p50/p95/p99 and errors per
 * route, and the memory of the app and the worker. Target (issue 10): p95 ≤ 200 ms for pages and
 * reads, zero errors. Asserts nothing.
 *
 * The model is a local fake OpenAI-compatible server (tests/support/model-server.ts): the app and
 * worker get OPENAI_BASE_URL pointing at it, so the model paths (classification's second tier, the
 * chat stream) run as in production, without network.
 *
 *   npm run bench:load            (PATIENTS=20000 DURATION=10 for a quicker run)
 */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { startModelServer } from '../../tests/support/model-server';
import { log, percentile, sized, smoke, startBench, time } from '../harness';
import { random } from '../../domain/demo/patient-generator';
import { seedWard } from './seed';

const patientCount = sized('PATIENTS', 100_000, 500);
const durationSeconds = sized('DURATION', 30, 2);
const connectionsTotal = 100;
/** Everyone the organisation employs: the clinicians who click, and colleagues the pseudonymiser knows by name (STAFF=1000). */
const staffCount = sized('STAFF', connectionsTotal, 10);
/** The shift change: 100 clinicians who each click on average every 100 / RATE seconds. */
const pacedRate = sized('RATE', 40, 10);
const costSamples = sized('COST_SAMPLES', 40, 2);
const warmupSeconds = smoke ? 1 : 5;

interface Route {
  name: string;
  kind: 'page' | 'read' | 'ai';
  /** Its share of the mix (of 100): of the shift change's clicks, and the saturation run's connections. */
  connections: number;
  /** Requests per second over all its connections (the chat is limited per user). */
  rate?: number;
  /** Only in the one-at-a-time table, each request after `before` (not timed; it costs the app nothing). */
  costOnly?: { before: () => Promise<unknown> };
  request: (i: number) => { method?: 'GET' | 'POST'; path: string; body?: unknown };
}

/** CPU time (user + system) of a process group so far, in ms (clock ticks of 10 ms from /proc). */
function cpuMs(pid: number): number {
  try {
    const pids = execFileSync('ps', ['-o', 'pid=', '-g', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    return pids.reduce((sum, each) => {
      const fields = readFileSync(`/proc/${each}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) * 10;
    }, 0);
  } catch {
    return 0;
  }
}

/** Resident memory of a process group (tsx and the node it starts), in MB. */
function rssMb(pid: number): number {
  try {
    const out = execFileSync('ps', ['-o', 'rss=', '-g', String(pid)], { encoding: 'utf8' });
    return out.split('\n').reduce((sum, line) => sum + (Number(line.trim()) || 0), 0) / 1024;
  } catch {
    return 0;
  }
}

const model = await startModelServer();
model.answer((request) =>
  request.stream
    ? { stream: ['Goedemorgen. ', 'De nachtdienst ', 'verliep rustig; ', 'let op de bloeddruk ', 'van kamer 4.'] }
    : {
        content: '{"actions":[{"intent":"dagnotitie","entities":{"category":"observatie","content":"Rustig geslapen"},"confidence":0.82}]}',
      },
);
const bench = await startBench('load', 54332);
try {
  let ward: Awaited<ReturnType<typeof seedWard>> | undefined;
  const seedMs = await time(async () => {
    ward = await seedWard(bench.ownerOrm, bench.organisationId, {
      patientCount,
      clinicians: smoke ? 9 : connectionsTotal - 1,
      inCare: smoke ? 50 : 2000,
      staff: staffCount,
    });
  });
  const { patients, inCare, clinicians } = ward!;
  log(
    `ward seeded in ${(seedMs / 1000).toFixed(1)} s: ${patientCount} patients, ${inCare.length} in care with reports, vitals and risks; ${clinicians.length + 1} clinicians with a week of appointments, ${Math.max(staffCount, clinicians.length + 1)} staff`,
  );

  const firstCookie = await bench.serve({
    OPENAI_API_KEY: 'bench-key',
    OPENAI_BASE_URL: model.baseUrl,
    OPENAI_MODEL: 'bench-model',
    // Unset: the production default, one web process per core (ADR 0043); WEB_CONCURRENCY=1 for one.
    ...(process.env.WEB_CONCURRENCY ? { WEB_CONCURRENCY: process.env.WEB_CONCURRENCY } : {}),
  });
  const cookies = [firstCookie, ...(await Promise.all(clinicians.map((clinician) => bench.loginAs(clinician.email, clinician.password))))];
  log(`${cookies.length} clinicians logged in; model: fake OpenAI server at ${model.baseUrl}`);

  /**
   * Something in the organisation's agenda changes (as when a clinician moves an appointment): the
   * database moves the agenda version on, and every remembered agenda range of the organisation
   * must be read again (ADR 0023). Written as the owner, so it costs the app nothing. Every 10 s by
   * default (AGENDA_CHANGE_SECONDS): 100 clinicians with some 620 appointments a working day, each
   * written about twice (planned, moved or cancelled, completed, a report linked), change the agenda
   * about every 25 s on average; 10 s is a busy hour.
   */
  const changeAgenda = () =>
    bench.ownerOrm.em.fork().transactional(async (em) => {
      await em.execute("select set_config('app.organisation_id', ?, true)", [bench.organisationId]);
      await em.execute(
        'update appointments set location = location where id = (select id from appointments where organisation_id = ? order by start_at desc limit 1)',
        [bench.organisationId],
      );
    });
  const agendaChangeSeconds = Number(process.env.AGENDA_CHANGE_SECONDS ?? 10);

  const names = patients
    .filter((_, index) => index % 997 === 0)
    .map(({ input }) => [input.nameGiven?.[0], input.familyName].filter(Boolean).join(' '));
  const sentences = [
    'Maak een dagnotitie: rustig geslapen en goed gegeten',
    'Wat staat er morgen in mijn agenda?',
    'Annuleer de afspraak van vrijdag',
    'Hoe ging de nacht op de afdeling?',
  ];
  const routes: Route[] = [
    { name: 'GET /patients (lijst)', kind: 'page', connections: 10, request: (i) => ({ path: `/patients?pagina=${1 + (i % 40)}` }) },
    {
      name: 'GET /api/patients/search',
      kind: 'read',
      connections: 14,
      request: (i) => ({ path: `/api/patients/search?q=${encodeURIComponent(names[i % names.length]!)}` }),
    },
    {
      name: 'GET /api/fhir/Patient',
      kind: 'read',
      connections: 6,
      request: (i) => ({ path: `/api/fhir/Patient?status=active&_count=25&_offset=${25 * (i % 40)}` }),
    },
    {
      name: 'GET /patients/:id/rapportages',
      kind: 'page',
      connections: 12,
      request: (i) => ({ path: `/patients/${inCare[i % inCare.length]}/rapportages` }),
    },
    {
      name: 'GET /api/reports?patientId',
      kind: 'read',
      connections: 8,
      request: (i) => ({ path: `/api/reports?patientId=${inCare[(i * 7) % inCare.length]}` }),
    },
    { name: 'GET /agenda (werkweek)', kind: 'page', connections: 8, request: () => ({ path: '/agenda?van=mij' }) },
    {
      name: 'GET /api/assistant/agenda',
      kind: 'read',
      connections: 8,
      request: () => ({ path: '/api/assistant/agenda?label=deze%20week' }),
    },
    {
      name: 'GET /api/assistant/agenda (gewijzigd)',
      kind: 'read',
      connections: 0,
      costOnly: { before: changeAgenda },
      request: () => ({ path: '/api/assistant/agenda?label=deze%20week' }),
    },
    { name: 'GET /overdracht (pagina)', kind: 'page', connections: 5, request: () => ({ path: '/overdracht?periode=1d' }) },
    {
      name: 'GET /api/overdracht/patients',
      kind: 'read',
      connections: 5,
      request: () => ({ path: '/api/overdracht/patients?period=1d&limit=100' }),
    },
    {
      name: 'POST /api/core/classify',
      kind: 'ai',
      connections: 14,
      request: (i) => ({ method: 'POST', path: '/api/core/classify', body: { input: sentences[i % sentences.length] } }),
    },
    // 20 chat messages a minute per clinician: 100 clinicians in turn at 20/s stay under it.
    {
      name: 'POST /api/assistant/chat',
      kind: 'ai',
      connections: 10,
      rate: 20,
      request: (i) => ({ method: 'POST', path: '/api/assistant/chat', body: { message: sentences[i % sentences.length] } }),
    },
  ];

  // ROUTES=overdracht,classify runs only the routes whose name contains one of the words (to find the slow one).
  const only = process.env.ROUTES?.split(',').filter(Boolean);
  const costed = only ? routes.filter((route) => only.some((word) => route.name.includes(word))) : routes;
  const chosen = costed.filter((route) => !route.costOnly);
  /** `errors`: requests without an answer (socket error or timeout), by what went wrong. */
  type Outcome = { route: Route; latencies: number[]; statuses: Map<number, number>; errors: Map<string, number> };

  /**
   * One request of a route as the i-th clinician (100 users, each with a real session), read to its
   * last byte. Plain node:http on kept-alive connections, compression accepted as a browser asks
   * for it (brotli) but not unpacked: the load generator shares the machine's two cores with the app and should cost little.
   */
  const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
  const send = (route: Route, i: number, timeoutMs = 10_000) =>
    new Promise<{ status: number; bytes: number }>((resolve, reject) => {
      const next = route.request(i);
      const body = next.body === undefined ? undefined : JSON.stringify(next.body);
      const request = http.request(
        `${bench.baseUrl}${next.path}`,
        {
          agent,
          method: next.method ?? 'GET',
          timeout: timeoutMs,
          headers: {
            cookie: cookies[i % cookies.length]!,
            'accept-encoding': 'gzip, deflate, br, zstd',
            'sec-fetch-site': 'same-origin',
            origin: bench.baseUrl,
            ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          },
        },
        (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', reject);
      request.end(body);
    });

  /**
   * The shift change as an open model: clicks arrive one at a time at random moments (a Poisson
   * process of `rate` per second over the whole mix, the route drawn by its share), each from the
   * next clinician, whether or not the app has answered the earlier ones. A late answer never
   * holds the next click back, so slowness shows in the latencies instead of lowering the load.
   */
  const arrivals = async (seconds: number, record: boolean, rate: number): Promise<Outcome[]> => {
    const outcomes = chosen.map((route): Outcome => ({ route, latencies: [], statuses: new Map(), errors: new Map() }));
    const shares = chosen.map((route) => route.connections);
    const totalShare = shares.reduce((sum, share) => sum + share, 0);
    const draw = random(20261122);
    const pick = () => {
      let ticket = draw() * totalShare;
      return outcomes.find((_, index) => (ticket -= shares[index]!) < 0) ?? outcomes.at(-1)!;
    };
    const pending = new Set<Promise<void>>();
    const end = performance.now() + seconds * 1000;
    let at = performance.now();
    for (let i = 0; ; i++) {
      at += (-Math.log(1 - draw()) / rate) * 1000;
      if (at >= end) break;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
      const outcome = pick();
      const started = performance.now();
      const request: Promise<void> = send(outcome.route, i)
        .then(({ status }) => {
          if (record) outcome.latencies.push(performance.now() - started);
          outcome.statuses.set(status, (outcome.statuses.get(status) ?? 0) + 1);
        })
        .catch((error: NodeJS.ErrnoException) => {
          const kind = error.code ?? error.message;
          outcome.errors.set(kind, (outcome.errors.get(kind) ?? 0) + 1);
        })
        .finally(() => pending.delete(request));
      pending.add(request);
    }
    await Promise.all(pending);
    return outcomes;
  };

  /** Saturation: every route's connections send their next request as soon as the last is answered. */
  const saturate = (seconds: number, record: boolean): Promise<Outcome[]> =>
    Promise.all(
      chosen.map((route) => {
        let sequence = 0;
        const latencies: number[] = [];
        const statuses = new Map<number, number>();
        let finished: (outcome: Outcome) => void = () => undefined;
        let failed: (error: unknown) => void = () => undefined;
        const done = new Promise<Outcome>((resolve, reject) => ([finished, failed] = [resolve, reject]));
        const instance = autocannon(
          {
            url: bench.baseUrl,
            connections: route.connections,
            duration: seconds,
            ...(route.rate ? { overallRate: route.rate } : {}),
            requests: [
              {
                setupRequest: (request) => {
                  const i = sequence++;
                  const next = route.request(i);
                  const headers: Record<string, string> = {
                    cookie: cookies[i % cookies.length]!,
                    'sec-fetch-site': 'same-origin',
                    origin: bench.baseUrl,
                  };
                  if (next.body !== undefined) headers['content-type'] = 'application/json';
                  return {
                    ...request,
                    method: next.method ?? 'GET',
                    path: next.path,
                    headers,
                    body: next.body === undefined ? undefined : JSON.stringify(next.body),
                  };
                },
              },
            ],
          },
          (error, result) =>
            error
              ? failed(error)
              : finished({
                  route,
                  latencies: record ? latencies : [],
                  statuses,
                  errors: new Map(
                    [
                      ['socket errors', result.errors - result.timeouts],
                      ['timeouts', result.timeouts],
                    ].filter(([, n]) => Number(n) > 0) as [string, number][],
                  ),
                }),
        );
        instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
          latencies.push(responseTime);
          statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
        });
        return done;
      }),
    );

  /** `rate`: clicks per second over the whole mix (clinicians thinking between clicks); absent: as fast as the app answers. */
  const run = (seconds: number, record: boolean, rate?: number) => (rate ? arrivals(seconds, record, rate) : saturate(seconds, record));

  const [web, worker] = [
    bench.processes.find((managed) => managed.name === 'web')!,
    bench.processes.find((managed) => managed.name === 'worker')!,
  ];
  // One request at a time per route: what each costs the app on its own (wall time, app CPU, size).
  console.log(`\nOne at a time (${costSamples} requests per route after 5 to warm up; size as sent, compressed as a browser asks):\n`);
  console.log(`${'route'.padEnd(40)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ms  ${'app CPU'.padStart(7)} ms  ${'size'.padStart(7)} kB`);
  for (const route of costed) {
    for (let i = 0; i < (smoke ? 1 : 5); i++) await send(route, i);
    const times: number[] = [];
    let bytes = 0;
    const cpuBefore = cpuMs(web.child.pid!);
    for (let i = 0; i < costSamples; i++) {
      await route.costOnly?.before();
      times.push(
        await time(async () => {
          const answer = await send(route, i);
          // A figure of a route that fails is no figure: the bench stops (and its smoke run fails CI).
          if (answer.status >= 400) throw new Error(`${route.name}: HTTP ${answer.status}`);
          bytes += answer.bytes;
        }),
      );
    }
    const cpu = (cpuMs(web.child.pid!) - cpuBefore) / costSamples;
    console.log(
      `${route.name.padEnd(40)} ${percentile(times, 50).toFixed(0).padStart(6)} ${percentile(times, 95).toFixed(0).padStart(6)}     ${cpu.toFixed(1).padStart(7)}     ${(bytes / costSamples / 1024).toFixed(0).padStart(7)}`,
    );
  }

  log(`warm-up, ${warmupSeconds} s`);
  if (process.env.COST_ONLY !== '1') await run(warmupSeconds, false, pacedRate);
  const cores = execFileSync('nproc', { encoding: 'utf8' }).trim();

  const measure = async (title: string, rate?: number) => {
    const memory = { web: rssMb(web.child.pid!), worker: rssMb(worker.child.pid!), webPeak: 0, workerPeak: 0 };
    const sampler = setInterval(() => {
      memory.webPeak = Math.max(memory.webPeak, rssMb(web.child.pid!));
      memory.workerPeak = Math.max(memory.workerPeak, rssMb(worker.child.pid!));
    }, 1000);
    log(`measuring ${title}, ${durationSeconds} s`);
    const changing = setInterval(() => void changeAgenda(), agendaChangeSeconds * 1000);
    const results = await run(durationSeconds, true, rate);
    clearInterval(changing);
    clearInterval(sampler);

    const fmt = (n: number | undefined) => (n ?? Number.NaN).toFixed(0).padStart(6);
    console.log(
      `\n${title}: ${patientCount} patients, ${cores} CPU cores shared with app, worker, PostgreSQL and the load generator, ${durationSeconds} s; the agenda changes every ${agendaChangeSeconds} s\n`,
    );
    console.log(
      `${'route'.padEnd(40)} ${'req/s'.padStart(7)}  ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)} ms  errors  target`,
    );
    let total = 0;
    let errors = 0;
    for (const { route, latencies, statuses, errors: unanswered } of results) {
      const problems = [
        ...[...statuses].filter(([status]) => status >= 400).map(([status, n]) => [String(status), n] as const),
        ...unanswered,
      ];
      const failed = problems.reduce((sum, [, n]) => sum + n, 0);
      const p95 = latencies.length ? percentile(latencies, 95) : Number.POSITIVE_INFINITY;
      total += latencies.length;
      errors += failed;
      const target = route.kind === 'ai' ? 'n/a' : p95 <= 200 ? 'ok' : 'MISSED';
      const statusNote = failed ? `  (${problems.map(([problem, n]) => `${n}× ${problem}`).join(', ')})` : '';
      console.log(
        `${route.name.padEnd(40)} ${(latencies.length / durationSeconds).toFixed(1).padStart(7)}  ${fmt(percentile(latencies, 50))} ${fmt(p95)} ${fmt(percentile(latencies, 99))}    ${String(failed).padStart(6)}  ${target}${statusNote}`,
      );
    }
    console.log(`\nTotal: ${(total / durationSeconds).toFixed(1)} requests/s, ${errors} errors`);
    console.log(
      `Memory (RSS): app ${memory.web.toFixed(0)} MB before, ${memory.webPeak.toFixed(0)} MB peak; worker ${memory.worker.toFixed(0)} MB before, ${memory.workerPeak.toFixed(0)} MB peak\n`,
    );
  };

  if (process.env.COST_ONLY !== '1')
    await measure(
      `Shift change: ${connectionsTotal} clinicians, ${pacedRate} requests/s offered (one click per ${(connectionsTotal / pacedRate).toFixed(1)} s each)`,
      pacedRate,
    );
  if (process.env.COST_ONLY !== '1' && process.env.SATURATE !== '0')
    await measure(`Saturation: ${connectionsTotal} connections without think time`);
} finally {
  await bench.stop();
  await model.close();
}
