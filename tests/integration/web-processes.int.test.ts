import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import type { Managed } from '../../scripts/lib/processes';
import { startWeb } from '../../scripts/lib/stack';
import { signedInUser, createOrganisation, createUser } from '../support/factories';
import { login } from '../support/http';

// Several web processes on one port (WEB_CONCURRENCY, ADR 0021): the app as ops run it on a
// machine with more than one core. Its own app process, against the stack's database.
let web: (Managed & { baseUrl: string }) | undefined;
const logFile = path.resolve('.cache/test-logs/web-processes.log');

beforeAll(async () => {
  web = await startWeb({ ...process.env, ...inject('appEnv'), WEB_CONCURRENCY: '2' }, { quiet: true, logFile });
  // The port answers as soon as one process listens; on a busy machine the other may still be starting.
  await listening(webProcesses());
}, 120_000);

afterAll(async () => {
  await web?.stop();
});

/** The web processes: the leaves of the app's process tree (tsx starts the primary, the primary forks them). */
function webProcesses(): number[] {
  const rows = execFileSync('ps', ['-o', 'pid=,ppid=,args=', '-g', String(web!.child.pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length > 2 && fields.slice(2).join(' ').includes('server.ts'));
  const parents = new Set(rows.map(([, ppid]) => Number(ppid)));
  return rows.map(([pid]) => Number(pid)).filter((pid) => !parents.has(pid));
}

/** Waits until the primary has reported each of these processes listening on the port. */
async function listening(pids: number[]): Promise<void> {
  // vi.waitFor, not expect.poll: the start-up hook waits for it too.
  await vi.waitFor(
    () => {
      const log = readFileSync(logFile, 'utf8');
      const started = pids.length > 0 && pids.every((pid) => log.includes(`web: process ${pid} listening`));
      expect(started, `web processes ${pids.join(', ')} did not start listening within 60 s`).toBe(true);
    },
    { interval: 200, timeout: 60_000 },
  );
}

/** A request on a connection of its own: the primary hands new connections to its processes in turn. */
function send(
  pathname: string,
  init: { method?: string; cookie?: string; body?: string; contentType?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${web!.baseUrl}${pathname}`,
      {
        agent: false,
        method: init.method ?? 'GET',
        timeout: 15_000,
        headers: {
          origin: web!.baseUrl,
          'sec-fetch-site': 'same-origin',
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...(init.body === undefined
            ? {}
            : { 'content-type': init.contentType ?? 'application/json', 'content-length': Buffer.byteLength(init.body) }),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${pathname}: no answer within 15 s`)));
    request.on('error', reject);
    request.end(init.body);
  });
}

describe('several web processes on one port', () => {
  it('runs two processes, and replaces one that dies', async () => {
    const before = webProcesses();
    expect(before).toHaveLength(2);
    process.kill(before[0]!, 'SIGKILL');
    let after: number[] = [];
    await expect
      .poll(
        () => {
          after = webProcesses();
          return after.length === 2 && !after.includes(before[0]!);
        },
        { interval: 200, timeout: 20_000 },
      )
      .toBe(true);
    expect(after).toHaveLength(2);
    expect(after).toContain(before[1]);
    expect(after).not.toContain(before[0]);
    await listening(after);
    // A connection handed to the process at the moment it died is lost with it; new ones reach both.
    for (let index = 0; index < 6; index++) expect((await send('/api/health')).status).toBe(200);
  }, 90_000);

  it("counts a clinician's chat messages once for all processes: the 21st in a minute is refused", async () => {
    const { cookie: appCookie, user } = await signedInUser('verpleegkundige');
    // The stack's session is valid here too (same database); a fresh login keeps the test self-contained.
    const cookie = (await login(user.email, user.password, web!.baseUrl)).cookie ?? appCookie;
    const statuses: number[] = [];
    for (let index = 0; index < 21; index++)
      statuses.push(
        (await send('/api/assistant/chat', { method: 'POST', cookie, body: JSON.stringify({ message: `bericht ${index}` }) })).status,
      );
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    const refused = await send('/api/assistant/chat', { method: 'POST', cookie, body: JSON.stringify({ message: 'nog een' }) });
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({
      error: {
        code: 'rate_limited',
        message: expect.stringMatching(/^Je stuurt te veel berichten\. Probeer het over \d+ seconden opnieuw\.$/),
      },
    });
  }, 60_000);

  it('locks an account after five failed logins whichever process answered them', async () => {
    const organisation = await createOrganisation();
    const user = await createUser(organisation.id);
    const attempt = (password: string) =>
      send('/login', {
        method: 'POST',
        contentType: 'application/x-www-form-urlencoded',
        body: new URLSearchParams({ email: user.email, password, intent: 'login' }).toString(),
      });
    for (let index = 0; index < 5; index++) expect((await attempt('fout-wachtwoord')).status).toBe(400);
    const locked = await attempt(user.password);
    expect(locked.status).toBe(429);
    expect(locked.body).toContain('Te veel inlogpogingen, probeer het over 15 minuten opnieuw.');
  }, 60_000);
});
