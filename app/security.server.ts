import { randomBytes } from 'node:crypto';

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
