import type { EntityManager, MikroORM } from './orm';

/** Who a unit of work runs for. Row-level security policies read both values. */
export interface Tenant {
  organisationId: string;
  userId?: string;
}

/**
 * Runs `work` in its own EntityManager fork and transaction with the tenant set for the
 * policies (`set_config(..., true)` is local to the transaction, so a pooled connection never
 * carries it into another request). Flushes once at the end.
 */
export async function withTenant<T>(orm: MikroORM, tenant: Tenant, work: (em: EntityManager) => Promise<T>): Promise<T> {
  return withSettings(orm, { 'app.organisation_id': tenant.organisationId, 'app.user_id': tenant.userId ?? '' }, work);
}

/** For the few pre-tenant lookups whose policies are keyed on another setting (login, session cookie). */
export async function withSettings<T>(
  orm: MikroORM,
  settings: Record<string, string>,
  work: (em: EntityManager) => Promise<T>,
): Promise<T> {
  const em = orm.em.fork();
  return em.transactional(async (tx) => {
    const entries = Object.entries(settings);
    if (entries.length > 0) {
      const calls = entries.map(() => 'set_config(?, ?, true)').join(', ');
      await tx.execute(`select ${calls}`, entries.flat());
    }
    return work(tx);
  });
}
