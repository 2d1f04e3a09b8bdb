import { z } from '../shared/validation';

export const loginSchema = z.object({
  email: z
    .string({ error: 'Vul uw e-mailadres in.' })
    .trim()
    .min(1, 'Vul uw e-mailadres in.')
    .max(254, 'Dit e-mailadres is te lang.')
    .pipe(z.email('Vul een geldig e-mailadres in.'))
    .transform((email) => email.toLowerCase()),
  password: z.string({ error: 'Vul uw wachtwoord in.' }).min(1, 'Vul uw wachtwoord in.').max(1024, 'Dit wachtwoord is te lang.'),
});

export type LoginInput = z.input<typeof loginSchema>;

/** Only local paths: a redirect target from the query string must never lead off-site. */
export function safeRedirect(target: unknown, fallback = '/patients'): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback;
  }
  return target;
}
