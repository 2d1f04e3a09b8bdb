import { asDomainError } from '../domain/db/db-errors';
import { AppError } from '../domain/shared/errors';

/**
 * Rethrows a domain error below 500 as the Dutch response of the route's error boundary; anything
 * else as is. Apart from `page.server.ts` so the form pipeline (and its unit test) need no session.
 */
export function throwPageError(thrown: unknown): never {
  const error = asDomainError(thrown);
  if (error instanceof AppError && error.status < 500) {
    throw Response.json({ message: error.message }, { status: error.status });
  }
  throw error;
}
