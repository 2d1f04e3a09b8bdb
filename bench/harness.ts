import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../domain/auth/password';
import { parsePayloadKeys } from '../domain/config/payload-keys';
import { tenantSettingsSignedWith } from '../domain/db/tenant';
import { tenantKeysFrom } from '../domain/db/tenant-keys';
import { createOrm, type MikroORM } from '../domain/db/orm';
import { freePort, run, type Managed } from '../scripts/lib/processes';
import { appEnv, remixCli, startServices, startWeb, startWorker } from '../scripts/lib/stack';

export const log = (line: string) => console.log(`[bench] ${line}`);

/**
 * BENCH_SMOKE=1: the bench at its smoke size (seconds, figures not judged), as CI runs every bench
 * (`tests/integration/benches.int.test.ts`) so that a change that breaks one fails the build.
 */
export const smoke = process.env.BENCH_SMOKE === '1';

/** A size from the environment (`name`), else the full size, or the smoke size under BENCH_SMOKE. */
export function sized(name: string, full: number, smokeSize: number): number {
  const given = process.env[name];
  return given ? Number(given) : smoke ? smokeSize : full;
}

export interface BenchStack {
  baseUrl: string;
  appUrl: string;
  temporalAddress: string;
  /** The stack's payload keys (TEMPORAL_PAYLOAD_KEYS): they also prove the app's tenant (ADR 0046). */
  payloadKeys: string;
  ownerOrm: MikroORM;
  organisationId: string;
  userId: string;
  /** Starts the app and worker and logs in the bench user: call after seeding. */
  serve(extraEnv?: Record<string, string>): Promise<string>;
  /** Logs a further user of the bench organisation in (a cookie). */
  loginAs(email: string, password: string): Promise<string>;
  /** The app and worker processes `serve` started (for their memory). */
  readonly processes: Managed[];
  stop(): Promise<void>;
}

/**
 * A bench's own database: `ggz_epd_bench_<name>`, or under BENCH_DATABASE_PREFIX (the smoke runs in
 * CI and several checkouts on one PostgreSQL), never the demo database (`assertNotDemoDatabase`).
 */
export const benchDatabase = (name: string) => `${process.env.BENCH_DATABASE_PREFIX ?? 'ggz_epd_bench'}_${name.replace(/-/g, '_')}`;

/** Its own database and Temporal server, an organisation with one clinician, then the built app. */
export async function startBench(name: string, embeddedPort: number, database = benchDatabase(name)): Promise<BenchStack> {
  const logDir = path.resolve(`.cache/bench-logs/${name}`);
  const buildDir = path.resolve('.cache/bench-build');
  await mkdir(logDir, { recursive: true });
  const services = await startServices({
    database,
    recreateDatabase: true,
    embeddedPort,
    temporalPort: await freePort(),
    reuseTemporal: false,
    quiet: true,
    logDir,
    log,
    // BENCH_TEMPLATE_DATABASE: a migrated database to copy (the smoke runs make one for all benches).
    templateDatabase: process.env.BENCH_TEMPLATE_DATABASE,
  });
  const started: Managed[] = [];
  const ownerOrm = await createOrm(services.ownerUrl, { poolMax: 2 });
  const organisationId = crypto.randomUUID();
  const userId = crypto.randomUUID();
  const email = `bench-${name}@ggz-epd.test`;
  await ownerOrm.em.fork().transactional(async (em) => {
    await em.execute("select set_config('app.organisation_id', ?, true)", [organisationId]);
    await em.execute('insert into organisations (id, name) values (?, ?)', [organisationId, 'Benchmark-afdeling']);
    await em.execute(
      "insert into users (id, organisation_id, email, display_name, role, password_hash) values (?, ?, ?, 'Bench', 'psychiater', ?)",
      [userId, organisationId, email, await hashPassword('bench')],
    );
  });
  // BENCH_BUILD: an app built before (the test stack's, for the smoke runs) instead of building again.
  const builtDir = process.env.BENCH_BUILD ? path.resolve(process.env.BENCH_BUILD) : buildDir;
  const buildEnv = { ...process.env, REMIX_SERVER_BUILD_PATH: `${builtDir}/index.js`, REMIX_ASSETS_BUILD_DIR: `${builtDir}/public` };
  // Built when first served: the workflow benches never serve the app.
  let building: Promise<void> | undefined;
  let baseUrl = '';
  const loginAs = async (userEmail: string, password: string) => {
    const login = await fetch(`${baseUrl}/login`, {
      method: 'POST',
      body: new URLSearchParams({ email: userEmail, password }),
      redirect: 'manual',
    });
    return login.headers.get('set-cookie')!.split(';')[0]!;
  };

  return {
    get baseUrl() {
      return baseUrl;
    },
    appUrl: services.appUrl,
    temporalAddress: services.temporalAddress,
    payloadKeys: services.payloadKeys,
    ownerOrm,
    organisationId,
    userId,
    async serve(extraEnv = {}) {
      building ??= process.env.BENCH_BUILD
        ? Promise.resolve()
        : run(process.execPath, [remixCli, 'build'], { env: buildEnv, stdio: 'ignore' });
      await building;
      // What autovacuum does on a live ward after a bulk load: merge GIN pending lists, set the visibility map.
      await ownerOrm.em.fork().execute('vacuum analyze');
      const env = appEnv(services, {
        ...buildEnv,
        NODE_ENV: 'production',
        DATABASE_APP_PASSWORD: 'ggz_app_dev',
        OPENAI_API_KEY: '',
        ...extraEnv,
      });
      // BENCH_WORKFLOW_BUNDLE: the test run's bundle (the benches' smoke run), so no bench bundles again.
      started.push(
        startWorker(env, { quiet: true, logFile: path.join(logDir, 'worker.log'), workflowBundle: process.env.BENCH_WORKFLOW_BUNDLE }),
      );
      const web = await startWeb(env, { quiet: true, logFile: path.join(logDir, 'web.log') });
      started.push(web);
      baseUrl = web.baseUrl;
      return loginAs(email, 'bench');
    },
    loginAs,
    processes: started,
    async stop() {
      for (const managed of started.reverse()) await managed.stop();
      await ownerOrm.close();
      await services.stop();
    },
  };
}

export async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * The raw-SQL side of a comparison: the app role in a transaction with the tenant set, the same
 * RLS work as a request, nothing else. Statements may use the previous statement's rows.
 */
export async function rawRunner(bench: Pick<BenchStack, 'appUrl' | 'organisationId' | 'payloadKeys'>) {
  const client = new pg.Client({ connectionString: bench.appUrl });
  await client.connect();
  // As the app sets its tenant: with the token that proves it chose it (ADR 0046); without it the
  // policies show nothing, and the raw figures would time empty reads.
  const settings = Object.entries(
    tenantSettingsSignedWith(tenantKeysFrom(parsePayloadKeys(bench.payloadKeys))[0], { organisationId: bench.organisationId }),
  );
  const setTenant = `select ${settings.map((_, index) => `set_config($${2 * index + 1}, $${2 * index + 2}, true)`).join(', ')}`;
  const positional = (sql: string) => {
    let index = 0;
    return sql.replace(/\?/g, () => `$${++index}`);
  };
  const raw = async (...statements: [string, unknown[] | ((previous: { id: string }[]) => unknown[])][]) => {
    await client.query('begin');
    await client.query(setTenant, settings.flat());
    await client.query('set local max_parallel_workers_per_gather = 0');
    let previous: { id: string }[] = [];
    for (const [sql, params] of statements) {
      previous = (await client.query(positional(sql), typeof params === 'function' ? params(previous) : params)).rows;
    }
    await client.query('commit');
  };
  return { raw, close: () => client.end() };
}

/** Sequential samples, one client on loopback: HTTP beside raw SQL, p50/p95 and the p95 ratio. */
export async function measure(
  label: string,
  samples: number,
  http: (i: number) => Promise<Response>,
  direct: (i: number) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < (smoke ? 2 : 20); i++) {
    await (await http(i)).arrayBuffer();
    await direct(i);
  }
  const httpTimes: number[] = [];
  const rawTimes: number[] = [];
  for (let i = 0; i < samples; i++) {
    httpTimes.push(
      await time(async () => {
        const response = await http(i);
        if (!response.ok) throw new Error(`${label}: HTTP ${response.status} ${(await response.text()).slice(0, 2000)}`);
        await response.arrayBuffer();
      }),
    );
    rawTimes.push(await time(() => direct(i)));
  }
  const fmt = (n: number) => n.toFixed(1).padStart(6);
  const [h50, h95, r50, r95] = [percentile(httpTimes, 50), percentile(httpTimes, 95), percentile(rawTimes, 50), percentile(rawTimes, 95)];
  console.log(
    `${label.padEnd(36)} HTTP p50 ${fmt(h50)} p95 ${fmt(h95)} max ${fmt(Math.max(...httpTimes))} ms | raw SQL p50 ${fmt(r50)} p95 ${fmt(r95)} ms | p95 ratio ${(h95 / r95).toFixed(2)}× | p95 ≤ 50 ms: ${h95 <= 50 ? 'ok' : 'MISSED'}`,
  );
}
