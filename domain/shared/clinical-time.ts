import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfDay } from 'date-fns';
import { nl } from 'date-fns/locale';
import { numberWord } from './number-words';

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

/** A calendar date moved by whole days: "2026-03-28" + 1 → "2026-03-29". Calendar arithmetic: no clock, no DST. */
export function addDaysToIsoDate(isoDate: string, days: number): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

// The ward's wall clock without Intl on every call: a page asks for the date or time of every row
// it shows (a TZDate per call once cost the shift change's pages 8 % of their CPU, an Intl call
// still 3 %, issue 38). The clock's offset from UTC is looked up once per quarter of an hour: time
// zones change their offset only on a quarter hour, so every instant of the quarter has the same.
const offsetFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: clinicalTimeZone,
});
const quarterMs = 15 * 60_000;
const offsetByQuarter = new Map<number, number>();

/** Milliseconds the ward's clock is ahead of UTC at `ms`. */
function wardOffset(ms: number): number {
  const quarter = Math.floor(ms / quarterMs);
  let offset = offsetByQuarter.get(quarter);
  if (offset === undefined) {
    const at = quarter * quarterMs;
    const part: Record<string, number> = {};
    for (const { type, value } of offsetFormat.formatToParts(new Date(at))) part[type] = Number(value);
    const wall = new Date(0);
    wall.setUTCFullYear(part.year!, part.month! - 1, part.day!);
    wall.setUTCHours(part.hour!, part.minute!, part.second!, 0);
    offset = wall.getTime() - at;
    if (offsetByQuarter.size >= 20_000) offsetByQuarter.clear();
    offsetByQuarter.set(quarter, offset);
  }
  return offset;
}

/** The instant as an ISO string of the ward's wall clock: "2026-11-23T09:30:00.000Z" read as local. */
function wallClock(instant: Date | string | number): string {
  const ms = new Date(instant).getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid time value');
  return new Date(ms + wardOffset(ms)).toISOString();
}

/** The ward's calendar date of an instant: "2026-11-23". */
export function isoDay(instant: Date | string | number): string {
  return wallClock(instant).slice(0, 10);
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
  return weekdays[new Date(`${isoDay(instant)}T00:00:00Z`).getUTCDay()]!;
}

/** Minutes into the day → "09:30". */
export function clockTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Minutes since the start of the ward's day; on a DST day the clock's minutes, not elapsed ones. */
export function minutesIntoDay(instant: Date | string | number): number {
  const [hours, minutes] = formatTime(instant).split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** An instant → "09:30" on the ward's clock. */
export function formatTime(instant: Date | string | number): string {
  return wallClock(instant).slice(11, 16);
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
  const today = isoDay(now);
  if (day === today) return 'vandaag';
  if (day === addDaysToIsoDate(today, -1)) return 'gisteren';
  if (day === addDaysToIsoDate(today, 1)) return 'morgen';
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

/**
 * A `datetime-local` value ("2026-11-27T10:00") read as the ward's wall-clock time → ISO 8601 with offset.
 * On the night summer time ends 02:00–03:00 comes twice: a time in that hour is its second coming
 * (winter time) once that has begun, else its first — a nurse recording 02:30 in the first hour
 * means now, not an hour ahead ("Een meting kan niet in de toekomst liggen", the clock stage found).
 */
export function wallClockToIso(local: string, now: Date = new Date()): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  // Outside the plausible dates is a typing error; it also keeps years 0–99, which Date reads as 1900–1999, out.
  if (!isCalendarDate(local.slice(0, 10))) return null;
  const instant = new TZDate(year, month - 1, day, hour, minute, clinicalTimeZone);
  if (Number.isNaN(instant.getTime()) || instant.getFullYear() !== year || instant.getMonth() !== month - 1 || instant.getDate() !== day)
    return null;
  const anHourBefore = new TZDate(instant.getTime() - 3_600_000, clinicalTimeZone);
  const twice = format(anHourBefore, "yyyy-MM-dd'T'HH:mm") === local;
  return format(twice && instant.getTime() > now.getTime() ? anHourBefore : instant, "yyyy-MM-dd'T'HH:mm:ssxxx");
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

/*
 * Day phrases as a ward says them ("volgende week dinsdag", "over twee weken", "de 3e",
 * "3 december", "na het weekend", "morgenochtend", "vanavond", "vannacht") and clock times
 * ("07:30", "7.30", "om 3 uur"). One reader for the assistant and anything else that takes
 * spoken dates; `now` is always passed, so the same words give the same day in a test on any date.
 */
export const partsOfDay = ['ochtend', 'middag', 'avond', 'nacht'] as const;
export type PartOfDay = (typeof partsOfDay)[number];

export interface DayPhrase {
  /** The calendar date meant ("2026-12-01"); for "vannacht", the date the night begins on. */
  date: string;
  partOfDay: PartOfDay | null;
  /** The words that named it, as found in the (lower-case) text. */
  words: string;
  /** The day label the agenda understands for the same day, when there is one ("morgen", "dinsdag"). */
  label: string | null;
}

/** The months as written in Dutch, January first. */
export const monthNames = [
  'januari',
  'februari',
  'maart',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
];
const weekdayPattern = weekdays.join('|');
const monthPattern = monthNames.map((month) => `${month.slice(0, 3)}(?:${month.slice(3)}|\\.)?`).join('|');
const partWords: Record<string, PartOfDay> = { ochtend: 'ochtend', vroeg: 'ochtend', middag: 'middag', avond: 'avond', nacht: 'nacht' };

function amountOf(word: string): number | null {
  if (/^\d{1,2}$/.test(word)) return Number(word);
  return numberWord(word);
}

/** The weekday's date in the Monday-to-Sunday week that starts `weeksAhead` weeks after this one. */
function weekdayInWeek(today: string, weekday: Weekday, weeksAhead: number): string {
  const fromMonday = (day: string) => (weekdays.indexOf(day as Weekday) + 6) % 7;
  const monday = addDaysToIsoDate(today, -fromMonday(weekdayOf(noonOf(today))));
  return addDaysToIsoDate(monday, weeksAhead * 7 + fromMonday(weekday));
}

/** The coming such weekday; said on that day itself, it means today (as the agenda reads it). */
function comingWeekday(today: string, weekday: Weekday): string {
  const from = weekdays.indexOf(weekdayOf(noonOf(today)));
  return addDaysToIsoDate(today, (weekdays.indexOf(weekday) - from + 7) % 7);
}

/** A day of the month: this month, or next month when it has passed (or does not exist yet). */
function dayOfMonth(today: string, day: number, month: number | null): string | null {
  const [year, thisMonth, thisDay] = today.split('-').map(Number) as [number, number, number];
  const candidates =
    month === null
      ? [0, 1, 2].map((ahead) => [year + Math.floor((thisMonth - 1 + ahead) / 12), ((thisMonth - 1 + ahead) % 12) + 1] as const)
      : [0, 1].map((ahead) => [year + ahead, month] as const);
  for (const [y, m] of candidates) {
    const iso = `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    if (!startOfClinicalDay(iso)) continue;
    if (month === null && y === year && m === thisMonth && day < thisDay) continue;
    if (month !== null && iso < today) continue;
    return iso;
  }
  return null;
}

/**
 * The first day phrase in a text, read on the ward's clock at `now`. Lower-case words are
 * expected (accents folded or not); null when the text names no day.
 */
export function dayOfPhrase(text: string, now: Date): DayPhrase | null {
  const today = isoDay(now);
  const hourNow = clinicalDate(now).getHours();
  const plain = ` ${text
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/[,;:!?()]/g, ' ')
    .replace(/\s+/g, ' ')} `;
  const found: (DayPhrase & { at: number })[] = [];
  const add = (match: RegExpExecArray | null, date: string | null, partOfDay: PartOfDay | null = null, label: string | null = null) => {
    if (match && date) found.push({ date, partOfDay, words: match[0].trim(), label, at: match.index });
  };
  const weekday = (word: string) => weekdays.find((day) => day === word)!;

  let match = new RegExp(
    ` (?:volgende|komende) week (${weekdayPattern})(?= )| (${weekdayPattern}) (?:volgende week|over een week)(?= )`,
  ).exec(plain);
  add(match, match && weekdayInWeek(today, weekday(match[1] ?? match[2]!), 1));
  // "over twee weken dinsdag": that weekday in the week so many weeks on.
  match = new RegExp(` over (\\w+) (?:week|weken) (${weekdayPattern})(?= )`).exec(plain);
  if (match && amountOf(match[1]!) !== null) add(match, weekdayInWeek(today, weekday(match[2]!), amountOf(match[1]!)!));
  match = / over (\w+) (week|weken|dag|dagen)(?= )/.exec(plain);
  if (match && amountOf(match[1]!) !== null)
    add(match, addDaysToIsoDate(today, amountOf(match[1]!)! * (match[2]!.startsWith('we') ? 7 : 1)));
  match = new RegExp(` (\\d{1,2})(?:e|ste|de)? (${monthPattern})(?= )`).exec(plain);
  if (match) add(match, dayOfMonth(today, Number(match[1]), monthNames.findIndex((month) => match![2]!.startsWith(month.slice(0, 3))) + 1));
  match = / de (\d{1,2})(?:e|ste|de)(?= )/.exec(plain);
  if (match) add(match, dayOfMonth(today, Number(match[1]), null));
  match = / na (?:het|'t) weekend(?= )/.exec(plain);
  // The Monday after the coming (or current) weekend: next week's Monday, whatever today is.
  add(match, match && weekdayInWeek(today, 'maandag', 1));
  match = / morgen ?(ochtend|middag|avond|nacht|vroeg)(?= )/.exec(plain);
  add(match, match && addDaysToIsoDate(today, 1), match && partWords[match[1]!]!, 'morgen');
  match = / overmorgen(?= )/.exec(plain);
  add(match, addDaysToIsoDate(today, 2), null, 'overmorgen');
  match = /(?<!'s) morgen(?= )/.exec(plain);
  add(match, addDaysToIsoDate(today, 1), null, 'morgen');
  match = / (vandaag|vanochtend|vanmorgen|vanmiddag|vanavond)(?= )/.exec(plain);
  add(
    match,
    today,
    match && ({ vanochtend: 'ochtend', vanmorgen: 'ochtend', vanmiddag: 'middag', vanavond: 'avond' } as const)[match[1] as 'vanochtend']!,
    'vandaag',
  );
  if (match?.[1] === 'vandaag') found.at(-1)!.partOfDay = null;
  // "vannacht" is the coming night; said before the day shift starts, the night that is going on.
  match = / vannacht(?= )/.exec(plain);
  add(match, hourNow < 7 ? addDaysToIsoDate(today, -1) : today, 'nacht', hourNow < 7 ? null : 'vandaag');
  match = / (volgende|komende|deze) week(?= )/.exec(plain);
  add(
    match,
    match && (match[1] === 'deze' ? today : weekdayInWeek(today, 'maandag', 1)),
    null,
    match && `${match[1] === 'deze' ? 'deze' : 'volgende'} week`,
  );
  // "aanstaande/komende/volgende dinsdag", "a.s. dinsdag": the next one after today; said on a
  // Tuesday, a week later (the clinician would have said "vandaag"). A bare "dinsdag" keeps the agenda's reading.
  match = new RegExp(` (?:aanstaande|komende|volgende|a ?\\.? ?s ?\\.?) (${weekdayPattern})(?= )`).exec(plain);
  if (match) {
    const coming = comingWeekday(today, weekday(match[1]!));
    const date = coming === today ? addDaysToIsoDate(today, 7) : coming;
    add(match, date, null, date === coming ? match[1]! : null);
  }
  // A bare weekday beside a date said in full ("maandag de 7e", "dinsdag 3 december") names that date's day: the date decides.
  const dated = found.some((phrase) => /\d/.test(phrase.words) || phrase.words.startsWith('over '));
  match = new RegExp(` (${weekdayPattern})(?= )`).exec(plain);
  if (!dated) add(match, match && comingWeekday(today, weekday(match[1]!)), null, match?.[1] ?? null);
  if (found.length === 0) return null;
  // The longest phrase wins where phrases overlap ("volgende week dinsdag" over "dinsdag").
  found.sort((a, b) => b.words.length - a.words.length || a.at - b.at);
  const { at: _at, ...best } = found[0]!;
  return best;
}

export interface ClockReading {
  /** "07:30" */
  time: string;
  /** A bare hour read as the afternoon or evening ("om 3 uur" → 15:00): the reader must be shown it. */
  guessed: boolean;
}

/**
 * An hour and minute as said. A written clock time ("07:30", "7.30", "19u30") is that time, unless
 * an unpadded one is said with a later part of the day ("vanavond om 7.30" is 19:30); a bare hour
 * ("om 3 uur", "half 8") takes the part of the day when one is said ("'s ochtends", "vannacht"),
 * otherwise 1–7 is read as the afternoon, as a ward mostly means, and marked a guess (ADR 64).
 */
export function readClock(
  hour: number,
  minute: number,
  { written, partOfDay, padded = false }: { written: boolean; partOfDay: PartOfDay | null; padded?: boolean },
): ClockReading | null {
  if (hour > 24 || minute > 59 || (hour === 24 && minute > 0)) return null;
  // "vanavond om 7.30" is 19:30: an unpadded written hour takes the evening, afternoon or night said
  // with it. "07:30" (a leading zero) is always 07:30, whatever else the sentence says.
  const saidLater = partOfDay === 'middag' || partOfDay === 'avond' || partOfDay === 'nacht';
  if (hour > 12 || (written && (padded || hour === 0 || !saidLater))) return { time: clockTime((hour % 24) * 60 + minute), guessed: false };
  if (partOfDay === 'ochtend') return { time: clockTime((hour % 12) * 60 + minute), guessed: false };
  if (partOfDay === 'nacht') return { time: clockTime((hour >= 8 && hour < 12 ? hour + 12 : hour % 12) * 60 + minute), guessed: false };
  if (partOfDay === 'middag') return { time: clockTime((hour >= 1 && hour <= 6 ? hour + 12 : hour) * 60 + minute), guessed: false };
  if (partOfDay === 'avond') return { time: clockTime(((hour % 12) + 12) * 60 + minute), guessed: false };
  if (hour >= 1 && hour <= 7) return { time: clockTime((hour + 12) * 60 + minute), guessed: true };
  return { time: clockTime(hour * 60 + minute), guessed: false };
}

/** A day and a clock time on the ward's clock → ISO 8601 with offset; a night's small hours fall on the next date. */
export function clinicalInstant(day: { date: string; partOfDay: PartOfDay | null }, time: string): string | null {
  const [hour] = time.split(':').map(Number) as [number];
  const date = day.partOfDay === 'nacht' && hour < 12 ? addDaysToIsoDate(day.date, 1) : day.date;
  return wallClockToIso(`${date}T${time}`);
}

/**
 * The hour of a date's clock change on the ward, or null on an ordinary day: in spring the hour
 * from `hour`:00 does not exist ('vooruit'), in autumn it comes twice ('terug'). The agenda draws
 * it, so nobody plans into an hour that is not there or reads two appointments as one.
 */
export function clockChangeOn(isoDate: string): { direction: 'vooruit' | 'terug'; hour: number } | null {
  const [start, end] = [startOfClinicalDay(isoDate), startOfClinicalDay(isoDate, { dayAfter: true })];
  if (!start || !end || end.getTime() - start.getTime() === 24 * 3_600_000) return null;
  for (let instant = start.getTime(); instant < end.getTime(); instant += 3_600_000) {
    const [now, next] = [minutesIntoDay(instant), minutesIntoDay(instant + 3_600_000)];
    if (next === now + 120) return { direction: 'vooruit', hour: now / 60 + 1 };
    if (next === now) return { direction: 'terug', hour: now / 60 };
  }
  return null;
}

/**
 * What the clock change did to a wall-clock time on its day, in Dutch, or null: on the spring
 * night 02:00–02:59 does not exist (the instant is an hour later), on the autumn night it comes
 * twice (the instant is the second, winter-time one). Either way the reader must be shown it.
 */
export function clockChangeNote(datetime: string, time: string): string | null {
  const shown = formatTime(datetime);
  if (shown !== time) return `${time} bestaat die nacht niet (zomertijd), gelezen als ${shown}`;
  if (formatTime(new Date(datetime).getTime() - 3_600_000) === time) return `${time} komt die nacht twee keer voor, gelezen als wintertijd`;
  return null;
}
