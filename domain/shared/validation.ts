import { z } from 'zod';
import { AppError } from './errors';

// Every validation message a clinician sees is Dutch; schemas only add their own wording where
// zod's Dutch locale is too generic.
z.config(z.locales.nl());
// In the browser the Content-Security-Policy forbids eval (ADR 17): zod then skips its compiled
// fast path instead of probing for eval, which the browser would report as a violation.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };

/** An optional free text of at most `max` characters; empty becomes null (nothing entered). */
export const nullableText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

/** Parses input with a schema, throwing the product's validation error with one Dutch message per field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw AppError.validation(fieldErrors(result.error));
}

export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
