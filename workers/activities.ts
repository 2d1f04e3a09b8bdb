import type { MikroORM } from '../domain/db/orm';

export interface ActivityDeps {
  orm: MikroORM;
}

/**
 * All activities, created from their dependencies so tests can pass their own. Each activity
 * forks its own EntityManager; none keeps state between calls.
 */
export function createActivities({ orm }: ActivityDeps) {
  return {
    async checkDatabase(): Promise<boolean> {
      const rows = await orm.em.fork().execute<{ ok: number }[]>('select 1 as ok');
      return rows[0]?.ok === 1;
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;
