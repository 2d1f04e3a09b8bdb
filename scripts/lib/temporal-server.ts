import { Connection, isGrpcServiceError } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort, portOpen, run, startProcess, waitFor, type Managed } from './processes';
import { ensureSearchAttributes, isTemporalUp } from './temporal';

/**
 * Temporal's full server (not the CLI's dev server) with PostgreSQL persistence, as a hospital runs
 * it (ADR 0100): its own two databases (history and visibility) on a PostgreSQL, the schemas set up
 * by Temporal's own SQL tool, and a config file that fixes every port, so a server killed and
 * started again on the same files finds its history and its address.
 */
export interface TemporalServerBinaries {
  server: string;
  sqlTool: string;
  /** `schema/postgresql/v12` of the same version: `temporal/versioned` and `visibility/versioned`. */
  schemaDir: string;
}

export function temporalServerBinaries(): TemporalServerBinaries {
  const [server, sqlTool, schemaDir] = execFileSync('bash', ['scripts/ensure-temporal-server.sh'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
    .trim()
    .split('\n');
  return { server: server!, sqlTool: sqlTool!, schemaDir: schemaDir! };
}

/** A server's configuration: where its databases are and which loopback ports it takes. */
export interface TemporalServerConfig {
  /** The directory holding `temporal.yaml` (the server's `--env temporal`) and the dynamic config. */
  dir: string;
  /** The frontend's gRPC port: the address clients and workers use. */
  port: number;
  /** Prometheus metrics of the server itself (workflow task latency, persistence errors). */
  metricsPort: number;
  database: string;
  visibilityDatabase: string;
}

/**
 * Creates (or, with `recreate`, drops and creates) the server's two databases and brings their
 * schemas to the version of the binaries: `setup-schema -v 0.0` then `update-schema`, which is
 * also what an upgrade runs. `ownerUrl` is a PostgreSQL URL of a role that may create databases.
 */
export async function prepareTemporalDatabases(options: {
  ownerUrl: string;
  database: string;
  recreate: boolean;
  binaries?: TemporalServerBinaries;
}): Promise<{ database: string; visibilityDatabase: string }> {
  const binaries = options.binaries ?? temporalServerBinaries();
  const database = options.database;
  const visibilityDatabase = `${database}_visibility`;
  const admin = new pg.Client({ connectionString: options.ownerUrl });
  await admin.connect();
  const fresh: string[] = [];
  try {
    for (const name of [database, visibilityDatabase]) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Temporal database name ${name} is not a plain identifier`);
      if (options.recreate) await admin.query(`drop database if exists ${name} with (force)`);
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        await admin.query(`create database ${name}`);
        fresh.push(name);
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(options.ownerUrl);
  const connection = ['--plugin', 'postgres12', '--ep', url.hostname, '-p', url.port || '5432', '-u', decodeURIComponent(url.username)];
  const env = { ...process.env, SQL_PASSWORD: decodeURIComponent(url.password) };
  for (const [name, kind] of [
    [database, 'temporal'],
    [visibilityDatabase, 'visibility'],
  ] as const) {
    const tool = [...connection, '--db', name];
    if (fresh.includes(name)) await run(binaries.sqlTool, [...tool, 'setup-schema', '-v', '0.0'], { env, stdio: 'ignore' });
    await run(binaries.sqlTool, [...tool, 'update-schema', '-d', path.join(binaries.schemaDir, kind, 'versioned')], {
      env,
      stdio: 'ignore',
    });
  }
  return { database, visibilityDatabase };
}

/**
 * A free loopback port for a service's membership (ringpop): the server stores it in a PostgreSQL
 * `smallint`, so it must be below 32768, where the kernel's ephemeral ports (from 32768) never are.
 */
async function membershipPort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (!(await portOpen(port))) return port;
  }
  throw new Error('no free port below 32768 for Temporal membership');
}

/** Writes the server's config with free loopback ports; `port` fixes the frontend's. */
export async function writeTemporalServerConfig(options: {
  dir: string;
  ownerUrl: string;
  database: string;
  visibilityDatabase: string;
  port?: number;
  metricsPort?: number;
}): Promise<TemporalServerConfig> {
  mkdirSync(options.dir, { recursive: true });
  const url = new URL(options.ownerUrl);
  const port = options.port ?? (await freePort());
  const metricsPort = options.metricsPort ?? (await freePort());
  const ports = { frontend: [port, await membershipPort(), await freePort()], history: [await freePort(), await membershipPort()] };
  const matching = [await freePort(), await membershipPort()];
  const worker = [await freePort(), await membershipPort()];
  const store = (database: string, maxConns: number) => `      sql:
        pluginName: "postgres12"
        databaseName: "${database}"
        connectAddr: "${url.hostname}:${url.port || '5432'}"
        connectProtocol: "tcp"
        user: "${decodeURIComponent(url.username)}"
        password: "${decodeURIComponent(url.password)}"
        maxConns: ${maxConns}
        maxIdleConns: ${maxConns}
        maxConnLifetime: "1h"`;
  const service = ([grpc, membership, http]: number[]) =>
    `    rpc:\n      grpcPort: ${grpc}\n      membershipPort: ${membership}\n      bindOnLocalHost: true${http ? `\n      httpPort: ${http}` : ''}`;
  const dynamicConfig = path.join(options.dir, 'dynamicconfig.yaml');
  // The namespace registered at the first start is usable after a second, not after the default 10 s.
  writeFileSync(dynamicConfig, 'system.namespaceCacheRefreshInterval:\n  - value: 1s\n');
  writeFileSync(
    path.join(options.dir, 'temporal.yaml'),
    `log:
  stdout: true
  level: warn

persistence:
  defaultStore: postgres-default
  visibilityStore: postgres-visibility
  numHistoryShards: 4
  datastores:
    postgres-default:
${store(options.database, 10)}
    postgres-visibility:
${store(options.visibilityDatabase, 2)}

global:
  membership:
    maxJoinDuration: 30s
    broadcastAddress: "127.0.0.1"
  metrics:
    prometheus:
      framework: "tally"
      timerType: "histogram"
      listenAddress: "127.0.0.1:${metricsPort}"

services:
  frontend:
${service(ports.frontend)}
  history:
${service(ports.history)}
  matching:
${service(matching)}
  worker:
${service(worker)}

clusterMetadata:
  enableGlobalNamespace: false
  failoverVersionIncrement: 10
  masterClusterName: "active"
  currentClusterName: "active"
  clusterInformation:
    active:
      enabled: true
      initialFailoverVersion: 1
      rpcName: "frontend"
      rpcAddress: "127.0.0.1:${port}"

dcRedirectionPolicy:
  policy: "noop"

dynamicConfigClient:
  filepath: "${dynamicConfig}"
  pollInterval: "10s"
`,
    { mode: 0o600 },
  );
  return { dir: options.dir, port, metricsPort, database: options.database, visibilityDatabase: options.visibilityDatabase };
}

/**
 * Starts the server from a written config and waits until its frontend answers; on the first
 * start the namespace `default` is registered and the app's search attributes added. Started again
 * on the same config (after a crash), it finds the namespace and the running workflows in its
 * databases.
 */
export async function startTemporalServer(
  config: TemporalServerConfig,
  options: { quiet?: boolean; logFile?: string; binaries?: TemporalServerBinaries } = {},
): Promise<Managed> {
  const binaries = options.binaries ?? temporalServerBinaries();
  const lastLines: string[] = [];
  const server = startProcess(
    'temporal',
    binaries.server,
    ['--root', config.dir, '--config', '.', '--env', 'temporal', '--allow-no-auth', 'start'],
    {
      quiet: options.quiet,
      logFile: options.logFile,
      onLine: (line) => {
        lastLines.push(line);
        if (lastLines.length > 20) lastLines.shift();
      },
    },
  );
  const address = `127.0.0.1:${config.port}`;
  try {
    await waitFor('Temporal server', async () => ((await isTemporalUp(address)) ? true : undefined), 90_000, server.child);
    await ensureNamespace(address, 'default', server.child);
    await waitFor(
      'Temporal search attributes',
      async () => {
        await ensureSearchAttributes(address);
        return true;
      },
      60_000,
      server.child,
    );
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}; its last lines:\n${lastLines.join('\n') || '(none)'}`, { cause: error });
  }
  return server;
}

/** gRPC status codes the namespace check tells apart (grpc-js `status`). */
const grpcNotFound = 5;
const grpcAlreadyExists = 6;
const grpcCode = (error: unknown): number | undefined => (isGrpcServiceError(error) ? error.code : undefined);

/**
 * Registers the namespace when it is not there yet (one day's retention, as the dev server's default).
 * The frontend answers before the rest of the server is ready, most of all on a restart from restored
 * databases: an error other than "not found" is asked again until the timeout, and "already exists"
 * (the namespace was there after all) counts as registered.
 */
async function ensureNamespace(address: string, namespace: string, server: Managed['child']): Promise<void> {
  const connection = await Connection.connect({ address, connectTimeout: '2 seconds' });
  try {
    await waitFor(
      `Temporal namespace ${namespace}`,
      async () => {
        try {
          await connection.workflowService.describeNamespace({ namespace });
          return true;
        } catch (error) {
          if (grpcCode(error) !== grpcNotFound) throw error;
        }
        try {
          await connection.workflowService.registerNamespace({ namespace, workflowExecutionRetentionPeriod: msToTs('1 day') });
        } catch (error) {
          if (grpcCode(error) !== grpcAlreadyExists) throw error;
        }
        return undefined; // registered: described on the next probe, once the namespace cache has it
      },
      60_000,
      server,
    );
  } finally {
    await connection.close();
  }
}
