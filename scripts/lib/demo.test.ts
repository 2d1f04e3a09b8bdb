import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assertNotDemoDatabase, demoDatabase, removeTemporalHistory } from './demo';
import { startServices } from './stack';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ggz-demo-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the demo database', () => {
  it('is the one DATABASE_URL names, from the environment before .env, else ggz_epd', async () => {
    const envFile = path.join(dir, '.env');
    expect(demoDatabase({}, envFile)).toBe('ggz_epd');
    await writeFile(envFile, 'DATABASE_URL=postgres://postgres@127.0.0.1:5432/mijn_demo\n');
    expect(demoDatabase({}, envFile)).toBe('mijn_demo');
    expect(demoDatabase({ DATABASE_URL: 'postgres://postgres@db:5432/afdeling' }, envFile)).toBe('afdeling');
  });

  it('is never recreated by a test or bench stack, whatever name it was given', async () => {
    expect(() => assertNotDemoDatabase('ggz_epd_test', 'ggz_epd')).not.toThrow();
    expect(() => assertNotDemoDatabase('ggz_epd', 'ggz_epd')).toThrow(/demo database of make dev/);
    // What global-setup and the bench harness call: refused before any server is looked for. The
    // demo named here lives on a port nothing listens on, so a missing guard fails without harm.
    vi.stubEnv('DATABASE_URL', 'postgres://postgres@127.0.0.1:1/ggz_demo_guard');
    try {
      const stack = { embeddedPort: 1, temporalPort: 1, reuseTemporal: false, log: () => {} };
      await expect(startServices({ ...stack, database: 'ggz_demo_guard', recreateDatabase: true })).rejects.toThrow(
        'refusing to recreate ggz_demo_guard: it is the demo database of make dev',
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("the dev Temporal's history file", () => {
  it('is removed with its SQLite companions, and its absence is no error', async () => {
    const file = path.join(dir, 'temporal.db');
    await writeFile(file, '');
    await writeFile(`${file}-wal`, '');
    expect(await removeTemporalHistory(file)).toBe(true);
    expect(await removeTemporalHistory(file)).toBe(false);
  });
});
