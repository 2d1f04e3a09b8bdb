import { ApplicationFailure, TemporalFailure } from '@temporalio/common';
import { AppError } from '../domain/shared/errors';

/*
 * What an activity's failure tells Temporal. Failure messages stay readable in the history (the
 * ops page shows them) and are not encrypted, so they must carry no patient data (ADR 0025). A
 * driver's or a library's message may quote what it failed on (a query's values, a letter's
 * text); it is replaced by the error's class and, for the product's own errors, its code.
 */

/** The failure as it may enter the history; Temporal's own failures (cancellation, typed refusals) pass as they are. */
export function safeFailure(activity: string, error: unknown): unknown {
  if (error instanceof TemporalFailure) return error;
  const name = error instanceof Error ? error.name : 'Error';
  const code = error instanceof AppError ? ` (${error.code})` : '';
  // The worker's log gets the class and the stack frames, never the message.
  const frames = error instanceof Error ? (error.stack ?? '').split('\n').slice(1).join('\n') : '';
  console.error(`[activity] ${activity} failed: ${name}${code}${frames ? `\n${frames}` : ''}`);
  return ApplicationFailure.create({ type: name, message: `${activity}: ${name}${code}`, nonRetryable: false });
}

/** Every activity with its failures made safe for the history. */
export function withSafeFailures<A extends object>(activities: A): A {
  return Object.fromEntries(
    Object.entries(activities).map(([name, activity]) => [
      name,
      async (...args: unknown[]) => {
        try {
          return await (activity as (...input: unknown[]) => Promise<unknown>)(...args);
        } catch (error) {
          throw safeFailure(name, error);
        }
      },
    ]),
  ) as A;
}
