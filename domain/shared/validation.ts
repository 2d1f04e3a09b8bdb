import { z } from 'zod';
import { isCalendarDate, isPlausibleInstant } from './clinical-time';
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

/** A calendar date ("2026-11-23"): a real one, within the plausible dates of `clinical-time`. */
export const calendarDate = (message: string) => z.string({ error: message }).trim().refine(isCalendarDate, message);

/** An ISO instant ("2026-11-25T14:05:00+01:00") on a real, plausible date, as a Date. */
export const instant = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine(isPlausibleInstant, message)
    .transform((value) => new Date(value));

/**
 * "36,8", "80", "-2": a number as people write it, with a decimal comma or point. "0x50", "1e2",
 * "Infinity", "" and digits of other scripts are no number here (NaN), so a value is never stored
 * as something other than what was typed.
 */
export function decimalOf(text: string): number {
  const trimmed = text.trim();
  return /^[+-]?\d+(?:[.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

/** A number from a form or query as `decimalOf` reads it; a JSON number stays as it is, anything else is left for the schema to refuse. */
export const numeral = (value: unknown): unknown => (typeof value === 'string' && value.trim() !== '' ? decimalOf(value) : value);

/**
 * Characters no text the record stores may hold: NUL and the other control characters except tab,
 * line feed and carriage return (PostgreSQL refuses NUL; BEL and ESC drive terminals), and the bidi
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) that make a text read otherwise
 * than it is stored. The marks a right-to-left name needs (U+200E, U+200F) stay allowed.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const hiddenCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;
export const hiddenCharacterMessage =
  'Dit veld bevat een onzichtbaar stuurteken (zoals een nulteken of een teken dat de leesrichting omdraait). Haal het weg en probeer het opnieuw.';

/**
 * Every string in an input (a body, a query, a form) that holds a hidden character, by field path.
 * Checked once for every schema in `parseOrThrow`, so no text field can store one, whichever area.
 */
export function hiddenCharacterFields(input: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  const visit = (value: unknown, path: string[], depth: number): void => {
    if (typeof value === 'string') {
      if (hiddenCharacters.test(value)) fields[path.join('.') || '_'] ??= hiddenCharacterMessage;
    } else if (value && typeof value === 'object' && depth < 32) {
      for (const [key, entry] of Object.entries(value)) visit(entry, [...path, key], depth + 1);
    }
  };
  visit(input, [], 0);
  return fields;
}

/** Parses input with a schema, throwing the product's validation error with one Dutch message per field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  const fields = { ...(result.success ? {} : fieldErrors(result.error)), ...hiddenCharacterFields(input) };
  if (result.success && Object.keys(fields).length === 0) return result.data;
  throw AppError.validation(fields);
}

export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Why something is corrected, lapsed or ended: 3 to 300 characters, `message` when missing. */
export const reasonText = (message: string) =>
  z.string({ error: message }).trim().min(3, message).max(300, 'De reden mag maximaal 300 tekens lang zijn.');
