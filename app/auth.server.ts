import { createCookie, redirect } from '@remix-run/node';
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { env } from '../domain/config/env';
import { login, resolveSession, revokeSession, type CurrentUser, type StartedSession } from '../domain/auth/session.service';
import { demoAccounts, demoPassword } from '../domain/demo/demo-accounts';
import { getOrm } from './services.server';

export const sessionCookie = createCookie('ggz_session', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: env().production,
});

export const authenticator = new Authenticator<StartedSession>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const credentials = demoCredentials(form) ?? { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') };
    return login(await getOrm(), credentials, env().SESSION_TTL_HOURS);
  }),
  'form',
);

/** The one-click demo login: only when enabled, and it still goes through the normal password check. */
function demoCredentials(form: FormData): { email: string; password: string } | null {
  if (form.get('intent') !== 'demo' || !env().DEMO_LOGIN) return null;
  const role = form.get('role') === 'psychiater' ? 'psychiater' : 'verpleegkundige';
  return { email: demoAccounts[role].email, password: demoPassword };
}

async function sessionToken(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie.parse(request.headers.get('Cookie'));
  return typeof value === 'string' && value.length > 0 ? value : null;
}

// One resolution per request, even when a layout and a child loader both ask.
const resolved = new WeakMap<Request, Promise<CurrentUser | null>>();

export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = sessionToken(request).then(async (token) => (token ? resolveSession(await getOrm(), token) : null));
    resolved.set(request, pending);
  }
  return pending;
}

/** Pages: no session → /login?redirectTo=…, with a note when an old session has just expired. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (user) return user;
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
  if (await sessionToken(request)) params.set('reden', 'verlopen');
  throw redirect(`/login?${params}`, { headers: { 'Set-Cookie': await clearedSessionCookie() } });
}

export async function sessionCookieHeader(session: StartedSession): Promise<string> {
  return sessionCookie.serialize(session.token, { expires: session.expiresAt });
}

export function clearedSessionCookie(): Promise<string> {
  return sessionCookie.serialize('', { maxAge: 0 });
}

export async function endSession(request: Request): Promise<void> {
  const token = await sessionToken(request);
  if (token) await revokeSession(await getOrm(), token);
}
