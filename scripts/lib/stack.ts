import { createRequire } from 'node:module';
import path from 'node:path';
import { newPayloadKey, parsePayloadKeys } from '../../domain/config/payload-keys';
import { createOrm } from '../../domain/db/orm';
import { seedDemo } from '../../domain/demo/demo.seed';
import { prepareDatabase } from './database';
import { assertNotDemoDatabase } from './demo';
import { findOrStartPostgres, type PostgresServer } from './postgres';
import { ensureSearchAttributes, isTemporalUp, startTemporalDevServer } from './temporal';
import { freePort, startProcess, waitFor, type Managed } from './processes';

const require = createRequire(import.meta.url);
export const tsxCli = require.resolve('tsx/cli');
export const remixCli = path.join(path.dirname(require.resolve('@remix-run/dev/package.json')), 'dist/cli.js');

export interface Services {
  postgres: PostgresServer;
  ownerUrl: string;
  appUrl: string;
  temporalAddress: string;
  temporal?: Managed;
  /** `TEMPORAL_PAYLOAD_KEYS` of the app and worker this stack runs (ADR 0025). */
  payloadKeys: string;
  stop(): Promise<void>;
}

/** PostgreSQL (found or embedded), a migrated and seeded database, and a Temporal dev server. */
export async function startServices(options: {
  database: string;
  recreateDatabase: boolean;
  embeddedPort: number;
  temporalPort: number;
  temporalUiPort?: number;
  temporalDbFile?: string;
  reuseTemporal: boolean;
  quiet?: boolean;
  logDir?: string;
  /** The app's and worker's payload keys; a fresh random key when not given (tests, benches). */
  payloadKeys?: string;
  /** A migrated database to copy when the database is created (`prepareDatabase`). */
  templateDatabase?: string;
  log: (line: string) => void;
}): Promise<Services> {
  // Only `make dev` keeps its database; everything that recreates one (tests, benches) has its own.
  if (options.recreateDatabase) assertNotDemoDatabase(options.database);
  const postgres = await findOrStartPostgres({ dataDir: '.data/postgres', embeddedPort: options.embeddedPort, log: options.log });
  options.log(`PostgreSQL: ${postgres.source === 'embedded' ? `embedded on port ${options.embeddedPort}` : postgres.source}`);
  const payloadKeys = options.payloadKeys ?? newPayloadKey();
  const { ownerUrl, appUrl } = await prepareDatabase({
    payloadKeys: parsePayloadKeys(payloadKeys),
    urlFor: postgres.urlFor,
    database: options.database,
    appUser: process.env.DATABASE_APP_USER ?? 'ggz_app',
    appPassword: process.env.DATABASE_APP_PASSWORD ?? 'ggz_app_dev',
    recreate: options.recreateDatabase,
    template: options.templateDatabase,
  });
  const ownerOrm = await createOrm(ownerUrl, { poolMax: 2 });
  await seedDemo(ownerOrm).finally(() => ownerOrm.close());
  options.log(`database ${options.database}: migrated and seeded`);

  let temporalAddress = `127.0.0.1:${options.temporalPort}`;
  let temporal: Managed | undefined;
  if (options.reuseTemporal && (await isTemporalUp(temporalAddress))) {
    options.log(`Temporal: reusing the server on ${temporalAddress}`);
    await ensureSearchAttributes(temporalAddress);
  } else {
    let port = options.temporalPort;
    for (let attempt = 1; !temporal; attempt++) {
      try {
        temporal = await startTemporalDevServer({
          port,
          uiPort: options.temporalUiPort,
          dbFile: options.temporalDbFile,
          quiet: options.quiet,
          logFile: options.logDir ? path.join(options.logDir, 'temporal.log') : undefined,
        });
      } catch (error) {
        // A port found free can be taken before the server binds it (another stack's Temporal opens
        // ports of its own; seen in CI): take another free one.
        if (attempt >= 3 || !/address already in use/.test((error as Error).message)) throw error;
        port = await freePort();
        options.log(`Temporal: port ${temporalAddress} was taken before the server bound it; trying ${port}`);
        temporalAddress = `127.0.0.1:${port}`;
      }
    }
    options.log(`Temporal: dev server on ${temporalAddress}`);
  }

  return {
    postgres,
    ownerUrl,
    appUrl,
    temporalAddress,
    temporal,
    payloadKeys,
    async stop() {
      await temporal?.stop();
      await postgres.stop();
    },
  };
}

export function appEnv(services: Services, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: services.ownerUrl,
    APP_DATABASE_URL: services.appUrl,
    TEMPORAL_ADDRESS: services.temporalAddress,
    TEMPORAL_PAYLOAD_KEYS: services.payloadKeys,
    ...extra,
  };
}

export function startWorker(
  env: NodeJS.ProcessEnv,
  options: { watch?: boolean; quiet?: boolean; logFile?: string; workflowBundle?: string } = {},
): Managed {
  const args = options.watch ? [tsxCli, 'watch', '--clear-screen=false', 'workers/main.ts'] : [tsxCli, 'workers/main.ts'];
  if (options.workflowBundle) args.push('--workflow-bundle', options.workflowBundle);
  return startProcess('worker', process.execPath, args, { env, quiet: options.quiet, logFile: options.logFile });
}

/** Waits for /api/health to answer 200; `answering` accepts any answer (an app started without Temporal is degraded). */
export async function waitForHealthy(baseUrl: string, timeoutMs: number, child?: Managed['child'], answering = false): Promise<void> {
  await waitFor(
    'web app health',
    async () => {
      const response = await fetch(`${baseUrl}/api/health`);
      return response.ok || answering ? true : undefined;
    },
    timeoutMs,
    child,
  );
}

/** The built app (`server.ts`) on a free loopback port, once it answers. */
export async function startWeb(
  env: NodeJS.ProcessEnv,
  options: { quiet?: boolean; logFile?: string; timeoutMs?: number; degraded?: boolean } = {},
): Promise<Managed & { baseUrl: string }> {
  const port = await freePort();
  const web = startProcess('web', process.execPath, [tsxCli, 'server.ts'], {
    env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
    quiet: options.quiet,
    logFile: options.logFile,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(baseUrl, options.timeoutMs ?? 120_000, web.child, options.degraded);
  } catch (error) {
    await web.stop();
    throw error;
  }
  return { ...web, baseUrl };
}
