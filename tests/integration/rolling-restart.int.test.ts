import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Managed } from '../../scripts/lib/processes';
import { startWeb } from '../../scripts/lib/stack';
import { createOrganisation, createUser, fhirPatientBody } from '../support/factories';
import { json, login } from '../support/http';

// Issue 45 point 2: the web processes restarted one after the other (SIGHUP to the primary,
// ADR 0071) while clinicians read pages and APIs at 40 requests a second: not one request fails.
// Its own app with two web processes on one port, against the stack's database.
let web: (Managed & { baseUrl: string }) | undefined;
const logFile = path.resolve('.cache/test-logs/rolling-restart.log');
const rate = 40;
const durationMs = 10_000;

beforeAll(async () => {
  web = await startWeb({ ...process.env, ...inject('appEnv'), WEB_CONCURRENCY: '2' }, { quiet: true, logFile });
  await vi.waitFor(() => expect(tree().workers).toHaveLength(2), { interval: 200, timeout: 60_000 });
  await vi.waitFor(() => expect(listening(tree().workers)).toBe(true), { interval: 200, timeout: 60_000 });
}, 120_000);

afterAll(async () => {
  await web?.stop();
});

/** The app's process tree: tsx starts the primary, the primary forks the web processes (the leaves). */
function tree(): { primary: number | undefined; workers: number[] } {
  const rows = execFileSync('ps', ['-o', 'pid=,ppid=,args=', '-g', String(web!.child.pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length > 2 && fields.slice(2).join(' ').includes('server.ts'))
    .map(([pid, ppid]) => ({ pid: Number(pid), ppid: Number(ppid) }));
  const parents = new Set(rows.map((row) => row.ppid));
  const workers = rows.filter((row) => !parents.has(row.pid));
  return { primary: workers[0]?.ppid, workers: workers.map((row) => row.pid) };
}

function log(): string {
  return readFileSync(logFile, 'utf8');
}

function listening(pids: number[]): boolean {
  const text = log();
  return pids.length > 0 && pids.every((pid) => text.includes(`web: process ${pid} listening`));
}

/** Half the clients keep their connection open (a browser, a reverse proxy), half open one per request. */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 16 });
/** Reads sent again because a kept-alive connection was closed as idle as they went out. */
let resent = 0;

function get(pathname: string, cookie: string, reuse: boolean, again = true): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${web!.baseUrl}${pathname}`,
      { agent: reuse ? keepAlive : false, timeout: 15_000, headers: { cookie, 'sec-fetch-site': 'same-origin' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', (error) => reject(new Error(`${error.message} (in the answer, after ${response.statusCode})`)));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${pathname}: no answer within 15 s`)));
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A server may close an idle kept-alive connection at the moment a request goes out on it
      // (a stopping process closes its idle ones). Browsers and proxies send such a read once more,
      // as Node's documentation of `reusedSocket` does; a request on a new connection never is.
      // It goes out on a new connection: another idle one from the pool may be closing too.
      if (again && request.reusedSocket && error.code === 'ECONNRESET') {
        resent++;
        get(pathname, cookie, false, false).then(resolve, reject);
      } else reject(new Error(`${error.message}${request.reusedSocket ? ' (kept-alive connection)' : ''}`));
    });
  });
}

describe('a rolling restart of the web processes', () => {
  it('under 40 requests a second of page and API reads: 0 failed requests', async () => {
    const organisation = await createOrganisation();
    const user = await createUser(organisation.id, { role: 'verpleegkundige' });
    const { cookie } = await login(user.email, user.password, web!.baseUrl);
    expect(cookie).toBeTruthy();
    const created = await json('/api/fhir/Patient', { base: web!.baseUrl, method: 'POST', cookie, body: fhirPatientBody() });
    expect(created.status).toBe(201);
    const patientId = ((await created.json()) as { id: string }).id;
    const reads = [
      '/patients',
      `/patients/${patientId}/rapportages`,
      '/api/patients/search?q=jan',
      '/api/fhir/Patient?_count=20',
      `/api/reports?patientId=${patientId}`,
      '/agenda',
    ];

    const before = tree();
    expect(before.workers).toHaveLength(2);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const pending = new Set<Promise<void>>();
    let sent = 0;
    // Ten seconds of load at least, and two more seconds once the restart is over.
    let target = (rate * durationMs) / 1000;
    let restarted = false;
    let loadDone: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => (loadDone = resolve));
    const started = Date.now();
    const send = () => {
      const pathname = reads[sent % reads.length]!;
      const reuse = sent % 2 === 0;
      sent++;
      const done = get(pathname, cookie!, reuse)
        .then((status) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status !== 200) failures.push(`${pathname}: ${status}`);
        })
        .catch((error: Error) => {
          failures.push(`${pathname}: ${error.message}`);
        })
        .finally(() => pending.delete(done));
      pending.add(done);
    };
    // An open model: 40 a second whether or not the previous ones were answered; a late tick (the
    // test's own process is busy too) sends what the clock says is due.
    const ticker = setInterval(() => {
      if (restarted && sent >= target) {
        clearInterval(ticker);
        loadDone();
        return;
      }
      const due = Math.floor(((Date.now() - started) * rate) / 1000) + 1;
      while (sent < due) send();
    }, 1000 / rate);

    try {
      // Load first, then the restart in the middle of it.
      await vi.waitFor(() => expect(sent).toBeGreaterThanOrEqual(rate), { interval: 50, timeout: 10_000 });
      const restartAt = Date.now();
      process.kill(before.primary!, 'SIGHUP');
      let replaced: { old: number; next: number; ms: number }[] = [];
      await vi.waitFor(
        () => {
          replaced = [...log().matchAll(/web: process (\d+) replaced by (\d+) in (\d+) ms/g)].map((match) => ({
            old: Number(match[1]),
            next: Number(match[2]),
            ms: Number(match[3]),
          }));
          expect(replaced).toHaveLength(2);
        },
        // Each new process loads the build before it listens: up to half a minute on two busy cores.
        { interval: 100, timeout: 150_000 },
      );
      const restartMs = Date.now() - restartAt;
      target = Math.max(target, sent + 2 * rate);
      restarted = true;
      await loaded;
      await Promise.all([...pending]);

      const seconds = (Date.now() - started) / 1000;
      console.log(
        `rolling restart: ${sent} requests in ${seconds.toFixed(1)} s (${(sent / seconds).toFixed(1)}/s), ${failures.length} failed, ` +
          `${resent} sent again after a kept-alive connection was closed as idle; ` +
          `statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
          `restarts ${replaced.map((step) => `${step.old} → ${step.next} ${step.ms} ms`).join(', ')}; both done ${restartMs} ms after SIGHUP`,
      );
      expect(failures).toEqual([]);
      expect(statuses.get(200)).toBe(sent);
      expect(sent).toBeGreaterThanOrEqual(rate * 8);
      // Both old processes were replaced, each by a process that listens; the primary stayed.
      expect(replaced.map((step) => step.old).sort()).toEqual([...before.workers].sort());
      const after = tree();
      expect(after.primary).toBe(before.primary);
      expect(after.workers.sort()).toEqual(replaced.map((step) => step.next).sort());
      expect(listening(after.workers)).toBe(true);
    } finally {
      clearInterval(ticker);
      keepAlive.destroy();
    }
  }, 240_000);
});
