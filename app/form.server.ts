import { AppError, fieldsOf } from '../domain/shared/errors';
import { wallClockToIso } from '../domain/shared/clinical-time';
import { throwPageError } from './page-error.server';

/*
 * The one pipeline of every page form (ADR 0072): `valuesOf` reads what was typed, the area's
 * schema validates it inside the use case, and `formFailure` sends a refusal back to the form that
 * caused it — the same with and without JavaScript, because it is a plain action response.
 */

export type FormValues = Record<string, string>;

/** The form as typed, every value a string; with `names`, only those fields ('' when absent). */
export function valuesOf(form: FormData | URLSearchParams): FormValues;
export function valuesOf<N extends string>(form: FormData | URLSearchParams, names: readonly N[]): Record<N, string>;
export function valuesOf(form: FormData | URLSearchParams, names?: readonly string[]): FormValues {
  if (names) return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? '')]));
  return Object.fromEntries([...form.entries()].map(([name, value]) => [name, String(value)]));
}

/** What a form gets back when it was refused: the Dutch message, the message per field, and the values as typed. */
export interface FormFailure<V = FormValues> {
  message: string;
  fields: Record<string, string>;
  values: V;
}

/** Refusals other than a field error that a form shows beside itself instead of on the error page. */
export type ShownBesideForm = 'conflict' | 'forbidden';

export interface FailureOptions {
  /**
   * Beside a validation failure (400), also these refusals, with their own status (409, 403);
   * `every-refusal` for a page that says any refusal beside the button that was pressed (a
   * letter's review, the ward's handover: Temporal out of reach is a 503 said on the page).
   */
  shows?: readonly ShownBesideForm[] | 'every-refusal';
  /** The service's field names → the form's, where they differ. */
  mapFields?: (fields: Record<string, string>) => Record<string, string>;
  /** More the form needs to show the refusal (which of the page's forms was sent, a safety warning). */
  extra?: Record<string, unknown>;
}

/**
 * A page action's failure: a validation failure (and the refusals in `shows`) comes back to the
 * form as `FormFailure`; anything else goes to the route's error page (404/403 in Dutch, or a 500).
 */
export function formFailure<V>(error: unknown, values: V, options: FailureOptions = {}): Response {
  if (error instanceof AppError && isShown(error, options.shows)) {
    const fields = (options.mapFields ?? ((f) => f))(fieldsOf(error.details) ?? {});
    const failure: FormFailure<V> = { message: error.message, fields, values };
    return Response.json({ ...failure, ...options.extra }, { status: error.status });
  }
  throwPageError(error);
}

function isShown(error: AppError, shows: FailureOptions['shows']): boolean {
  if (error.code === 'validation_failed') return true;
  if (shows === 'every-refusal') return error.code !== 'internal';
  return shows?.includes(error.code as ShownBesideForm) ?? false;
}

const invalidDate = 'Vul een geldige datum in.';
const invalidTime = 'Vul een geldige tijd in, bijvoorbeeld 10:30.';

/**
 * A date field and a time field ("2026-11-27", "10:00") → the instant on the ward's clock.
 * `instant` is '' when either is missing or impossible, with the message on the field that is
 * wrong in `fields`: a form whose schema names the moment itself passes the '' on, so all its
 * field errors show at once; other forms use `instantOf`, which throws the field error.
 * A time in the hour the clocks skip (02:30 on the last Sunday of March) is read as the same
 * moment an hour later, as the clock on the wall would show it.
 */
export function parseInstant(datum: string | undefined, tijd: string | undefined): { instant: string; fields: Record<string, string> } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(datum ?? '')) return { instant: '', fields: { datum: invalidDate } };
  const clock = /^([01]\d|2[0-3]):[0-5]\d$/.test(tijd ?? '');
  const instant = clock ? wallClockToIso(`${datum}T${tijd}`) : null;
  if (instant) return { instant, fields: {} };
  // A well-formed date the calendar does not have (30 February) is the date's error, not the time's.
  return clock ? { instant: '', fields: { datum: invalidDate } } : { instant: '', fields: { tijd: invalidTime } };
}

/** `parseInstant` for a form whose schema does not name the moment: a missing or impossible one is a 400 on its field. */
export function instantOf(datum: string | undefined, tijd: string | undefined): string {
  const { instant, fields } = parseInstant(datum, tijd);
  if (!instant) throw AppError.validation(fields);
  return instant;
}
