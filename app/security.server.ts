import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
import getRawBody from 'raw-body';
import { AppError, dutchMessages, type ErrorCode } from '../domain/shared/errors';
import { fhirContentType, operationOutcome } from '../domain/fhir/outcome';

/** Under the FHIR base every answer is FHIR, the refusals before any route included. */
const isFhirPath = (url: string) => /^\/api\/fhir(?:[/?]|$)/.test(url);
import { errorPageHtml } from './error-page.server';

/**
 * HTTP hardening the Express server applies to every response and request (ADR 0017). Plain
 * functions over headers so they are tested without a server.
 */

export const crossSiteMessage = 'Dit verzoek komt niet van het EPD zelf en is geweigerd. Open het EPD opnieuw en probeer het nog eens.';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A fresh value per response: only scripts carrying it run (Remix's inline hydration scripts). */
export function cspNonce(): string {
  return randomBytes(16).toString('base64');
}

export function securityHeaders(options: { nonce: string; production: boolean; connectSources?: string }): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}'`,
    // React and radix set style attributes, and the root inlines the font face: styles stay inline.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${options.connectSources ? ` ${options.connectSources}` : ''}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    // Same-origin requests carry their Referer and a real Origin (a form post with `no-referrer`
    // sends `Origin: null`); nothing leaves for another site, so no URL with a patient id leaks (ADR 0024).
    'Referrer-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    // The microphone is for dictation in the chat (speech); nothing else needs a device.
    'Permissions-Policy': 'camera=(), geolocation=(), payment=(), usb=(), microphone=(self)',
    ...(options.production ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * CSRF: a state-changing request that a browser marks as coming from another site. Browsers send
 * `Sec-Fetch-Site` (all current ones) or at least `Origin` on every cross-origin POST, PUT, PATCH
 * and DELETE, forms and fetch alike; the EPD's own forms and fetches are same-origin. A request
 * with neither header does not come from a browser page (curl, a FHIR client) and carries no
 * ambient cookie an attacker could borrow.
 */
export function isCrossSiteWrite(method: string, header: (name: string) => string | undefined): boolean {
  if (safeMethods.has(method.toUpperCase())) return false;
  const fetchSite = header('sec-fetch-site');
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = header('origin');
  if (!origin) return false;
  if (origin === 'null') return true;
  try {
    return new URL(origin).host !== header('host');
  } catch {
    return true;
  }
}

/**
 * Whether a refusal goes to a person (a Dutch HTML page with a way back) or to a program (the
 * contract's JSON error): API paths and Remix's data requests get JSON, pages get a page.
 */
function wantsPage(req: Request): boolean {
  // originalUrl: under a mount point (`app.use('/api', …)`) req.path has lost its prefix.
  return !req.originalUrl.startsWith('/api/') && req.query._data === undefined;
}

/** A request refused before any route: JSON for the API, a Dutch page for a page; never cached. */
export function refuse(
  req: Request,
  res: Response,
  status: number,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
): void {
  res.status(status).set({ 'Cache-Control': 'no-store', ...headers });
  if (wantsPage(req)) res.type('html').send(errorPageHtml(status, message));
  else if (isFhirPath(req.originalUrl)) res.type(fhirContentType).send(JSON.stringify(operationOutcome(new AppError(code, message))));
  else res.json({ error: { code, message } });
}

/** Express middleware: the headers on every response, and the 403 for a cross-site write (before any route). */
export function hardening(options: { production: boolean; connectSources?: string }): RequestHandler {
  return (req, res, next) => {
    const nonce = cspNonce();
    res.locals.cspNonce = nonce;
    res.set(securityHeaders({ nonce, ...options }));
    if (isCrossSiteWrite(req.method, (name) => req.get(name))) {
      refuse(req, res, 403, 'forbidden', crossSiteMessage);
      return;
    }
    // Verified same-origin above (Sec-Fetch-Site). Remix's own, stricter copy of the Origin check
    // would otherwise answer such a post with an empty 500 (ADR 0024).
    if (req.headers.origin === 'null') delete req.headers.origin;
    next();
  };
}

const kilobyte = 1024;
const megabyte = 1024 * kilobyte;

/**
 * The most a request body may hold, by path: the login form a few kilobytes, everything else
 * (JSON for the API, the record's forms) 1 MB. No route needs more.
 */
export function bodyLimitFor(path: string): number {
  return path === '/login' || path === '/logout' ? 8 * kilobyte : megabyte;
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function tooLargeMessage(limit: number): string {
  return `De aanvraag is te groot: maximaal ${limit >= megabyte ? `${limit / megabyte} MB` : `${limit / kilobyte} kB`}. Maak de inhoud kleiner en probeer het opnieuw.`;
}

function declaredLength(req: IncomingMessage): number | null {
  const header = req.headers['content-length'];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : null;
}

/**
 * Reads a request body before any route, up to the path's limit: a declared or streamed body above
 * it is answered 413 at once, without reading the rest (the connection is closed after the answer).
 * The route gets the bytes as `res.locals.body` (see `app/remix-adapter.server.ts`).
 */
export const limitBody: RequestHandler = (req, res, next) => {
  if (!bodyMethods.has(req.method)) return next();
  const limit = bodyLimitFor(req.path);
  getRawBody(req, { length: declaredLength(req), limit }).then(
    (body) => {
      res.locals.body = body;
      next();
    },
    (error: { type?: string }) => {
      if (res.headersSent || req.destroyed) return;
      res.set('Connection', 'close');
      if (error.type === 'entity.too.large') refuse(req, res, 413, 'too_large', tooLargeMessage(limit));
      else if (error.type === 'request.aborted') req.destroy();
      else refuse(req, res, 400, 'validation_failed', 'De aanvraag kon niet worden gelezen.');
    },
  );
};

/**
 * `Expect: 100-continue` (curl sends it for large bodies): a body that is too large by its declared
 * length is refused before the client sends it; otherwise the client is told to go on.
 */
export function answerExpectContinue(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const limit = bodyLimitFor(new URL(req.url ?? '/', 'http://epd.invalid').pathname);
    const length = declaredLength(req);
    if (length !== null && length > limit) {
      const fhir = isFhirPath(req.url ?? '');
      const body = JSON.stringify(
        fhir
          ? operationOutcome(new AppError('too_large', tooLargeMessage(limit)))
          : { error: { code: 'too_large', message: tooLargeMessage(limit) } },
      );
      res.writeHead(413, {
        'Content-Type': fhir ? fhirContentType : 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
        Connection: 'close',
      });
      res.end(body);
      return;
    }
    res.writeContinue();
    handle(req, res);
  };
}

/**
 * A route that answers before reading the whole body (401, 403, 404, 405 …) has its request
 * stream torn down, and with it the connection: say so in the response, so a client does not send
 * its next request into a closed socket (found by the fuzz test as ECONNRESET).
 */
export const closeWhenBodyUnread: RequestHandler = (req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    if (!req.complete) this.setHeader('Connection', 'close');
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
};

/** A path that is not valid percent-encoding names nothing; Remix would answer an HTML 400, the API answers in its own shape. */
export const malformedApiPath: RequestHandler = (req, res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    refuse(req, res, 400, 'validation_failed', 'Het adres van deze aanvraag is ongeldig.');
    return;
  }
  next();
};

/**
 * Express's last error handler: an error that escaped everything else (Remix's adapter passes its
 * own on) still gets the Dutch answer, never a blank page or Express's English one.
 */
export function lastResort(error: unknown, req: Request, res: Response, next: (error?: unknown) => void): void {
  console.error(`[web] ${error instanceof Error ? `${error.name}\n${error.stack ?? ''}` : 'non-error thrown'}`);
  if (res.headersSent) return next(error);
  refuse(req, res, 500, 'internal', dutchMessages.internal);
}

/**
 * The HTTP server's `clientError`: requests Node refuses before Express sees them (request line or
 * headers too large, unreadable HTTP) get the contract's Dutch error body instead of a bare status.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  if (!socket.writable || !error.code?.startsWith('HPE_')) {
    socket.destroy();
    return;
  }
  const [status, message] = tooLarge
    ? ['431 Request Header Fields Too Large', 'De aanvraag is te groot: te lange adresregel of kopteksten.']
    : ['400 Bad Request', 'De aanvraag is ongeldig en kon niet worden gelezen.'];
  const body = JSON.stringify({ error: { code: 'validation_failed', message } });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
