import { clinicalToday, startOfClinicalDay } from './clinical-time';
import { z } from './validation';

/* The calendar dates of the risk and diagnosis forms: one message when missing, one when not a real date. */

/** A calendar date "2026-12-01" that exists; `missing` when absent or empty, `invalid` otherwise. */
export const requiredCalendarDate = (missing: string, invalid: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .refine((value) => startOfClinicalDay(value) !== null, invalid);

/** An optional calendar date; absent or empty is today (on the ward's clock). */
export const calendarDateOrToday = (invalid: string) =>
  z
    .string({ error: invalid })
    .trim()
    .optional()
    .nullable()
    .transform((value) => value || clinicalToday())
    .refine((value) => startOfClinicalDay(value) !== null, invalid);
