import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv as parseDotEnv } from 'node:util';
import { parseEnv } from '../domain/config/env';
import { newPayloadKey, parsePayloadKeys } from '../domain/config/payload-keys';
import { createOrm } from '../domain/db/orm';
import { seedDemo } from '../domain/demo/demo.seed';
import { workflowBundlePath } from '../workers/worker';
import { prepareDatabase } from './lib/database';
import { findOrStartPostgres } from './lib/postgres';
import { freePort, portOpen, run, startProcess, type Managed } from './lib/processes';
import { remixCli, startWorker, tsxCli, waitForHealthy } from './lib/stack';
import { prepareTemporalDatabases, startTemporalServer, temporalServerBinaries, writeTemporalServerConfig } from './lib/temporal-server';

/*
 * `npm run stack:production`: the shape a GGZ institution runs, on one machine (issue 45, ADR 0100).
 * The production build with NODE_ENV=production; two web processes behind one port (the primary's
 * cluster, ADR 0043); two workers on the same task queues; Temporal's full server on PostgreSQL;
 * the app's own login role with a password; payload keys. Secrets are made once and kept, 0600,
 * under STACK_DIR, so a restart reads the workflows it wrote before.
 *
 *   PORT (8080)  STACK_DIR (.data/stack-production)  STACK_DATABASE (ggz_production)
 *   STACK_REUSE_BUILD=1 serves the build already at REMIX_SERVER_BUILD_PATH / the workflow bundle.
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const started = performance.now();
/** Each line with the seconds since the start, so a slow or failed start shows which step took the time. */
const log = (line: string) =>
  console.log(`\x1b[35mstack   |\x1b[0m ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s  ${line}`);
const port = Number(process.env.PORT ?? 8080);
const dir = path.resolve(process.env.STACK_DIR ?? '.data/stack-production');
const database = process.env.STACK_DATABASE ?? 'ggz_production';
const logDir = path.join(dir, 'logs');
const running: Managed[] = [];
let stopping = false;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  log('stopping: web, workers, then Temporal…');
  for (const name of ['web', 'worker', 'temporal']) {
    await Promise.all(running.filter((managed) => managed.name === name).map((managed) => stopGroup(managed)));
  }
  process.exit(code);
}
/**
 * Stops a process and waits until its whole process group is gone: a web primary's forked
 * processes, or tsx's node, can outlive the process they were started by for a moment.
 */
async function stopGroup(managed: Managed): Promise<void> {
  const group = managed.child.pid!;
  await managed.stop();
  const alive = () => {
    try {
      process.kill(-group, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (let waited = 0; alive() && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  if (alive()) process.kill(-group, 'SIGKILL');
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

/**
 * A worker that dies is started again, as `restart: unless-stopped` does in docker-compose.yml and
 * `Restart=always` under systemd: what it was doing is picked up by the other worker meanwhile.
 */
function supervised(name: string, start: () => Managed): Managed {
  let current = start();
  const watch = (child: Managed['child']) =>
    child.once('exit', (code, signal) => {
      if (stopping) return;
      log(`${name} (pid ${child.pid}) stopped (${signal ?? `exit ${code}`}); started again in 1 s`);
      setTimeout(() => {
        if (stopping) return;
        current = start();
        log(`${name} started again as pid ${current.child.pid}`);
        watch(current.child);
      }, 1000);
    });
  watch(current.child);
  return {
    name: 'worker',
    get child() {
      return current.child;
    },
    stop: () => current.stop(),
  };
}

/** The stack's secrets: from the environment when set, else made once and kept in STACK_DIR/secrets.env. */
function secrets(): Record<'DATABASE_APP_PASSWORD' | 'TEMPORAL_PAYLOAD_KEYS' | 'METRICS_TOKEN', string> {
  const file = path.join(dir, 'secrets.env');
  const kept = existsSync(file) ? parseDotEnv(readFileSync(file, 'utf8')) : {};
  const made = {
    DATABASE_APP_PASSWORD: kept.DATABASE_APP_PASSWORD ?? randomBytes(24).toString('base64url'),
    TEMPORAL_PAYLOAD_KEYS: kept.TEMPORAL_PAYLOAD_KEYS ?? newPayloadKey(),
    METRICS_TOKEN: kept.METRICS_TOKEN ?? randomBytes(24).toString('base64url'),
  };
  if (!existsSync(file)) {
    writeFileSync(
      file,
      Object.entries(made)
        .map(([name, value]) => `${name}=${value}\n`)
        .join(''),
      { mode: 0o600 },
    );
    log(`secrets made once and kept in ${file} (0600)`);
  }
  return {
    DATABASE_APP_PASSWORD: process.env.DATABASE_APP_PASSWORD ?? made.DATABASE_APP_PASSWORD,
    TEMPORAL_PAYLOAD_KEYS: process.env.TEMPORAL_PAYLOAD_KEYS ?? made.TEMPORAL_PAYLOAD_KEYS,
    METRICS_TOKEN: process.env.METRICS_TOKEN ?? made.METRICS_TOKEN,
  };
}

try {
  if (await portOpen(port)) throw new Error(`port ${port} is already in use; stop the other process or set PORT`);
  mkdirSync(logDir, { recursive: true });
  const secret = secrets();

  const buildPath = path.resolve(process.env.REMIX_SERVER_BUILD_PATH ?? 'build/index.js');
  const bundle = process.env.WORKFLOW_BUNDLE ?? workflowBundlePath;
  if (process.env.STACK_REUSE_BUILD === '1' && existsSync(buildPath) && existsSync(bundle)) log(`serving the build at ${buildPath}`);
  else {
    log('production build (remix build and the workflow bundle)…');
    await run(process.execPath, [remixCli, 'build'], { env: { ...process.env, NODE_ENV: 'production' } });
    await run(process.execPath, [tsxCli, 'workers/build-workflow-bundle.ts'], { env: { ...process.env, NODE_ENV: 'production' } });
  }

  const postgres = await findOrStartPostgres({ dataDir: '.data/postgres', embeddedPort: 54328, log });
  const appUser = process.env.DATABASE_APP_USER ?? 'ggz_app';
  const { ownerUrl, appUrl } = await prepareDatabase({
    urlFor: postgres.urlFor,
    database,
    appUser,
    appPassword: secret.DATABASE_APP_PASSWORD,
    payloadKeys: parsePayloadKeys(secret.TEMPORAL_PAYLOAD_KEYS),
  });
  const ownerOrm = await createOrm(ownerUrl, { poolMax: 2 });
  await seedDemo(ownerOrm).finally(() => ownerOrm.close());
  log(`database ${database}: migrated; the app connects as ${appUser} with its password`);

  const binaries = temporalServerBinaries();
  const temporalDatabases = await prepareTemporalDatabases({
    ownerUrl: postgres.urlFor('postgres'),
    database: `${database}_temporal`,
    recreate: false,
    binaries,
  });
  const temporalConfig = await writeTemporalServerConfig({
    dir: path.join(dir, 'temporal'),
    ownerUrl: postgres.urlFor('postgres'),
    ...temporalDatabases,
    port: process.env.STACK_TEMPORAL_PORT ? Number(process.env.STACK_TEMPORAL_PORT) : undefined,
  });
  running.push(await startTemporalServer(temporalConfig, { quiet: true, logFile: path.join(logDir, 'temporal.log'), binaries }));
  const temporalAddress = `127.0.0.1:${temporalConfig.port}`;
  log(`Temporal server on ${temporalAddress}, history in ${temporalDatabases.database} and ${temporalDatabases.visibilityDatabase}`);

  const metricsPort = Number(process.env.METRICS_PORT ?? (await freePort()));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: ownerUrl,
    APP_DATABASE_URL: appUrl,
    DATABASE_APP_USER: appUser,
    DATABASE_APP_PASSWORD: secret.DATABASE_APP_PASSWORD,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_PAYLOAD_KEYS: secret.TEMPORAL_PAYLOAD_KEYS,
    METRICS_PORT: String(metricsPort),
    METRICS_TOKEN: secret.METRICS_TOKEN,
    REMIX_SERVER_BUILD_PATH: buildPath,
    HOST: '127.0.0.1',
    PORT: String(port),
    WEB_CONCURRENCY: '2',
  };
  parseEnv(env); // fail here, with the variable's name, rather than in five child processes

  for (const n of [1, 2]) {
    running.push(
      supervised(`worker-${n}`, () =>
        startWorker(env, { logFile: path.join(logDir, `worker-${n}.log`), quiet: true, workflowBundle: bundle }),
      ),
    );
  }
  const web = startProcess('web', process.execPath, [tsxCli, 'server.ts'], { env, quiet: true, logFile: path.join(logDir, 'web.log') });
  running.push(web);
  await waitForHealthy(`http://127.0.0.1:${port}`, 180_000, web.child);

  console.log(`
  \x1b[1mGGZ-EPD draait in productievorm\x1b[0m
    App            http://localhost:${port}   (twee webprocessen achter één poort)
    Workers        2, op dezelfde taakwachtrijen
    Temporal       ${temporalAddress}   (volledige server, geschiedenis in PostgreSQL)
    Database       ${database}, de app als ${appUser} met wachtwoord
    Metrics        http://127.0.0.1:${metricsPort}/metrics (Bearer-token in ${path.join(dir, 'secrets.env')}); Temporal http://127.0.0.1:${temporalConfig.metricsPort}/metrics
    Logs           ${logDir}
  Ctrl-C stopt alles.
`);
  log(
    `ready ${JSON.stringify({ baseUrl: `http://127.0.0.1:${port}`, temporalAddress, temporalMetricsPort: temporalConfig.metricsPort, web: web.child.pid, workers: running.filter((m) => m.name === 'worker').map((m) => m.child.pid), temporal: running[0]!.child.pid })}`,
  );
} catch (error) {
  console.error(`\x1b[31mstack:production failed:\x1b[0m ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
}
