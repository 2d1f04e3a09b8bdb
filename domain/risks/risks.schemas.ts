import { addDaysToIsoDate, clinicalToday } from '../shared/clinical-time';
import { requiredCalendarDate } from '../shared/record-dates';
import { z } from '../shared/validation';
import { riskLevels, riskTypeValues } from './risk-types';

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
  reviewDate: requiredCalendarDate('Vul de evaluatiedatum in.', 'Vul een geldige evaluatiedatum in.')
    .refine((value) => value >= clinicalToday(), 'De evaluatiedatum kan niet in het verleden liggen.')
    .refine(
      (value) => value <= addDaysToIsoDate(clinicalToday(), longestReviewDays),
      'De evaluatiedatum ligt meer dan een jaar vooruit; kies een eerdere datum.',
    ),
});

export type RecordRisk = z.output<typeof recordRiskSchema>;
