import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfDay } from 'date-fns';
import { nl } from 'date-fns/locale';

/*
 * Clinical time: the ward runs on Amsterdam time, whatever the server's or the browser's own time
 * zone is. Every day, shift and clock-time boundary of the product is computed here, through
 * `@date-fns/tz`, so that the two daylight-saving days of the year (a 23-hour day in March, a
 * 25-hour day in October) are whole days like any other.
 */
export const clinicalTimeZone = 'Europe/Amsterdam';

/** Dutch weekday names in `Date.getDay()` order: 0 is zondag. */
export const weekdays = ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'] as const;
export type Weekday = (typeof weekdays)[number];
/** The same names from Monday, as a Dutch week runs. */
export const weekdaysFromMonday = [...weekdays.slice(1), weekdays[0]] as readonly Weekday[];

export function isWeekday(word: string): word is Weekday {
  return (weekdays as readonly string[]).includes(word);
}

/** An instant seen on the ward's clock. */
export function clinicalDate(instant: Date | string | number): TZDate {
  return new TZDate(new Date(instant).getTime(), clinicalTimeZone);
}

/** The start of the ward's day that an instant falls on. */
export function startOfClinicalDayOf(instant: Date | string | number): TZDate {
  return startOfDay(clinicalDate(instant));
}

/** "2026-11-23" → that day at noon on the ward's clock: a safe anchor for day arithmetic. */
function noonOf(isoDate: string): TZDate {
  return new TZDate(`${isoDate}T12:00:00`, clinicalTimeZone);
}

/**
 * The dates the record holds, decided once (ADR 45): a birth date, a prescription's period, a
 * measurement, a measure. Before 1900 or after 2199 is a typing error (`0001-01-01`, `9999-12-31`),
 * never a clinical fact, and is refused at the door rather than stored or rolled over.
 */
export const plausibleDates = { earliest: '1900-01-01', latest: '2199-12-31' } as const;

/** "2026-11-23": a real calendar date (not 2026-02-30) within the plausible dates. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < plausibleDates.earliest || value > plausibleDates.latest) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * "2026-11-25T14:05:00+01:00": an ISO 8601 instant whose date is a real calendar date within the
 * plausible dates (JavaScript reads 2026-02-30 as 2 March, and a year −1 or 275760 as valid).
 */
export function isPlausibleInstant(value: string): boolean {
  const date = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}/.exec(value)?.[1];
  return date !== undefined && isCalendarDate(date) && !Number.isNaN(Date.parse(value));
}

/**
 * A calendar date ("2026-11-23") as the instant its day starts on the ward's clock, or null when
 * it is no real date. `dayAfter` gives the start of the next day: a whole day on DST days too.
 */
export function startOfClinicalDay(isoDate: string, { dayAfter = false } = {}): Date | null {
  if (!isCalendarDate(isoDate)) return null;
  const day = startOfDay(noonOf(isoDate));
  if (Number.isNaN(day.getTime()) || isoDay(day) !== isoDate) return null;
  return new Date((dayAfter ? addDays(day, 1) : day).getTime());
}

/** The same clock time `days` calendar days later (or earlier): 24 hours apart, except across a DST change. */
export function addClinicalDays(instant: Date, days: number): Date {
  return new Date(addDays(clinicalDate(instant), days).getTime());
}

/** A calendar date moved by whole days: "2026-03-28" + 1 → "2026-03-29". */
export function addDaysToIsoDate(isoDate: string, days: number): string {
  return isoDay(addDays(noonOf(isoDate), days));
}

/** The ward's calendar date of an instant: "2026-11-23". */
export function isoDay(instant: Date | string | number): string {
  return format(clinicalDate(instant), 'yyyy-MM-dd');
}

/** Today's date on the ward's clock. */
export function clinicalToday(now: Date = new Date()): string {
  return isoDay(now);
}

/** "maandag 23 november" (or another date-fns pattern), in Dutch on the ward's clock. */
export function dutchDay(instant: Date | string | number, pattern = 'EEEE d MMMM'): string {
  return format(clinicalDate(instant), pattern, { locale: nl });
}

export function weekdayOf(instant: Date | string | number): Weekday {
  return weekdays[clinicalDate(instant).getDay()]!;
}

/** Minutes into the day → "09:30". */
export function clockTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Minutes since the start of the ward's day; on a DST day the clock's minutes, not elapsed ones. */
export function minutesIntoDay(instant: Date | string | number): number {
  const local = clinicalDate(instant);
  return local.getHours() * 60 + local.getMinutes();
}

// One formatter for the process: a page or summary formats hundreds of times, and Intl is fast once made.
const timeFormat = new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: clinicalTimeZone });

/** An instant → "09:30" on the ward's clock. */
export function formatTime(instant: Date | string | number): string {
  return timeFormat.format(new Date(instant));
}

// Intl's Dutch short months carry no dot ("nov"), date-fns's do ("nov."): the product writes them without.
const dateTimeFormat = new Intl.DateTimeFormat('nl-NL', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: clinicalTimeZone,
});
// A calendar date is no instant: formatted in UTC so that its day is the same everywhere.
const dateFormat = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const numericDateFormat = new Intl.DateTimeFormat('nl-NL', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** "23 nov 2026, 09:30". */
export function formatDateTime(instant: Date | string | number): string {
  return dateTimeFormat.format(new Date(instant));
}

const shortDayFormat = new Intl.DateTimeFormat('nl-NL', { weekday: 'short', day: 'numeric', month: 'short', timeZone: clinicalTimeZone });

/** "ma 23 nov": a day where room is short (the agenda's week columns), lower case and without dots. */
export function formatShortDay(instant: Date | string | number): string {
  return shortDayFormat.format(new Date(instant));
}

/** A calendar date "1980-03-02" → "2 maart 1980". */
export function formatDate(isoDate: string | null): string {
  return isoDate ? dateFormat.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`)) : '';
}

/** "1971-04-12" → "12-04-1971", as a date of birth is written in a letter. */
export function formatNumericDate(isoDate: string): string {
  return numericDateFormat.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`)).replace(/\//g, '-');
}

/** "vandaag", "gisteren" or "morgen" for an instant near `now`, else null. */
export function relativeDay(instant: Date | string | number, now: Date = new Date()): 'vandaag' | 'gisteren' | 'morgen' | null {
  const day = isoDay(instant);
  if (day === isoDay(now)) return 'vandaag';
  if (day === isoDay(addClinicalDays(now, -1))) return 'gisteren';
  if (day === isoDay(addClinicalDays(now, 1))) return 'morgen';
  return null;
}

/**
 * An instant on screen (docs/style-guide.md, "Datum en tijd"): "vandaag 09:14", "gisteren 22:40",
 * "morgen 10:00", any other day "18 nov 2026, 14:00". Text that is stored or printed (a summary,
 * a letter) says the date itself: "gisteren" would be wrong tomorrow.
 */
export function formatWhen(instant: Date | string | number, now: Date = new Date()): string {
  const day = relativeDay(instant, now);
  return day ? `${day} ${formatTime(instant)}` : formatDateTime(instant);
}

/** A `datetime-local` value ("2026-11-27T10:00") read as the ward's wall-clock time → ISO 8601 with offset. */
export function wallClockToIso(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  // Outside the plausible dates is a typing error; it also keeps years 0–99, which Date reads as 1900–1999, out.
  if (!isCalendarDate(local.slice(0, 10))) return null;
  const instant = new TZDate(year, month - 1, day, hour, minute, clinicalTimeZone);
  if (Number.isNaN(instant.getTime()) || instant.getFullYear() !== year || instant.getMonth() !== month - 1 || instant.getDate() !== day)
    return null;
  return format(instant, "yyyy-MM-dd'T'HH:mm:ssxxx");
}

/** An instant → the `datetime-local` value of its wall-clock time on the ward ("2026-11-27T10:00"). */
export function wallClockOf(instant: Date | string | number): string {
  return format(clinicalDate(instant), "yyyy-MM-dd'T'HH:mm");
}

/*
 * Ward shifts: dag 07:00–15:00, avond 15:00–23:00, nacht 23:00–07:00 (CONTRACT §3). A moment
 * belongs to the date its shift began, so a report written at 03:00 on 2 March is 1 March's night.
 */
export const shifts = ['dag', 'avond', 'nacht'] as const;
export type Shift = (typeof shifts)[number];
export const shiftLabels: Record<Shift, string> = { dag: 'Dagdienst', avond: 'Avonddienst', nacht: 'Nachtdienst' };

export function shiftOf(instant: Date | string | number): { shift: Shift; shiftDate: string } {
  const local = clinicalDate(instant);
  const hour = local.getHours();
  if (hour >= 7 && hour < 15) return { shift: 'dag', shiftDate: isoDay(local) };
  if (hour >= 15 && hour < 23) return { shift: 'avond', shiftDate: isoDay(local) };
  return { shift: 'nacht', shiftDate: hour < 7 ? isoDay(addDays(local, -1)) : isoDay(local) };
}

export function currentShift(now: Date = new Date()): Shift {
  return shiftOf(now).shift;
}
