import { isUuid } from '../shared/ids';
import { calendarDate, instant, numeral, z } from '../shared/validation';
import { administrationStatuses, orderKinds } from './medication.entity';
import { productByCode, routes } from './products';
import { maxMinIntervalMinutes } from './safety-rules';

const isoDate = calendarDate;
const time = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "08:00, 20:00" as typed, or a list from the API → sorted distinct HH:MM. */
const times = z
  .union([z.string(), z.array(z.string())], { error: 'Geef de tijdstippen, bijvoorbeeld 08:00, 20:00.' })
  .transform((value) => (typeof value === 'string' ? value.split(/[,;\s]+/) : value).map((entry) => entry.trim()).filter(Boolean))
  .refine((value) => value.every((entry) => time.test(entry)), 'Geef de tijdstippen als uu:mm, bijvoorbeeld 08:00, 20:00.')
  .transform((value) => [...new Set(value)].sort());

const intervalMessage = `Geef de minimale tijd tussen twee giften in minuten (0 tot ${maxMinIntervalMinutes}).`;

export const prescribeSchema = z
  .object({
    productCode: z
      .string({ error: 'Kies een middel uit de lijst.' })
      .refine((code) => productByCode.has(code), 'Kies een middel uit de lijst.'),
    dose: z
      .string({ error: 'Vul de dosis in, bijvoorbeeld 1 tablet of 5 mg.' })
      .trim()
      .min(1, 'Vul de dosis in, bijvoorbeeld 1 tablet of 5 mg.')
      .max(60, 'De dosis mag maximaal 60 tekens lang zijn.'),
    route: z.enum(routes, { error: 'Kies een toedieningsweg.' }).optional(),
    kind: z.enum(orderKinds, { error: 'Kies vaste tijden of zo nodig.' }),
    times: times.optional(),
    indication: z.string().trim().max(200, 'De indicatie mag maximaal 200 tekens lang zijn.').optional(),
    maxPerDay: z
      .preprocess(
        numeral,
        z
          .number({ error: 'Geef het maximum aantal keer per 24 uur (1 tot 24).' })
          .int('Geef het maximum aantal keer per 24 uur (1 tot 24).')
          .min(1, 'Geef het maximum aantal keer per 24 uur (1 tot 24).')
          .max(24, 'Geef het maximum aantal keer per 24 uur (1 tot 24).'),
      )
      .optional(),
    minIntervalMinutes: z
      .preprocess(
        numeral,
        z.number({ error: intervalMessage }).int(intervalMessage).min(0, intervalMessage).max(maxMinIntervalMinutes, intervalMessage),
      )
      .optional(),
    /** Overrides the safety warnings this prescription raises (ADR 60); stored with the order. */
    overrideReason: z.string().trim().max(500, 'De reden mag maximaal 500 tekens lang zijn.').optional(),
    startDate: isoDate('Geef een geldige startdatum.'),
    endDate: isoDate('Geef een geldige einddatum.').optional(),
    note: z.string().trim().max(500, 'De toelichting mag maximaal 500 tekens lang zijn.').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'vast' && !value.times?.length)
      ctx.addIssue({ code: 'custom', path: ['times'], message: 'Geef minstens één tijdstip, bijvoorbeeld 08:00.' });
    if (value.kind === 'zo-nodig' && !value.indication)
      ctx.addIssue({ code: 'custom', path: ['indication'], message: 'Geef de indicatie, bijvoorbeeld onrust of slapeloosheid.' });
    if (value.kind === 'zo-nodig' && value.maxPerDay === undefined)
      ctx.addIssue({ code: 'custom', path: ['maxPerDay'], message: 'Geef het maximum aantal keer per 24 uur (1 tot 24).' });
    if (value.endDate && value.endDate < value.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'De einddatum ligt voor de startdatum.' });
  });
export type Prescription = z.output<typeof prescribeSchema>;

const reason = z.string().trim().max(300, 'De reden mag maximaal 300 tekens lang zijn.').optional();

/** The colleague who checked a dose of high-risk medication with the nurse who gives it (ADR 60). */
const doubleCheckedBy = z
  .string({ error: 'Kies de collega die de dosis controleerde.' })
  .trim()
  .refine((value) => value === '' || isUuid(value), 'Kies de collega die de dosis controleerde.')
  .transform((value) => value || undefined)
  .optional();

/** A dose at a fixed time: given, refused or not given; the last two with their reason. */
export const scheduledDoseSchema = z
  .object({
    scheduledFor: instant('Geef het tijdstip van de dosis.'),
    status: z.enum(administrationStatuses, { error: 'Kies gegeven, geweigerd of niet gegeven.' }),
    reason,
    doubleCheckedBy,
  })
  .superRefine((value, ctx) => {
    if (value.status === 'geweigerd' && !value.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Geef aan waarom de patiënt de medicatie weigerde.' });
    if (value.status === 'niet-gegeven' && !value.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Geef aan waarom de dosis niet is gegeven.' });
  });

/**
 * How long after a zo-nodig dose its registration still counts as "now" (ADR 45): later, the
 * registration is "nagekomen" and says why it is late.
 */
export const lateRegistrationMinutes = 30;

/** A zo-nodig dose: always given, with the reason for giving it; registered late, with why. */
export const prnDoseSchema = z.object({
  reason: z
    .string({ error: 'Geef de reden voor deze zo-nodig-gift.' })
    .trim()
    .min(3, 'Geef de reden voor deze zo-nodig-gift.')
    .max(300, 'De reden mag maximaal 300 tekens lang zijn.'),
  administeredAt: instant('Geef een geldig tijdstip van de gift.')
    .refine((value) => value.getTime() <= Date.now() + 5 * 60_000, 'Een gift kan niet in de toekomst liggen.')
    .optional(),
  lateReason: z.string().trim().max(300, 'De reden mag maximaal 300 tekens lang zijn.').optional(),
  doubleCheckedBy,
});

export const effectSchema = z.object({
  effect: z
    .string({ error: 'Beschrijf het effect van de gift.' })
    .trim()
    .min(3, 'Beschrijf het effect van de gift.')
    .max(500, 'Het effect mag maximaal 500 tekens lang zijn.'),
});

export const stopSchema = z.object({
  reason: z
    .string({ error: 'Geef de reden om te stoppen.' })
    .trim()
    .min(3, 'Geef de reden om te stoppen.')
    .max(300, 'De reden mag maximaal 300 tekens lang zijn.'),
});
