import type { EntityManager } from '../db/orm';
import { User } from './auth.entities';

/** The display names of the staff members with these ids (unknown or absent ids left out), in one query. */
export async function staffNames(em: EntityManager, ids: readonly (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length > 0))];
  const users = wanted.length ? await em.find(User, { id: { $in: wanted } }, { fields: ['id', 'displayName'] }) : [];
  return new Map(users.map((user) => [user.id, user.displayName]));
}
