import { addDaysToIsoDate, clinicalToday, startOfClinicalDay } from '../shared/clinical-time';
import { z } from '../shared/validation';
import { diagnosisCode, diagnosisRanks } from './diagnosis-codes';
import { riskLevels, riskTypeValues } from './risk-types';

/*
 * What the ward may record about risks and diagnoses (issue 25, ADR 34): one schema per form,
 * shared by the pages and the API, with the Dutch message a clinician sees at the field.
 */

/** A calendar date "2026-12-01" that exists; `missing` when absent or empty, `invalid` otherwise. */
const calendarDate = (missing: string, invalid: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .refine((value) => startOfClinicalDay(value) !== null, invalid);

/** An optional calendar date; absent or empty is today (on the ward's clock). */
const dateOrToday = (invalid: string) =>
  z
    .string({ error: invalid })
    .trim()
    .optional()
    .nullable()
    .transform((value) => value || clinicalToday())
    .refine((value) => startOfClinicalDay(value) !== null, invalid);

/** A review date further ahead than this is taken for a typo (2062 for 2026). */
export const longestReviewDays = 366;

export const recordRiskSchema = z.object({
  riskType: z.enum(riskTypeValues, { error: 'Kies het soort risico uit de lijst.' }),
  riskLevel: z.enum(riskLevels, { error: 'Kies het risiconiveau: zeer hoog, hoog, gemiddeld of laag.' }),
  rationale: z
    .string({ error: 'Geef de onderbouwing van de taxatie.' })
    .trim()
    .min(3, 'Geef de onderbouwing van de taxatie.')
    .max(2000, 'De onderbouwing mag maximaal 2000 tekens lang zijn.'),
  reviewDate: calendarDate('Vul de evaluatiedatum in.', 'Vul een geldige evaluatiedatum in.')
    .refine((value) => value >= clinicalToday(), 'De evaluatiedatum kan niet in het verleden liggen.')
    .refine(
      (value) => value <= addDaysToIsoDate(clinicalToday(), longestReviewDays),
      'De evaluatiedatum ligt meer dan een jaar vooruit; kies een eerdere datum.',
    ),
});
export type RecordRisk = z.output<typeof recordRiskSchema>;

export const addDiagnosisSchema = z.object({
  code: z
    .string({ error: 'Kies een diagnose uit de lijst.' })
    .trim()
    .min(1, 'Kies een diagnose uit de lijst.')
    .refine((code) => diagnosisCode(code) !== undefined, 'Deze code staat niet in de lijst met diagnoses; kies een diagnose uit de lijst.'),
  rank: z.enum(diagnosisRanks, { error: 'Kies hoofddiagnose of nevendiagnose.' }),
  diagnosedAt: dateOrToday('Vul een geldige datum van de diagnose in.').refine(
    (value) => value <= clinicalToday(),
    'De datum van de diagnose kan niet in de toekomst liggen.',
  ),
});
export type AddDiagnosis = z.output<typeof addDiagnosisSchema>;

export const endDiagnosisSchema = z.object({
  endedAt: dateOrToday('Vul een geldige einddatum in.').refine(
    (value) => value <= clinicalToday(),
    'De einddatum kan niet in de toekomst liggen.',
  ),
  reason: z
    .string({ error: 'Geef de reden van beëindigen.' })
    .trim()
    .min(3, 'Geef de reden van beëindigen.')
    .max(500, 'De reden mag maximaal 500 tekens lang zijn.'),
});
export type EndDiagnosis = z.output<typeof endDiagnosisSchema>;
