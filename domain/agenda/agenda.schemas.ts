import { isPlausibleInstant, startOfClinicalDay } from '../shared/clinical-time';
import { cancelReasonCodes, cancelReasonProblem } from './cancel-reasons';
import { z } from '../shared/validation';

export const appointmentTypes = [
  'behandelgesprek',
  'intake',
  'medicatiecontrole',
  'groepstherapie',
  'crisisoverleg',
  'somatisch',
  'overig',
] as const;
export type AppointmentType = (typeof appointmentTypes)[number];
export const appointmentTypeLabels: Record<AppointmentType, string> = {
  behandelgesprek: 'Behandelgesprek',
  intake: 'Intake',
  medicatiecontrole: 'Medicatiecontrole',
  groepstherapie: 'Groepstherapie',
  crisisoverleg: 'Crisisoverleg',
  somatisch: 'Somatisch consult',
  overig: 'Overig',
};

/** The lengths the agenda's form offers, in minutes. */
export const appointmentDurations = [15, 30, 45, 60, 90, 120] as const;

export const appointmentStatuses = ['gepland', 'geannuleerd', 'verplaatst', 'afgerond', 'niet-verschenen'] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];
export const appointmentStatusLabels: Record<AppointmentStatus, string> = {
  gepland: 'Gepland',
  verplaatst: 'Verplaatst',
  geannuleerd: 'Geannuleerd',
  'niet-verschenen': 'Niet verschenen',
  afgerond: 'Afgerond',
};
/** The statuses the agenda's legend explains, in the order a day runs. */
export const shownStatuses = [
  'gepland',
  'verplaatst',
  'afgerond',
  'niet-verschenen',
  'geannuleerd',
] as const satisfies readonly AppointmentStatus[];

const instant = (message: string) =>
  z
    .string({ error: message })
    .refine(
      (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && isPlausibleInstant(value),
      message,
    )
    .transform((value) => new Date(value));

const isoWithOffset = 'Geef een tijdstip als ISO 8601 met tijdzone, bijvoorbeeld 2026-11-23T10:00:00+01:00.';

export const createAppointmentSchema = z
  .object({
    patientId: z.uuid('Kies een bestaande patiënt.'),
    start: instant(isoWithOffset),
    end: instant(isoWithOffset).optional(),
    type: z.enum(appointmentTypes, { error: 'Kies een soort afspraak.' }),
    location: z.string().trim().max(120, 'De locatie is te lang.').optional(),
    practitionerId: z.uuid('Kies een bestaande behandelaar.').optional(),
  })
  .refine((value) => !value.end || value.end > value.start, { path: ['end'], message: 'Het einde moet na het begin liggen.' });

export {
  cancelReasonCodes,
  cancelReasonLabels,
  cancelReasonMessages,
  cancelReasonText,
  cancelUndoMinutes,
  cancellationUndoableUntil,
  type CancelReasonCode,
} from './cancel-reasons';

/** The appointment a change is about, read before the rest of the request. */
export const appointmentTargetSchema = z.object({ appointmentId: z.uuid('Kies een bestaande afspraak.') });

/** Cancelling takes a reason (CONTRACT §7): one of the choices, a free text, or both; ‘Anders’ needs the text. */
export const cancelAppointmentSchema = z
  .object({
    appointmentId: z.uuid('Kies een bestaande afspraak.'),
    reasonCode: z.enum(cancelReasonCodes, { error: 'Kies een van de redenen.' }).optional(),
    reason: z.string().trim().max(300, 'De reden is te lang.').optional(),
  })
  .superRefine((value, ctx) => {
    const problem = cancelReasonProblem(value.reasonCode, value.reason);
    if (problem) ctx.addIssue({ code: 'custom', path: ['reason'], message: problem });
  });

/** Undoing a cancellation made a moment ago: the appointment alone; the status it goes back to is the one it kept (ADR 0075). */
export const restoreCancellationSchema = z.object({ appointmentId: z.uuid('Kies een bestaande afspraak.') });

export const rescheduleAppointmentSchema = z
  .object({
    appointmentId: z.uuid('Kies een bestaande afspraak.'),
    start: instant(isoWithOffset),
    end: instant(isoWithOffset).optional(),
  })
  .refine((value) => !value.end || value.end > value.start, { path: ['end'], message: 'Het einde moet na het begin liggen.' });

/** Undoing a move: the appointment goes back to where and what it was before (the page's "Ongedaan maken"). */
export const restoreScheduleSchema = z
  .object({
    appointmentId: z.uuid('Kies een bestaande afspraak.'),
    start: instant(isoWithOffset),
    end: instant(isoWithOffset),
    status: z.enum(['gepland', 'verplaatst'], { error: 'Een verplaatsing kan alleen naar gepland of verplaatst terug.' }),
  })
  .refine((value) => value.end > value.start, { path: ['end'], message: 'Het einde moet na het begin liggen.' });

const dayOrInstantMessage =
  'Geef een datum (2026-11-23) of een tijdstip als ISO 8601 met tijdzone, bijvoorbeeld 2026-11-23T10:00:00+01:00.';

/**
 * A query bound: an instant with offset, or a plain date meaning whole days in Europe/Amsterdam
 * (`start` from the beginning of that day, `end` up to and including that day).
 */
const dayOrInstant = (edge: 'start' | 'end') =>
  z.union(
    [
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .transform((value, ctx) => {
          const day = startOfClinicalDay(value, { dayAfter: edge === 'end' });
          if (day) return day;
          ctx.addIssue({ code: 'custom', message: dayOrInstantMessage });
          return z.NEVER;
        }),
      instant(dayOrInstantMessage),
    ],
    { error: dayOrInstantMessage },
  );

export const agendaQuerySchema = z.object({
  start: dayOrInstant('start').optional(),
  end: dayOrInstant('end').optional(),
  label: z.string().trim().toLowerCase().max(40, 'Het datumlabel is te lang.').optional(),
  /** Only this patient's appointments (the chat's "afspraken van …"). */
  patientId: z.uuid('Kies een bestaande patiënt.').optional(),
  /** `mij`: only the user's own appointments, as on the agenda page. */
  van: z.literal('mij', 'Gebruik van=mij voor je eigen afspraken.').optional(),
});
