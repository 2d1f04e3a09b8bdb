import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pLimit from 'p-limit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createOrm } from '../../domain/db/orm';
import { seedDemo } from '../../domain/demo/demo.seed';
import { prepareDatabase } from '../../scripts/lib/database';
import { tsxCli } from '../../scripts/lib/stack';

/*
 * Every bench at its smoke size (BENCH_SMOKE=1): a few samples on a small ward, seconds each, no
 * figure judged. A change that breaks a bench (a seed the schema no longer accepts, a flow that
 * changed) fails here instead of rotting until someone runs it. Each bench has its own database on
 * the stack's PostgreSQL (named after the test database, so two checkouts do not collide) and its
 * own Temporal dev server, and reuses the stack's build of the app. The benches' databases are
 * copies of one migrated template, made here once, instead of each running every migration.
 *
 * Two benches run at a time: a smoke run is mostly its own processes starting (Temporal, the app,
 * the worker), and the suite's stack waits idle meanwhile (issue 37: 162 s for the eleven, one by one).
 */

const root = path.resolve(import.meta.dirname, '../..');
const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
/** The bench files the `bench:*` scripts run, once each (`bench:noshow` also runs the ward handover). */
const benchFiles = [
  ...new Set(
    Object.entries(scripts)
      .filter(([name]) => name.startsWith('bench:'))
      .flatMap(([, command]) => [...command.matchAll(/tsx (bench\/\S+\.bench\.ts)/g)].map((match) => match[1]!)),
  ),
];

const ownerUrl = inject('ownerUrl');
const testDatabase = new URL(ownerUrl).pathname.slice(1);
const prefix = `${testDatabase}_bench`;
const template = `${prefix}_template`;

const slot = pLimit(2);

function runBench(file: string): Promise<{ code: number | null; output: string }> {
  return slot(() => runBenchNow(file));
}

function runBenchNow(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsxCli, file], {
      cwd: root,
      env: {
        ...process.env,
        BENCH_SMOKE: '1',
        BENCH_DATABASE_PREFIX: prefix,
        BENCH_BUILD: path.dirname(inject('appEnv').REMIX_SERVER_BUILD_PATH!),
        DATABASE_URL: ownerUrl,
        BENCH_TEMPLATE_DATABASE: template,
        BENCH_WORKFLOW_BUNDLE: inject('workflowBundle'),
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('benches at their smoke size', { concurrent: true }, () => {
  beforeAll(async () => {
    const adminUrl = new URL(ownerUrl);
    const urlFor = (database: string) => Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
    const { ownerUrl: templateUrl } = await prepareDatabase({
      urlFor,
      database: template,
      appUser: process.env.DATABASE_APP_USER ?? 'ggz_app',
      appPassword: process.env.DATABASE_APP_PASSWORD ?? 'ggz_app_dev',
      recreate: true,
    });
    const orm = await createOrm(templateUrl, { poolMax: 1 });
    await seedDemo(orm).finally(() => orm.close());
  }, 120_000);

  afterAll(async () => {
    const admin = new pg.Client({ connectionString: ownerUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [
        `${prefix}_`,
      ]);
      for (const { datname } of rows) await admin.query(`drop database if exists ${admin.escapeIdentifier(datname)} with (force)`);
    } finally {
      await admin.end();
    }
  });

  it('every bench file has a bench:* script, so it runs here', () => {
    const onDisk = [
      ...readdirSync(path.join(root, 'bench'))
        .filter((file) => file.endsWith('.bench.ts'))
        .map((file) => `bench/${file}`),
      ...readdirSync(path.join(root, 'bench/load'))
        .filter((file) => file.endsWith('.bench.ts'))
        .map((file) => `bench/load/${file}`),
    ];
    expect(benchFiles.toSorted()).toEqual(onDisk.toSorted());
  });

  for (const file of benchFiles) {
    it(`${file} runs to its end and prints its figures`, { timeout: 180_000 }, async () => {
      const { code, output } = await runBench(file);
      expect(code, output.slice(-4000)).toBe(0);
      // Each bench ends with its figures: durations in ms (or ms per text).
      expect(output).toMatch(/\d ms/);
    });
  }
});
