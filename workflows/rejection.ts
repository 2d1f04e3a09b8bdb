import { ApplicationFailure } from '@temporalio/workflow';

/**
 * An Update's refusal, typed with the error code the app answers it with (`asRejection` in
 * `temporal/client.ts`): a validator that throws it keeps the Update out of the history.
 */
export function rejection(
  code: 'not_found' | 'forbidden' | 'conflict' | 'validation_failed',
  message: string,
  fields?: Record<string, string>,
): ApplicationFailure {
  return ApplicationFailure.create({ type: code, message, nonRetryable: true, details: fields ? [fields] : undefined });
}
