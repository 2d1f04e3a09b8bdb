import { AppError, dutchMessages } from '../domain/shared/errors';
import { fhirContentType, operationOutcome } from '../domain/fhir/outcome';
import { allowedMethods, apiRoute, readJson } from './http.server';

export function fhirResponse(resource: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', fhirContentType);
  headers.set('Cache-Control', 'no-store');
  return new Response(JSON.stringify(resource), { ...init, headers });
}

/** Every error of a FHIR route, the session's 401 and the role's 403 included, as an OperationOutcome. */
function fhirError(error: unknown): Response {
  const appError = error instanceof AppError ? error : new AppError('internal', dutchMessages.internal);
  if (!(error instanceof AppError))
    console.error(`[fhir] ${error instanceof Error ? `${error.name}\n${error.stack ?? ''}` : 'non-error thrown'}`);
  const allow = allowedMethods(appError);
  return fhirResponse(operationOutcome(appError), { status: appError.status, headers: allow ? { Allow: allow } : {} });
}

/** A FHIR route: session as every API route; answers and errors as FHIR JSON. */
export function fhirRoute(handler: Parameters<typeof apiRoute>[0]) {
  return apiRoute(async (args) => {
    const result = await handler(args);
    return result instanceof Response ? result : fhirResponse(result);
  }, fhirError);
}

export { readJson };
