import type { EntityManager } from '../db/orm';

/**
 * Runs a data-changing step at most once per key within the caller's transaction. The key and the
 * step's result commit together with the change; a retry (a worker that died after the commit)
 * finds the key and gets the first result back instead of writing again.
 */
export async function onceOnly<T>(em: EntityManager, organisationId: string, key: string, step: () => Promise<T>): Promise<T> {
  const done = await em.execute<{ result: T }[]>('select result from workflow_effects where organisation_id = ? and key = ?', [
    organisationId,
    key,
  ]);
  if (done[0]) return done[0].result;
  const result = await step();
  await em.flush();
  await em.execute(
    'insert into workflow_effects (organisation_id, key, result) values (?, ?, ?)',
    [organisationId, key, JSON.stringify(result ?? null)],
    'run',
  );
  return result;
}
