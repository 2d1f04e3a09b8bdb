import { Koppeling } from '../koppeling/koppeling.entity';
import type { EntityManager } from '../db/orm';
import { User } from './auth.entities';

/** The display names of the staff members with these ids (unknown or absent ids left out), in one query. */
export async function staffNames(em: EntityManager, ids: readonly (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length > 0))];
  const users = wanted.length ? await em.find(User, { id: { $in: wanted } }, { fields: ['id', 'displayName'] }) : [];
  return new Map(users.map((user) => [user.id, user.displayName]));
}

/**
 * The names of whoever wrote rows that may name a person or a koppeling (ADR 0098): a person's
 * display name, a koppeling's name marked as one ("Apotheek Noord (koppeling)").
 */
export async function writerNames(em: EntityManager, ids: readonly (string | null | undefined)[]): Promise<Map<string, string>> {
  const names = await staffNames(em, ids);
  const rest = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length > 0 && !names.has(id)))];
  const koppelingen = rest.length ? await em.find(Koppeling, { id: { $in: rest } }, { fields: ['id', 'name'] }) : [];
  for (const koppeling of koppelingen) names.set(koppeling.id, `${koppeling.name} (koppeling)`);
  return names;
}
