import { Context } from '@temporalio/activity';

/**
 * Runs an activity's work while telling the server it is alive. An activity with a heartbeat
 * timeout that is cut off (worker killed, network gone) is retried after that timeout instead of
 * after its whole start-to-close budget. The SDK throttles the actual heartbeat calls.
 */
export async function heartbeating<T>(work: () => Promise<T>, everyMs = 1000): Promise<T> {
  const context = Context.current();
  context.heartbeat();
  const timer = setInterval(() => context.heartbeat(), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
