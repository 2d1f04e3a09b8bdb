import { Client, Connection } from '@temporalio/client';
import { env } from '../domain/config/env';
import { createOrm, type MikroORM } from '../domain/db/orm';
import { AppError, dutchMessages } from '../domain/shared/errors';

// Kept on globalThis so development rebuilds reuse the pool and the Temporal connection.
const globals = globalThis as typeof globalThis & {
  __ggzOrm?: Promise<MikroORM>;
  __ggzTemporal?: Promise<Client>;
};

/** One ORM (and pool) per process; every request forks its own EntityManager from it. */
export function getOrm(): Promise<MikroORM> {
  globals.__ggzOrm ??= createOrm(env().APP_DATABASE_URL).catch((error: unknown) => {
    globals.__ggzOrm = undefined;
    throw error;
  });
  return globals.__ggzOrm;
}

/**
 * The app's Temporal client. Connecting lazily keeps the app up while Temporal is down; a failed
 * connection is forgotten so the next request tries again.
 */
export function getTemporalClient(): Promise<Client> {
  globals.__ggzTemporal ??= Connection.connect({ address: env().TEMPORAL_ADDRESS, connectTimeout: '2 seconds' })
    .then((connection) => new Client({ connection, namespace: env().TEMPORAL_NAMESPACE }))
    .catch((error: unknown) => {
      globals.__ggzTemporal = undefined;
      throw error;
    });
  return globals.__ggzTemporal;
}

/** For use cases that cannot work without Temporal: an unreachable server is a Dutch 503, not a 500. */
export async function requireTemporalClient(): Promise<Client> {
  try {
    return await getTemporalClient();
  } catch {
    throw new AppError('unavailable', dutchMessages.unavailable);
  }
}
