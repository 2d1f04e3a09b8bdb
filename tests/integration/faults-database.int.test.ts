import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import { dutchMessages } from '../../domain/shared/errors';
import { prepareDatabase } from '../../scripts/lib/database';
import { startEmbeddedPostgres } from '../../scripts/lib/postgres';
import { freePort, type Managed } from '../../scripts/lib/processes';
import { startWeb } from '../../scripts/lib/stack';
import { createOrganisation, createUser, fhirPatientBody } from '../support/factories';
import { json, login, request } from '../support/http';
import { testPayloadKeys } from '../support/app-orm';

/**
 * PostgreSQL restarted under a write-heavy load. The machine's PostgreSQL is shared, so this test
 * runs its own (embedded, on a free port, in a temporary directory) with its own app process.
 */
let dataDir: string;
let postgres: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
let web: (Managed & { baseUrl: string }) | undefined;
let ownerUrl: string;
let cookie: string;
let patientId: string;

interface Write {
  content: string;
  status: number;
  body: unknown;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ggz-faults-pg-'));
  // initdb runs as the postgres system user when the tests run as root: it must reach the directory.
  await chmod(dataDir, 0o755);
  postgres = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'data'), port: await freePort() });
  const prepared = await prepareDatabase({
    urlFor: postgres.urlFor,
    database: 'ggz_epd_faults_restart',
    appUser: 'ggz_app',
    appPassword: 'ggz_app_dev',
    recreate: true,
    payloadKeys: testPayloadKeys(),
  });
  ownerUrl = prepared.ownerUrl;
  const organisation = await createOrganisation(undefined, ownerUrl);
  const user = await createUser(organisation.id, { role: 'verpleegkundige' }, ownerUrl);
  web = await startWeb(
    { ...process.env, ...inject('appEnv'), DATABASE_URL: prepared.ownerUrl, APP_DATABASE_URL: prepared.appUrl },
    { quiet: true, degraded: true, logFile: path.resolve('.cache/test-logs/web-restart.log') },
  );
  cookie = (await login(user.email, user.password, web.baseUrl)).cookie!;
  const created = await json('/api/fhir/Patient', { base: web.baseUrl, method: 'POST', cookie, body: fhirPatientBody() });
  expect(created.status).toBe(201);
  patientId = ((await created.json()) as { id: string }).id;
}, 180_000);

afterAll(async () => {
  await web?.stop();
  await postgres?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('PostgreSQL restarted during a write-heavy run', () => {
  it('fails what was in flight with the Dutch 500 and commits none of it, loses no acknowledged write, serves again without a restart, and a retry stores each write once', async () => {
    const base = web!.baseUrl;
    const writes: Write[] = [];
    let phase: 'before' | 'down' | 'after' = 'before';
    let afterRestart = 0;
    let firstWriteAfter = 0; // time to recover: the first write accepted after PostgreSQL is back
    let sequence = 0;
    const writer = async () => {
      while (phase !== 'after' || afterRestart < 20) {
        const content = `Schrijftest ${++sequence} (${phase})`;
        const response = await json('/api/reports', {
          base,
          cookie,
          method: 'POST',
          body: { patientId, type: 'dagnotitie', category: 'observatie', content },
        });
        const write = { content, status: response.status, body: await response.json() };
        writes.push(write);
        if (phase === 'after' && write.status === 201 && afterRestart++ === 0) firstWriteAfter = performance.now();
        // While the server is down every request fails at once; no need to flood the log.
        if (phase === 'down') await sleep(50);
      }
    };
    const writers = Array.from({ length: 6 }, writer);
    while (writes.filter((write) => write.status === 201).length < 30) await sleep(20);
    phase = 'down';
    await postgres!.stop();
    // Down until the writers have met it: a handful of writes refused while PostgreSQL is gone.
    const failedAt = writes.length;
    await vi.waitFor(() => expect(writes.slice(failedAt).filter((write) => write.status !== 201).length).toBeGreaterThanOrEqual(5), {
      timeout: 15_000,
      interval: 20,
    });
    await postgres!.start();
    const restartedAt = performance.now();
    phase = 'after';
    await Promise.all(writers);

    const statuses = new Set(writes.map((write) => write.status));
    expect([...statuses].sort()).toEqual([201, 500]);
    for (const failed of writes.filter((write) => write.status !== 201)) {
      expect(failed.body).toMatchObject({ error: { code: 'internal', message: dutchMessages.internal } });
    }
    const acknowledged = writes.filter((write) => write.status === 201).map((write) => write.content);
    const refused = writes.filter((write) => write.status !== 201).map((write) => write.content);
    expect(refused.length).toBeGreaterThan(0);
    const stored = new pg.Client({ connectionString: ownerUrl });
    await stored.connect();
    const storedCounts = async () => {
      const { rows } = await stored.query<{ content: string; n: string }>(
        'select content, count(*) as n from reports where patient_id = $1 group by content',
        [patientId],
      );
      return new Map(rows.map((row) => [row.content, Number(row.n)]));
    };
    try {
      const before = await storedCounts();
      expect(acknowledged.filter((content) => !before.has(content))).toEqual([]);
      // A write answered 5xx was not committed: the client may send it again.
      expect(refused.filter((content) => before.has(content))).toEqual([]);
      for (const content of refused) {
        const retried = await json('/api/reports', {
          base,
          cookie,
          method: 'POST',
          body: { patientId, type: 'dagnotitie', category: 'observatie', content },
        });
        expect(retried.status).toBe(201);
      }
      // After the retries every write is there exactly once.
      const after = await storedCounts();
      expect([...after.values()].filter((count) => count !== 1)).toEqual([]);
      expect(after.size).toBe(writes.length);
      console.log(
        `[faults] PostgreSQL restart: ${acknowledged.length} writes acknowledged, ${refused.length} answered 500 and none of those committed; after the retries ${after.size} writes, each once; ` +
          `writes accepted again ${((firstWriteAfter - restartedAt) / 1000).toFixed(2)} s after PostgreSQL was up`,
      );
    } finally {
      await stored.end();
    }
    // The same process answers reads and writes again.
    expect(web!.child.exitCode).toBeNull();
    const list = await request(`/api/reports?patientId=${patientId}&limit=1`, { base, cookie });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { total: number }).total).toBeGreaterThanOrEqual(acknowledged.length);
  }, 90_000);
});
