import { AppError } from '../domain/shared/errors';

/** A form action's validation failure: 400 with Dutch field messages and the values as typed. */
export function formFailure<V>(error: unknown, values: V, mapFields: (fields: Record<string, string>) => Record<string, string> = (f) => f): Response {
  if (error instanceof AppError && error.code === 'validation_failed') {
    const fields = mapFields((error.details as { fields?: Record<string, string> } | undefined)?.fields ?? {});
    return Response.json({ message: error.message, fields, values }, { status: 400 });
  }
  throw error;
}

export interface FormFailure<V> {
  message: string;
  fields: Record<string, string>;
  values: V;
}
