import { DriverException, ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { AppError } from '../shared/errors';

const danglingReference = 'Een gegeven in de aanvraag verwijst naar iets dat niet (meer) bestaat.';
const alreadyRecorded = 'Dit is intussen al vastgelegd, door jou of door een collega. Laad de pagina opnieuw.';
const unstorable =
  'De aanvraag bevat een waarde die niet kan worden opgeslagen (een onmogelijke datum, een te groot getal of een verboden teken).';

// PostgreSQL's data exceptions that input past every schema can still cause: a NUL byte (22021,
// 22P05), a date or time out of range (22007, 22008), a number out of range (22003), a malformed value (22P02).
const inputStates = new Set(['22021', '22P05', '22007', '22008', '22003', '22P02']);

/**
 * What the database refused because of the request, past every check of the use case, as the
 * client's Dutch 400 or 409 rather than a 500. A backstop: schemas refuse such input first, by field.
 */
export function asDomainError(error: unknown): unknown {
  if (error instanceof ForeignKeyConstraintViolationException) return AppError.validation({ _: danglingReference }, danglingReference);
  if (error instanceof UniqueConstraintViolationException) return new AppError('conflict', alreadyRecorded);
  if (error instanceof DriverException && inputStates.has(String(error.sqlState ?? error.code)))
    return AppError.validation({ _: unstorable }, unstorable);
  return error;
}
