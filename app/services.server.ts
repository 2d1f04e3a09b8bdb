import { env } from '../domain/config/env';
import { createOrm, type MikroORM } from '../domain/db/orm';
import { AppError, dutchMessages } from '../domain/shared/errors';
import { acceptsConnections, connectTemporal, missingKeys, type TemporalDeps } from '../temporal/client';

// Kept on globalThis so development rebuilds reuse the pool and the Temporal connection.
const globals = globalThis as typeof globalThis & {
  __ggzOrm?: Promise<MikroORM>;
  __ggzTemporal?: Promise<TemporalDeps>;
  __ggzTemporalFailure?: { at: number; error: unknown };
};

/**
 * After a failed connection, requests within this many milliseconds get the same failure at once
 * instead of each waiting out the connect timeout: in an outage every workflow page answers its
 * 503 without a 2-second wait, and Temporal's return is noticed within this time.
 */
const reconnectAfterMs = 5_000;

/** Longer than the gRPC retry interceptor's whole backoff (10 attempts, at most 5 s apart). */
const closeForgottenAfterMs = 60_000;

/**
 * A call that finds Temporal out of reach on a connection made earlier (Temporal went away while
 * the app ran): when nothing accepts connections on its address any more, the connection counts as
 * failed (and is closed once its calls are over), so the next requests get their 503 at once
 * instead of each waiting out its call deadline, and a fresh connection is made once Temporal is
 * back (no waiting out gRPC's reconnect backoff). A call that was only slow (a busy worker) keeps the connection.
 */
function forgetIfGone(connected: Promise<TemporalDeps>, address: string, error: unknown): void {
  void acceptsConnections(address).then((up) => {
    if (up || globals.__ggzTemporal !== connected) return;
    globals.__ggzTemporal = undefined;
    globals.__ggzTemporalFailure = { at: Date.now(), error };
    // Closed later, not now: the client's gRPC retry interceptor may hold a retry timer for a call
    // still under way, and a retry on a closed channel throws inside that timer, where nothing
    // catches it, and ends the process (seen with Temporal killed during a handover generation).
    // By then every such call has run out of retries (the default backoff stops within ~25 s).
    setTimeout(() => void connected.then(({ client }) => client.connection.close()).catch(() => undefined), closeForgottenAfterMs).unref();
  });
}

/** One ORM (and pool) per process; every request forks its own EntityManager from it. */
export function getOrm(): Promise<MikroORM> {
  globals.__ggzOrm ??= createOrm(env().APP_DATABASE_URL, { payloadKeys: env().payloadKeys }).catch((error: unknown) => {
    globals.__ggzOrm = undefined;
    throw error;
  });
  return globals.__ggzOrm;
}

/**
 * The app's Temporal client (with the encrypting codec) and the signer of the actors it hands to
 * workflows (ADR 0025). Connecting lazily keeps the app up while Temporal is down; a failed
 * connection (or one that later finds Temporal gone: `forgetIfGone`) is forgotten, and a request
 * after `reconnectAfterMs` tries again.
 */
export function getTemporal(): Promise<TemporalDeps> {
  const failure = globals.__ggzTemporalFailure;
  if (!globals.__ggzTemporal && failure && Date.now() - failure.at < reconnectAfterMs) return Promise.reject(failure.error);
  if (globals.__ggzTemporal) return globals.__ggzTemporal;
  const address = env().TEMPORAL_ADDRESS;
  const connected: Promise<TemporalDeps> = connectTemporal(
    { address, namespace: env().TEMPORAL_NAMESPACE, payloadKeys: env().payloadKeys, taskQueue: env().TEMPORAL_TASK_QUEUE },
    undefined,
    (error) => forgetIfGone(connected, address, error),
  ).catch((error: unknown) => {
    globals.__ggzTemporal = undefined;
    globals.__ggzTemporalFailure = { at: Date.now(), error };
    // A configuration error is said once per attempt, so the 503s that follow have a reason in the log.
    if (error instanceof Error && error.message === missingKeys) console.error(`[temporal] ${missingKeys}`);
    throw error;
  });
  globals.__ggzTemporal = connected;
  return connected;
}

export const getTemporalClient = () => getTemporal().then((temporal) => temporal.client);

/** For use cases that cannot work without Temporal: an unreachable server is a Dutch 503, not a 500. */
export async function requireTemporal(): Promise<TemporalDeps> {
  try {
    return await getTemporal();
  } catch {
    throw new AppError('unavailable', dutchMessages.unavailable);
  }
}
