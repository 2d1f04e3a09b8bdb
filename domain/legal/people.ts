import { User } from '../auth/auth.entities';
import type { EntityManager } from '../db/orm';

/** Display names of the users who recorded something, by id ("onbekend" for none). */
export async function namesOf(
  em: EntityManager,
  ids: readonly (string | null | undefined)[],
): Promise<(id: string | null | undefined) => string> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const users = wanted.length ? await em.find(User, { id: { $in: wanted } }, { fields: ['id', 'displayName'] }) : [];
  const names = new Map(users.map((user) => [user.id, user.displayName]));
  return (id) => (id ? (names.get(id) ?? 'onbekend') : 'onbekend');
}
