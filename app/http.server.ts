import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { env } from '../domain/config/env';
import { AppError, toErrorBody } from '../domain/shared/errors';
import type { CurrentUser } from '../domain/auth/session.service';
import { getCurrentUser } from './auth.server';

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** The one place where an error becomes an HTTP response. */
export function errorResponse(error: unknown): Response {
  const { status, body } = toErrorBody(error, env().production);
  if (status >= 500) {
    // Log the class and stack only; messages of driver errors can carry query parameters.
    console.error(`[api] ${error instanceof Error ? `${error.name}\n${error.stack ?? ''}` : 'non-error thrown'}`);
  }
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}

/**
 * Wraps a JSON resource route. A session is required unless the route opts out; any thrown
 * AppError or unexpected error becomes the contract's error body.
 */
export function apiRoute<T>(handler: (args: Args & { user: CurrentUser }) => Promise<T>) {
  return async (args: Args): Promise<Response> => {
    try {
      const user = await getCurrentUser(args.request);
      if (!user) throw AppError.unauthorized();
      const result = await handler({ ...args, user });
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
