import { MikroORM, defineConfig, type EntityManager } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { migrationsList } from '../../migrations';
import type { PayloadKey } from '../config/payload-keys';
import { entities } from './entities';
import { bindTenantKey } from './tenant';
import { tenantKeysFrom } from './tenant-keys';

export type { EntityManager };

export function ormConfig(clientUrl: string, options: { poolMax?: number } = {}) {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false },
    pool: { min: 0, max: options.poolMax ?? 10 },
    // Statements are never logged: they can carry patient data.
    debug: false,
    allowGlobalContext: false,
  });
}

/**
 * `payloadKeys`: the secrets the tenant token is derived from (ADR 0046). Without them, a connection
 * of the application role reads no tenant's rows at all; the owner role needs none.
 */
export async function createOrm(clientUrl: string, options?: { poolMax?: number; payloadKeys?: readonly PayloadKey[] }): Promise<MikroORM> {
  const orm = await MikroORM.init(ormConfig(clientUrl, options));
  if (options?.payloadKeys?.length) bindTenantKey(orm, tenantKeysFrom(options.payloadKeys)[0]!);
  return orm;
}

export type { MikroORM };
