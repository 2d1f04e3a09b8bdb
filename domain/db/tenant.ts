import type { EntityManager, MikroORM } from './orm';
import { tenantToken, type TenantKey } from './tenant-keys';

/** The key each ORM signs its tenant with (createOrm binds it); an ORM without one proves no tenant. */
const tenantKeys = new WeakMap<object, TenantKey>();

export function bindTenantKey(orm: MikroORM, key: TenantKey): void {
  tenantKeys.set(orm, key);
}

/** Who a unit of work runs for. Row-level security policies read both values. */
export interface Tenant {
  organisationId: string;
  userId?: string;
}

/** The tenant a signed-in user's work runs as: their organisation, and themselves for the policies that look at the user. */
export function tenantOf(who: { organisationId: string; userId?: string | null }): Tenant {
  return { organisationId: who.organisationId, userId: who.userId ?? undefined };
}

/**
 * Runs `work` in its own EntityManager fork and transaction with the tenant set for the
 * policies (`set_config(..., true)` is local to the transaction, so a pooled connection never
 * carries it into another request). Flushes once at the end.
 */
export async function withTenant<T>(orm: MikroORM, tenant: Tenant, work: (em: EntityManager) => Promise<T>): Promise<T> {
  return withSettings(orm, tenantSettings(orm, tenant), work);
}

/**
 * The settings that name the tenant to the policies: the organisation, the user, and the token
 * that proves the app chose them (ADR 0046). The database refuses a tenant without its token.
 */
export function tenantSettings(orm: MikroORM, tenant: Tenant): Record<string, string> {
  return tenantSettingsSignedWith(tenantKeys.get(orm), tenant);
}

/**
 * The same settings, signed with `key` (the first of the payload keys, as the app signs): for code
 * that speaks SQL as the application role without the app's ORM (tests, the benches' raw runner).
 */
export function tenantSettingsSignedWith(key: TenantKey | undefined, tenant: Tenant): Record<string, string> {
  const userId = tenant.userId ?? '';
  return {
    'app.organisation_id': tenant.organisationId,
    'app.user_id': userId,
    'app.tenant_token': key ? tenantToken(key, tenant.organisationId, userId) : '',
  };
}

/** The tenant for a transaction already open on `em` (one round trip). */
export async function enterTenant(orm: MikroORM, em: EntityManager, tenant: Tenant): Promise<void> {
  const entries = Object.entries(tenantSettings(orm, tenant));
  await em.execute(`select ${entries.map(() => 'set_config(?, ?, true)').join(', ')}`, entries.flat());
}

/**
 * The planner's price of reading a page out of order, for every transaction of the app (ADR 0022).
 * PostgreSQL's default (4, for spinning disks) made it scan all 100 000 patients to name the
 * 3 000 appointments of a week (63 ms) rather than look each up by key (12 ms): the record's
 * working set is in memory or on SSD, where a random read costs about as much as the next one.
 */
const plannerSettings = { random_page_cost: '1.1' };

/** For the few pre-tenant lookups whose policies are keyed on another setting (login, session cookie). */
export async function withSettings<T>(
  orm: MikroORM,
  settings: Record<string, string>,
  work: (em: EntityManager) => Promise<T>,
): Promise<T> {
  const em = orm.em.fork();
  return em.transactional(async (tx) => {
    // One round trip, local to the transaction: a pooled connection never carries it further.
    const entries = Object.entries({ ...plannerSettings, ...settings });
    const calls = entries.map(() => 'set_config(?, ?, true)').join(', ');
    await tx.execute(`select ${calls}`, entries.flat());
    return work(tx);
  });
}
