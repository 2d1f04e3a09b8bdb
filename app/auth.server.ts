import { createCookie, redirect, type AppLoadContext } from '@remix-run/node';
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { env } from '../domain/config/env';
import { roles, type Role } from '../domain/auth/auth.schemas';
import { LoginThrottle } from '../domain/auth/login-throttle';
import { AppError } from '../domain/shared/errors';
import {
  invalidCredentialsMessage,
  isClinician,
  login,
  resolveSession,
  revokeSession,
  type ClinicalUser,
  type CurrentUser,
  type StartedSession,
} from '../domain/auth/session.service';
import { demoAccounts, demoPassword } from '../domain/demo/demo-accounts';
import { getOrm } from './services.server';
import { recordRefusal } from './tenant.server';

export const sessionCookie = createCookie('ggz_session', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: env().production,
});

const authenticator = new Authenticator<StartedSession>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const credentials = demoCredentials(form) ?? { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') };
    return login(await getOrm(), credentials, env().SESSION_TTL_HOURS);
  }),
  'form',
);

const loginThrottle = new LoginThrottle({
  perAccount: env().LOGIN_MAX_FAILURES_PER_ACCOUNT,
  perAddress: env().LOGIN_MAX_FAILURES_PER_ADDRESS,
  windowMinutes: env().LOGIN_THROTTLE_MINUTES,
});

/**
 * The login form's check: throttled per account and per client address (a Dutch 429 AppError
 * before the password is even looked at), then remix-auth; a new session token every time.
 */
export async function signIn(request: Request, clientAddress: string | null): Promise<StartedSession> {
  const form = await request.clone().formData();
  const attempt = { email: demoCredentials(form)?.email ?? String(form.get('email') ?? ''), address: clientAddress };
  await loginThrottle.assertAllowed(attempt);
  try {
    const session = await authenticator.authenticate('form', request);
    await loginThrottle.succeeded(attempt);
    return session;
  } catch (error) {
    if (error instanceof AppError && error.message === invalidCredentialsMessage) await loginThrottle.failed(attempt);
    throw error;
  }
}

/** The one-click demo login: only when enabled, and it still goes through the normal password check. */
function demoCredentials(form: FormData): { email: string; password: string } | null {
  if (form.get('intent') !== 'demo' || !env().DEMO_LOGIN) return null;
  const requested = form.get('role');
  const role: Role = roles.find((known) => known === requested) ?? 'verpleegkundige';
  return { email: demoAccounts[role].email, password: demoPassword };
}

async function sessionToken(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie.parse(request.headers.get('Cookie'));
  return typeof value === 'string' && value.length > 0 ? value : null;
}

// Remix hands every loader of a page its own Request, and runs them at once: a layout and its
// child loader ask for the same session together. One lookup per token is in flight at a time and
// everyone asking meanwhile shares it; nothing is kept after it answers, so a revoked session is
// refused by the very next request.
const inFlight = new Map<string, Promise<CurrentUser | null>>();

/**
 * The signed-in user, or null. Every request counts as activity for the idle time
 * (`SESSION_IDLE_MINUTES`) except the shell's background session check (`touch: false`).
 */
export async function getCurrentUser(request: Request, { touch = true }: { touch?: boolean } = {}): Promise<CurrentUser | null> {
  const token = await sessionToken(request);
  if (!token) return null;
  const key = `${touch ? 'touch' : 'look'}:${token}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = getOrm()
      .then((orm) => resolveSession(orm, token, { idleMinutes: env().SESSION_IDLE_MINUTES, touch }))
      .finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** Any role. No session → /login?redirectTo=…, with a note when an old session has just expired. */
export async function requireSignedIn(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (user) return user;
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
  if (await sessionToken(request)) params.set('reden', 'verlopen');
  throw redirect(`/login?${params}`, { headers: { 'Set-Cookie': await clearedSessionCookie() } });
}

/** Where a non-clinical user lands when a page with patient data refuses them (the page says why). */
export const noPatientDataRedirect = '/beheer/workflows?melding=geen-patientgegevens';

/**
 * The guard of every clinical page (loaders and actions): a signed-in clinician. It refuses the
 * beheerder here, in the one guard all pages already call, so a new clinical page cannot forget
 * it (ADR 0015). Ops pages use `requireRole` instead.
 */
export async function requireUser(request: Request, context: AppLoadContext): Promise<ClinicalUser> {
  const user = await requireSignedIn(request);
  if (isClinician(user)) return user;
  await recordRefusal(user, request, context);
  throw redirect(noPatientDataRedirect);
}

/**
 * The shell (`_app`): any role, but a non-clinical user only under /beheer/. Pages refuse the
 * beheerder themselves through requireUser; this also covers a page without a loader (/assistent).
 */
export async function requireShellUser(request: Request): Promise<CurrentUser> {
  const user = await requireSignedIn(request);
  if (!isClinician(user) && !new URL(request.url).pathname.startsWith('/beheer/')) throw redirect(noPatientDataRedirect);
  return user;
}

/** Pages for one role only: anyone else gets the Dutch 403 in the route's error boundary. */
export async function requireRole(request: Request, role: Role, message: string): Promise<CurrentUser> {
  const user = await requireSignedIn(request);
  if (user.role === role) return user;
  throw Response.json({ message }, { status: 403 });
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
