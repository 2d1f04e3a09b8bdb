import { AppError } from '../domain/shared/errors';
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
