import { z } from '../shared/validation';

/*
 * A koppeling is a system outside the EPD (a lab, a pharmacy, a regional exchange) that calls the
 * FHIR API without a person: SMART Backend Services (OAuth 2.0 client credentials with a signed
 * JWT as client assertion). A beheerder registers it for the organisation with its public keys
 * (JWKS) and the scopes it may ask for.
 */

/** The resource types a koppeling can be granted, as in `system/<type>.<read|write>`. */
export const scopeResourceTypes = [
  'Patient',
  'Observation',
  'AllergyIntolerance',
  'Condition',
  'RiskAssessment',
  'Appointment',
  'DocumentReference',
  'MedicationRequest',
  'MedicationAdministration',
  'EpisodeOfCare',
  'Coverage',
  'AuditEvent',
] as const;

/**
 * Types a wildcard (`system/*.read`) does not cover: the access log names who looked at which
 * patient, staff and koppelingen alike, and is granted only by name (ADR 0085), so a koppeling
 * registered for the record's data does not come to read the log as well.
 */
export const namedScopeOnly: readonly string[] = ['AuditEvent'];
export const scopeAccess = ['read', 'write'] as const;
/** The types the FHIR API accepts writes for (create, update, in a Bundle); the others answer a write with 405. */
export const writableResourceTypes: readonly string[] = [
  'Patient',
  'Observation',
  'MedicationAdministration',
  'DocumentReference',
  'Appointment',
];
export type ScopeAccess = (typeof scopeAccess)[number];

const scopePattern = new RegExp(`^system/(\\*|${scopeResourceTypes.join('|')})\\.(read|write|\\*)$`);
export const scopeSchema = z.string().regex(scopePattern, 'Een scope is system/<type>.read of system/<type>.write (type of *).');

/** The algorithms SMART Backend Services names; nothing weaker, no shared secrets. */
export const assertionAlgorithms = ['RS384', 'ES384'] as const;

const jwk = z.looseObject({
  kty: z.enum(['RSA', 'EC'], { error: 'Een sleutel (kty) moet RSA of EC zijn.' }),
  kid: z.string({ error: 'Elke sleutel heeft een kid nodig.' }).min(1, 'Elke sleutel heeft een kid nodig.'),
  d: z.undefined({ error: 'De JWKS bevat een privésleutel (d): stuur alleen de publieke sleutel.' }).optional(),
});

/** The public keys as a JWKS document: each key RSA or EC with a kid, never a private part. */
export const jwksSchema = z.object(
  { keys: z.array(jwk, { error: 'De JWKS moet een lijst keys hebben.' }).min(1, 'De JWKS moet ten minste één sleutel hebben.') },
  { error: 'Geef de publieke sleutels als JWKS ({"keys": […]}).' },
);

const loopbackHosts = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Where the koppeling publishes its keys (SMART's `jwks_uri`), so it can rotate them without a
 * beheerder: https, or http on this machine's loopback only (a development or test client).
 */
export const jwksUrlSchema = z
  .string()
  .trim()
  .max(2000, 'De JWKS-URL is te lang.')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.includes(url.hostname));
    } catch {
      return false;
    }
  }, 'Geef een https-adres, bijvoorbeeld https://lab.example.nl/.well-known/jwks.json.');

export const registerKoppelingSchema = z
  .object({
    name: z
      .string({ error: 'Geef de koppeling een naam.' })
      .trim()
      .min(2, 'Geef de koppeling een naam van ten minste 2 tekens.')
      .max(100, 'De naam mag maximaal 100 tekens lang zijn.'),
    jwks: jwksSchema.optional(),
    jwksUrl: jwksUrlSchema.optional(),
    scopes: z
      .array(scopeSchema, { error: 'Kies ten minste één scope.' })
      .min(1, 'Kies ten minste één scope.')
      .transform((scopes) => [...new Set(scopes)]),
  })
  .superRefine((input, ctx) => {
    // One source of keys: published at a URL, or given here.
    if (input.jwks && input.jwksUrl)
      ctx.addIssue({ code: 'custom', path: ['jwksUrl'], message: 'Geef een JWKS-URL of plak de JWKS, niet allebei.' });
    if (!input.jwks && !input.jwksUrl)
      ctx.addIssue({ code: 'custom', path: ['jwks'], message: 'Geef de publieke sleutels: een JWKS-URL of de JWKS zelf.' });
  });
export type RegisterKoppeling = z.input<typeof registerKoppelingSchema>;

/** The token request of the client-credentials grant, as its form fields arrive. */
export const tokenRequestSchema = z.object({
  grant_type: z.literal('client_credentials', { error: 'grant_type moet client_credentials zijn.' }),
  client_assertion_type: z.literal('urn:ietf:params:oauth:client-assertion-type:jwt-bearer', {
    error: 'client_assertion_type moet urn:ietf:params:oauth:client-assertion-type:jwt-bearer zijn.',
  }),
  client_assertion: z.string({ error: 'client_assertion ontbreekt.' }).min(1, 'client_assertion ontbreekt.'),
  scope: z.string({ error: 'scope ontbreekt.' }).trim().min(1, 'scope ontbreekt.'),
});

/** Whether granted scopes allow this access to this resource type (`system/*.read`, `system/Observation.*`, …; the access log only by name). */
export function allows(scopes: readonly string[], resourceType: string, access: ScopeAccess): boolean {
  return scopes.some((scope) => {
    const match = /^system\/([^.]+)\.(read|write|\*)$/.exec(scope);
    const type = match?.[1];
    return (
      !!match &&
      (type === resourceType || (type === '*' && !namedScopeOnly.includes(resourceType))) &&
      (match[2] === '*' || match[2] === access)
    );
  });
}
