import { calendarDate, instant, nullableText, reasonText, z } from '../shared/validation';
import { coerciveMeasureKindKeys, legalBases, legalStatusKindKeys } from './coercive-care.vocabulary';

/** Forms and API share these; every message is Dutch and names the field. */

const isoDate = calendarDate;

/** An instant with its offset ("2026-11-25T14:05:00+01:00"), not more than a few minutes ahead of the clock. */
const pastInstant = (missing: string, future: string) =>
  instant(missing).refine((value) => value.getTime() <= Date.now() + 5 * 60_000, future);

export const legalStatusSchema = z
  .object({
    kind: z.enum(legalStatusKindKeys, { error: 'Kies de rechtspositie.' }),
    startsOn: isoDate('Vul een geldige ingangsdatum in.'),
    endsOn: z
      .union([isoDate('Vul een geldige einddatum in, of laat het veld leeg.'), z.literal('')])
      .optional()
      .nullable()
      .transform((value) => value || null),
    note: nullableText(1000, 'De toelichting mag maximaal 1000 tekens lang zijn.'),
  })
  .refine((value) => !value.endsOn || value.endsOn >= value.startsOn, {
    path: ['endsOn'],
    message: 'De einddatum ligt voor de ingangsdatum.',
  });

export type LegalStatusInput = z.output<typeof legalStatusSchema>;

/** A correction says what the status should have been, and why; the old row stays, marked. */
export const correctLegalStatusSchema = legalStatusSchema.and(
  z.object({ reason: reasonText('Geef aan waarom de rechtspositie wordt gecorrigeerd.') }),
);

export const coerciveMeasureSchema = z.object({
  kind: z.enum(coerciveMeasureKindKeys, { error: 'Kies de vorm van verplichte zorg.' }),
  startedAt: pastInstant('Vul de datum en het tijdstip van de start in.', 'De start kan niet in de toekomst liggen.'),
  legalBasis: z.enum(legalBases, { error: 'Kies de grondslag: de huidige maatregel of een noodsituatie.' }),
  decidedBy: z
    .string({ error: 'Vul de naam in van de verantwoordelijke die besloot.' })
    .trim()
    .min(2, 'Vul de naam in van de verantwoordelijke die besloot.')
    .max(120, 'De naam mag maximaal 120 tekens lang zijn.'),
  note: nullableText(1000, 'De toelichting mag maximaal 1000 tekens lang zijn.'),
});

export const endMeasureSchema = z.object({
  endedAt: pastInstant('Vul de datum en het tijdstip van het einde in.', 'Het einde kan niet in de toekomst liggen.'),
  note: nullableText(1000, 'De toelichting mag maximaal 1000 tekens lang zijn.'),
});

export const evaluationSchema = z.object({
  evaluatedAt: pastInstant('Vul de datum en het tijdstip van de evaluatie in.', 'De evaluatie kan niet in de toekomst liggen.'),
  evaluatedBy: z
    .string({ error: 'Vul in wie evalueerde.' })
    .trim()
    .max(120, 'De naam mag maximaal 120 tekens lang zijn.')
    .optional()
    .transform((value) => value || null),
  text: z
    .string({ error: 'Beschrijf de evaluatie.' })
    .trim()
    .min(3, 'Beschrijf de evaluatie.')
    .max(2000, 'De evaluatie mag maximaal 2000 tekens lang zijn.'),
});
