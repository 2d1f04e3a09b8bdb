import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';

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
    'Referrer-Policy': 'no-referrer',
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

/** Express middleware: the headers on every response, and the 403 for a cross-site write (before any route). */
export function hardening(options: { production: boolean; connectSources?: string }): RequestHandler {
  return (req, res, next) => {
    const nonce = cspNonce();
    res.locals.cspNonce = nonce;
    res.set(securityHeaders({ nonce, ...options }));
    if (isCrossSiteWrite(req.method, (name) => req.get(name))) {
      res.status(403).set('Cache-Control', 'no-store').json({ error: { code: 'forbidden', message: crossSiteMessage } });
      return;
    }
    next();
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
    res.status(400).set('Cache-Control', 'no-store').json({ error: { code: 'validation_failed', message: 'Het adres van deze aanvraag is ongeldig.' } });
    return;
  }
  next();
};

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
  socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
