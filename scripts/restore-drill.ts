import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { recordTables, restoreDrill } from './lib/restore-drill';

/*
 * `npm run ops:restore-drill`: backs up the database in DATABASE_URL (or --source) with pg_dump,
 * restores it into a new database, migrates it and compares it with the source (docs/operations.md).
 * Exit code 0 only when the restored record is whole. The restored copy is dropped afterwards unless
 * --keep: it holds every patient's record.
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const log = (line: string) => console.log(`drill   | ${line}`);

const { values } = parseArgs({
  options: {
    source: { type: 'string' },
    target: { type: 'string' },
    'backup-dir': { type: 'string', default: '.data/backups' },
    keep: { type: 'boolean', default: false },
  },
});

const sourceUrl = values.source ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ggz_epd';
const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
const source = new URL(sourceUrl);
const targetName = values.target ?? `${decodeURIComponent(source.pathname.slice(1))}_restore_${stamp}`;
const targetUrl = Object.assign(new URL(sourceUrl), { pathname: `/${targetName}` }).toString();

const report = await restoreDrill({ sourceUrl, targetUrl, backupDir: values['backup-dir'], pgBinDir: process.env.PG_BIN_DIR, log });
log(`tools: ${report.tools.pgDump}; ${report.tools.pgRestore}; server ${report.tools.sourceServer}`);
log(`backup: ${report.backupFile} (${(report.backupBytes / 1024 / 1024).toFixed(1)} MB)`);
for (const [name, counts] of Object.entries(report.record)) {
  log(
    `${recordTables[name as keyof typeof recordTables].padEnd(20)} ${String(counts.source).padStart(8)} in the source, ${String(counts.restored).padStart(8)} restored`,
  );
}
const forced = Object.values(report.tables).filter((table) => table.restored?.forceRowSecurity).length;
log(`${Object.keys(report.tables).length} tables compared; ${forced} with FORCE ROW LEVEL SECURITY after the restore`);
log(
  `seconds: backup ${report.seconds.backup}, restore ${report.seconds.restore}, compare ${report.seconds.compare}, migrate ${report.seconds.migrate}`,
);

if (!values.keep) {
  const admin = new pg.Client({ connectionString: Object.assign(new URL(targetUrl), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`drop database ${admin.escapeIdentifier(report.targetDatabase)} with (force)`).finally(() => admin.end());
  log(`database ${report.targetDatabase} dropped (--keep keeps it)`);
}

if (report.problems.length) {
  for (const problem of report.problems) console.error(`drill   | NOT WHOLE: ${problem}`);
  process.exit(1);
}
log('the restored record is whole');
