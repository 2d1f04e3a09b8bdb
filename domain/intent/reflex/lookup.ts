import { editDistance } from '../../patient/name-matching';
import type { dailyNoteCategories } from '../../report/report.schemas';
import { actionStarters, categoryCues, categoryNames, concepts, questionStarters, type Concept } from '../lexicon';
import { phrases } from '../phrases';
import { textOf, tokenize, type Token } from './tokens';

/** Lexicon lookup: exact words, prefixes, then one or two typos; and the note category the words cue. */

export type Category = (typeof dailyNoteCategories)[number];

export interface Hit {
  concepts: ReadonlySet<Concept>;
  category: Category | null;
  fuzzy: boolean;
}

interface Entry {
  concepts: Set<Concept>;
  category: Category | null;
}

const exactWords = new Map<string, Entry>();
const prefixWords: { prefix: string; entry: Entry }[] = [];
const categoryOrder: Category[] = ['incident', 'medicatie', 'gedrag', 'adl', 'observatie'];

function addWord(word: string, concept: Concept | null, category: Category | null) {
  const prefix = word.endsWith('*');
  const key = prefix ? word.slice(0, -1) : word;
  let entry = prefix ? prefixWords.find((candidate) => candidate.prefix === key)?.entry : exactWords.get(key);
  if (!entry) {
    entry = { concepts: new Set(), category: null };
    if (prefix) prefixWords.push({ prefix: key, entry });
    else exactWords.set(key, entry);
  }
  if (concept) entry.concepts.add(concept);
  // The strongest category wins when a word is a cue for two (categoryCues is ordered).
  if (category && (!entry.category || categoryOrder.indexOf(category) < categoryOrder.indexOf(entry.category))) entry.category = category;
}

for (const [concept, words] of Object.entries(concepts) as [Concept, readonly string[]][])
  for (const word of words) addWord(word, concept, null);
for (const [category, words] of Object.entries(categoryCues) as [Category, readonly string[]][])
  for (const word of words) addWord(word, null, category);
prefixWords.sort((a, b) => b.prefix.length - a.prefix.length);
// Only command words are matched loosely: a category cue one letter from a surname (wakker, Bakker)
// would turn names into observations.
const fuzzyCandidates = [...exactWords.entries()]
  .filter(([word, entry]) => word.length >= 4 && entry.concepts.size > 0)
  .map(([word]) => word);
// A cue one letter from a name is only trusted in long words ("medicatei", "gevalen").
const fuzzyCues = [...exactWords.entries()].filter(([word, entry]) => word.length >= 7 && entry.concepts.size === 0).map(([word]) => word);
// Dutch compounds carry their meaning in the last part: depotafspraak, incidentrapportage, vluchtrisico.
const compoundHeads = [...exactWords.keys(), ...prefixWords.map(({ prefix }) => prefix)]
  .filter((word) => word.length >= 5)
  .sort((a, b) => b.length - a.length);

export const noHit: Hit = { concepts: new Set(), category: null, fuzzy: false };
const lookupCache = new Map<string, Hit>();

export function lookup(norm: string): Hit {
  const cached = lookupCache.get(norm);
  if (cached) return cached;
  const hit = lookupUncached(norm);
  if (lookupCache.size > 20_000) lookupCache.clear();
  lookupCache.set(norm, hit);
  return hit;
}

function exactOrPrefix(norm: string): Entry | null {
  return exactWords.get(norm) ?? prefixWords.find(({ prefix }) => norm.startsWith(prefix))?.entry ?? null;
}

function lookupUncached(norm: string): Hit {
  const known = exactOrPrefix(norm);
  // "incidentrapportage" is a report, not an incident: the last part of a compound decides.
  if (known && (known.concepts.size > 0 || norm.length < 8 || exactWords.has(norm))) return { ...known, fuzzy: false };
  if (known) {
    const head = compoundHeads.find((word) => norm.endsWith(word) && norm.length - word.length >= 3);
    const headEntry = head ? exactOrPrefix(head) : null;
    return { ...(headEntry && headEntry.concepts.size > 0 ? headEntry : known), fuzzy: false };
  }
  const dash = norm.lastIndexOf('-');
  if (dash > 0) return lookup(norm.slice(dash + 1));
  if (norm.length >= 8) {
    const head = compoundHeads.find((word) => norm.endsWith(word) && norm.length - word.length >= 3);
    if (head) return { ...exactOrPrefix(head)!, fuzzy: false };
  }
  if (norm.length < 4 || /\d/.test(norm)) return noHit;
  // Typing on a ward tablet: a swapped pair in a short word, one slip from five letters, two from nine.
  const allowed = norm.length >= 9 ? 2 : 1;
  const sorted = norm.length === 4 ? [...norm].sort().join('') : '';
  for (const word of fuzzyCandidates) {
    if (Math.abs(word.length - norm.length) > allowed) continue;
    if (norm.length === 4 && (word.length !== 4 || [...word].sort().join('') !== sorted)) continue;
    if (editDistance(norm, word) <= allowed) return { ...exactWords.get(word)!, fuzzy: true };
  }
  if (norm.length < 5) return noHit;
  for (const { prefix, entry } of prefixWords) {
    if (prefix.length < 5 || norm.length < prefix.length - 1 || entry.concepts.size === 0) continue;
    const slack = prefix.length >= 9 ? 2 : 1;
    for (const cut of [prefix.length - 1, prefix.length, prefix.length + 1]) {
      if (editDistance(norm.slice(0, cut), prefix) <= slack) return { ...entry, fuzzy: true };
    }
  }
  if (norm.length >= 7) {
    for (const word of fuzzyCues) {
      if (Math.abs(word.length - norm.length) <= 1 && editDistance(norm, word) <= 1) return { ...exactWords.get(word)!, fuzzy: true };
    }
    for (const { prefix, entry } of prefixWords) {
      if (prefix.length >= 7 && entry.concepts.size === 0 && editDistance(norm.slice(0, prefix.length), prefix) <= 1)
        return { ...entry, fuzzy: true };
    }
  }
  return noHit;
}

/** The category a note names before its text: "gedrag:", "notitie obs", "noteer adl" (then its index), or null. */
export function namedCategory(tokens: Token[]): { category: Category; at: number } | null {
  for (let index = 0; index < tokens.length; index++) {
    const category = tokens[index]!.kind === 'word' ? categoryNames[tokens[index]!.norm] : undefined;
    if (!category) continue;
    const before = lookup(tokens[index - 1]?.norm ?? '').concepts;
    if (tokens[index + 1]?.norm === ':' || before.has('noteNoun') || before.has('noteVerb')) return { category, at: index };
  }
  return null;
}

/** A note's category: the one it names, else from the cues in its words (the strongest cue wins). */
export function categoryIn(tokens: Token[], text: string): Category {
  const named = namedCategory(tokens);
  if (named) return named.category;
  if (phrases.poorSleep.test(text)) return 'observatie';
  if (phrases.walkedOff.test(text) && !phrases.violence.test(text)) return 'gedrag';
  let best: Category | null = null;
  for (const token of tokens) {
    if (token.kind !== 'word') continue;
    const category = lookup(token.norm).category;
    if (category && (!best || categoryOrder.indexOf(category) < categoryOrder.indexOf(best))) best = category;
  }
  return best ?? 'observatie';
}

export function categoryOfText(text: string): Category {
  const tokens = tokenize(text);
  return categoryIn(tokens, textOf(tokens));
}

// The word classes the splitter, the clauses and the classifier share.

/** What an action is about: a new one after a connector starts a new action. */
export const subjectConcepts = new Set<Concept>(['noteNoun', 'reportNoun', 'handover', 'intake', 'risk', 'diagnosis', 'agendaNoun']);
// Inside a note's text only a command ends it: no question word, and no infinitive ("…dat hij niet wilde plannen").
export const imperativeStarters = new Set([...actionStarters].filter((word) => !questionStarters.has(word) && !/en$/.test(word)));

/** Before an appointment noun they ask for someone's own appointments ("zijn afspraken"). */
export const possessives = new Set(['zijn', 'haar', 'zn', 'mijn', 'diens', 'heur', 'haor']);
/** Command words: a clause with one is an action of its own. */
export const commandConcepts: Concept[] = ['createVerb', 'cancelVerb', 'rescheduleVerb', 'noteVerb', 'searchVerb'];

/** What a clinician can say is not wanted ("geen notitie", "niet annuleren"). */
export const declinable: Concept[] = [
  'cancelVerb',
  'rescheduleVerb',
  'createVerb',
  'noteVerb',
  'noteNoun',
  'searchVerb',
  'writeVerb',
  'showVerb',
  ...subjectConcepts,
];
