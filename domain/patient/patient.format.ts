import { todayInAmsterdam } from './patient.schemas';

/** Whole years on the given day (Europe/Amsterdam), as clinicians state an age. */
export function ageOn(birthDate: string | null, today: string = todayInAmsterdam()): number | null {
  if (!birthDate) return null;
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

const dateFormat = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('nl-NL', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Amsterdam',
});

const timeFormat = new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' });

/** "09:30", clinical time zone. */
export function formatTime(instant: string | Date): string {
  return timeFormat.format(new Date(instant));
}

/** "1980-03-02" → "2 maart 1980" (a calendar date: no time zone shift). */
export function formatDate(isoDate: string | null): string {
  return isoDate ? dateFormat.format(new Date(`${isoDate}T00:00:00Z`)) : '';
}

const numericDateFormat = new Intl.DateTimeFormat('nl-NL', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** "1971-04-12" → "12-04-1971", as a date of birth is written in a letter. */
export function formatNumericDate(isoDate: string): string {
  return numericDateFormat.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`)).replace(/\//g, '-');
}

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
