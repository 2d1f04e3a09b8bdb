/*
 * The clinic runs on Amsterdam time whatever the browser's own time zone is, so the shift and the
 * moment of a new appointment are computed in Europe/Amsterdam here too.
 */
const timeZone = 'Europe/Amsterdam';

export type Shift = 'dag' | 'avond' | 'nacht';

const hourFormat = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' });
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });

/** dag 07–15, avond 15–23, nacht 23–07 (CONTRACT §3). */
export function currentShift(now: Date = new Date()): Shift {
  const hour = Number(hourFormat.format(now));
  if (hour >= 7 && hour < 15) return 'dag';
  if (hour >= 15 && hour < 23) return 'avond';
  return 'nacht';
}

/** Minutes Amsterdam is ahead of UTC at an instant ("GMT+01:00" → 60). */
function offsetMinutes(at: Date): number {
  const name = offsetFormat.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** A `datetime-local` value ("2026-11-27T10:00") read as Amsterdam wall-clock time → ISO 8601 with offset. */
export function amsterdamIso(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The offset at the wall-clock time, checked once more near a daylight-saving change.
  const guess = offsetMinutes(new Date(wallAsUtc));
  const offset = offsetMinutes(new Date(wallAsUtc - guess * 60_000));
  const sign = offset < 0 ? '-' : '+';
  const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
  return `${local}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

const localFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant → the `datetime-local` value of its Amsterdam wall-clock time ("2026-11-27T10:00"). */
export function amsterdamLocal(instant: string): string {
  return localFormat.format(new Date(instant)).replace(' ', 'T');
}
