import { clockTime, weekdaysFromMonday } from '../shared/clinical-time';
import { timeIn } from '../agenda/agenda.dates';
import { classifyReflex } from '../intent/reflex';

/*
 * The chat sentence that starts a no-show: "Jan de Vries is niet verschenen op zijn afspraak van
 * 10:00". Recognised here rather than as an intent of the classifier: the intent catalogue is part
 * of the contract (§7), and this one command needs only a name and a time (ADR 14).
 */

// "niet verschenen", also split by a few words ("niet op haar afspraak verschenen").
const noShowWords =
  /\bniet(?:\s+[\p{L}\d:.]+){0,6}?\s+(?:verschenen|gekomen|komen\s+opdagen)\b|\bno[\s-]?show\b|\bkwam\s+niet(?:\s+opdagen)?\b|\bweggebleven\b|\bverscheen\s+niet\b/iu;

/** Cheap enough for the chat input to test each message before asking the server. */
export function isNoShowCommand(text: string): boolean {
  return noShowWords.test(text);
}

export interface NoShowCommand {
  patientName: string | null;
  /** "10:00", or null when the sentence names no time. */
  time: string | null;
  /** The day the sentence names ("gisteren", "maandag": the last such day), or null for today. */
  dateLabel: string | null;
}

const dayLabels = ['vandaag', 'gisteren', ...weekdaysFromMonday];

/** The name and time in a no-show sentence; null when the sentence is not about a no-show. */
export function parseNoShowCommand(text: string): NoShowCommand | null {
  if (!isNoShowCommand(text)) return null;
  const minutes = timeIn(text);
  const time = minutes === null ? null : clockTime(minutes);
  const words = ` ${text.toLowerCase().replace(/[^\p{L}]+/gu, ' ')} `;
  const dateLabel = dayLabels.find((label) => words.includes(` ${label} `)) ?? null;
  // The phrase itself is no part of a name ("No-show van Pieter …"): cut it out before the names are read.
  const names = classifyReflex(text.replace(noShowWords, '.')).names;
  return { patientName: names[0] ?? null, time, dateLabel };
}
