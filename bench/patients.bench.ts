/**
 * Patient search and FHIR list on a ward of 100 000 patients: p50/p95 through HTTP (session,
 * RLS transaction, access log included) beside the same SQL run directly as the app role.
 * Targets (issue 3): p95 ≤ 50 ms, and HTTP ≤ 1.5× the raw query. Prints its figures; asserts nothing.
 *
 *   npm run bench            (PATIENTS=20000 npm run bench for a quicker run)
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../domain/auth/password';
import { createOrm } from '../domain/db/orm';
import { withTenant } from '../domain/db/tenant';
import { generatePatient, insertPatients, random, type GeneratedPatient } from '../domain/demo/patient-generator';
import { normalizeName } from '../domain/patient/name-matching';
import { searchCandidatesQuery, searchDetailsSql } from '../domain/patient/patient.search';
import { freePort, run, startProcess, type Managed } from '../scripts/lib/processes';
import { appEnv, remixCli, startServices, startWorker, tsxCli, waitForHealthy } from '../scripts/lib/stack';

const patientCount = Number(process.env.PATIENTS ?? 100_000);
const samples = Number(process.env.SAMPLES ?? 300);
const logDir = path.resolve('.cache/bench-logs');
const buildDir = path.resolve('.cache/bench-build');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(values: number[]) {
  return { p50: percentile(values, 50), p95: percentile(values, 95), max: Math.max(...values) };
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Typos a clinician makes: a swapped pair of letters, a dropped letter, lower case. */
function withTypo(rnd: () => number, name: string): string {
  const chars = [...name.toLowerCase()];
  const at = 1 + Math.floor(rnd() * Math.max(1, chars.length - 3));
  if (rnd() < 0.5) [chars[at], chars[at + 1]] = [chars[at + 1]!, chars[at]!];
  else chars.splice(at, 1);
  return chars.join('');
}

const log = (line: string) => console.log(`[bench] ${line}`);
await mkdir(logDir, { recursive: true });
const started: Managed[] = [];
const services = await startServices({
  database: 'ggz_epd_bench',
  recreateDatabase: true,
  embeddedPort: 54331,
  temporalPort: await freePort(),
  reuseTemporal: false,
  quiet: true,
  logDir,
  log,
});

try {
  const buildEnv = { ...process.env, REMIX_SERVER_BUILD_PATH: `${buildDir}/index.js`, REMIX_ASSETS_BUILD_DIR: `${buildDir}/public` };
  await run(process.execPath, [remixCli, 'build'], { env: buildEnv, stdio: 'ignore' });

  // A ward of N patients in its own organisation, inserted the way the demo seed does.
  const ownerOrm = await createOrm(services.ownerUrl, { poolMax: 2 });
  const organisationId = crypto.randomUUID();
  const email = 'bench@ggz-epd.test';
  const rnd = random(42);
  const used = new Set<string>();
  const patients: GeneratedPatient[] = Array.from({ length: patientCount }, () => generatePatient(rnd, used));
  const seedMs = await time(() =>
    withTenant(ownerOrm, { organisationId }, async (em) => {
      await em.execute('insert into organisations (id, name) values (?, ?)', [organisationId, 'Benchmark-afdeling']);
      await em.execute("insert into users (organisation_id, email, display_name, role, password_hash) values (?, ?, 'Bench', 'verpleegkundige', ?)", [
        organisationId,
        email,
        await hashPassword('bench'),
      ]);
      await insertPatients(em, organisationId, patients);
    }),
  );
  // What autovacuum does on a live ward after a bulk load: merge GIN pending lists, set the visibility map.
  await ownerOrm.em.fork().execute('vacuum analyze patients');
  await ownerOrm.close();
  log(`${patientCount} patients inserted in ${(seedMs / 1000).toFixed(1)} s`);

  const port = await freePort();
  const env = appEnv(services, { ...buildEnv, NODE_ENV: 'production', DATABASE_APP_PASSWORD: 'ggz_app_dev', HOST: '127.0.0.1', PORT: String(port), OPENAI_API_KEY: '' });
  started.push(startWorker(env, { quiet: true, logFile: path.join(logDir, 'worker.log') }));
  const web = startProcess('web', process.execPath, [tsxCli, 'server.ts'], { env, quiet: true, logFile: path.join(logDir, 'web.log') });
  started.push(web);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealthy(baseUrl, 120_000, web.child);

  const login = await fetch(`${baseUrl}/login`, { method: 'POST', body: new URLSearchParams({ email, password: 'bench' }), redirect: 'manual' });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

  const queries = Array.from({ length: samples }, (_, index) => {
    const { input } = patients[Math.floor(rnd() * patients.length)]!;
    const full = [input.nameGiven?.[0], input.namePrefix, input.familyName].filter(Boolean).join(' ');
    return [full, input.familyName!, withTypo(rnd, full), input.nameGiven![0]!][index % 4]!;
  });
  const statuses = ['active', 'screening', 'finished', 'cancelled'];
  const lists = Array.from({ length: samples }, (_, index) => ({ status: statuses[index % 4]!, offset: 50 * Math.floor(rnd() * 100) }));

  const app = new pg.Client({ connectionString: services.appUrl });
  await app.connect();
  /** The raw query as the app role in a transaction with the tenant set: the same RLS work, nothing else. */
  const positional = (sql: string) => {
    let index = 0;
    return sql.replace(/\?/g, () => `$${++index}`);
  };
  const raw = async (...statements: [string, unknown[] | ((previous: { id: string }[]) => unknown[])][]) => {
    await app.query('begin');
    await app.query("select set_config('app.organisation_id', $1, true)", [organisationId]);
    await app.query('set local max_parallel_workers_per_gather = 0');
    let previous: { id: string }[] = [];
    for (const [sql, params] of statements) {
      previous = (await app.query(positional(sql), typeof params === 'function' ? params(previous) : params)).rows;
    }
    await app.query('commit');
  };
  const listSql = `select * from patients where episode_status = ? order by updated_at desc, id asc limit 50 offset ?`;
  const countSql = `select count(*) from patients where episode_status = ?`;

  const measure = async (label: string, http: (i: number) => Promise<Response>, direct: (i: number) => Promise<void>) => {
    for (let i = 0; i < 20; i++) {
      await (await http(i)).arrayBuffer();
      await direct(i);
    }
    const httpTimes: number[] = [];
    const rawTimes: number[] = [];
    for (let i = 0; i < samples; i++) {
      httpTimes.push(
        await time(async () => {
          const response = await http(i);
          if (!response.ok) throw new Error(`${label}: HTTP ${response.status}`);
          await response.arrayBuffer();
        }),
      );
      rawTimes.push(await time(() => direct(i)));
    }
    const h = summary(httpTimes);
    const r = summary(rawTimes);
    const fmt = (n: number) => n.toFixed(1).padStart(6);
    console.log(
      `${label.padEnd(34)} HTTP p50 ${fmt(h.p50)} p95 ${fmt(h.p95)} max ${fmt(h.max)} ms | raw SQL p50 ${fmt(r.p50)} p95 ${fmt(r.p95)} ms | p95 ratio ${(h.p95 / r.p95).toFixed(2)}× | target p95 ≤ 50 ms: ${h.p95 <= 50 ? 'ok' : 'MISSED'}`,
    );
  };

  console.log(`\nPatients: ${patientCount}, samples per figure: ${samples} (sequential, one client, loopback)\n`);
  await measure(
    'GET /api/patients/search',
    (i) => fetch(`${baseUrl}/api/patients/search?q=${encodeURIComponent(queries[i]!)}`, { headers: { Cookie: cookie } }),
    (i) => {
      const { sql, params } = searchCandidatesQuery(normalizeName(queries[i]!), null, 'all');
      return raw([sql, params], [searchDetailsSql, (rows) => [`{${rows.slice(0, 20).map((row) => row.id).join(',')}}`]]);
    },
  );
  await measure(
    'GET /api/fhir/Patient (50, status)',
    (i) => fetch(`${baseUrl}/api/fhir/Patient?status=${lists[i]!.status}&_count=50&_offset=${lists[i]!.offset}`, { headers: { Cookie: cookie } }),
    (i) => raw([listSql, [lists[i]!.status, lists[i]!.offset]], [countSql, [lists[i]!.status]]),
  );
  await app.end();
} finally {
  for (const managed of started.reverse()) await managed.stop();
  await services.stop();
}
