import { MikroORM, defineConfig, type EntityManager } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { migrationsList } from '../../migrations';
import { entities } from './entities';

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

export function createOrm(clientUrl: string, options?: { poolMax?: number }): Promise<MikroORM> {
  return MikroORM.init(ormConfig(clientUrl, options));
}

export type { MikroORM };
