import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { env } from '../domain/config/env';
import { AppError, toErrorBody } from '../domain/shared/errors';
import { noPatientDataMessage } from '../domain/auth/auth.schemas';
import { isClinician, type ClinicalUser, type CurrentUser } from '../domain/auth/session.service';
import { getCurrentUser } from './auth.server';

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** The one place where an error becomes an HTTP response. */
export function errorResponse(error: unknown): Response {
  const { status, body } = toErrorBody(error, env().production);
  if (status >= 500) {
    // Log the class and stack only; messages of driver errors can carry query parameters.
    console.error(`[api] ${error instanceof Error ? `${error.name}\n${error.stack ?? ''}` : 'non-error thrown'}`);
  }
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  const retryAfter = error instanceof AppError && error.code === 'rate_limited' ? (error.details as { retryAfter?: unknown } | undefined)?.retryAfter : undefined;
  if (typeof retryAfter === 'number') headers.set('Retry-After', String(retryAfter));
  return Response.json(body, { status, headers });
}

/**
 * Wraps a JSON resource route: a clinician's session is required (401 without a session, 403 for
 * the beheerder, ADR 0015); any thrown AppError or unexpected error becomes the contract's error
 * body.
 */
export function apiRoute<T>(handler: (args: Args & { user: ClinicalUser }) => Promise<T>) {
  return guardedRoute((user) => {
    if (!isClinician(user)) throw AppError.forbidden(noPatientDataMessage);
    return user;
  }, handler);
}

/** As apiRoute, for the few routes every role needs (the session check of the shell). */
export function signedInApiRoute<T>(handler: (args: Args & { user: CurrentUser }) => Promise<T>) {
  return guardedRoute((user) => user, handler);
}

function guardedRoute<U extends CurrentUser, T>(admit: (user: CurrentUser) => U, handler: (args: Args & { user: U }) => Promise<T>) {
  return async (args: Args): Promise<Response> => {
    try {
      const user = await getCurrentUser(args.request);
      if (!user) throw AppError.unauthorized();
      const result = await handler({ ...args, user: admit(user) });
      return result instanceof Response ? result : Response.json(result, { headers: { 'Cache-Control': 'no-store' } });
    } catch (error) {
      if (error instanceof Response) return error;
      return errorResponse(error);
    }
  };
}

/** Body parsing that turns malformed JSON into a Dutch 400 instead of a 500. */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw AppError.validation({ _: 'De aanvraag bevat geen geldige JSON.' }, 'De aanvraag bevat geen geldige JSON.');
  }
}

/** Query parameters for a schema: absent (or empty) is undefined, never null, so it cannot cause a 400. */
export function queryParams(request: Request, keys: readonly string[]): Record<string, string | undefined> {
  const url = new URL(request.url);
  return Object.fromEntries(keys.map((key) => [key, url.searchParams.get(key) || undefined]));
}

const usePost = 'Gebruik POST op deze route.';

/** The loader of a POST-only resource route: a GET gets the JSON 405, not Remix's 400. */
export const postOnlyLoader = apiRoute(async () => {
  throw new AppError('method_not_allowed', usePost);
});

/** The action of a read-only resource route: a write gets the JSON 405. */
export const getOnlyAction = apiRoute(async () => {
  throw new AppError('method_not_allowed', 'Gebruik GET op deze route.');
});

export function requirePost(request: Request): void {
  if (request.method !== 'POST') throw new AppError('method_not_allowed', usePost);
}
