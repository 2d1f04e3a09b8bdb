import { Koppeling } from '../koppeling/koppeling.entity';
import type { EntityManager } from '../db/orm';
import { User } from './auth.entities';

/** The display names of the staff members with these ids (unknown or absent ids left out), in one query. */
export async function staffNames(em: EntityManager, ids: readonly (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length > 0))];
  const users = wanted.length ? await em.find(User, { id: { $in: wanted } }, { fields: ['id', 'displayName'] }) : [];
  return new Map(users.map((user) => [user.id, user.displayName]));
}

/** The names of the koppelingen with these ids, marked as such ("Apotheek Noord (koppeling)"); unknown ids left out. */
export async function koppelingNames(em: EntityManager, ids: readonly string[]): Promise<Map<string, string>> {
  const koppelingen = ids.length ? await em.find(Koppeling, { id: { $in: [...ids] } }, { fields: ['id', 'name'] }) : [];
  return new Map(koppelingen.map((koppeling) => [koppeling.id, `${koppeling.name} (koppeling)`]));
}

/**
 * The names of whoever wrote rows that may name a person or a koppeling (ADR 0098): a person's
 * display name, a koppeling's name marked as one.
 */
export async function writerNames(em: EntityManager, ids: readonly (string | null | undefined)[]): Promise<Map<string, string>> {
  const names = await staffNames(em, ids);
  const rest = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length > 0 && !names.has(id)))];
  for (const [id, name] of await koppelingNames(em, rest)) names.set(id, name);
  return names;
}
