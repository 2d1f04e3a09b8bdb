import { products } from '../medication/products';
import { numberWord } from '../shared/number-words';
import { foldAccents } from '../shared/text';
import { medicines, synonymClasses } from './dossiervraag.vocabulary';

/**
 * The check of a model's answer to a question about the record (issue 47 point 4, ADR 0084): every
 * sentence cites a source it was given (`[B3]`), and every number, date, clock time, medicine and
 * person the sentence names is in the text of the sources it cites. A sentence that fails is
 * dropped, never shown; the answer says how many were dropped and why. Pure: it reads the answer
 * and the sources as the model saw them (pseudonymised), so a placeholder is compared with a
 * placeholder and the real names come back only for what passed.
 */

/** One source as the model saw it: its label and the whole line it was given (header and passage). */
export interface LabelledSource {
  label: string;
  text: string;
}

export type DropReason = 'geen-bron' | 'onbekende-bron' | 'niet-onderbouwd';

export type CheckedSentence =
  { kept: true; text: string; labels: string[] } | { kept: false; text: string; reason: DropReason; labels: string[] };

/** The reason a sentence was dropped, as the clinician reads it after the count. */
export const dropReasonLabels: Record<DropReason, string> = {
  'geen-bron': 'zonder bronvermelding',
  'onbekende-bron': 'verwijst naar een bron die niet bij deze vraag hoort',
  'niet-onderbouwd': 'niet te herleiden tot het dossier',
};

/** The model's own "I do not know", the one sentence that needs no source. */
const doesNotKnow = /^\s*ik weet het niet\b/i;

const citationGroup = /\[\s*(?:B\d+|[^\]\s]{6,})(?:\s*[,;]\s*[^\]]+)*\s*\]/gi;
const citationLabel = /^B(\d+)$/i;
const placeholder = /\[[A-Z]+_\d+(?:_[A-Z0-9]+)*\]/g;

/** Words after which a full stop does not end the sentence ("dr. Visser", "o.a. onrust"). */
const abbreviations = new Set(
  [
    'dr',
    'drs',
    'mr',
    'mevr',
    'mw',
    'dhr',
    'prof',
    'ir',
    'ing',
    'bijv',
    'bv',
    'ca',
    'zgn',
    'evt',
    'incl',
    'excl',
    'nr',
    'vs',
    'st',
    'jl',
    'zn',
  ].concat(['jan', 'feb', 'mrt', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'okt', 'nov', 'dec']),
);

/** Only citations (or the start of one) so far: the sentence before it may still be getting them. */
const onlyCitations = /^(?:\s*\[[^\]]*\]?)*\s*$/;
const leadingCitations = /^(\s*\[[^\]]*\])+/;

function endsSentence(before: string): boolean {
  if (!/[.!?]$/.test(before)) return false;
  if (/^\s*\d+\.$/.test(before)) return false; // a numbered list's "1."
  if (!before.endsWith('.')) return true;
  const word = /([\p{L}.]+)\.$/u.exec(before)?.[1] ?? '';
  if (/^\p{Lu}$/u.test(word)) return false; // an initial: "A. Visser"
  if (/\./.test(word)) return false; // "o.a.", "z.n."
  return !abbreviations.has(word.toLowerCase());
}

/**
 * The answer's sentences, each with the citations written right after its full stop ("… 300 mg.
 * [B1]", or on the next line) taken into it. Lines are sentences of their own (a list the model wrote).
 */
export function sentencesOf(answer: string): string[] {
  const pieces: string[] = [];
  for (const line of answer.split(/\n+/)) {
    let start = 0;
    for (const match of line.matchAll(/\s+/g)) {
      const before = line.slice(start, match.index);
      if (endsSentence(before.trimEnd())) {
        pieces.push(before);
        start = match.index + match[0].length;
      }
    }
    pieces.push(line.slice(start));
  }
  const sentences: string[] = [];
  for (const piece of pieces) {
    const lead = leadingCitations.exec(piece);
    if (lead && sentences.length) {
      sentences[sentences.length - 1] += ` ${lead[0].trim()}`;
      const rest = piece.slice(lead[0].length);
      if (rest.trim()) sentences.push(rest);
    } else if (piece.trim()) {
      sentences.push(piece);
    }
  }
  // A piece without a letter ("—", a stray number) says nothing and is no sentence to drop.
  return sentences.map((sentence) => sentence.replace(/^\s*(?:[-•*]|\d+[.)])\s+/, '').trim()).filter((sentence) => /\p{L}/u.test(sentence));
}

/** The labels a sentence cites; `unknown` when one citation is not a label of the sources given. */
function citationsOf(sentence: string, known: ReadonlySet<string>): { labels: string[]; unknown: boolean } {
  const labels: string[] = [];
  let unknown = false;
  for (const group of sentence.matchAll(citationGroup)) {
    for (const part of group[0].slice(1, -1).split(/[,;]/)) {
      const label = part.trim().toUpperCase();
      if (/^[A-Z]+_\d+/.test(label)) continue; // a pseudonym, not a citation
      if (citationLabel.test(label) && known.has(label)) labels.push(label);
      else unknown = true;
    }
  }
  return { labels: [...new Set(labels)], unknown };
}

// ---- the facts a sentence states ----

const monthNumbers: Record<string, number> = {
  jan: 1,
  januari: 1,
  feb: 2,
  februari: 2,
  mrt: 3,
  maart: 3,
  mar: 3,
  apr: 4,
  april: 4,
  mei: 5,
  jun: 6,
  juni: 6,
  jul: 7,
  juli: 7,
  aug: 8,
  augustus: 8,
  sep: 9,
  sept: 9,
  september: 9,
  okt: 10,
  oct: 10,
  oktober: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};
const monthWords = Object.keys(monthNumbers)
  .sort((a, b) => b.length - a.length)
  .join('|');

interface DateFact {
  day: number;
  month: number;
  year: number | null;
}

const wordDate = new RegExp(`(?<![\\p{L}\\d])(\\d{1,2})\\s+(${monthWords})\\.?(?:\\s+(\\d{4}))?(?![\\p{L}])`, 'giu');
const isoDate = /(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/g;
const numericDate = /(?<![\d,.])(\d{1,2})([-/])(\d{1,2})(?:\2(\d{4}|\d{2}))?(?![\d/-])/g;
const dottedDate = /(?<![\d,.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?!\d)/g;
const clockTime = /(?<!\d)([01]?\d|2[0-3])[:.]([0-5]\d)(?:\s*uur)?(?![\d])/g;
const number = /(?<![\p{L}\d])\d+(?:[.,]\d+)?/gu;

/** Known medicines by word, each to one key shared with its brands and product names (Leponex = clozapine). */
const medicineKeys: ReadonlyMap<string, string> = (() => {
  const keys = new Map<string, string>();
  const fold = (word: string) => foldAccents(word.toLowerCase());
  for (const name of medicines) keys.set(fold(name), fold(name));
  for (const members of synonymClasses) {
    const medicine = members.find((member) => keys.has(fold(member)));
    if (medicine) for (const member of members) keys.set(fold(member), keys.get(fold(medicine))!);
  }
  for (const product of products) {
    const word = fold(product.name.split(' ')[0]!);
    if (!keys.has(word)) keys.set(word, word);
  }
  return keys;
})();
/** A medicine the lists do not know still reads like one: the endings of psychiatric drug names. */
const medicineShape =
  /^[a-z]{3,}(?:apine|apin|zepam|zolam|peridol|peridon|piprazol|pramine|triptyline|oxetine|alopram|faxine|tiapine|pentixol|azepine|amide)$/;

export interface Facts {
  dates: DateFact[];
  times: string[];
  numbers: number[];
  medicines: string[];
  people: string[];
  /** The day, year and hour inside the text's dates and times: a sentence's "in 2026" or "om 8 uur" is supported by them. */
  parts: number[];
}

function masked(text: string, pattern: RegExp, each: (match: RegExpMatchArray) => void): string {
  return text.replace(pattern, (...args) => {
    const match = args.slice(0, -2) as unknown as RegExpMatchArray;
    each(Object.assign([...match], { index: 0, input: text }) as RegExpMatchArray);
    return ' ';
  });
}

const validDate = (date: DateFact) => date.day >= 1 && date.day <= 31 && date.month >= 1 && date.month <= 12;
const fullYear = (year: string | undefined) => (year ? (year.length === 2 ? 2000 + Number(year) : Number(year)) : null);

/** The numbers, dates, clock times, medicines and people a text names, each normalised. */
export function factsOf(text: string): Facts {
  const facts: Facts = { dates: [], times: [], numbers: [], medicines: [], people: [], parts: [] };
  let rest = text.replace(citationGroup, (group) => (/^\[[A-Z]+_\d+/.test(group) ? group : ' '));
  rest = masked(rest, placeholder, (match) => facts.people.push(match[0]));
  const addDate = (date: DateFact, original: string) => {
    if (validDate(date)) {
      facts.dates.push(date);
      facts.parts.push(date.day, ...(date.year === null ? [] : [date.year]));
    } else facts.numbers.push(...(original.match(number) ?? []).map((value) => Number(value.replace(',', '.'))));
  };
  rest = masked(rest, isoDate, (m) => addDate({ day: Number(m[3]), month: Number(m[2]), year: Number(m[1]) }, m[0]));
  rest = masked(rest, wordDate, (m) =>
    addDate({ day: Number(m[1]), month: monthNumbers[m[2]!.toLowerCase()]!, year: fullYear(m[3]) }, m[0]),
  );
  rest = masked(rest, dottedDate, (m) => addDate({ day: Number(m[1]), month: Number(m[2]), year: Number(m[3]) }, m[0]));
  rest = masked(rest, numericDate, (m) => addDate({ day: Number(m[1]), month: Number(m[3]), year: fullYear(m[4]) }, m[0]));
  rest = masked(rest, clockTime, (m) => {
    facts.times.push(`${Number(m[1])}:${m[2]}`);
    facts.parts.push(Number(m[1]));
  });
  rest = masked(rest, number, (m) => facts.numbers.push(Number(m[0].replace(',', '.'))));
  for (const word of rest.toLowerCase().match(/[\p{L}]+/gu) ?? []) {
    const folded = foldAccents(word);
    // "een" is an article far more often than a figure.
    const value = folded === 'een' ? null : numberWord(folded);
    if (value !== null) facts.numbers.push(value);
    const medicine = medicineKeys.get(folded) ?? (medicineShape.test(folded) ? folded : undefined);
    if (medicine) facts.medicines.push(medicine);
  }
  return facts;
}

/** The first fact of the sentence its sources do not hold, or null when they hold all. */
function unsupported(sentence: Facts, sources: Facts): string | null {
  const missingDate = sentence.dates.find(
    (date) =>
      !sources.dates.some(
        (known) =>
          known.day === date.day && known.month === date.month && (date.year === null || known.year === null || known.year === date.year),
      ),
  );
  if (missingDate) return 'datum';
  if (sentence.times.some((time) => !sources.times.includes(time))) return 'tijd';
  if (sentence.numbers.some((value) => !sources.numbers.includes(value) && !sources.parts.includes(value))) return 'getal';
  if (sentence.medicines.some((medicine) => !sources.medicines.includes(medicine))) return 'medicijn';
  if (sentence.people.some((person) => !sources.people.includes(person))) return 'persoon';
  return null;
}

function merged(all: Facts[]): Facts {
  return {
    dates: all.flatMap((facts) => facts.dates),
    times: all.flatMap((facts) => facts.times),
    numbers: all.flatMap((facts) => facts.numbers),
    medicines: all.flatMap((facts) => facts.medicines),
    people: all.flatMap((facts) => facts.people),
    parts: all.flatMap((facts) => facts.parts),
  };
}

/** Checks sentences against the sources given; a person the question names may be named without a source naming them. */
export class AnswerCheck {
  private readonly known: Set<string>;
  private readonly sourceFacts: Map<string, Facts>;
  private readonly questionPeople: string[];
  private text = '';
  private judged = 0;
  private finished = false;
  private readonly queue: CheckedSentence[] = [];
  readonly sentences: CheckedSentence[] = [];

  /**
   * `question`: the question as the model saw it. `namesSomeone`: whether a sentence names a person
   * by name instead of by placeholder (the pseudonymiser finds one): the model was given no names,
   * so a name in its answer comes from nowhere in the record.
   */
  constructor(
    sources: readonly LabelledSource[],
    question = '',
    private readonly namesSomeone: (sentence: string) => boolean = () => false,
  ) {
    this.known = new Set(sources.map((source) => source.label.toUpperCase()));
    this.sourceFacts = new Map(sources.map((source) => [source.label.toUpperCase(), factsOf(source.text)]));
    this.questionPeople = question.match(placeholder) ?? [];
  }

  /** One sentence, judged on its own. */
  judge(sentence: string): CheckedSentence {
    const { labels, unknown } = citationsOf(sentence, this.known);
    const facts = factsOf(sentence);
    if (doesNotKnow.test(sentence) && labels.length === 0 && !unknown) {
      const quiet = !facts.dates.length && !facts.times.length && !facts.numbers.length && !facts.medicines.length;
      if (quiet && facts.people.every((person) => this.questionPeople.includes(person))) return { kept: true, text: sentence, labels };
    }
    if (unknown) return { kept: false, text: sentence, reason: 'onbekende-bron', labels };
    if (labels.length === 0) return { kept: false, text: sentence, reason: 'geen-bron', labels };
    const sources = merged(labels.map((label) => this.sourceFacts.get(label)!));
    sources.people.push(...this.questionPeople);
    if (unsupported(facts, sources) || this.namesSomeone(sentence))
      return { kept: false, text: sentence, reason: 'niet-onderbouwd', labels };
    return { kept: true, text: sentence, labels };
  }

  /** Text as it streams in: the sentences it completes are judged and queued (`take`). */
  push(text: string): void {
    if (this.finished) return;
    this.text += text;
    const sentences = sentencesOf(this.text);
    // The last sentence may still grow; the one before a citation still being written may still get it.
    const open = sentences.length > 0 && onlyCitations.test(sentences.at(-1)!) ? 2 : 1;
    const complete = sentences.length - open;
    for (let index = this.judged; index < complete; index++) this.record(this.judge(sentences[index]!));
    this.judged = Math.max(this.judged, complete);
  }

  /** The stream ended: what is left is judged too. Safe to call more than once. */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    for (const sentence of sentencesOf(this.text).slice(this.judged)) this.record(this.judge(sentence));
  }

  /** The sentences judged since the last call, kept and dropped, in order. */
  take(): CheckedSentence[] {
    return this.queue.splice(0);
  }

  private record(sentence: CheckedSentence): void {
    this.sentences.push(sentence);
    this.queue.push(sentence);
  }

  /** Counts for the record of the call: sentences kept, dropped per reason, labels cited by kept sentences. */
  get tally(): { kept: number; dropped: Record<DropReason, number>; cited: string[] } {
    const dropped: Record<DropReason, number> = { 'geen-bron': 0, 'onbekende-bron': 0, 'niet-onderbouwd': 0 };
    for (const sentence of this.sentences) if (!sentence.kept) dropped[sentence.reason] += 1;
    const kept = this.sentences.filter((sentence) => sentence.kept);
    return { kept: kept.length, dropped, cited: [...new Set(kept.flatMap((sentence) => sentence.labels))] };
  }
}

/** Checks a whole answer at once. */
export function checkAnswer(answer: string, sources: readonly LabelledSource[], question = ''): CheckedSentence[] {
  const check = new AnswerCheck(sources, question);
  check.push(answer);
  check.finish();
  return check.take();
}

/** "2 zinnen verwijderd: 1 zonder bronvermelding, 1 niet te herleiden tot het dossier." or null when none was. */
export function droppedNotice(dropped: Record<DropReason, number>): string | null {
  const parts = (Object.keys(dropped) as DropReason[]).filter((reason) => dropped[reason] > 0);
  const total = parts.reduce((sum, reason) => sum + dropped[reason], 0);
  if (total === 0) return null;
  const head = `${total} ${total === 1 ? 'zin' : 'zinnen'} verwijderd`;
  if (parts.length === 1) return `${head}: ${dropReasonLabels[parts[0]!]}.`;
  return `${head}: ${parts.map((reason) => `${dropped[reason]} ${dropReasonLabels[reason]}`).join(', ')}.`;
}
