import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { createOrm } from '../../domain/db/orm';
import { applicationRole } from '../../migrations/rls';

/*
 * The restore drill (docs/operations.md, ADR 0067): a custom-format dump of the record's database,
 * restored into a database that did not exist, migrated to this code's schema, and compared with
 * the source table by table. The dump and the source's figures come from one snapshot, so the
 * comparison is exact while the source keeps being written to.
 */

const run = promisify(execFile);

/** The tables a clinician would miss first: what the drill prints as the record. */
export const recordTables = {
  patients: 'patients',
  reports: 'reports',
  medicationOrders: 'medication_orders',
  accessLog: 'audit_events',
} as const;

export interface TableFingerprint {
  rows: number;
  /** Order-independent sum of the rows' md5: equal sums mean equal rows, whatever their order on disk. */
  checksum: string;
  rowSecurity: boolean;
  forceRowSecurity: boolean;
  policies: string;
  owner: string;
  grants: string;
}

export interface DrillReport {
  backupFile: string;
  backupBytes: number;
  tools: { pgDump: string; pgRestore: string; sourceServer: string; targetServer: string };
  targetDatabase: string;
  migrationsRun: string[];
  record: Record<keyof typeof recordTables, { source: number; restored: number }>;
  tables: Record<string, { source: TableFingerprint | null; restored: TableFingerprint | null }>;
  /** Every difference between source and restored database, one line each; empty when the record is whole. */
  problems: string[];
  seconds: { backup: number; restore: number; compare: number; migrate: number };
}

export interface DrillOptions {
  /** Owner connection to the database that is backed up (superuser or table owner; never the app role). */
  sourceUrl: string;
  /** Owner connection to the database the backup is restored into; it must not exist yet. */
  targetUrl: string;
  /** Where the dump is written; it stays there (it is a backup). */
  backupDir: string;
  /** pg_dump and pg_restore of the server's major version; PATH when unset. */
  pgBinDir?: string;
  log?: (line: string) => void;
}

const databaseOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));
const onDatabase = (url: string, database: string) => Object.assign(new URL(url), { pathname: `/${database}` }).toString();

/** A libpq connection without the password in the command line (where `ps` shows it): it goes in PGPASSWORD. */
function libpq(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function toolVersion(tool: string): Promise<{ text: string; major: number }> {
  const { stdout } = await run(tool, ['--version']);
  const match = /(\d+)(?:\.\d+)?/.exec(stdout);
  if (!match) throw new Error(`cannot read the version of ${tool}: ${stdout.trim()}`);
  return { text: stdout.trim(), major: Number(match[1]) };
}

async function serverVersion(client: pg.Client): Promise<{ text: string; major: number }> {
  const { rows } = await client.query<{ num: string; text: string }>(
    "select current_setting('server_version_num') as num, current_setting('server_version') as text",
  );
  return { text: `PostgreSQL ${rows[0]!.text}`, major: Math.floor(Number(rows[0]!.num) / 10000) };
}

/**
 * Every table's rows, checksum, row-level security and grants, read with row security off: a role
 * the policies would filter gets an error instead of quietly counting nothing.
 */
async function fingerprint(client: pg.Client): Promise<Record<string, TableFingerprint>> {
  await client.query("set row_security = off; set timezone = 'UTC'; set extra_float_digits = 3");
  const { rows: tables } = await client.query<{
    name: string;
    rowSecurity: boolean;
    forceRowSecurity: boolean;
    policies: string | null;
    owner: string;
    grants: string | null;
  }>(
    `select c.relname as name, c.relrowsecurity as "rowSecurity", c.relforcerowsecurity as "forceRowSecurity",
            (select string_agg(p.polname::text || ' ' || p.polcmd::text || ' ' || coalesce(pg_get_expr(p.polqual, p.polrelid), '') || ' ' ||
                               coalesce(pg_get_expr(p.polwithcheck, p.polrelid), ''), '; ' order by p.polname)
               from pg_policy p where p.polrelid = c.oid) as policies,
            pg_get_userbyid(c.relowner) as owner,
            (select string_agg(a::text, ',' order by a::text) from unnest(coalesce(c.relacl, acldefault('r', c.relowner))) a) as grants
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p')
      order by c.relname`,
  );
  const result: Record<string, TableFingerprint> = {};
  for (const table of tables) {
    const name = client.escapeIdentifier(table.name);
    const { rows } = await client.query<{ rows: number; checksum: string }>(
      `select count(*)::int as rows, coalesce(sum(('x' || left(md5(t::text), 15))::bit(60)::bigint), 0)::text as checksum from ${name} t`,
    );
    result[table.name] = {
      rows: rows[0]!.rows,
      checksum: rows[0]!.checksum,
      rowSecurity: table.rowSecurity,
      forceRowSecurity: table.forceRowSecurity,
      policies: table.policies ?? '',
      owner: table.owner,
      grants: table.grants ?? '',
    };
  }
  return result;
}

export function differences(source: Record<string, TableFingerprint>, restored: Record<string, TableFingerprint>): string[] {
  const problems: string[] = [];
  for (const table of new Set([...Object.keys(source), ...Object.keys(restored)])) {
    const before = source[table];
    const after = restored[table];
    if (!before || !after) {
      problems.push(`${table}: ${before ? 'missing after the restore' : 'not in the source'}`);
      continue;
    }
    if (before.rows !== after.rows) problems.push(`${table}: ${before.rows} rows in the source, ${after.rows} restored`);
    else if (before.checksum !== after.checksum) problems.push(`${table}: same row count, different contents`);
    if (before.rowSecurity !== after.rowSecurity)
      problems.push(`${table}: row-level security ${after.rowSecurity ? 'on' : 'off'} after the restore`);
    if (before.forceRowSecurity !== after.forceRowSecurity) {
      problems.push(`${table}: FORCE ROW LEVEL SECURITY ${after.forceRowSecurity ? 'on' : 'off'} after the restore`);
    }
    if (before.policies !== after.policies) problems.push(`${table}: policies differ after the restore`);
    if (before.owner !== after.owner) problems.push(`${table}: owned by ${after.owner} after the restore, ${before.owner} before`);
    if (before.grants !== after.grants) problems.push(`${table}: grants differ after the restore`);
  }
  return problems;
}

/** The figures the drill compares, of any database the caller may read as owner. */
export const fingerprintDatabase = (url: string) => withClient(url, (client) => fingerprint(client));

const secondsSince = (start: number) => Math.round((performance.now() - start) / 100) / 10;

export async function restoreDrill(options: DrillOptions): Promise<DrillReport> {
  const log = options.log ?? (() => undefined);
  const sourceDatabase = databaseOf(options.sourceUrl);
  const targetDatabase = databaseOf(options.targetUrl);
  if (sourceDatabase === targetDatabase && new URL(options.sourceUrl).host === new URL(options.targetUrl).host) {
    throw new Error('the drill restores into another database than the one it backs up');
  }

  const targetServer = await withClient(onDatabase(options.targetUrl, 'postgres'), async (admin) => {
    const version = await serverVersion(admin);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [targetDatabase]);
    if (rowCount) throw new Error(`database ${targetDatabase} exists: a drill restores into a new database, never over one`);
    return version;
  });
  // The tools must be the server's own major version: an older pg_dump refuses a newer server, and
  // a newer dump may not load into an older one. Debian keeps each version's tools apart.
  const debianBin = `/usr/lib/postgresql/${targetServer.major}/bin`;
  const binDir = options.pgBinDir ?? (existsSync(path.join(debianBin, 'pg_dump')) ? debianBin : undefined);
  const bin = (tool: string) => (binDir ? path.join(binDir, tool) : tool);
  const [pgDump, pgRestore] = await Promise.all([toolVersion(bin('pg_dump')), toolVersion(bin('pg_restore'))]);

  await mkdir(options.backupDir, { recursive: true });
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const backupFile = path.resolve(options.backupDir, `${sourceDatabase}-${stamp}.dump`);

  // One snapshot for the dump and for the source's figures: writes during the drill change neither.
  let started = performance.now();
  const { source, sourceServer } = await withClient(options.sourceUrl, async (client) => {
    const version = await serverVersion(client);
    for (const [tool, found] of [
      ['pg_dump', pgDump],
      ['pg_restore', pgRestore],
    ] as const) {
      if (found.major !== version.major || found.major !== targetServer.major) {
        throw new Error(
          `${tool} is ${found.text}, the servers are ${version.text} and ${targetServer.text}: set PG_BIN_DIR to the client tools of the servers' version`,
        );
      }
    }
    await client.query('begin isolation level repeatable read read only');
    try {
      const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
      const { dbname, env } = libpq(options.sourceUrl);
      log(`backup: pg_dump -Fc ${sourceDatabase} → ${backupFile}`);
      await run(bin('pg_dump'), ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${backupFile}`, `--dbname=${dbname}`], {
        env,
      });
      return { source: await fingerprint(client), sourceServer: version };
    } finally {
      await client.query('rollback');
    }
  });
  const backupSeconds = secondsSince(started);
  const backupBytes = (await stat(backupFile)).size;

  // Roles live in the cluster, not in the dump: a new server needs the application's group role
  // before the grants to it can be restored. Login roles and their passwords are `npm run db:setup`'s.
  started = performance.now();
  await withClient(onDatabase(options.targetUrl, 'postgres'), async (admin) => {
    const { rowCount } = await admin.query('select 1 from pg_roles where rolname = $1', [applicationRole]);
    if (!rowCount) await admin.query(`create role ${applicationRole} nologin`);
    await admin.query(`create database ${admin.escapeIdentifier(targetDatabase)}`);
  });
  {
    const { dbname, env } = libpq(options.targetUrl);
    log(`restore: pg_restore into the new database ${targetDatabase}`);
    await run(bin('pg_restore'), ['--exit-on-error', '--single-transaction', `--dbname=${dbname}`, backupFile], { env });
  }
  const restoreSeconds = secondsSince(started);

  // The restored database is compared before anything changes it: it must be the source as dumped.
  started = performance.now();
  const restored = await withClient(options.targetUrl, (client) => fingerprint(client));
  const problems = differences(source, restored);
  const compareSeconds = secondsSince(started);

  // The backup may be older than the code that restores it: the migrations bring it up to date, and
  // no table may come out of them without the row-level security it went in with.
  started = performance.now();
  const orm = await createOrm(options.targetUrl, { poolMax: 2 });
  const migrationsRun = await orm.migrator
    .up()
    .then((done) => done.map((migration) => migration.name))
    .finally(() => orm.close());
  log(`migrate: ${migrationsRun.length ? migrationsRun.join(', ') : 'no migration pending'}`);
  if (migrationsRun.length) {
    const migrated = await withClient(options.targetUrl, (client) => fingerprint(client));
    for (const [table, before] of Object.entries(restored)) {
      if (before.forceRowSecurity && !migrated[table]?.forceRowSecurity)
        problems.push(`${table}: FORCE ROW LEVEL SECURITY lost in the migrations`);
    }
  }
  const migrateSeconds = secondsSince(started);

  const record = Object.fromEntries(
    Object.entries(recordTables).map(([key, table]) => [key, { source: source[table]?.rows ?? 0, restored: restored[table]?.rows ?? 0 }]),
  ) as DrillReport['record'];
  const tables = Object.fromEntries(
    [...new Set([...Object.keys(source), ...Object.keys(restored)])].map((table) => [
      table,
      { source: source[table] ?? null, restored: restored[table] ?? null },
    ]),
  );
  return {
    backupFile,
    backupBytes,
    tools: { pgDump: pgDump.text, pgRestore: pgRestore.text, sourceServer: sourceServer.text, targetServer: targetServer.text },
    targetDatabase,
    migrationsRun,
    record,
    tables,
    problems,
    seconds: { backup: backupSeconds, restore: restoreSeconds, compare: compareSeconds, migrate: migrateSeconds },
  };
}
