import { everydayParticles, foldAccents } from '../../shared/text';
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
 * "mw. A. van der Sluis", "J.P. Terlouw zoeken", "dhr. J. Th. Bakker": initials are no words of the
 * sentence, and their dots would end it. A capital (or "Th", "Chr", "Joh") with its dot, before a
 * word, is left out where a name can start: at the start, after a title, a comma or a joining word,
 * or after another initial ("vitamine D. Daarna" keeps its D). The name keeps them as typed (ADR 0105,
 * round nine): the word after them carries them in `initials`.
 */
function withoutInitials(text: string, tokens: Token[]): Token[] {
  const out: Token[] = [];
  let afterInitial = false;
  let lowerRun = false;
  let initialsFrom = -1;
  let initialsTo = -1;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    lowerRun = token.kind === 'word' && /^\p{Ll}$/u.test(token.raw) && (lowerRun || lowerInitials(text, tokens, index));
    const dotted = token.kind === 'word' && /^(\p{Lu}|Th|Chr|Joh)$/u.test(token.raw) && text[token.end] === '.';
    if (dotted || lowerRun) {
      const dot = tokens[index + 1]?.kind === 'punct' && tokens[index + 1]!.start === token.end ? 1 : 0;
      const next = tokens[index + 1 + dot];
      const previous = out.at(-1);
      const namePlace =
        lowerRun ||
        afterInitial ||
        !previous ||
        previous.kind === 'punct' ||
        honorifics.has(previous.norm) ||
        connectors.has(previous.norm) ||
        initialSlots.has(previous.norm);
      if (next?.kind === 'word' && namePlace) {
        if (!afterInitial) initialsFrom = token.start;
        initialsTo = dot ? tokens[index + 1]!.end : token.end + 1;
        index += dot;
        afterInitial = true;
        continue;
      }
    }
    out.push(afterInitial ? { ...token, initials: text.slice(initialsFrom, initialsTo) } : token);
    afterInitial = false;
    lowerRun = false;
  }
  return out;
}

/** Where initials may stand besides the start, a title or a joining word: "zoek J.H. van Dijk", "van E. Brandsma". */
const initialSlots = new Set(['zoek', 'van', 'voor', 'bij', 'met']);

/** Dotted short forms typed in lower case: "i.v.m.", "d.w.z.", "v.d.": no initials. */
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
  'vd',
  'ie',
  'nb',
  'ps',
  'ipv',
  'tav',
]);

/**
 * "j.p. terlouw", "zoek h. el khatib", "van t.c. van der zee": in lower case, single letters each with a dot before a
 * name, where a name can start (also after a command or "van"), unless the letters spell a short form ("i.v.m.").
 */
function lowerInitials(text: string, tokens: Token[], from: number): boolean {
  let letters = '';
  let index = from;
  while (tokens[index]?.kind === 'word' && /^\p{Ll}$/u.test(tokens[index]!.raw) && text[tokens[index]!.end] === '.') {
    letters += tokens[index]!.raw;
    index++;
    if (tokens[index]?.kind === 'punct' && tokens[index]!.norm === '.') index++;
  }
  const next = tokens[index];
  const previous = tokens[from - 1];
  const namePlace =
    !previous ||
    previous.kind === 'punct' ||
    honorifics.has(previous.norm) ||
    connectors.has(previous.norm) ||
    initialSlots.has(previous.norm);
  return (
    letters.length > 0 &&
    !dottedWords.has(letters) &&
    !(letters.length === 1 && dotAbbreviations.has(letters) && ['v', 'd'].includes(letters)) &&
    next?.kind === 'word' &&
    next.start > tokens[from]!.end &&
    namePlace
  );
}

export function textOf(tokens: Token[]): string {
  return tokens.map((token) => token.norm).join(' ');
}

export function originalText(input: string, tokens: Token[]): string {
  if (tokens.length === 0) return '';
  return input.slice(tokens[0]!.start, tokens.at(-1)!.end).trim();
}
