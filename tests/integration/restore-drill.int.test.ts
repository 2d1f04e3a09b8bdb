import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { User } from '../../domain/auth/auth.entities';
import type { AuditActor } from '../../domain/audit/audit.service';
import { withTenant } from '../../domain/db/tenant';
import { demoAccounts, demoOrganisation } from '../../domain/demo/demo-accounts';
import { runUseCaseWithin } from '../../domain/audit/use-case';
import { wardList } from '../../domain/patient/patient.use-cases';
import { resetDemoDatabase } from '../../scripts/lib/demo';
import { differences, fingerprintDatabase, restoreDrill, type DrillReport } from '../../scripts/lib/restore-drill';
import { appOrm, testPayloadKeys } from '../support/app-orm';

/*
 * The restore drill (docs/operations.md) on a demo seeded into a database of this test's own, named
 * after the stack's: never the demo of a `make dev`, never the stack's database the other tests use.
 */
const stackUrl = new URL(inject('ownerUrl'));
const stack = stackUrl.pathname.slice(1);
const source = `${stack}_drill_source`;
const target = `${stack}_drill_restored`;
const urlFor = (name: string) => Object.assign(new URL(stackUrl), { pathname: `/${name}` }).toString();
const appUser = process.env.DATABASE_APP_USER ?? 'ggz_app';
let backupDir: string;

async function dropDatabases() {
  const admin = new pg.Client({ connectionString: urlFor('postgres') });
  await admin.connect();
  try {
    for (const name of [source, target]) await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
  } finally {
    await admin.end();
  }
}

/** The demo nurse's patient list through the application role and its policies, as the app shows it. */
async function patientNames(database: string): Promise<string[]> {
  const url = Object.assign(new URL(urlFor(database)), { username: appUser, password: 'ggz_app_dev' }).toString();
  const orm = await appOrm({ poolMax: 1 }, url);
  try {
    return await withTenant(orm, { organisationId: demoOrganisation.id }, async (em) => {
      const nurse = await em.findOneOrFail(User, { email: demoAccounts.verpleegkundige.email });
      const actor: AuditActor = { organisationId: demoOrganisation.id, userId: nurse.id, role: 'verpleegkundige', channel: 'web' };
      return (await runUseCaseWithin(em, actor, wardList, { limit: 100 })).items.map((patient) => patient.displayName);
    });
  } finally {
    await orm.close();
  }
}

beforeAll(async () => {
  await dropDatabases();
  backupDir = await mkdtemp(path.join(tmpdir(), 'ggz-drill-'));
  await resetDemoDatabase({ urlFor, database: source, appUser, appPassword: 'ggz_app_dev', payloadKeys: testPayloadKeys() });
}, 120_000);

afterAll(async () => {
  await dropDatabases();
  await rm(backupDir, { recursive: true, force: true });
});

describe('the restore drill', () => {
  let report: DrillReport;
  let namesBefore: string[];

  it('backs up the demo, restores it into a new database and finds the record whole', { timeout: 180_000 }, async () => {
    namesBefore = await patientNames(source);
    report = await restoreDrill({ sourceUrl: urlFor(source), targetUrl: urlFor(target), backupDir });

    expect(report.problems).toEqual([]);
    expect(report.backupFile).toMatch(new RegExp(`${source}-\\d{8}T\\d{6}Z\\.dump$`));
    expect(report.backupBytes).toBeGreaterThan(10_000);
    // The demo's record: patients, their reports, medication and the access log, each as many as before.
    for (const [part, counts] of Object.entries(report.record)) {
      expect(counts.source, part).toBeGreaterThan(0);
      expect(counts.restored, part).toBe(counts.source);
    }
    expect(report.record.patients.source).toBe(namesBefore.length);
    // Every table, not only those four: the same rows, and row-level security forced where it was.
    const tables = Object.entries(report.tables);
    expect(tables.length).toBeGreaterThan(30);
    for (const [table, { source: before, restored }] of tables) {
      expect(restored, table).toEqual(before);
    }
    expect(report.tables.patients!.restored).toMatchObject({ rowSecurity: true, forceRowSecurity: true });
    expect(report.tables.audit_events!.restored!.grants).not.toMatch(/ggz_application=\w*[wd]/);
    // Restored from a dump of the same code: nothing to migrate, and the migrator says so.
    expect(report.migrationsRun).toEqual([]);
  });

  it('restores a database the app can use: the nurse sees the same patients through the policies', async () => {
    expect(await patientNames(target)).toEqual(namesBefore);
  });

  it('notices a restore that is not whole: a lost row or a table left without forced row-level security', async () => {
    const owner = new pg.Client({ connectionString: urlFor(target) });
    await owner.connect();
    try {
      await owner.query('alter table patients no force row level security');
      await owner.query('set row_security = off');
      await owner.query('delete from reports where id = (select id from reports order by id limit 1)');
    } finally {
      await owner.end();
    }
    const sourceFigures = Object.fromEntries(Object.entries(report.tables).map(([table, { source: before }]) => [table, before!]));
    const problems = differences(sourceFigures, await fingerprintDatabase(urlFor(target)));
    const reports = report.record.reports.source;
    expect(problems).toEqual(
      expect.arrayContaining([
        'patients: FORCE ROW LEVEL SECURITY off after the restore',
        `reports: ${reports} rows in the source, ${reports - 1} restored`,
      ]),
    );
  });

  it('refuses to restore over a database that exists, and tools of another PostgreSQL version', async () => {
    await expect(restoreDrill({ sourceUrl: urlFor(source), targetUrl: urlFor(target), backupDir })).rejects.toThrow(
      `database ${target} exists: a drill restores into a new database, never over one`,
    );

    // pg_dump 14 against a newer server: the drill stops before it dumps anything.
    const fakeBin = path.join(backupDir, 'old-bin');
    await mkdir(fakeBin, { recursive: true });
    for (const tool of ['pg_dump', 'pg_restore']) {
      await writeFile(path.join(fakeBin, tool), `#!/bin/sh\necho "${tool} (PostgreSQL) 14.11"\n`);
      await chmod(path.join(fakeBin, tool), 0o755);
    }
    await expect(
      restoreDrill({ sourceUrl: urlFor(source), targetUrl: urlFor(`${target}_old_tools`), backupDir, pgBinDir: fakeBin }),
    ).rejects.toThrow(/pg_dump is pg_dump \(PostgreSQL\) 14\.11, the servers are PostgreSQL \d+/);
  });
});
