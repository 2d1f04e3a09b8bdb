import { createHash, randomBytes } from 'node:crypto';
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import type { AuditActor } from '../audit/audit.service';
import { runUseCaseWithin } from '../audit/use-case';
import type { EntityManager, MikroORM } from '../db/orm';
import { withSettings, withTenant } from '../db/tenant';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseOrThrow } from '../shared/validation';
import { Koppeling } from './koppeling.entity';
import { issueAccessToken } from './koppeling.use-cases';
import { allows, assertionAlgorithms, registerKoppelingSchema, tokenRequestSchema, type ScopeAccess } from './koppeling.schemas';

/** SMART asks for short-lived tokens; five minutes is what its examples and most servers use. */
export const tokenLifetimeSeconds = 300;
/** The longest a client assertion may live (SMART Backend Services: no more than five minutes). */
const assertionMaxAge = 300;

export interface KoppelingView {
  id: string;
  name: string;
  scopes: string[];
  createdAt: string;
  disabled: boolean;
}

const view = (row: Koppeling): KoppelingView => ({
  id: row.id,
  name: row.name,
  scopes: [...row.scopes],
  createdAt: row.createdAt.toISOString(),
  disabled: !!row.disabledAt,
});

/** A beheerder registers a koppeling for their organisation; its id is the OAuth client_id. */
export async function registerKoppeling(em: EntityManager, actor: AuditActor, input: unknown): Promise<KoppelingView> {
  const valid = parseOrThrow(registerKoppelingSchema, input);
  try {
    createLocalJWKSet(valid.jwks as JSONWebKeySet);
  } catch {
    throw AppError.validation({ jwks: 'De JWKS is geen geldige set publieke sleutels.' });
  }
  const existing = await em.findOne(Koppeling, { name: { $ilike: valid.name } }, { fields: ['id'] });
  if (existing) throw AppError.validation({ name: 'Er is al een koppeling met deze naam.' });
  const row = em.create(Koppeling, {
    organisationId: actor.organisationId,
    name: valid.name,
    jwks: valid.jwks as { keys: Record<string, unknown>[] },
    scopes: valid.scopes,
    createdBy: actor.userId,
  });
  return view(row);
}

export async function listKoppelingen(em: EntityManager): Promise<KoppelingView[]> {
  return (await em.find(Koppeling, {}, { orderBy: { name: 'asc' } })).map(view);
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
    const { payload } = await jwtVerify(assertion, createLocalJWKSet(koppeling.jwks as JSONWebKeySet), {
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
