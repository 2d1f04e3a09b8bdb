import { TZDate } from '@date-fns/tz';
import { addDays, startOfWeek } from 'date-fns';
import { clinicalTimeZone, isoDay, minutesIntoDay, startOfClinicalDayOf, weekdays, weekdaysFromMonday } from '../shared/clinical-time';

/** The day words the agenda understands, as the assistant and the API accept them. */
export const dateLabels = ['vandaag', 'morgen', 'overmorgen', 'deze week', 'volgende week', ...weekdaysFromMonday];

export interface DateRange {
  start: Date;
  end: Date;
}

/** "morgen", "deze week", "vrijdag" → a range of whole days on the ward's clock; null when unknown. */
export function rangeForLabel(label: string, now = new Date()): DateRange | null {
  const range = localRange(label, now);
  return range ? { start: new Date(range.start.getTime()), end: new Date(range.end.getTime()) } : null;
}

function localRange(label: string, now: Date): DateRange | null {
  const today = startOfClinicalDayOf(now);
  const days = (from: number, count: number) => ({ start: addDays(today, from), end: addDays(today, from + count) });
  switch (label) {
    case 'vandaag':
      return days(0, 1);
    case 'morgen':
      return days(1, 1);
    case 'overmorgen':
      return days(2, 1);
    case 'deze week': {
      const monday = startOfWeek(today, { weekStartsOn: 1 });
      return { start: monday, end: addDays(monday, 7) };
    }
    case 'volgende week': {
      const monday = addDays(startOfWeek(today, { weekStartsOn: 1 }), 7);
      return { start: monday, end: addDays(monday, 7) };
    }
    default: {
      const weekday = (weekdays as readonly string[]).indexOf(label);
      if (weekday < 0) return null;
      // The coming such day; said on that day itself, it means today.
      return days((weekday - today.getDay() + 7) % 7, 1);
    }
  }
}

export type AgendaView = 'dag' | 'week' | 'werkweek';

function dayOf(isoDate: string): TZDate {
  return startOfClinicalDayOf(new TZDate(`${isoDate}T12:00:00`, clinicalTimeZone));
}

/** The days an agenda view shows around a date: one day, Monday–Sunday, or Monday–Friday. */
export function viewDays(view: AgendaView, isoDate: string): TZDate[] {
  const day = dayOf(isoDate);
  if (view === 'dag') return [day];
  const monday = startOfWeek(day, { weekStartsOn: 1 });
  return Array.from({ length: view === 'week' ? 7 : 5 }, (_, index) => addDays(monday, index));
}

/** "10:00", "10.30", "10 uur" → minutes into the day; null when the words name no time. */
export function timeIn(text: string | undefined): number | null {
  const match = text?.match(/\b(\d{1,2})[:.](\d{2})\b/) ?? text?.match(/\b(\d{1,2})\s*uur\b/);
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2] ?? 0)];
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

export function shiftDays(isoDate: string, view: AgendaView, direction: 1 | -1): string {
  return isoDay(addDays(dayOf(isoDate), direction * (view === 'dag' ? 1 : 7)));
}

/** The view the agenda opens in: the whole week, Monday to Sunday, because a ward works every day. */
export const defaultAgendaView: AgendaView = 'week';

function isWeekend(day: TZDate): boolean {
  return day.getDay() === 0 || day.getDay() === 6;
}

/** The date an agenda opens on, and where "Vandaag" goes: today, on every day of the week. */
export function defaultAgendaDate(now = new Date()): string {
  return isoDay(startOfClinicalDayOf(now));
}

/**
 * The view "Vandaag" opens: the one in use, unless that is the work week and today is a Saturday
 * or Sunday (Monday to Friday would not show today); then the whole week.
 */
export function todayView(view: AgendaView, now = new Date()): AgendaView {
  return view === 'werkweek' && isWeekend(startOfClinicalDayOf(now)) ? 'week' : view;
}

/**
 * The hours a view's grid shows. A day view is the ward's whole day, night included (00:00–24:00);
 * a week shows 07:00–21:00, widened to the whole hours of any appointment outside them, so that a
 * night appointment is drawn at its own time, never clamped to the edge.
 */
export function gridHours(view: AgendaView, appointments: readonly { start: string; end: string }[]): { first: number; last: number } {
  if (view === 'dag') return { first: 0, last: 24 };
  let [first, last] = [7, 21];
  for (const appointment of appointments) {
    const start = minutesIntoDay(appointment.start);
    const sameDay = isoDay(appointment.start) === isoDay(appointment.end);
    const end = sameDay ? minutesIntoDay(appointment.end) : 24 * 60;
    first = Math.min(first, Math.floor(start / 60));
    last = Math.max(last, Math.ceil(end / 60));
  }
  return { first, last };
}
