import { clinicalToday } from '../shared/clinical-time';
import { calendarDateOrToday } from '../shared/record-dates';
import { z } from '../shared/validation';
import { diagnosisCode, diagnosisRanks } from './diagnosis-codes';

export const addDiagnosisSchema = z.object({
  code: z
    .string({ error: 'Kies een diagnose uit de lijst.' })
    .trim()
    .min(1, 'Kies een diagnose uit de lijst.')
    .refine((code) => diagnosisCode(code) !== undefined, 'Deze code staat niet in de lijst met diagnoses; kies een diagnose uit de lijst.'),
  rank: z.enum(diagnosisRanks, { error: 'Kies hoofddiagnose of nevendiagnose.' }),
  diagnosedAt: calendarDateOrToday('Vul een geldige datum van de diagnose in.').refine(
    (value) => value <= clinicalToday(),
    'De datum van de diagnose kan niet in de toekomst liggen.',
  ),
});

export type AddDiagnosis = z.output<typeof addDiagnosisSchema>;

export const endDiagnosisSchema = z.object({
  endedAt: calendarDateOrToday('Vul een geldige einddatum in.').refine(
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
