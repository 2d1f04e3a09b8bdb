import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { env } from '../domain/config/env';
import { asDomainError } from '../domain/db/db-errors';
import { AppError, toErrorBody } from '../domain/shared/errors';
import { noPatientDataMessage } from '../domain/auth/auth.schemas';
import { isClinician, type ClinicalUser, type CurrentUser } from '../domain/auth/session.service';
import { getCurrentUser } from './auth.server';
import { recordRefusal } from './tenant.server';

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** The one place where an error becomes an HTTP response. */
export function errorResponse(thrown: unknown): Response {
  const error = asDomainError(thrown);
  const { status, body } = toErrorBody(error, env().production);
  if (status >= 500) {
    // Log the class and stack only; messages of driver errors can carry query parameters.
    console.error(`[api] ${error instanceof Error ? `${error.name}\n${error.stack ?? ''}` : 'non-error thrown'}`);
  }
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  const allow = allowedMethods(error);
  if (allow) headers.set('Allow', allow);
  const retryAfter =
    error instanceof AppError && error.code === 'rate_limited'
      ? (error.details as { retryAfter?: unknown } | undefined)?.retryAfter
      : undefined;
  if (typeof retryAfter === 'number') headers.set('Retry-After', String(retryAfter));
  return Response.json(body, { status, headers });
}

/**
 * Wraps a JSON resource route: a clinician's session is required (401 without a session, 403 for
 * the beheerder, ADR 0015, which the access log records as a refused attempt); any thrown AppError
 * or unexpected error becomes the contract's error body.
 */
/** `render` answers every error, the session's 401 and the role's 403 included (FHIR routes answer an OperationOutcome). */
export function apiRoute<T>(
  handler: (args: Args & { user: ClinicalUser }) => Promise<T>,
  render: (error: unknown) => Response = errorResponse,
) {
  return guardedRoute(
    async (user, args) => {
      if (isClinician(user)) return user;
      await recordRefusal(user, args.request, args.context);
      throw AppError.forbidden(noPatientDataMessage);
    },
    handler,
    { touch: true },
    render,
  );
}

/**
 * The shell's background session check, for every role: it answers who is signed in without
 * counting as activity, so an open tab alone does not keep a session alive (SESSION_IDLE_MINUTES).
 */
export function sessionCheckRoute<T>(handler: (args: Args & { user: CurrentUser }) => Promise<T>) {
  return guardedRoute(async (user) => user, handler, { touch: false });
}

function guardedRoute<U extends CurrentUser, T>(
  admit: (user: CurrentUser, args: Args) => Promise<U>,
  handler: (args: Args & { user: U }) => Promise<T>,
  session = { touch: true },
  render: (error: unknown) => Response = errorResponse,
) {
  return async (args: Args): Promise<Response> => {
    try {
      const user = await getCurrentUser(args.request, session);
      if (!user) throw AppError.unauthorized();
      const result = await handler({ ...args, user: await admit(user, args) });
      return result instanceof Response ? result : Response.json(result, { headers: { 'Cache-Control': 'no-store' } });
    } catch (error) {
      if (error instanceof Response) return error;
      return render(error);
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const methodWords = (methods: readonly Method[]) =>
  methods.length > 1 ? `${methods.slice(0, -1).join(', ')} of ${methods.at(-1)}` : methods[0];

/** 405 with the methods the route does answer, which `errorResponse` sends as the `Allow` header. */
export function methodNotAllowed(allowed: readonly Method[]): AppError {
  return new AppError('method_not_allowed', `Gebruik ${methodWords(allowed)} op deze route.`, { allow: allowed });
}

/** The `Allow` header a 405 carries, if the error is one. */
export function allowedMethods(error: unknown): string | undefined {
  if (!(error instanceof AppError) || error.code !== 'method_not_allowed') return undefined;
  const allow = (error.details as { allow?: unknown } | undefined)?.allow;
  return Array.isArray(allow) ? allow.join(', ') : undefined;
}

/** The loader of a POST-only resource route: a GET gets the JSON 405 (after the 401 without a session), not Remix's 400. */
export const postOnlyLoader = apiRoute(async () => {
  throw methodNotAllowed(['POST']);
});

/** The action of a read-only resource route: a write gets the JSON 405 (after the 401 without a session). */
export const getOnlyAction = apiRoute(async () => {
  throw methodNotAllowed(['GET']);
});

export function requirePost(request: Request): void {
  if (request.method !== 'POST') throw methodNotAllowed(['POST']);
}
