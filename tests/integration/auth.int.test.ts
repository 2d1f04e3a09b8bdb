import { beforeAll, describe, expect, it } from 'vitest';
import { login as startSession, resolveSession } from '../../domain/auth/session.service';

import { asOwner, createOrganisation, createUser, type TestUser } from '../support/factories';
import { login, request } from '../support/http';
import { appOrm } from '../support/app-orm';

let user: TestUser;

beforeAll(async () => {
  const organisation = await createOrganisation();
  user = await createUser(organisation.id);
});

async function sessionStatus(cookie: string | undefined): Promise<number> {
  return (await request('/api/session', { cookie })).status;
}

describe('login', () => {
  it('refuses a wrong password with a Dutch message and starts no session', async () => {
    const { response, setCookie } = await login(user.email, 'fout-wachtwoord');
    expect(response.status).toBe(400);
    expect(setCookie).toBeUndefined();
    expect(await response.text()).toContain('Onjuist e-mailadres of wachtwoord.');
  });

  it('gives an unknown e-mail address the same answer as a wrong password', async () => {
    const { response } = await login('niemand@test.nl', user.password);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Onjuist e-mailadres of wachtwoord.');
  });

  it('names the missing field in Dutch', async () => {
    const { response } = await login('', '');
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Vul je e-mailadres in.');
    expect(html).toContain('Vul je wachtwoord in.');
  });

  it('starts a server-side session in an HttpOnly, SameSite=Lax cookie', async () => {
    const { response, setCookie, cookie } = await login(user.email.toUpperCase(), user.password);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/patients');
    expect(setCookie).toMatch(/^ggz_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    const me = await request('/api/session', { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { id: user.id, role: 'verpleegkundige' } });
  });

  it('returns to the page that asked for the login, but never to another site', async () => {
    const form = (redirectTo: string) =>
      request('/login', { method: 'POST', body: new URLSearchParams({ email: user.email, password: user.password, redirectTo }) });
    expect((await form('/agenda?week=48')).headers.get('location')).toBe('/agenda?week=48');
    expect((await form('//evil.example/x')).headers.get('location')).toBe('/patients');
    expect((await form('https://evil.example')).headers.get('location')).toBe('/patients');
  });

  it('issues a new session token at every login', async () => {
    const first = await login(user.email, user.password);
    const second = await login(user.email, user.password);
    expect(first.cookie).toBeDefined();
    expect(second.cookie).not.toBe(first.cookie);
  });

  it('logs in a demo account with one click', async () => {
    const response = await request('/login', { method: 'POST', body: new URLSearchParams({ intent: 'demo', role: 'psychiater' }) });
    expect(response.status).toBe(302);
    const cookie = response.headers.get('set-cookie')?.split(';')[0];
    const me = await request('/api/session', { cookie });
    expect(await me.json()).toMatchObject({ user: { role: 'psychiater', displayName: 'Dr. Ahmed el Amrani' } });
  });

  it('sends a signed-in user from the login page to the app', async () => {
    const { cookie } = await login(user.email, user.password);
    const response = await request('/login', { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/patients');
  });
});

describe('session end', () => {
  it('revokes the session at logout, so the old cookie no longer works', async () => {
    const { cookie } = await login(user.email, user.password);
    expect(await sessionStatus(cookie)).toBe(200);
    const logout = await request('/logout', { method: 'POST', cookie });
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/login?reden=uitgelogd');
    expect(logout.headers.get('set-cookie')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(await sessionStatus(cookie)).toBe(401);
  });

  it('does not log out on a GET (a link or image cannot end a session)', async () => {
    const { cookie } = await login(user.email, user.password);
    await request('/logout', { cookie });
    expect(await sessionStatus(cookie)).toBe(200);
  });

  it('refuses an expired session on the API and sends pages to the login with a notice', async () => {
    const other = await createUser(user.organisationId);
    const { cookie } = await login(other.email, other.password);
    expect(await sessionStatus(cookie)).toBe(200);
    await asOwner(other.organisationId, (client) =>
      client.query("update sessions set expires_at = now() - interval '1 minute' where user_id = $1", [other.id]),
    );
    expect(await sessionStatus(cookie)).toBe(401);
    const page = await request('/agenda', { cookie });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/login?redirectTo=%2Fagenda&reden=verlopen');
  });

  it('refuses the session of a disabled user', async () => {
    const other = await createUser(user.organisationId);
    const { cookie } = await login(other.email, other.password);
    await asOwner(other.organisationId, (client) => client.query('update users set disabled_at = now() where id = $1', [other.id]));
    expect(await sessionStatus(cookie)).toBe(401);
    expect((await login(other.email, other.password)).response.status).toBe(400);
  });
});

describe('session lookup', () => {
  it('reads the session in one statement and leaves nothing on the pooled connection', async () => {
    // One connection: whatever the lookup left behind, the next statement would see.
    const orm = await appOrm({ poolMax: 1 });
    try {
      const { token } = await startSession(orm, { email: user.email, password: user.password }, 1);
      const resolved = await resolveSession(orm, token, { idleMinutes: 30, touch: true });
      expect(resolved).toMatchObject({ id: user.id, organisationId: user.organisationId, email: user.email });
      const [after] = await orm.em
        .fork()
        .execute<{ hash: string | null; sessions: string }[]>(
          "select coalesce(current_setting('app.session_token_hash', true), '') as hash, (select count(*) from sessions) as sessions",
        );
      expect(after).toEqual({ hash: '', sessions: '0' });
      expect(await resolveSession(orm, `${token}x`, { idleMinutes: 30, touch: true })).toBeNull();
    } finally {
      await orm.close();
    }
  });
});
