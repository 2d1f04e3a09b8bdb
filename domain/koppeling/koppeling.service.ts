import { createHash, randomBytes } from 'node:crypto';
import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import type { AuditActor } from '../audit/audit.service';
import { runUseCaseWithin } from '../audit/use-case';
import type { EntityManager, MikroORM } from '../db/orm';
import { withSettings, withTenant } from '../db/tenant';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseOrThrow } from '../shared/validation';
import { Koppeling } from './koppeling.entity';
import { issueAccessToken } from './koppeling.use-cases';
import {
  allows,
  assertionAlgorithms,
  jwksSchema,
  registerKoppelingSchema,
  tokenRequestSchema,
  type ScopeAccess,
} from './koppeling.schemas';

/** SMART asks for short-lived tokens; five minutes is what its examples and most servers use. */
export const tokenLifetimeSeconds = 300;
/** The longest a client assertion may live (SMART Backend Services: no more than five minutes). */
const assertionMaxAge = 300;

export interface KoppelingView {
  id: string;
  name: string;
  scopes: string[];
  /** Where the keys are published; null when they were given at registration. */
  jwksUrl: string | null;
  createdAt: string;
  disabled: boolean;
  disabledAt: string | null;
}

const view = (row: Koppeling): KoppelingView => ({
  id: row.id,
  name: row.name,
  scopes: [...row.scopes],
  jwksUrl: row.jwksUrl ?? null,
  createdAt: row.createdAt.toISOString(),
  disabled: !!row.disabledAt,
  disabledAt: row.disabledAt?.toISOString() ?? null,
});

/** How long a JWKS URL may take to answer, at registration and when a token is asked. */
const jwksFetchTimeoutMs = 5000;

/** The JWKS at a koppeling's URL, read once at registration: the URL must serve public keys the token endpoint can use. */
async function publishedJwks(url: string): Promise<void> {
  const unreadable = () => AppError.validation({ jwksUrl: 'Op deze JWKS-URL staat geen geldige set publieke sleutels.' });
  let body: unknown;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(jwksFetchTimeoutMs), redirect: 'error' });
    if (!response.ok) throw AppError.validation({ jwksUrl: `De JWKS-URL antwoordde met status ${response.status}.` });
    body = await response.json();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof SyntaxError) throw unreadable();
    throw AppError.validation({ jwksUrl: 'De JWKS-URL is niet bereikbaar.' });
  }
  const keys = jwksSchema.safeParse(body);
  if (!keys.success) throw AppError.validation({ jwksUrl: `Op deze JWKS-URL: ${keys.error.issues[0]!.message}` });
  try {
    createLocalJWKSet(keys.data as JSONWebKeySet);
  } catch {
    throw unreadable();
  }
}

/** A beheerder registers a koppeling for their organisation, with its keys given or published at a URL; its id is the OAuth client_id. */
export async function registerKoppeling(em: EntityManager, actor: AuditActor, input: unknown): Promise<KoppelingView> {
  const valid = parseOrThrow(registerKoppelingSchema, input);
  if (valid.jwks) {
    try {
      createLocalJWKSet(valid.jwks as JSONWebKeySet);
    } catch {
      throw AppError.validation({ jwks: 'De JWKS is geen geldige set publieke sleutels.' });
    }
  }
  const existing = await em.findOne(Koppeling, { name: { $ilike: valid.name } }, { fields: ['id'] });
  if (existing) throw AppError.validation({ name: 'Er is al een koppeling met deze naam.' });
  if (valid.jwksUrl) await publishedJwks(valid.jwksUrl);
  const row = em.create(Koppeling, {
    organisationId: actor.organisationId,
    name: valid.name,
    jwks: (valid.jwks as { keys: Record<string, unknown>[] } | undefined) ?? null,
    jwksUrl: valid.jwksUrl ?? null,
    scopes: valid.scopes,
    createdBy: actor.userId,
  });
  return view(row);
}

/**
 * A beheerder revokes a koppeling: it gets no new token, and a token it holds stops at its next
 * call. The row stays, so the access log keeps naming it; revoking twice changes nothing.
 */
export async function revokeKoppeling(em: EntityManager, id: string): Promise<KoppelingView> {
  const row = isUuid(id) ? await em.findOne(Koppeling, { id }) : null;
  if (!row) throw AppError.notFound('Deze koppeling is niet gevonden.');
  row.disabledAt ??= new Date();
  return view(row);
}

export async function listKoppelingen(em: EntityManager): Promise<KoppelingView[]> {
  return (await em.find(Koppeling, {}, { orderBy: { name: 'asc' } })).map(view);
}

/** Remote key sets by URL: jose caches the keys and refetches on an unknown kid (rotation), at most every 30 s. */
const remoteKeySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keysOf(koppeling: Koppeling) {
  if (!koppeling.jwksUrl) return createLocalJWKSet(koppeling.jwks as JSONWebKeySet);
  let keys = remoteKeySets.get(koppeling.jwksUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(koppeling.jwksUrl), { timeoutDuration: jwksFetchTimeoutMs, cooldownDuration: 30_000 });
    remoteKeySets.set(koppeling.jwksUrl, keys);
  }
  return keys;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** An OAuth error of the token endpoint (RFC 6749 §5.2), with a Dutch description. */
export class OAuthError extends Error {
  override name = 'OAuthError';
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'invalid_scope' | 'unsupported_grant_type',
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

export interface IssuedToken {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: string;
}

/**
 * The client-credentials grant with a JWT client assertion (SMART Backend Services): the assertion
 * is signed by a key in the koppeling's JWKS (RS384 or ES384), names the koppeling as `iss` and
 * `sub` and this token endpoint as `aud`, lives at most five minutes, and its `jti` is used once.
 * The token grants the scopes asked for that the koppeling holds; asking for none of them is refused.
 */
export async function issueToken(
  orm: MikroORM,
  form: Record<string, string>,
  tokenUrl: string,
  clientAddress: string | null,
): Promise<IssuedToken> {
  const parsed = tokenRequestSchema.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const error = issue.path[0] === 'grant_type' ? 'unsupported_grant_type' : 'invalid_request';
    throw new OAuthError(error, issue.message);
  }
  const { client_assertion: assertion, scope } = parsed.data;
  let clientId: unknown;
  try {
    clientId = JSON.parse(Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString('utf8')).iss;
  } catch {
    throw new OAuthError('invalid_client', 'De client_assertion is geen JWT.', 401);
  }
  if (typeof clientId !== 'string' || !isUuid(clientId)) throw new OAuthError('invalid_client', 'Onbekende koppeling (iss).', 401);
  const koppeling = await withSettings(orm, { 'app.koppeling_id': clientId }, (em) => em.findOne(Koppeling, { id: clientId }));
  if (!koppeling || koppeling.disabledAt) throw new OAuthError('invalid_client', 'Onbekende of uitgeschakelde koppeling.', 401);

  let jti: unknown;
  try {
    const { payload } = await jwtVerify(assertion, keysOf(koppeling), {
      issuer: koppeling.id,
      subject: koppeling.id,
      audience: tokenUrl,
      algorithms: [...assertionAlgorithms],
      maxTokenAge: assertionMaxAge,
      requiredClaims: ['exp', 'jti'],
    });
    if ((payload.exp ?? 0) > Math.floor(Date.now() / 1000) + assertionMaxAge)
      throw new OAuthError('invalid_client', 'De client_assertion mag hoogstens vijf minuten geldig zijn (exp).', 401);
    jti = payload.jti;
  } catch (error) {
    if (error instanceof OAuthError) throw error;
    const reason =
      error instanceof joseErrors.JWTExpired
        ? 'De client_assertion is verlopen.'
        : error instanceof joseErrors.JWTClaimValidationFailed
          ? `De client_assertion klopt niet (${error.claim}).`
          : koppeling.jwksUrl &&
              !(error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JWKSNoMatchingKey)
            ? 'De sleutels op de JWKS-URL van de koppeling zijn niet te lezen; probeer het later opnieuw.'
            : 'De handtekening van de client_assertion is niet te controleren met de geregistreerde sleutels.';
    throw new OAuthError('invalid_client', reason, 401);
  }
  const wanted = scope.split(/\s+/);
  const granted = wanted.filter((asked) => {
    const match = /^system\/([^.]+)\.(read|write|\*)$/.exec(asked);
    if (!match) return false;
    const accesses: ScopeAccess[] = match[2] === '*' ? ['read', 'write'] : [match[2] as ScopeAccess];
    return accesses.every((access) =>
      match[1] === '*'
        ? koppeling.scopes.some((held) => held.startsWith('system/*.') && allows([held], 'Patient', access))
        : allows(koppeling.scopes, match[1]!, access),
    );
  });
  if (!granted.length) throw new OAuthError('invalid_scope', 'Geen van de gevraagde scopes is voor deze koppeling geregistreerd.');

  const token = randomBytes(32).toString('base64url');
  const actor = koppelingActor(koppeling, clientAddress);
  await withTenant(orm, { organisationId: koppeling.organisationId }, (em) =>
    runUseCaseWithin(em, actor, issueAccessToken, {
      koppelingId: koppeling.id,
      tokenHash: hashToken(token),
      jti: String(jti),
      scopes: granted,
    }),
  );
  return { access_token: token, token_type: 'bearer', expires_in: tokenLifetimeSeconds, scope: granted.join(' ') };
}

/** A token about to be issued: stored by its hash only, for the assertion it answers. */
export interface AccessTokenGrant {
  koppelingId: string;
  tokenHash: string;
  jti: string;
  scopes: string[];
}

/** Stores an issued token (its hash); an assertion's `jti` is used once, also by two requests at the same moment. */
export async function storeAccessToken(em: EntityManager, organisationId: string, grant: AccessTokenGrant): Promise<void> {
  // One use per assertion: the unique (koppeling, jti) refuses a replay, also a parallel one.
  const [inserted] = await em.execute<{ id: string }[]>(
    `insert into koppeling_tokens (organisation_id, koppeling_id, token_hash, assertion_jti, scopes, expires_at)
     values (?, ?, ?, ?, string_to_array(?, ' '), now() + make_interval(secs => ?))
     on conflict (koppeling_id, assertion_jti) do nothing returning id`,
    [organisationId, grant.koppelingId, grant.tokenHash, grant.jti, grant.scopes.join(' '), tokenLifetimeSeconds],
  );
  if (!inserted) throw new OAuthError('invalid_client', 'Deze client_assertion is al gebruikt (jti).', 401);
}

export interface KoppelingCaller {
  actor: AuditActor;
  koppeling: { id: string; name: string };
  scopes: string[];
}

function koppelingActor(koppeling: { id: string; organisationId: string }, clientAddress: string | null): AuditActor {
  // The koppeling is the actor: its id where a person's would be, so the access log names it.
  return { organisationId: koppeling.organisationId, userId: koppeling.id, role: 'koppeling', channel: 'fhir', clientAddress };
}

/** A bearer token → the koppeling it was issued to, or the 401 (unknown, expired, or the koppeling switched off). */
export async function authenticateToken(orm: MikroORM, token: string, clientAddress: string | null): Promise<KoppelingCaller> {
  const [row] = await withSettings(orm, { 'app.koppeling_token': hashToken(token) }, (em) =>
    em.execute<{ organisation_id: string; koppeling_id: string; name: string; scopes: string[]; live: boolean }[]>(
      `select t.organisation_id, t.koppeling_id, k.name, t.scopes, (t.expires_at > now() and k.disabled_at is null) as live
         from koppeling_tokens t join koppelingen k on k.id = t.koppeling_id
        where t.token_hash = ?`,
      [hashToken(token)],
    ),
  );
  if (!row?.live)
    throw new AppError('unauthorized', 'Het toegangstoken is onbekend of verlopen; vraag een nieuw token aan.', {
      bearer: 'invalid_token',
    });
  return {
    actor: koppelingActor({ id: row.koppeling_id, organisationId: row.organisation_id }, clientAddress),
    koppeling: { id: row.koppeling_id, name: row.name },
    scopes: row.scopes,
  };
}

/** The 403 of a call outside the token's scopes. */
export function requireScope(caller: KoppelingCaller, resourceType: string, access: ScopeAccess): void {
  if (!allows(caller.scopes, resourceType, access))
    throw AppError.forbidden(
      `Dit toegangstoken geeft geen recht op ${access === 'read' ? 'lezen' : 'schrijven'} van ${resourceType} (scope system/${resourceType}.${access}).`,
    );
}
