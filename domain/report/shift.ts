/**
 * Ward shifts in Europe/Amsterdam: dag 07:00–15:00, avond 15:00–23:00, nacht 23:00–07:00. A report
 * belongs to the date its shift began, so one written at 03:00 on 2 March belongs to 1 March.
 */
export type Shift = 'dag' | 'avond' | 'nacht';

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

function previousDay(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

export function shiftOf(instant: Date): { shift: Shift; shiftDate: string } {
  const values = Object.fromEntries(parts.formatToParts(instant).map((part) => [part.type, part.value]));
  const localDate = `${values.year}-${values.month}-${values.day}`;
  const hour = Number(values.hour);
  if (hour >= 7 && hour < 15) return { shift: 'dag', shiftDate: localDate };
  if (hour >= 15 && hour < 23) return { shift: 'avond', shiftDate: localDate };
  return { shift: 'nacht', shiftDate: hour < 7 ? previousDay(localDate) : localDate };
}

export const shiftLabels: Record<Shift, string> = { dag: 'Dagdienst', avond: 'Avonddienst', nacht: 'Nachtdienst' };
