import { z } from '../shared/validation';

// Here rather than beside the User entity: browser code (role choices, labels) may import it
// without pulling the ORM into the bundle.

/** The roles that read and write patient records; every clinical page and API admits only these. */
export const clinicalRoles = ['verpleegkundige', 'psychiater'] as const;
export type ClinicalRole = (typeof clinicalRoles)[number];

/** `beheerder` runs the installation (workflows, health) and sees no patient data (ADR 0015). */
export const roles = [...clinicalRoles, 'beheerder'] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = {
  verpleegkundige: 'Verpleegkundige',
  psychiater: 'Psychiater',
  beheerder: 'Functioneel beheerder',
};

/** For stored text (the access log keeps the role as it was): an unknown value shows as is. */
export function roleLabel(role: string): string {
  return (roleLabels as Record<string, string>)[role] ?? role;
}

export function isClinicalRole(role: Role): role is ClinicalRole {
  return (clinicalRoles as readonly string[]).includes(role);
}

export const noPatientDataMessage = 'Functioneel beheer heeft geen toegang tot patiëntgegevens.';

/** Where a role starts after login: a beheerder has no patient list to land on. */
export function homePath(role: Role): string {
  return isClinicalRole(role) ? '/patients' : '/beheer/workflows';
}

export const loginSchema = z.object({
  email: z
    .string({ error: 'Vul je e-mailadres in.' })
    .trim()
    .min(1, 'Vul je e-mailadres in.')
    .max(254, 'Dit e-mailadres is te lang.')
    .pipe(z.email('Vul een geldig e-mailadres in.'))
    .transform((email) => email.toLowerCase()),
  password: z.string({ error: 'Vul je wachtwoord in.' }).min(1, 'Vul je wachtwoord in.').max(1024, 'Dit wachtwoord is te lang.'),
});

export type LoginInput = z.input<typeof loginSchema>;

// Control characters (browsers drop tabs and newlines from URLs, turning "/\t/evil" into "//evil")
// and backslashes (read as "/" in http URLs): a target holding either, plain or encoded, is refused.
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const unsafeInPath = /[\u0000-\u001f\u007f\\]/;
const localBase = 'http://epd.invalid';

/**
 * Only a path of this site: a redirect target from the query string or a form must never lead
 * off-site, and must never break the Location header. Anything else becomes the fallback.
 */
export function safeRedirect(target: unknown, fallback = '/patients'): string {
  if (typeof target !== 'string' || target.length > 2000 || !safePathText(target)) return fallback;
  // What the browser goes to is the resolved path, not the string: dot segments ("/.//x",
  // "/a/..//x", "/%2e//x") resolve to "//x", which a Location header reads as another host. The
  // resolved path is what is emitted, so it passes the same checks, and resolves to itself here.
  const url = new URL(target, localBase);
  const resolved = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== localBase || !safePathText(resolved) || new URL(resolved, localBase).href !== url.href) return fallback;
  return resolved;
}

/** A path of this site, also once decoded as often as a server or browser might ("%2F%2Fevil", "%5Cevil", "%09"). */
function safePathText(path: string): boolean {
  if (!path.startsWith('/')) return false;
  let decoded = path;
  for (let round = 0; round < 3; round++) {
    if (unsafeInPath.test(decoded) || decoded.startsWith('//')) return false;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) break;
    decoded = next;
  }
  return !unsafeInPath.test(decoded) && !decoded.startsWith('//');
}
