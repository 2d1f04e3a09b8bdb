import { dutchMessages } from '../../domain/shared/errors';

export type AssistantErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'rate_limited'
  | 'validation_failed'
  | 'conflict'
  | 'network'
  | 'timeout'
  | 'upstream'
  | 'server';

/** What went wrong with a request of the assistant, ready to show (CONTRACT §1). */
export interface AssistantError {
  code: AssistantErrorCode;
  /** Dutch, shown to the clinician as is. */
  message: string;
  /** Whether trying the same request again can help (not after a 401, 403, 404 or invalid input). */
  retryable: boolean;
  /** Seconds, from `Retry-After` on a 429. */
  retryAfter?: number;
  status?: number;
  /** Per-field messages of a 400. */
  fields?: Record<string, string>;
  /** The server's technical details; only shown in development. */
  details?: unknown;
}

export const assistantMessages = {
  rateLimited: 'Je hebt veel berichten achter elkaar gestuurd. Wacht even en probeer het opnieuw.',
} as const;

/** Whether technical details may be shown: the server only sends them outside production anyway. */
export const showTechnicalDetails = process.env.NODE_ENV === 'development';

/** A JSON error answer (`{error: {code, message, fields?, details?}}`), mapped to what the clinician reads. */
export async function errorFromResponse(response: Response): Promise<AssistantError> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: unknown; fields?: unknown; details?: unknown } } | null;
  const serverMessage = typeof body?.error?.message === 'string' && body.error.message ? body.error.message : null;
  const { status } = response;
  const details = body?.error?.details;
  switch (status) {
    case 401:
      return { code: 'unauthorized', message: serverMessage ?? dutchMessages.unauthorized, retryable: false, status };
    case 403:
      return { code: 'forbidden', message: serverMessage ?? dutchMessages.forbidden, retryable: false, status, details };
    case 404:
      return { code: 'not_found', message: serverMessage ?? dutchMessages.notFound, retryable: false, status, details };
    case 409:
      return { code: 'conflict', message: serverMessage ?? dutchMessages.internal, retryable: false, status, details };
    case 429: {
      const seconds = Number(response.headers.get('Retry-After'));
      const retryAfter = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
      return {
        code: 'rate_limited',
        message: serverMessage ?? assistantMessages.rateLimited,
        retryable: true,
        retryAfter,
        status,
        details,
      };
    }
    case 400: {
      const fields =
        body?.error?.fields && typeof body.error.fields === 'object' ? (body.error.fields as Record<string, string>) : undefined;
      return {
        code: 'validation_failed',
        message: (fields && Object.values(fields)[0]) || serverMessage || dutchMessages.validation,
        retryable: false,
        status,
        fields,
        details,
      };
    }
    case 504:
      return { code: 'timeout', message: serverMessage ?? dutchMessages.timeout, retryable: true, status, details };
    default:
      return {
        code: 'server',
        message: serverMessage ?? (status === 503 ? dutchMessages.unavailable : dutchMessages.internal),
        retryable: status >= 500,
        status,
        details,
      };
  }
}
