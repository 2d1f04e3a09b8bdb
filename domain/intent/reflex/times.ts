import { clinicalInstant, clockChangeNote, dayOfPhrase, isoDay, readClock, weekdays, type PartOfDay } from '../../shared/clinical-time';
import { hourWord } from '../../shared/number-words';
import { textOf, type Token } from './tokens';

/** Days and times as said: the agenda's day label, the clock ("half drie", "07:30", "3 uur"), and the part of the day. */

function hourOf(word: string): number | null {
  if (/^\d{1,2}$/.test(word)) return Number(word);
  return hourWord(word);
}

export interface Moment {
  label: string | null;
  /** The clock as said: a written "07:30" is that time, a bare "3 uur" is read with the part of the day. */
  clock: Clock | null;
  /** Non-null when a time was said (the clock read without a part of day): for features and identifiers. */
  time: string | null;
  /** The text the moment was read from, for the day phrase. */
  text: string;
}

interface Clock {
  hour: number;
  minute: number;
  written: boolean;
  /** Written with a leading zero ("07:30"): that hour whatever part of the day is said. */
  padded?: boolean;
  /** The words as said ("om 3 uur"), to show a guess. */
  said: string;
}

function labelOf(tokens: Token[], index: number): string | null {
  const norm = tokens[index]!.norm;
  const next = tokens[index + 1]?.norm;
  if ((norm === 'volgende' || norm === 'komende') && next === 'week') return 'volgende week';
  if (norm === 'deze' && next === 'week') return 'deze week';
  // The agenda's label is the whole day: "vanochtend", "vanmiddag" and "vanavond" are today (whenOf reads the part of the day).
  if (['vandaag', 'vanochtend', 'vanmiddag', 'vanavond'].includes(norm)) return 'vandaag';
  if (norm === 'overmorgen' || norm === 'gisteren') return norm;
  if (norm.startsWith('morgen') && norm !== 'morgens') return 'morgen';
  return weekdays.find((day) => norm.startsWith(day)) ?? null;
}

function clockOf(tokens: Token[], index: number): Clock | null {
  const token = tokens[index]!;
  const next = tokens[index + 1]?.norm;
  const said = (to: number) =>
    tokens
      .slice(index, to)
      .map((part) => part.raw)
      .join(' ');
  if (token.kind === 'time') {
    const [hour, minute] = token.norm.split(':').map(Number) as [number, number];
    return hour < 24 && minute < 60 ? { hour, minute, written: true, padded: token.raw.startsWith('0'), said: token.raw } : null;
  }
  if (token.norm === 'half' && next) {
    const hour = hourOf(next);
    return hour ? { hour: hour - 1, minute: 30, written: false, said: said(index + 2) } : null;
  }
  if (token.norm === 'kwart' && (next === 'over' || next === 'voor')) {
    const hour = hourOf(tokens[index + 2]?.norm ?? '');
    if (!hour) return null;
    return next === 'over'
      ? { hour, minute: 15, written: false, said: said(index + 3) }
      : { hour: hour - 1, minute: 45, written: false, said: said(index + 3) };
  }
  if (/^\d{1,2}$/.test(token.norm) && (next === 'uur' || next === 'u' || tokens[index - 1]?.norm === 'om')) {
    const hour = Number(token.norm);
    return hour < 24 ? { hour, minute: 0, written: false, said: said(next === 'uur' || next === 'u' ? index + 2 : index + 1) } : null;
  }
  const compact = /^(\d{1,2})u(\d{2})?$/.exec(token.norm);
  if (compact)
    return {
      hour: Number(compact[1]),
      minute: Number(compact[2] ?? 0),
      written: compact[2] !== undefined,
      padded: token.raw.startsWith('0'),
      said: token.raw,
    };
  return null;
}

export function timeOf(tokens: Token[], index: number): string | null {
  const clock = clockOf(tokens, index);
  return clock ? (readClock(clock.hour, clock.minute, { written: clock.written, partOfDay: null })?.time ?? null) : null;
}

export function momentIn(tokens: Token[], from: number, to: number): Moment {
  let label: string | null = null;
  let clock: Clock | null = null;
  for (let index = from; index < to; index++) {
    if (tokens[index]!.kind === 'punct') continue;
    label ??= labelOf(tokens, index);
    clock ??= clockOf(tokens, index);
  }
  const time = clock ? (readClock(clock.hour, clock.minute, { written: clock.written, partOfDay: null })?.time ?? null) : null;
  return { label, clock, time, text: textOf(tokens.slice(from, to)) };
}

/** "'s ochtends", "in de nacht", "'s avonds": the part of the day said beside a bare hour. */
function partOfDayIn(text: string): PartOfDay | null {
  const match = /\b(?:'s|s) (ochtends|morgens|middags|avonds|nachts)\b|\b(?:in de|de) (ochtend|middag|avond|nacht)\b/.exec(text);
  if (!match) return null;
  const word = (match[1] ?? match[2])!.replace(/s$/, '');
  return word === 'morgen' ? 'ochtend' : (word as PartOfDay);
}

/** When an appointment is meant: the day phrase and the clock read together, and whether the hour was guessed. */
export function whenOf(moment: Moment, now: Date): { datetime: string; guess: string | null } | null {
  if (!moment.clock) return null;
  const day = dayOfPhrase(moment.text, now) ?? { date: isoDay(now), partOfDay: null };
  const partOfDay = partOfDayIn(moment.text) ?? day.partOfDay;
  const { hour, minute, written, padded } = moment.clock;
  const reading = readClock(hour, minute, { written, padded, partOfDay });
  if (!reading) return null;
  const datetime = clinicalInstant({ date: day.date, partOfDay }, reading.time);
  if (!datetime) return null;
  const guess = reading.guessed ? `“${moment.clock.said}” gelezen als ${reading.time}` : null;
  return { datetime, guess: clockChangeNote(datetime, reading.time) ?? guess };
}
