import { AppError } from '../domain/shared/errors';
import { wallClockToIso } from '../domain/shared/clinical-time';
import { throwPageError } from './page.server';

/** A form action's validation failure: 400 with Dutch field messages and the values as typed. */
export function formFailure<V>(
  error: unknown,
  values: V,
  mapFields: (fields: Record<string, string>) => Record<string, string> = (f) => f,
): Response {
  if (error instanceof AppError && error.code === 'validation_failed') {
    const fields = mapFields((error.details as { fields?: Record<string, string> } | undefined)?.fields ?? {});
    return Response.json({ message: error.message, fields, values }, { status: 400 });
  }
  // Not found or no access (another organisation's id) is the error page's 404/403, not a 500.
  throwPageError(error);
}

export interface FormFailure<V> {
  message: string;
  fields: Record<string, string>;
  values: V;
}

/** "2026-11-27" + "10:00" → the instant on the ward's clock, or a 400 on the field that is wrong. */
export function instantOf(datum: string, tijd: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(datum)) throw AppError.validation({ datum: 'Vul een geldige datum in.' });
  const iso = /^\d{2}:\d{2}$/.test(tijd) ? wallClockToIso(`${datum}T${tijd}`) : null;
  if (!iso) throw AppError.validation({ tijd: 'Vul een geldige tijd in, bijvoorbeeld 10:30.' });
  return iso;
}
