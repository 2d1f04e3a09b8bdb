import { calendarDate, instant, nullableText, z } from '../shared/validation';
import {
  allergySeverities,
  coerciveMeasureKindKeys,
  legalBases,
  legalStatusKindKeys,
  signaleringsplanPhases,
  type SignaleringsplanPhase,
} from './legal.vocabulary';

/** Forms and API share these; every message is Dutch and names the field. */

const isoDate = calendarDate;

/** An instant with its offset ("2026-11-25T14:05:00+01:00"), not more than a few minutes ahead of the clock. */
const pastInstant = (missing: string, future: string) =>
  instant(missing).refine((value) => value.getTime() <= Date.now() + 5 * 60_000, future);

const reason = (message: string) =>
  z.string({ error: message }).trim().min(3, message).max(300, 'De reden mag maximaal 300 tekens lang zijn.');

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
  z.object({ reason: reason('Geef aan waarom de rechtspositie wordt gecorrigeerd.') }),
);

export const allergySchema = z.object({
  substance: z
    .string({ error: 'Vul de stof of het middel in.' })
    .trim()
    .min(2, 'Vul de stof of het middel in.')
    .max(120, 'De stof mag maximaal 120 tekens lang zijn.'),
  reaction: nullableText(300, 'De reactie mag maximaal 300 tekens lang zijn.'),
  severity: z.enum(allergySeverities, { error: 'Kies de ernst: licht, matig of ernstig.' }),
});

export const lapseAllergySchema = z.object({ reason: reason('Geef aan waarom de allergie vervalt.') });

const planText = (phase: string, part: string) =>
  z
    .string({ error: `${phase}: vul ${part} in.` })
    .trim()
    .max(1000, `${phase}: ${part} mag maximaal 1000 tekens lang zijn.`);

const phaseSchema = (key: SignaleringsplanPhase) => {
  const phase = signaleringsplanPhases.find((candidate) => candidate.key === key)!.label;
  return z.object(
    {
      signals: planText(phase, 'de signalen').min(1, `${phase}: vul de signalen in.`),
      patientActions: planText(phase, 'wat de patiënt zelf doet').optional().default(''),
      teamActions: planText(phase, 'wat het team doet').min(1, `${phase}: vul in wat het team doet.`),
    },
    { error: `Vul de fase ${phase} in.` },
  );
};

/** Every phase needs its signals and what the team does; what the patient does is optional. */
export const signaleringsplanSchema = z.object({
  phases: z.object(
    { groen: phaseSchema('groen'), oranje: phaseSchema('oranje'), rood: phaseSchema('rood') },
    { error: 'Vul de fasen van het signaleringsplan in.' },
  ),
});

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
