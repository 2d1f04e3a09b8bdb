import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import type { AuditActor } from '../domain/audit/audit.service';
import { AppError, dutchMessages } from '../domain/shared/errors';
import { fhirContentType, operationOutcome, writeOutcome } from '../domain/fhir/outcome';
import { authenticateToken, requireScope, type KoppelingCaller } from '../domain/koppeling/koppeling.service';
import { allows, type ScopeAccess } from '../domain/koppeling/koppeling.schemas';
import { allowedMethods, apiRoute, readJson as readAnyJson } from './http.server';
import { getOrm } from './services.server';
import { actorFor } from './tenant.server';

/** The moment of a resource's version as an HTTP date (FHIR's `Last-Modified` beside the `ETag`); none for a Bundle or an outcome. */
function lastModified(resource: unknown): string | undefined {
  const lastUpdated = (resource as { meta?: { lastUpdated?: unknown } } | null)?.meta?.lastUpdated;
  return typeof lastUpdated === 'string' ? new Date(lastUpdated).toUTCString() : undefined;
}

export function fhirResponse(resource: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  const modified = lastModified(resource);
  if (modified && !headers.has('Last-Modified')) headers.set('Last-Modified', modified);
  headers.set('Content-Type', fhirContentType);
  headers.set('Cache-Control', 'no-store');
  return new Response(JSON.stringify(resource), { ...init, headers });
}

/**
 * `Prefer: handling=strict`: a search refuses an unknown parameter (400) instead of ignoring it,
 * and a write refuses an element the record cannot keep instead of storing the rest with a warning.
 */
export function strictHandling(request: Request): boolean {
  return /(?:^|[,;\s])handling\s*=\s*strict(?:$|[,;\s])/i.test(request.headers.get('prefer') ?? '');
}

/**
 * The answer to a create or update: the resource as stored, or with `Prefer:
 * return=OperationOutcome` the outcome (what was done, a warning per element not kept). `Prefer:
 * return=minimal` is answered by `fhirRoute` for every write.
 */
export function fhirWriteResponse(
  request: Request,
  resource: unknown,
  done: { message: string; unstored?: Record<string, string> },
  init: ResponseInit,
): Response {
  const wantsOutcome = /return\s*=\s*OperationOutcome/i.test(request.headers.get('prefer') ?? '');
  // FHIR: a create or update answers ETag and Last-Modified of the stored version, whatever the body is.
  const headers = new Headers(init.headers);
  const modified = lastModified(resource);
  if (modified) headers.set('Last-Modified', modified);
  return fhirResponse(wantsOutcome ? writeOutcome(done.message, done.unstored ?? {}) : resource, { ...init, headers });
}

export const fhirRealm = 'Bearer realm="GGZ-EPD FHIR"';

/** Every error of a FHIR route, the 401, 403, 406 and 415 included, as an OperationOutcome. */
export function fhirError(error: unknown): Response {
  const appError = error instanceof AppError ? error : new AppError('internal', dutchMessages.internal);
  if (!(error instanceof AppError))
    console.error(`[fhir] ${error instanceof Error ? `${error.name}\n${error.stack ?? ''}` : 'non-error thrown'}`);
  const headers = new Headers();
  const allow = allowedMethods(appError);
  if (allow) headers.set('Allow', allow);
  // RFC 6750: a 401 says how to authenticate; a token that did not work says so.
  if (appError.code === 'unauthorized') {
    const bearer = (appError.details as { bearer?: string } | undefined)?.bearer;
    headers.set('WWW-Authenticate', bearer ? `${fhirRealm}, error="${bearer}"` : fhirRealm);
  }
  const status = (appError.details as { status?: number } | undefined)?.status ?? appError.status;
  return fhirResponse(operationOutcome(appError), { status, headers });
}

/** Who calls: a clinician with a session, or a koppeling with a bearer token (SMART Backend Services). */
export interface FhirCaller {
  actor: AuditActor;
  koppeling?: KoppelingCaller;
}

/**
 * Which types the caller may read besides the one the path names (`_include`, `$everything`): a
 * koppeling those its scopes cover, a clinician every type except the organisation's access log.
 */
export function readableBy(caller: FhirCaller): (resourceType: string) => boolean {
  const koppeling = caller.koppeling;
  return koppeling ? (type) => allows(koppeling.scopes, type, 'read') : (type) => type !== 'AuditEvent';
}

type Args = LoaderFunctionArgs | ActionFunctionArgs;
type Handler = (args: Args & { actor: AuditActor; caller: FhirCaller }) => Promise<unknown>;

interface FhirRouteOptions {
  /** `/metadata`: readable without a session or token. */
  open?: boolean;
}

// The first path segment under /api/fhir that the static routes answer: Remix matches them without
// regard to case, FHIR's type names are case-sensitive (`/api/fhir/patient` is no resource type).
const staticSegments = ['Patient', 'metadata', 'auth', '_history'];
function exactPath(request: Request): void {
  const raw = new URL(request.url).pathname.split('/')[3] ?? '';
  let segment: string;
  try {
    segment = decodeURIComponent(raw);
  } catch {
    throw AppError.notFound(`Het resourcetype "${raw}" bestaat niet.`);
  }
  const known = staticSegments.find((name) => name.toLowerCase() === segment.toLowerCase());
  if (known && known !== segment) throw AppError.notFound(`Het resourcetype "${segment}" bestaat niet; bedoel je ${known}?`);
}

const jsonTypes = /^application\/(fhir\+json|json\+fhir|json)$/i;
const acceptable = /^(application\/(fhir\+json|json\+fhir|json|\*)|\*\/\*)$/i;

/** 406 for an answer in anything but JSON (`Accept`, `_format`). */
function negotiate(request: Request): void {
  const notAcceptable = () =>
    new AppError('validation_failed', 'Deze server levert alleen FHIR JSON (application/fhir+json), geen XML of andere vorm.', {
      status: 406,
    });
  const format = new URL(request.url).searchParams.get('_format');
  if (format !== null && !['json', 'application/json', 'application/fhir+json', 'application/json+fhir'].includes(format))
    throw notAcceptable();
  const accept = request.headers.get('accept');
  if (accept && !accept.split(',').some((part) => acceptable.test(part.split(';')[0]!.trim()))) throw notAcceptable();
}

/**
 * 415 for a body that is not what the route reads: FHIR JSON, or a search form (`_search`). Judged
 * where the body is read, so a method the route does not answer is a 405 (with `Allow`) whatever
 * the body is, and a path that does not exist a 404.
 */
export function requireBodyType(request: Request, body: 'json' | 'form'): void {
  const hasBody = Number(request.headers.get('content-length') ?? 0) > 0 || request.headers.has('transfer-encoding');
  if (!hasBody) return;
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const fits = body === 'form' ? /^application\/x-www-form-urlencoded$/i.test(type) : jsonTypes.test(type);
  if (!fits)
    throw new AppError(
      'validation_failed',
      body === 'form'
        ? 'Stuur de zoekparameters als formulier (Content-Type: application/x-www-form-urlencoded).'
        : 'Stuur FHIR JSON (Content-Type: application/fhir+json).',
      { status: 415 },
    );
}

/** The body of a FHIR write: FHIR JSON (else 415), parsed (else 400). */
export async function readJson(request: Request): Promise<unknown> {
  requireBodyType(request, 'json');
  return readAnyJson(request);
}

/** The resource type a request is about and whether it reads or writes, for a koppeling's scopes. */
function accessOf(request: Request): { type: string; access: ScopeAccess } | null {
  const [, , , type = ''] = new URL(request.url).pathname.split('/');
  // `[base]/_history` covers several types: the feed keeps to those the scopes cover (ADR 0097).
  if (!type || type === 'metadata' || type === '_history') return null;
  const reading = request.method === 'GET' || request.method === 'HEAD' || /\/_search$/.test(new URL(request.url).pathname);
  return { type, access: reading ? 'read' : 'write' };
}

async function callerOf(request: Request, clientAddress: string | null): Promise<FhirCaller | null> {
  const authorization = request.headers.get('authorization');
  if (!authorization) return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(authorization);
  if (!match) throw new AppError('unauthorized', 'Gebruik Authorization: Bearer <toegangstoken>.', { bearer: 'invalid_request' });
  const koppeling = await authenticateToken(await getOrm(), match[1]!, clientAddress);
  return { actor: koppeling.actor, koppeling };
}

/**
 * `If-None-Match` on a read answers 304 when the version is the one the client has; `Prefer:
 * return=minimal` on a write answers the status and headers without the resource.
 */
function conditional(request: Request, response: Response): Response {
  const etag = response.headers.get('etag');
  const ifNoneMatch = request.headers.get('if-none-match');
  if (request.method === 'GET' && etag && ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*'))
    return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': 'no-store' } });
  const prefer = request.headers.get('prefer') ?? '';
  if ((request.method === 'POST' || request.method === 'PUT') && /return\s*=\s*minimal/i.test(prefer) && response.ok) {
    const headers = new Headers(response.headers);
    headers.delete('Content-Type');
    return new Response(null, { status: response.status, headers });
  }
  return response;
}

/**
 * A FHIR route: FHIR JSON only, answers and errors as FHIR; the caller a clinician's session (as
 * every API route) or a koppeling's bearer token, whose scopes must cover the resource type.
 */
export function fhirRoute(handler: Handler, options: FhirRouteOptions = {}) {
  const respond = async (request: Request, result: unknown) =>
    conditional(request, result instanceof Response ? result : fhirResponse(result));
  // After the caller is known (a 401 comes first, as on every API route): the path and the answer's
  // format. The body's format is judged where the route reads it (`readJson`, `postedQuery`).
  const check = (request: Request) => {
    exactPath(request);
    negotiate(request);
  };
  const withSession = apiRoute(async (args) => {
    check(args.request);
    const actor = actorFor(args.user, args.context, 'fhir');
    return respond(args.request, await handler({ ...args, actor, caller: { actor } }));
  }, fhirError);
  return async (args: Args): Promise<Response> => {
    try {
      if (options.open) {
        check(args.request);
        const open = { organisationId: '', userId: '', role: 'koppeling', channel: 'fhir' } as const;
        return await respond(args.request, await handler({ ...args, actor: open, caller: { actor: open } }));
      }
      const caller = await callerOf(args.request, args.context.clientAddress ?? null);
      if (!caller) return await withSession(args);
      check(args.request);
      const access = accessOf(args.request);
      if (access) requireScope(caller.koppeling!, access.type, access.access);
      return await respond(args.request, await handler({ ...args, actor: caller.actor, caller }));
    } catch (error) {
      if (error instanceof Response) return error;
      return fhirError(error);
    }
  };
}
