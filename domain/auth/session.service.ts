import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../shared/errors';
import { parseOrThrow } from '../shared/validation';
import { enterTenant, withSettings, withTenant } from '../db/tenant';
import type { MikroORM } from '../db/orm';
import { Session, type ClinicalRole, type Role } from './auth.entities';
import { isClinicalRole, loginSchema, type LoginInput } from './auth.schemas';
import { derivedKeyFor } from './password';

export interface CurrentUser {
  id: string;
  organisationId: string;
  organisationName: string;
  email: string;
  displayName: string;
  role: Role;
  sessionId: string;
}

/** A user who may read patient data: what clinical pages and APIs work with. */
export interface ClinicalUser extends CurrentUser {
  role: ClinicalRole;
}

export function isClinician(user: CurrentUser): user is ClinicalUser {
  return isClinicalRole(user.role);
}

export interface StartedSession {
  token: string;
  expiresAt: Date;
  userId: string;
  role: Role;
}

export const invalidCredentialsMessage = 'Onjuist e-mailadres of wachtwoord.';

/** The cookie carries a random token; the database only keeps its hash, so a leaked table opens no session. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Checks the credentials and starts a new server-side session. Every login creates a new session
 * id, so a token planted before login can never become an authenticated one.
 */
export async function login(orm: MikroORM, input: LoginInput, ttlHours: number): Promise<StartedSession> {
  const { email, password } = parseOrThrow(loginSchema, input);
  // The database gives the hash's parameters and compares the derived key itself: no password
  // hash ever reaches the app's connection (ADR 0046). An unknown e-mail costs the same scrypt.
  const em = orm.em.fork();
  const [found] = await em.execute<{ parameters: string | null }[]>('select login_parameters(?) as parameters', [email]);
  const derived = await derivedKeyFor(password, found?.parameters ?? null);
  const [user] = found?.parameters
    ? await em.execute<{ user_id: string; organisation_id: string; role: Role }[]>('select * from login_check(?, ?)', [email, derived])
    : [];
  if (!user) {
    throw AppError.validation({ password: invalidCredentialsMessage }, invalidCredentialsMessage);
  }

  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  await withTenant(orm, { organisationId: user.organisation_id, userId: user.user_id }, async (tx) => {
    tx.create(Session, { organisationId: user.organisation_id, userId: user.user_id, tokenHash: hashToken(token), expiresAt });
  });
  return { token, expiresAt, userId: user.user_id, role: user.role };
}

/**
 * The user behind a session cookie, or null when the session is unknown, revoked, expired, or idle
 * for longer than `idleMinutes`. One statement, one round trip, outside any transaction:
 * `session_by_token_hash` sets the token hash for the policies (it opens exactly its session, user
 * and organisation), reads them and, when `touch` is set, marks the session as used now. A request
 * the clinician did not make themselves (the shell's background session check) does not touch it.
 */
export async function resolveSession(
  orm: MikroORM,
  token: string,
  options: { idleMinutes: number; touch: boolean },
): Promise<CurrentUser | null> {
  const [row] = await orm.em.fork().execute<
    {
      session_id: string;
      organisation_id: string;
      user_id: string;
      email: string;
      display_name: string;
      role: Role;
      organisation_name: string;
    }[]
  >('select * from session_by_token_hash(?, ?, ?)', [hashToken(token), Math.round(options.idleMinutes * 60), options.touch]);
  if (!row) return null;
  return {
    id: row.user_id,
    organisationId: row.organisation_id,
    organisationName: row.organisation_name,
    email: row.email,
    displayName: row.display_name,
    role: row.role,
    sessionId: row.session_id,
  };
}

/** Logout: the session is revoked in the database, so the old cookie is worthless everywhere. */
export async function revokeSession(orm: MikroORM, token: string): Promise<void> {
  const tokenHash = hashToken(token);
  await withSettings(orm, { 'app.session_token_hash': tokenHash }, async (em) => {
    const session = await em.findOne(Session, { tokenHash, revokedAt: null });
    if (!session) return;
    await enterTenant(orm, em, { organisationId: session.organisationId, userId: session.userId });
    session.revokedAt = new Date();
  });
}
