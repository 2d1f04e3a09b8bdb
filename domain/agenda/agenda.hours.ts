import { clinicalDate, clockTime, dutchDay, formatTime, minutesIntoDay } from '../shared/clinical-time';
import { appointmentTypeLabels, type AppointmentType } from './agenda.schemas';

/*
 * When the ward's agenda holds appointments: the hours the week grid opens on, and the kinds of
 * appointment that are held on a weekday only. A ward works every day, but a group therapy or an
 * intake is not planned on a Sunday; a crisis meeting or a medication check is.
 */
export const agendaHours = { first: 7, last: 21 } as const;
export const weekdayOnlyTypes: readonly AppointmentType[] = ['behandelgesprek', 'intake', 'groepstherapie'];

/**
 * What a clinician should know before an appointment of this kind is put at this moment, in
 * Dutch: outside the agenda's hours, or on a Saturday or Sunday for a kind not held then. Empty
 * when nothing stands out. Shown in the assistant's block before "Bevestigen"; it does not refuse.
 */
export function scheduleWarnings(type: string, start: Date | string): string[] {
  const warnings: string[] = [];
  const minutes = minutesIntoDay(start);
  if (minutes < agendaHours.first * 60 || minutes >= agendaHours.last * 60)
    warnings.push(
      `${formatTime(start)} valt buiten de agendatijden (${clockTime(agendaHours.first * 60)}–${clockTime(agendaHours.last * 60)}).`,
    );
  const weekday = clinicalDate(start).getDay();
  const kind = type as AppointmentType;
  if ((weekday === 0 || weekday === 6) && weekdayOnlyTypes.includes(kind))
    warnings.push(`Een ${appointmentTypeLabels[kind].toLowerCase()} wordt in het weekend niet gehouden (${dutchDay(start)}).`);
  return warnings;
}
