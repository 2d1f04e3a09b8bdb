import { decimalOf, instant, z } from '../shared/validation';
import { consciousnessLevels } from './news2';
import { referenceRanges } from './reference-ranges';
import { vitalCodes } from './vital-codes';

/** The measures a round at the bedside can record, in the order of the form. */
export const measureCodes = Object.keys(vitalCodes);

/** "36,8" as typed on a Dutch keyboard, or a number from the API → a number; empty → not measured. */
const measure = (code: string) => {
  const { label, unit } = vitalCodes[code]!;
  const { plausible, decimals } = referenceRanges[code]!;
  const message = `Vul bij ${label.toLowerCase()} een waarde in tussen ${plausible.min} en ${plausible.max} ${unit}.`;
  return z
    .union([z.number(), z.string().trim()], { error: message })
    .optional()
    .nullable()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === '') return undefined;
      const number = typeof value === 'number' ? value : decimalOf(value);
      if (!Number.isFinite(number) || number < plausible.min || number > plausible.max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      const factor = 10 ** decimals;
      return Math.round(number * factor) / factor;
    });
};

const noMeasure = 'Vul minstens één meting in.';

/** One round at the bedside: any of the measures, and for NEWS2 the consciousness and oxygen. */
export const recordVitalsSchema = z
  .object({
    observedAt: instant('Geef een geldig tijdstip van de meting.').refine(
      (value) => value.getTime() <= Date.now() + 5 * 60_000,
      'Een meting kan niet in de toekomst liggen.',
    ),
    measures: z.object(Object.fromEntries(measureCodes.map((code) => [code, measure(code)]))).default({}),
    consciousness: z.enum(consciousnessLevels, { error: 'Kies het bewustzijn: A, C, V, P of U.' }).optional(),
    oxygen: z.boolean({ error: 'Geef aan of de patiënt extra zuurstof krijgt.' }).optional(),
  })
  .refine((value) => Object.values(value.measures).some((number) => number !== undefined) || value.consciousness !== undefined, {
    path: ['measures'],
    message: noMeasure,
  });
export type RecordVitals = z.output<typeof recordVitalsSchema>;

/** A corrected value: the new value and why; the old one stays, marked as corrected. */
export const correctVitalSchema = z.object({
  value: z.union([z.number(), z.string().trim().min(1, 'Vul de juiste waarde in.')], { error: 'Vul de juiste waarde in.' }),
  reason: z
    .string({ error: 'Geef aan waarom de meting wordt gecorrigeerd.' })
    .trim()
    .min(3, 'Geef aan waarom de meting wordt gecorrigeerd.')
    .max(300, 'De reden mag maximaal 300 tekens lang zijn.'),
});

/** One measure's value checked like the form does (for a correction). */
export function measureValue(code: string, value: unknown) {
  return z.object({ value: measure(code) }).safeParse({ value });
}
