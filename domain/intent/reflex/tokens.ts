import { everydayParticles, foldAccents, initialsBeforeName, isInitial, particleAbbreviations } from '../../shared/text';
import { connectors, dotAbbreviations, honorifics, nameParticles, notNames, regionalForms } from '../lexicon';
import { lookup } from './lookup';

/** Tokens: words, written times and punctuation, with where each stands in the typed text. */

export interface Token {
  kind: 'word' | 'time' | 'punct';
  raw: string;
  norm: string;
  start: number;
  end: number;
  /** "J.P." before "de Wit": initials left out of the words (their dots would end the sentence), kept as typed for the name. */
  initials?: string;
}

export function normalizeWord(raw: string): string {
  return foldAccents(raw)
    .replace(/['’`]s$/, 's')
    .replace(/['’`]/g, (mark, offset: number) => (offset === 0 ? "'" : ''));
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const shouted = typedInCapitals(text);
  const pattern =
    /(\d{1,2}[:.]\d{2})(?!\d)|([\p{L}\p{N}]+(?:['’`-][\p{L}\p{N}]+)*|['’`]t\b)|([:;,.?!]|\n)|(?<=\s)(\+)(?=\s)|(?<=\s)(->|-->|→|=>)(?=\s)/gu;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    const raw = match[0];
    // "dx + risico + intake status": a plus in shorthand joins actions as "en" does.
    if (match[4]) tokens.push({ kind: 'word', raw, norm: 'en', start, end: start + raw.length });
    // "afspr vr -> ma": an arrow in shorthand is "naar".
    else if (match[5]) tokens.push({ kind: 'word', raw, norm: 'naar', start, end: start + raw.length });
    // Regional "d'r overdracht" is "haar overdracht".
    else if (/^d['’`]r$/i.test(raw)) tokens.push({ kind: 'word', raw, norm: 'haar', start, end: start + raw.length });
    else if (match[1]) tokens.push({ kind: 'time', raw, norm: raw.replace('.', ':'), start, end: start + raw.length });
    else if (match[2] !== undefined || raw.startsWith("'") || raw.startsWith('’')) {
      const norm = normalizeWord(raw);
      const typed = shouted ? raw.toLowerCase() : shoutedName(text, match.index, raw) ? titleCase(raw) : raw;
      tokens.push({ kind: 'word', raw: typed, norm: regionalForms.get(norm) ?? norm, start, end: start + raw.length });
    } else {
      // "mw." and "i.v.m." keep their dot: it ends an abbreviation, not a sentence.
      const previous = tokens.at(-1);
      if (raw === '.' && previous?.kind === 'word' && previous.end === start && dotAbbreviations.has(previous.norm)) continue;
      tokens.push({ kind: 'punct', raw: raw === '\n' ? '.' : raw, norm: raw === '\n' ? '.' : raw, start, end: start + raw.length });
    }
  }
  return withoutInitials(text, tokens);
}

/** "ROOS JANSEN INTAKE STATUS": a sentence typed in capitals only reads as one typed in lower case. */
function typedInCapitals(text: string): boolean {
  return !/\p{Ll}/u.test(text) && (text.match(/\p{Lu}{2,}/gu) ?? []).length >= 3;
}

/**
 * "van MOLENAAR", "dat VISSER om 03:00", "DE VRIES agitatie": in a sentence typed in lower case, a word in capitals is a
 * name typed so where a name goes (after "van", "bij", "dat" or a title) when it is long (an acronym such as "PANSS" or
 * "AIOS" is short; "DRINGEND" after a comma is emphasis), or next to a particle in capitals.
 */
function shoutedName(text: string, at: number, raw: string): boolean {
  if (!/^\p{Lu}{2,}$/u.test(raw)) return false;
  const previous = /([\p{L}]+)\.?\s+$/u.exec(text.slice(0, at))?.[1]?.toLowerCase() ?? '';
  if (raw.length >= 6 && (nameSlots.has(previous) || honorifics.has(previous))) return true;
  const before = /(\p{Lu}+)\s+$/u.exec(text.slice(0, at))?.[1]?.toLowerCase() ?? '';
  const after = /^\s+(\p{Lu}{2,})\b/u.exec(text.slice(at + raw.length))?.[1]?.toLowerCase() ?? '';
  // "voor KEVIN LAROS", "mw. ANNA DE BOER": two words in capitals where a name goes, neither a word of the ward (the second
  // may be a particle), are a given and a family name.
  const slotBefore = /([\p{L}]+)\.?\s+\p{Lu}+\s+$/u.exec(text.slice(0, at))?.[1]?.toLowerCase() ?? '';
  const given = (word: string) => word.length >= 4 && unknownInCapitals(word);
  const pair = (slot: string, first: string, second: string) =>
    (nameSlots.has(slot) || honorifics.has(slot)) && given(first) && (given(second) || capitalParticles.has(second));
  return (
    capitalParticles.has(before) ||
    (capitalParticles.has(raw.toLowerCase()) && after.length >= 3) ||
    pair(previous, raw.toLowerCase(), after) ||
    (before !== '' && pair(slotBefore, before, raw.toLowerCase()))
  );
}

function unknownInCapitals(word: string): boolean {
  const hit = lookup(foldAccents(word));
  return hit.concepts.size === 0 && hit.category === null && !notNames.has(word);
}

const nameSlots = new Set(['van', 'bij', 'voor', 'met', 'over', 'dat', 'zoek']);
// The particles of names, less those that are everyday words ("IN", "OP") or a single letter ("A", "V").
const capitalParticles = new Set([...nameParticles].filter((word) => word.length >= 2 && !everydayParticles.includes(word)));

function titleCase(raw: string): string {
  return raw.charAt(0) + raw.slice(1).toLowerCase();
}

/**
 * "mw. A. van der Sluis", "J.P. Terlouw zoeken", "dhr. J. Th. Bakker", "zoek h. el khatib": initials are no words of the
 * sentence, and their dots would end it. They are left out where a name can start: at the start, after a title, a comma
 * or a joining word, or after "zoek"/"van"/"voor"/"bij"/"met" ("vitamine D. Daarna" keeps its D). The name keeps them as
 * typed (ADR 0105, round nine): the word after them carries them in `initials`.
 */
function withoutInitials(text: string, tokens: Token[]): Token[] {
  const out: Token[] = [];
  let left = 0;
  let from = -1;
  let to = -1;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (from < 0) left = initialsAt(text, tokens, index, out.at(-1));
    if (left > 0) {
      const dot = tokens[index + 1]?.kind === 'punct' && tokens[index + 1]!.start === token.end ? 1 : 0;
      if (from < 0) from = token.start;
      to = dot ? tokens[index + 1]!.end : token.end + 1;
      index += dot;
      left--;
      continue;
    }
    out.push(from >= 0 ? { ...token, initials: text.slice(from, to) } : token);
    from = -1;
  }
  return out;
}

/** Where initials may stand besides the start, a title or a joining word: "zoek J.H. van Dijk", "van E. Brandsma". */
const initialSlots = new Set(['zoek', 'van', 'voor', 'bij', 'met']);

/** Dotted short forms typed in lower case: "i.v.m.", "d.w.z.": no initials. */
const dottedWords = new Set([
  'ivm',
  'dwz',
  'zsm',
  'mbt',
  'tzt',
  'nav',
  'oa',
  'ovv',
  'aub',
  'evt',
  'bv',
  'ca',
  'ie',
  'nb',
  'ps',
  'ipv',
  'tav',
]);

/**
 * How many words from `from` on are initials before a name: a run of letters (or "Th", "Chr", "Joh") each with its dot,
 * where a name can start, before a word. Typed in capitals ("J.P.") each letter counts; in lower case ("j.p. terlouw") the
 * letters must not spell a dotted short form ("i.v.m."). A trailing "v.", "d." or "v.d." is the particle it abbreviates
 * unless a particle follows (`initialsBeforeName`, the patient search's rule too).
 */
function initialsAt(text: string, tokens: Token[], from: number, previous: Token | undefined): number {
  const namePlace =
    !previous ||
    previous.kind === 'punct' ||
    honorifics.has(previous.norm) ||
    connectors.has(previous.norm) ||
    initialSlots.has(previous.norm);
  if (!namePlace) return 0;
  const capital = /^\p{Lu}/u.test(tokens[from]?.raw ?? '');
  // One run is typed in one case: "J. Th." or "j. th.", never "J. th." (which initials are, `isInitial` says).
  const shape = capital ? /^\p{Lu}\p{Ll}*$/u : /^\p{Ll}+$/u;
  const letters: string[] = [];
  let index = from;
  while (
    tokens[index]?.kind === 'word' &&
    shape.test(tokens[index]!.raw) &&
    isInitial(tokens[index]!.raw) &&
    text[tokens[index]!.end] === '.'
  ) {
    letters.push(tokens[index]!.raw);
    index++;
    if (tokens[index]?.kind === 'punct' && tokens[index]!.norm === '.') index++;
  }
  const next = tokens[index];
  if (letters.length === 0 || next?.kind !== 'word') return 0;
  if (!capital && dottedWords.has(letters.join(''))) return 0;
  return initialsBeforeName(letters, nameParticles.has(next.norm) || particleAbbreviations.includes(next.norm));
}

export function textOf(tokens: Token[]): string {
  return tokens.map((token) => token.norm).join(' ');
}

export function originalText(input: string, tokens: Token[]): string {
  if (tokens.length === 0) return '';
  return input.slice(tokens[0]!.start, tokens.at(-1)!.end).trim();
}
