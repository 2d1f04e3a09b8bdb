import { createHmac, hkdfSync } from 'node:crypto';
import type { PayloadKey } from '../config/payload-keys';

/*
 * The proof that the app, not whoever writes SQL through its connection, chose the tenant of a
 * transaction (issue 39, ADR 0046): an HMAC over organisation and user, with a key derived from
 * each payload key (HKDF: the same secrets, a separate key for this purpose, as the actor grants).
 * The database keeps the derived keys in a table its application role cannot read.
 */

export interface TenantKey {
  id: string;
  key: Buffer;
}

export function tenantKeysFrom(payloadKeys: readonly PayloadKey[]): TenantKey[] {
  return payloadKeys.map(({ id, key }) => ({
    id,
    key: Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'ggz-epd tenant binding v1', 32)),
  }));
}

/**
 * Tokens already signed, per key and claim: every transaction of the app proves its tenant, and an
 * HMAC with a raw key imports the key each time (issue 38). Bounded: a key's claims are forgotten
 * when they outnumber the users of a large institution.
 */
const signed = new WeakMap<TenantKey, Map<string, string>>();
const maxClaims = 20_000;

/** What `app_current_organisation()` recomputes: hex HMAC-SHA256 of "organisation:user". */
export function tenantToken(key: TenantKey, organisationId: string, userId: string): string {
  const claim = `${organisationId}:${userId}`;
  let tokens = signed.get(key);
  if (!tokens) signed.set(key, (tokens = new Map()));
  const known = tokens.get(claim);
  if (known) return known;
  const token = createHmac('sha256', key.key).update(claim).digest('hex');
  if (tokens.size >= maxClaims) tokens.clear();
  tokens.set(claim, token);
  return token;
}

/** The keys the database accepts become exactly these (run as the owner, at every start-up and deploy). */
export async function syncTenantKeys(
  query: (sql: string, params: unknown[]) => Promise<unknown>,
  payloadKeys: readonly PayloadKey[],
): Promise<void> {
  const keys = tenantKeysFrom(payloadKeys);
  await query('delete from tenant_keys where not (id = any($1::text[]))', [keys.map((key) => key.id)]);
  for (const { id, key } of keys) {
    await query('insert into tenant_keys (id, key) values ($1, $2) on conflict (id) do update set key = excluded.key', [id, key]);
  }
}
