import { ownsAppointment } from '../shared/ownership';
import {
  addClinicalDays,
  clockTime,
  dutchDay,
  formatDate,
  formatTime,
  isWeekday,
  minutesIntoDay,
  weekdayOf,
  weekdays,
} from '../shared/clinical-time';
import { rangeForLabel, timeIn } from '../agenda/agenda.dates';
import { appointmentTypeLabels, type AppointmentType } from '../agenda/agenda.schemas';
import { noShowRefusal, type AppointmentView } from '../agenda/agenda.service';
import { listAgenda, readAppointment } from '../agenda/agenda.use-cases';
import { runUseCaseWithin } from '../audit/use-case';
import type { AuditActor } from '../audit/audit.service';
import type { EntityManager } from '../db/orm';
import type { GpLetterView } from '../gp-letter/gp-letter.service';
import { letterOfAppointment } from '../gp-letter/gp-letter.use-cases';
import { lookUpPatients } from '../patient/patient.use-cases';
import { displayName, findPatient } from '../patient/patient.service';
import { AppError } from '../shared/errors';
import { capitaliseFirst } from '../shared/text';
import { parseOrThrow } from '../shared/validation';
import { parseNoShowCommand } from './noshow.command';
import { findNoShowSchema } from './noshow.schemas';

/** What the app knows of an appointment's no-show in the database; the process state is added from Temporal. */
export interface NoShowRecord {
  appointment: AppointmentView;
  patient: { id: string; name: string; birthDate: string | null };
  gp: { name: string | null; practice: string | null } | null;
  letter: GpLetterView | null;
}

export async function noShowRecord(em: EntityManager, actor: AuditActor, appointmentId: string): Promise<NoShowRecord> {
  const appointment = await runUseCaseWithin(em, actor, readAppointment, { id: appointmentId });
  const patient = await findPatient(em, appointment.patientId);
  const letter = await runUseCaseWithin(em, actor, letterOfAppointment, { appointmentId: appointment.id, patientId: patient.id });
  return {
    appointment,
    patient: { id: patient.id, name: displayName(patient), birthDate: patient.birthDate ?? null },
    gp: letter ? letter.gp : null,
    letter,
  };
}

export interface NoShowCandidate {
  appointmentId: string;
  patientId: string;
  patientName: string;
  start: string;
  type: string;
  status: string;
  /** "Behandelgesprek maandag 23 november 10:00 met Jan de Vries", with the birth date when two patients could be meant. */
  label: string;
}

/** A no-show names the time roughly: an appointment that began within the hour around it counts. */
const nearMinutes = 60;
const lastMinute = 24 * 60 - 1;
const searchScore = 0.8;
const searchMargin = 0.08;
const noShowStatuses: readonly string[] = ['gepland', 'verplaatst', 'niet-verschenen'];

/**
 * The day a no-show sentence means: today, yesterday, or the last such weekday (a no-show lies in
 * the past). Without a day, a time not yet reached today is the last time it was: at 00:20,
 * "zijn afspraak van 23:30" was yesterday's.
 */
function pastDay(label: string | undefined, now: Date, minutes: number | null) {
  const today = weekdays.indexOf(weekdayOf(now));
  const unnamed = !label && minutes !== null && minutes > minutesIntoDay(now) ? 'gisteren' : label;
  const back =
    !unnamed || unnamed === 'vandaag'
      ? 0
      : unnamed === 'gisteren'
        ? 1
        : isWeekday(unnamed)
          ? (today - weekdays.indexOf(unnamed) + 7) % 7
          : null;
  if (back === null) throw AppError.validation({ date: 'Noem de dag als vandaag, gisteren of een weekdag.' });
  return { ...rangeForLabel('vandaag', addClinicalDays(now, -back))!, label: unnamed ?? 'vandaag' };
}

/**
 * The clinician's own appointments that a no-show sentence can mean: of the patient the name
 * clearly points at (or the few it could be), on the day named (today by default), already begun,
 * at the time named. The chat shows one to confirm, or several to choose from.
 */
export async function findNoShowAppointments(em: EntityManager, actor: AuditActor, query: unknown, now = new Date()) {
  const parsed = parseOrThrow(findNoShowSchema, query);
  const command = parsed.q ? parseNoShowCommand(parsed.q) : null;
  if (parsed.q && !command?.patientName) {
    throw AppError.validation({
      q: 'Noem de patiënt en de tijd, bijvoorbeeld: Jan de Vries is niet verschenen op zijn afspraak van 10:00.',
    });
  }
  const patientName = parsed.patientName ?? command!.patientName!;
  const time = parsed.time ?? command?.time ?? null;
  const minutes = time ? timeIn(time) : null;
  if (time && minutes === null) throw AppError.validation({ time: 'Geef de tijd als uu:mm, bijvoorbeeld 10:00.' });
  const day = pastDay(parsed.date ?? command?.dateLabel ?? undefined, now, minutes);

  const results = await runUseCaseWithin(em, actor, lookUpPatients, { query: { q: patientName, limit: 5 } });
  const best = results[0]?.score ?? 0;
  const patients = results.filter((result) => result.score >= searchScore && best - result.score < searchMargin);
  const appointments: AppointmentView[] = [];
  for (const patient of patients)
    appointments.push(...(await runUseCaseWithin(em, actor, listAgenda, { range: day, filter: { patientId: patient.id } })).appointments);
  // The nearest to the time named first (to now without a time); a picker when more than one fits.
  const distance = (appointment: AppointmentView) =>
    Math.abs(minutesIntoDay(new Date(appointment.start)) - (minutes ?? minutesIntoDay(now)));
  const candidates = appointments
    .filter(
      (appointment) =>
        ownsAppointment(actor, appointment) &&
        noShowStatuses.includes(appointment.status) &&
        noShowRefusal(appointment, now) === null &&
        (minutes === null || distance(appointment) <= nearMinutes),
    )
    .sort((a, b) => distance(a) - distance(b) || a.start.localeCompare(b.start));
  const severalPatients = new Set(candidates.map((appointment) => appointment.patientId)).size > 1;
  const born = new Map(patients.map((patient) => [patient.id, patient.birthDate]));
  return {
    // The hour searched around the time named, for the message when nothing fits.
    query: {
      patientName,
      time: minutes === null ? null : clockTime(minutes),
      date: day.label,
      window:
        minutes === null
          ? null
          : { from: clockTime(Math.max(0, minutes - nearMinutes)), to: clockTime(Math.min(lastMinute, minutes + nearMinutes)) },
    },
    appointments: candidates.map((appointment): NoShowCandidate => {
      const birthDate = born.get(appointment.patientId);
      const who = severalPatients && birthDate ? `${appointment.patientName} (geb. ${formatDate(birthDate)})` : appointment.patientName;
      return {
        appointmentId: appointment.id,
        patientId: appointment.patientId,
        patientName: appointment.patientName,
        start: appointment.start,
        type: appointment.type,
        status: appointment.status,
        label: `${capitaliseFirst((appointmentTypeLabels[appointment.type as AppointmentType] ?? appointment.type).toLowerCase())} ${dutchDay(new Date(appointment.start))} ${formatTime(appointment.start)} met ${who}`,
      };
    }),
  };
}
