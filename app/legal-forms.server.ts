import { wallClockToIso } from '../domain/shared/clinical-time';
import { AppError, fieldsOf } from '../domain/shared/errors';
import { throwPageError } from './page.server';

/**
 * The legal-status, compulsory-care, allergy and signaleringsplan forms: a date and a time field
 * become one instant (or '' when either is not valid, which the schema then names in Dutch), and a
 * validation failure answers 400 with the fields the form shows them at.
 */
export function instantOrEmpty(datum: string | undefined, tijd: string | undefined): string {
  return (/^\d{4}-\d{2}-\d{2}$/.test(datum ?? '') && /^\d{2}:\d{2}$/.test(tijd ?? '') && wallClockToIso(`${datum}T${tijd}`)) || '';
}

export type FormValues = Record<string, string>;

export function valuesOf(form: FormData): FormValues {
  return Object.fromEntries([...form.entries()].map(([name, value]) => [name, String(value)]));
}

export function legalFormFailure(error: unknown, values: FormValues): Response {
  if (error instanceof AppError && (error.code === 'validation_failed' || error.code === 'conflict')) {
    const fields = (error.code === 'validation_failed' ? fieldsOf(error.details) : undefined) ?? {};
    return Response.json({ message: error.message, fields, values }, { status: error.status });
  }
  throwPageError(error);
}
