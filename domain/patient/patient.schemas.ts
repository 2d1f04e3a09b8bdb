import { z } from '../shared/validation';
import { isValidBsn } from './bsn';
import { clinicalToday, isCalendarDate, plausibleDates } from '../shared/clinical-time';

export const episodeStatuses = ['planned', 'screening', 'active', 'finished', 'cancelled'] as const;
export type EpisodeStatus = (typeof episodeStatuses)[number];
export const statusFilters = ['all', 'planned', 'screening', 'active', 'finished', 'cancelled'] as const;
export type StatusFilter = (typeof statusFilters)[number];

export const episodeStatusLabels: Record<EpisodeStatus, string> = {
  planned: 'Gepland',
  screening: 'Screening',
  active: 'In behandeling',
  finished: 'Afgerond',
  cancelled: 'Geannuleerd',
};

export const genders = ['male', 'female', 'other', 'unknown'] as const;
export type Gender = (typeof genders)[number];
export const genderLabels: Record<Gender, string> = { male: 'Man', female: 'Vrouw', other: 'Anders', unknown: 'Onbekend' };

/** One rule for phone numbers and e-mail addresses, for the patient and the contact persons. */
export const phoneMessage = 'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678.';
export const isPhone = (value: string): boolean => /^\+?[0-9 ()-]{8,20}$/.test(value);
export const emailMessage = 'Vul een geldig e-mailadres in.';
export const isEmail = (value: string): boolean => z.email().safeParse(value).success;

/** Empty form fields and absent JSON fields both mean "not given". */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .nullable()
    .transform((value) => (value ? value : undefined));

const postalCode = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((value) => (value ? value.toUpperCase().replace(/\s+/g, '') : undefined))
  .refine(
    (value) => value === undefined || /^[1-9]\d{3}(?!SA|SD|SS)[A-Z]{2}$/.test(value),
    'Vul een geldige postcode in, bijvoorbeeld 1234 AB.',
  )
  .transform((value) => (value ? `${value.slice(0, 4)} ${value.slice(4)}` : undefined));

const bsn = z
  .string()
  .optional()
  .nullable()
  .transform((value) => (value ? value.replace(/[\s.-]/g, '') : undefined))
  .refine((value) => value === undefined || /^\d{9}$/.test(value), 'Een BSN bestaat uit precies 9 cijfers.')
  .refine(
    (value) => value === undefined || !/^\d{9}$/.test(value) || isValidBsn(value),
    'Dit BSN is ongeldig: het voldoet niet aan de elfproef.',
  );

const birthDate = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((value) => (value ? value : undefined))
  .refine(
    // Before 1900 has its own message below.
    (value) => value === undefined || isCalendarDate(value) || (/^\d{4}-\d{2}-\d{2}$/.test(value) && value < plausibleDates.earliest),
    'Vul een geldige geboortedatum in.',
  )
  .refine((value) => value === undefined || value <= clinicalToday(), 'De geboortedatum kan niet in de toekomst liggen.')
  .refine((value) => value === undefined || value >= '1900-01-01', 'Vul een geboortedatum na 1900 in.');

/** Kamer/bed: "K12", "Kamer 3 bed 2", "Separeer 1". One line, at most this many characters (the database holds the same bound). */
export const roomMaxLength = 20;
export const roomTooLong = `De kamer is te lang: gebruik maximaal ${roomMaxLength} tekens, bijvoorbeeld "K12" of "Kamer 3 bed 2".`;
const roomText = z
  .string({ error: 'Vul de kamer in als tekst, bijvoorbeeld "K12".' })
  .trim()
  .max(roomMaxLength, roomTooLong)
  .refine((value) => !/[\r\n\t]/.test(value), 'Een kamer past op één regel, zonder tabs of regeleinden.');

/** Absent: the room stays as it is; empty or null: no room any more. */
export const roomField = roomText
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

/** `PATCH /api/patients/{id}`: the ward's data of the patient (now: the room); demographics change through FHIR `PUT`. */
export const patientPatchSchema = z.strictObject(
  { room: roomText.nullable().transform((value) => value || null) },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Alleen de kamer ("room") kan hier worden gewijzigd; andere gegevens wijzig je via FHIR PUT of het formulier.'
        : 'Stuur een JSON-object met de kamer, bijvoorbeeld {"room": "K12"}.',
  },
);

/** One schema for the form, the FHIR API and the assistant. */
export const patientInputSchema = z
  .object({
    namePrefix: optionalText(30, 'Het voorvoegsel is te lang.'),
    nameGiven: z
      .array(z.string().trim().min(1, 'Een voornaam mag niet leeg zijn.').max(60, 'Een voornaam is te lang.'), {
        error: 'Vul de voornamen in als lijst.',
      })
      .max(10, 'Vul maximaal 10 voornamen in.')
      .default([]),
    familyName: optionalText(100, 'De achternaam is te lang.'),
    bsn,
    johnDoe: z.boolean({ error: 'Geef aan of dit een onbekende patiënt (NN) is.' }).default(false),
    birthDate,
    gender: z.enum(genders, { error: 'Kies een geslacht uit de lijst.' }).default('unknown'),
    address: z
      .object({
        street: optionalText(120, 'De straat is te lang.'),
        postalCode,
        city: optionalText(80, 'De woonplaats is te lang.'),
      })
      .prefault({}),
    contact: z
      .object({
        phone: optionalText(20, 'Het telefoonnummer is te lang.').refine((value) => value === undefined || isPhone(value), phoneMessage),
        email: optionalText(254, 'Het e-mailadres is te lang.').refine((value) => value === undefined || isEmail(value), emailMessage),
      })
      .prefault({}),
    insurance: z
      .object({
        company: optionalText(100, 'De naam van de zorgverzekeraar is te lang.'),
        policyNumber: optionalText(40, 'Het polisnummer is te lang.'),
      })
      .prefault({}),
    episodeStatus: z.enum(episodeStatuses, { error: 'Kies een geldige status.' }).optional(),
    room: roomField,
  })
  .superRefine((patient, ctx) => {
    if (patient.johnDoe) return;
    if (!patient.bsn) ctx.addIssue({ code: 'custom', path: ['bsn'], message: 'Vul het BSN in, of markeer de patiënt als onbekend (NN).' });
    if (!patient.familyName) ctx.addIssue({ code: 'custom', path: ['familyName'], message: 'Vul de achternaam in.' });
    if (patient.nameGiven.length === 0) ctx.addIssue({ code: 'custom', path: ['nameGiven'], message: 'Vul minimaal één voornaam in.' });
    if (!patient.birthDate) ctx.addIssue({ code: 'custom', path: ['birthDate'], message: 'Vul de geboortedatum in.' });
  });

export type PatientInput = z.input<typeof patientInputSchema>;
export type ValidPatientInput = z.output<typeof patientInputSchema>;

export const patientListQuerySchema = z.object({
  status: z.enum(statusFilters, { error: 'Kies een status: all, planned, screening, active, finished of cancelled.' }).default('all'),
  limit: z.coerce
    .number({ error: 'Geef een getal op.' })
    .int('Geef een heel getal op.')
    .min(1, 'Minimaal 1.')
    .max(100, 'Maximaal 100 per pagina.')
    .default(25),
  offset: z.coerce
    .number({ error: 'Geef een getal op.' })
    .int('Geef een heel getal op.')
    .min(0, 'Minimaal 0.')
    .max(1_000_000, 'De offset is te groot.')
    .default(0),
});

/** The patient list's orders: newest change first, or most urgent alerts first (the handover's alert definition). */
export const patientOrders = ['recent', 'urgentie'] as const;
export type PatientOrder = (typeof patientOrders)[number];
export const patientOrderLabels: Record<PatientOrder, string> = { recent: 'Laatst gewijzigd', urgentie: 'Urgentie' };

export const wardListQuerySchema = patientListQuerySchema.extend({
  order: z.enum(patientOrders, { error: 'Kies een volgorde: recent of urgentie.' }).default('recent'),
});

export const patientSearchQuerySchema = z.object({
  q: z.string({ error: 'Vul een zoekterm in.' }).trim().min(1, 'Vul een zoekterm in.').max(100, 'De zoekterm is te lang.'),
  status: z.enum(statusFilters, { error: 'Kies een geldige status.' }).default('all'),
  limit: z.coerce.number().int().min(1, 'Minimaal 1.').max(50, 'Maximaal 50 resultaten.').default(20),
});
