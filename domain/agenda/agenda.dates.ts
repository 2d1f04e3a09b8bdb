import { TZDate } from '@date-fns/tz';
import { addDays, startOfWeek } from 'date-fns';
import { clinicalTimeZone, isoDay, startOfClinicalDayOf, weekdays, weekdaysFromMonday } from '../shared/clinical-time';

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

/** The date an agenda opens on: today, but on a weekend the work-week view shows the coming week. */
export function defaultAgendaDate(view: AgendaView, now = new Date()): string {
  const today = startOfClinicalDayOf(now);
  const weekday = today.getDay();
  if (view !== 'werkweek' || (weekday !== 0 && weekday !== 6)) return isoDay(today);
  return isoDay(addDays(today, weekday === 6 ? 2 : 1));
}
