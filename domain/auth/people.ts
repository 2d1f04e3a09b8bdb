import type { EntityManager } from '../db/orm';
import { staffNames } from './staff-names';

/** Display names of the users who recorded something, by id ("onbekend" for none). */
export async function namesOf(
  em: EntityManager,
  ids: readonly (string | null | undefined)[],
): Promise<(id: string | null | undefined) => string> {
  const names = await staffNames(em, ids);
  return (id) => (id ? (names.get(id) ?? 'onbekend') : 'onbekend');
}
