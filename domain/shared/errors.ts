/**
 * The one error type of the product. Domain code throws it; `app/http.server.ts` maps it to HTTP
 * in one place. Messages are Dutch because they reach clinicians unchanged.
 */
export type ErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'validation_failed'
  | 'conflict'
  | 'precondition_failed'
  | 'method_not_allowed'
  | 'too_large'
  | 'rate_limited'
  | 'feature_disabled'
  | 'unavailable'
  | 'upstream_failed'
  | 'timeout'
  | 'internal';

export const errorStatus: Record<ErrorCode, number> = {
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  validation_failed: 400,
  conflict: 409,
  precondition_failed: 412,
  method_not_allowed: 405,
  too_large: 413,
  rate_limited: 429,
  feature_disabled: 404,
  unavailable: 503,
  upstream_failed: 502,
  timeout: 504,
  internal: 500,
};

export const dutchMessages = {
  unauthorized: 'Sessie verlopen, log opnieuw in.',
  forbidden: 'Geen toegang tot deze afspraak.',
  notFound: 'De gevraagde gegevens zijn niet gevonden.',
  appointmentNotFound: 'De gevraagde afspraak is niet gevonden.',
  validation: 'Controleer de invoer: niet alle velden zijn juist ingevuld.',
  internal: 'Er ging iets mis op de server, probeer het opnieuw.',
  network: 'Geen internetverbinding, controleer het netwerk.',
  timeout: 'Het verzoek duurde te lang, probeer het opnieuw.',
  unavailable: 'Deze functie is tijdelijk niet beschikbaar, probeer het later opnieuw.',
} as const;

export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  get status(): number {
    return errorStatus[this.code];
  }

  static unauthorized(): AppError {
    return new AppError('unauthorized', dutchMessages.unauthorized);
  }

  static notFound(message: string = dutchMessages.notFound): AppError {
    return new AppError('not_found', message);
  }

  static forbidden(message: string = dutchMessages.forbidden): AppError {
    return new AppError('forbidden', message);
  }

  /** `fields` maps a field path to its Dutch message, so forms and API clients can show it inline. */
  static validation(fields: Record<string, string>, message: string = dutchMessages.validation): AppError {
    return new AppError('validation_failed', message, { fields });
  }
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string>; warnings?: unknown[]; details?: unknown };
}

/** Field messages are part of the contract; stacks and raw causes only leave the server outside production. */
export function toErrorBody(error: unknown, production: boolean): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const fields = fieldsOf(error.details);
    const warnings = warningsOf(error.details);
    return {
      status: error.status,
      body: {
        error: {
          code: error.code,
          message: error.message,
          ...(fields ? { fields } : {}),
          ...(warnings ? { warnings } : {}),
          ...(!production && error.details !== undefined ? { details: error.details } : {}),
        },
      },
    };
  }
  return {
    status: 500,
    body: {
      error: {
        code: 'internal',
        message: dutchMessages.internal,
        ...(!production && error instanceof Error ? { details: { name: error.name, stack: error.stack } } : {}),
      },
    },
  };
}

/** The warnings a refusal carries (a prescription's safety warnings, ADR 60): part of the contract, like field messages. */
export function warningsOf(details: unknown): unknown[] | undefined {
  if (details && typeof details === 'object' && 'warnings' in details && Array.isArray((details as { warnings: unknown }).warnings))
    return (details as { warnings: unknown[] }).warnings;
  return undefined;
}

/** The per-field Dutch messages of a validation error, if it has them. */
export function fieldsOf(details: unknown): Record<string, string> | undefined {
  if (details && typeof details === 'object' && 'fields' in details) {
    return (details as { fields: Record<string, string> }).fields;
  }
  return undefined;
}
