import { foldAccents } from '../shared/text';
import {
  clinicalInstant,
  clinicalTimeZone,
  clockChangeNote,
  dayOfPhrase,
  isoDay,
  readClock,
  startOfClinicalDay,
  weekdays,
  type PartOfDay,
} from '../shared/clinical-time';
import { TZDate } from '@date-fns/tz';
import { rangeForLabel } from '../agenda/agenda.dates';
import { editDistance } from '../patient/name-matching';
import type { dailyNoteCategories } from '../report/report.schemas';
import { applyDictation } from '../speech/dictation';
import type { ChainAction, ClassifyContext, Entities, Intent } from './intent.schemas';
import { asMainClause } from './word-order';
import {
  actionStarters,
  backReference,
  categoryCues,
  commonVerbs,
  complexityWords,
  concepts,
  connectors,
  correctionWords,
  dayWords,
  dose,
  dotAbbreviations,
  ellipsisWords,
  fillers,
  honorifics,
  hourWords,
  leadIns,
  nameParticles,
  namePrepositions,
  negations,
  notNames,
  orderVerbs,
  outOfScope,
  pronouns,
  questionOpeners,
  questionStarters,
  sequencers,
  subjectVerbs,
  weekdayAbbreviations,
  wishWords,
  type Concept,
} from './lexicon';
import { contextClause, predictIntent } from './intent-model';
import { phrases } from './phrases';

/**
 * The local reflex: a Dutch sentence → an ordered chain of actions in well under a millisecond.
 * Pure and deterministic (the clock is a parameter), so it runs in the app, in tests and in the
 * bench alike. Names come out as written; resolving them to patients is the service's job.
 */
export interface ReflexResult {
  actions: ChainAction[];
  /** Connector words the local split could not account for: the model should look at it. */
  complex: boolean;
  /** Every name-like span in the sentence, whatever its intent: what pseudonymisation must hide. */
  names: string[];
}

type Category = (typeof dailyNoteCategories)[number];

interface Token {
  kind: 'word' | 'time' | 'punct';
  raw: string;
  norm: string;
  start: number;
  end: number;
}

interface Hit {
  concepts: ReadonlySet<Concept>;
  category: Category | null;
  fuzzy: boolean;
}

// ---------------------------------------------------------------------------------------------
// Lexicon lookup: exact words, prefixes, then one or two typos.

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

const noHit: Hit = { concepts: new Set(), category: null, fuzzy: false };
const lookupCache = new Map<string, Hit>();

function lookup(norm: string): Hit {
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

// ---------------------------------------------------------------------------------------------
// Tokens

export function normalizeWord(raw: string): string {
  return foldAccents(raw)
    .replace(/['’`]s$/, 's')
    .replace(/['’`]/g, (mark, offset: number) => (offset === 0 ? "'" : ''));
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /(\d{1,2}[:.]\d{2})(?!\d)|([\p{L}\p{N}]+(?:['’`-][\p{L}\p{N}]+)*|['’`]t\b)|([:;,.?!]|\n)|(?<=\s)(\+)(?=\s)/gu;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    const raw = match[0];
    // "dx + risico + intake status": a plus in shorthand joins actions as "en" does.
    if (match[4]) tokens.push({ kind: 'word', raw, norm: 'en', start, end: start + raw.length });
    // Regional "d'r overdracht" is "haar overdracht".
    else if (/^d['’`]r$/i.test(raw)) tokens.push({ kind: 'word', raw, norm: 'haar', start, end: start + raw.length });
    else if (match[1]) tokens.push({ kind: 'time', raw, norm: raw.replace('.', ':'), start, end: start + raw.length });
    else if (match[2] !== undefined || raw.startsWith("'") || raw.startsWith('’'))
      tokens.push({ kind: 'word', raw, norm: normalizeWord(raw), start, end: start + raw.length });
    else {
      // "mw." and "i.v.m." keep their dot: it ends an abbreviation, not a sentence.
      const previous = tokens.at(-1);
      if (raw === '.' && previous?.kind === 'word' && previous.end === start && dotAbbreviations.has(previous.norm)) continue;
      tokens.push({ kind: 'punct', raw: raw === '\n' ? '.' : raw, norm: raw === '\n' ? '.' : raw, start, end: start + raw.length });
    }
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// Segments: one per action

interface Segment {
  tokens: Token[];
  /** Indices (into the whole token list) of connectors used to split, so they are not "complex". */
  explained: Set<number>;
  /** Said after "nadat": to be done before the segment it follows. */
  first: boolean;
}

const subjectConcepts = new Set<Concept>(['noteNoun', 'reportNoun', 'handover', 'intake', 'risk', 'diagnosis', 'agendaNoun']);
// Inside a note's text only a command ends it: no question word, and no infinitive ("…dat hij niet wilde plannen").
const imperativeStarters = new Set([...actionStarters].filter((word) => !questionStarters.has(word) && !/en$/.test(word)));

function startsAction(
  tokens: Token[],
  from: number,
  strictContent: boolean,
  asking = false,
  said: Set<Concept> = new Set(),
): number | null {
  let index = from;
  let sequenced = tokens[from - 1]?.kind === 'punct' && ['.', '?', '!', ';'].includes(tokens[from - 1]!.norm);
  while (
    index < tokens.length &&
    tokens[index]!.kind === 'word' &&
    (fillers.has(tokens[index]!.norm) || connectors.has(tokens[index]!.norm))
  ) {
    if (sequencers.has(tokens[index]!.norm)) sequenced = true;
    index++;
  }
  if (sequencers.has(tokens[from - 1]?.norm ?? '')) sequenced = true;
  const token = tokens[index];
  if (!token || token.kind !== 'word') return null;
  // Inside a note's text only a command, a full stop or "daarna" ends the note.
  const inContent = strictContent && !sequenced;
  const starters = inContent ? imperativeStarters : actionStarters;
  if (starters.has(token.norm)) return index;
  // "…, en belt u daarna haar partner": a verb with "u" after it is said to the assistant, also inside a note.
  if (/t$/.test(token.norm) && tokens[index + 1]?.norm === 'u' && token.norm.length >= 4) return index;
  // "…, en kun je daarna haar risico's laten zien?": a request put to the assistant, also after a note's text.
  if (['kun', 'kunt', 'wil', 'wilt', 'zou'].includes(token.norm) && ['je', 'jij', 'u'].includes(tokens[index + 1]?.norm ?? ''))
    return index;
  // "… daarna een afspraak plannen om 11 uur": after a sequencing word, a clause with a command of its own
  // is an action, also after a note's text (not "daarna ging hij slapen": no command word).
  if (strictContent && sequencedHere(tokens, from, index) && commandClauseAt(tokens, index)) return index;
  // "zoek mw. Yilmaz op, geen overdracht nodig, wel haar risico's": what is not wanted is a part of its own.
  if (
    !inContent &&
    negations.has(token.norm) &&
    tokens.slice(index + 1, index + 3).some((word) => declinable.some((concept) => lookup(word.norm).concepts.has(concept)))
  )
    return index;
  // "zoek mw. Vos, hoeft geen notitie, …": what need not be done is a part of its own too.
  if (!inContent && /^hoe(f|ft|ven)$/.test(token.norm) && negations.has(tokens[index + 1]?.norm ?? '')) return index;
  // "…, daarna wil ik zijn rapportages zien": a wish of the clinician's own is a new request.
  if (!inContent && token.norm === 'wil' && tokens[index + 1]?.norm === 'ik') return index;
  // "wat moet de avonddienst weten over Ruud, en kan hij agressief worden": a second question.
  if (!inContent && asking && questionStarters.has(token.norm)) return index;
  // "…, daarna …", "… en vervolgens …": a sequencing word outside a note's text always starts an action.
  const afterSequencer = [tokens[from - 1], ...tokens.slice(from, index)].some((word, at) => {
    if (word?.kind !== 'word') return false;
    if (word.norm === 'eerst') return at > 0;
    // "… en dan …" or "…, dan …" sequences; "verzet die dan naar maandag" does not.
    if (word.norm === 'dan') return at > 0 || tokens[from - 2]?.kind === 'punct' || tokens[from - 2]?.norm === 'en';
    return sequencers.has(word.norm);
  });
  if (!strictContent && afterSequencer && tokens.slice(index, index + 3).filter((word) => word.kind === 'word').length >= 2) return index;
  // "… en een voor Eva", "… en die van Bas": the same action again, for someone else.
  // Inside a note's text only "… en bij X dat …" is; "en een voor …" may be the note's own words.
  if (inContent ? forSomeoneElse(tokens, index) : elliptic(tokens, index)) return index;
  if (!inContent) {
    // "…, daarna zijn rapportages": a new subject noun after a sequencing word starts an action too.
    for (let ahead = index; ahead < Math.min(tokens.length, index + 3); ahead++) {
      const word = tokens[ahead]!;
      if (word.kind !== 'word') break;
      const found = lookup(word.norm).concepts;
      if ([...found].some((concept) => subjectConcepts.has(concept))) return index;
      // "…, verder haar afspraken deze week": a possessive and an appointment noun name a new subject too.
      if (found.has('appointmentNoun') && ahead > index && possessives.has(tokens[ahead - 1]!.norm)) return index;
      if (!leadIns.has(word.norm)) break;
    }
    // "zijn diagnose en ook nog de stand van zijn intake": a subject the part before did not have.
    const clause: Token[] = [];
    for (let ahead = index; ahead < tokens.length && tokens[ahead]!.kind === 'word' && clause.length < 6; ahead++) {
      if (clause.length > 0 && connectors.has(tokens[ahead]!.norm)) break;
      clause.push(tokens[ahead]!);
    }
    const fresh = clause.flatMap((word) => [...lookup(word.norm).concepts].filter((concept) => subjectConcepts.has(concept)));
    if (
      said.size > 0 &&
      fresh.length > 0 &&
      fresh.every((concept) => !said.has(concept)) &&
      [...said].some((concept) => subjectConcepts.has(concept))
    )
      return index;
  }
  // "…, vlg kopje", "… en dan het blok verslaving": a step through the intake form is an action of its own.
  if (!inContent && intakeStepAt(tokens, index)) return index;
  if (token.norm.length >= 5) {
    const hit = lookup(token.norm);
    const verbs: Concept[] = ['cancelVerb', 'rescheduleVerb', 'createVerb', 'noteVerb', 'searchVerb'];
    if (hit.fuzzy && verbs.some((verb) => hit.concepts.has(verb))) return index;
  }
  // No rule knows this opening, but the words up to the next full stop read as an action of their
  // own: the model decides ("…; afspr van de Boer mag weg", "… en dan vorige kopje").
  if (!inContent && (sequenced || connectors.has(tokens[index - 1]?.norm ?? '')) && standsAlone(tokens, index, sequenced)) return index;
  return null;
}

const strongStops = new Set(['.', ';', '?', '!']);
const possessives = new Set(['zijn', 'haar', 'zn', 'mijn', 'diens', 'heur', 'haor']);
const commandConcepts: Concept[] = ['createVerb', 'cancelVerb', 'rescheduleVerb', 'noteVerb', 'searchVerb'];

/** A sequencing word between the split and the clause, or right after the clause's first word ("belt u daarna"). */
function sequencedHere(tokens: Token[], from: number, index: number): boolean {
  return [tokens[from - 1], ...tokens.slice(from, index)].some(
    (word) => word !== undefined && sequencers.has(word.norm) && word.norm !== 'eerst',
  );
}

/** The clause up to the next stop has a command word and no pronoun subject of its own ("een afspraak plannen"). */
function commandClauseAt(tokens: Token[], from: number): boolean {
  if (['hij', 'zij', 'ze', 'die', 'het'].includes(tokens[from]?.norm ?? '')) return false;
  for (let index = from; index < tokens.length && tokens[index]!.kind === 'word' && index < from + 8; index++) {
    const hit = lookup(tokens[index]!.norm);
    if (!hit.fuzzy && commandConcepts.some((concept) => hit.concepts.has(concept))) return true;
    if (
      !hit.fuzzy &&
      (hit.concepts.has('intake') || hit.concepts.has('agendaNoun')) &&
      ['open', 'openen', 'tonen', 'zien'].includes(tokens[index + 1]?.norm ?? '')
    )
      return true;
  }
  return false;
}

/** A short clause that names a part of the intake form and where to go: "volgende kopje", "naar het blok verslaving". */
function intakeStepAt(tokens: Token[], from: number): boolean {
  const clause: Token[] = [];
  for (let index = from; index < tokens.length && tokens[index]!.kind === 'word' && clause.length < 6; index++) {
    if (clause.length > 0 && connectors.has(tokens[index]!.norm)) break;
    clause.push(tokens[index]!);
  }
  const words = clause.map((token) => token.norm);
  return (
    words.length <= 5 &&
    words.some((word) => ['kopje', 'blok', 'sectie', 'onderdeel', 'tabblad', 'hoofdstuk'].includes(word)) &&
    words.some((word) => ['volgend', 'volgende', 'vorig', 'vorige', 'vlg', 'naar', 'nao', 'het', 'de'].includes(word))
  );
}

function standsAlone(tokens: Token[], from: number, sequenced: boolean): boolean {
  let to = from;
  while (to < tokens.length && !(tokens[to]!.kind === 'punct' && strongStops.has(tokens[to]!.norm))) to++;
  const clause = tokens.slice(from, to);
  if (clause.filter((token) => token.kind === 'word').length < 2) return false;
  const reading = classifySegment(clause, false);
  if (reading.intent === 'unknown' && !reading.outside) return false;
  const best = predictIntent(featuresOf(clause, reading))?.[0];
  if (!best || best.intent === contextClause || (best.intent === 'unknown' && !reading.outside)) return false;
  return best.probability >= (sequenced ? splitConfidence.sequenced : splitConfidence.joined);
}

/** How sure the model must be that a clause is an action before it is split off: surer after a bare "en". */
const splitConfidence = { sequenced: 0.8, joined: 0.97 };

/** "een voor Eva", "die van Bas", "nog een met Noor": an action said again without its verb. */
function elliptic(tokens: Token[], at: number): boolean {
  let index = at;
  if (tokens[index]?.norm === 'nog') index++;
  return (
    (ellipsisWords.has(tokens[index]?.norm ?? '') && namePrepositions.has(tokens[index + 1]?.norm ?? '')) || forSomeoneElse(tokens, index)
  );
}

/** "… en bij Oumaima dat ze onrustig was", "… en met Bart overmorgen": the same command for another patient. */
function forSomeoneElse(tokens: Token[], at: number): boolean {
  const preposition = tokens[at];
  // Within a part it follows "en"; a part of its own starts with it.
  if (!preposition || !['bij', 'met', 'voor'].includes(preposition.norm) || (at > 0 && tokens[at - 1]?.norm !== 'en')) return false;
  const from = honorifics.has(tokens[at + 1]?.norm ?? '') ? at + 2 : at + 1;
  const span = collectName(tokens, from, true);
  if (!span) return false;
  const after = tokens[span.end];
  return (
    after?.norm === 'dat' ||
    after?.norm === ':' ||
    (after !== undefined &&
      (momentIn(tokens, span.end, Math.min(tokens.length, span.end + 3)).label !== null || timeOf(tokens, span.end) !== null))
  );
}

/**
 * Splits where the split is clear: after a connector or a punctuation mark that is followed by a
 * new command ("… en plan", "…, daarna annuleer", "…. Noteer"). Text after "dat" or ":" of a note
 * is the note's content: only an imperative ends it, never a question word.
 */
function splitSegments(tokens: Token[]): Segment[] {
  const segments: Segment[] = [];
  let current: Token[] = [];
  let explained = new Set<number>();
  let inContent = false;
  let sawNote = false;
  let pendingFirst = false;
  // "Nadat je mevrouw Arslan hebt opgezocht, wil ik …": the opening clause is an action of its own,
  // done first after "nadat", second after "voordat".
  let openingClause =
    ['nadat', 'voordat'].includes(tokens[0]?.norm ?? '') && ['je', 'jij', 'u'].includes(tokens[1]?.norm ?? '') ? tokens[0]!.norm : null;
  if (openingClause) explained.add(0).add(1);
  for (let index = openingClause ? 2 : 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (openingClause && token.norm === ',' && current.length > 0) {
      explained.add(index);
      segments.push({ tokens: current, explained, first: false });
      current = [];
      explained = new Set();
      pendingFirst = openingClause === 'voordat';
      openingClause = null;
      continue;
    }
    // "noteer bij X: …" or "noteer bij X, …": what follows is the note's text.
    if (sawNote && token.kind === 'punct' && (token.norm === ':' || token.norm === ',')) inContent = true;
    const yourTurn = ['je', 'jij', 'u'].includes(tokens[index + 1]?.norm ?? '');
    if (token.kind === 'word' && (token.norm === 'nadat' || token.norm === 'voordat') && current.length > 0 && yourTurn) {
      // "plan X nadat je Y hebt gedaan": Y comes first.
      explained.add(index);
      segments.push({ tokens: current, explained, first: false });
      current = [];
      explained = new Set();
      pendingFirst = token.norm === 'nadat';
      inContent = false;
      sawNote = false;
      continue;
    }
    // "belt u daarna zijn broer": a sequencing word right after "u" or "je" sits inside its clause.
    // "voor het eerst": no sequencing word either.
    const insideClause =
      (sequencers.has(token.norm) && ['u', 'je', 'jij', 'me', 'mij'].includes(tokens[index - 1]?.norm ?? '')) ||
      (token.norm === 'eerst' && tokens[index - 1]?.norm === 'het');
    const splitter =
      token.kind === 'punct' || (token.kind === 'word' && connectors.has(token.norm) && token.norm !== 'ook' && !insideClause);
    // "wil ik eerst …" is a wish still to be said, not a part of its own.
    const ownWords = current.filter((word) => word.kind === 'word' && !fillers.has(word.norm) && !wishWords.has(word.norm)).length;
    const hasSubject = current.some(
      (word) => word.kind === 'word' && [...lookup(word.norm).concepts].some((concept) => subjectConcepts.has(concept)),
    );
    if (splitter && (ownWords >= 2 || hasSubject)) {
      // "noteer niks, wat …": a negated note has no text, so a question after it is a part of its own.
      const asking = questionStarters.has(current.find((word) => word.kind === 'word' && !fillers.has(word.norm))?.norm ?? '');
      // "niet verplaatsen hoor, de afspraak … mag weg": after a command said not to be done, the next clause is what is wanted.
      const afterNegated =
        token.kind === 'punct' &&
        token.norm !== ':' &&
        (negatesCommand(current) || declines(current, tokens.slice(index + 1))) &&
        index + 1 < tokens.length
          ? index + 1
          : null;
      const said = new Set(current.flatMap((word) => (word.kind === 'word' ? [...lookup(word.norm).concepts] : [])));
      const next =
        startsAction(tokens, index + 1, inContent && !negatesCommand(current), asking, inContent ? new Set() : said) ?? afterNegated;
      if (next !== null) {
        for (let skipped = index; skipped < next; skipped++) explained.add(skipped);
        segments.push({ tokens: current, explained, first: pendingFirst });
        pendingFirst = false;
        current = [];
        explained = new Set();
        inContent = false;
        sawNote = false;
        index = next - 1;
        continue;
      }
    }
    if (token.kind === 'word') {
      const hit = lookup(token.norm);
      if (hit.concepts.has('noteNoun') || hit.concepts.has('noteVerb')) sawNote = true;
      if (sawNote && token.norm === 'dat') inContent = true;
    }
    if (token.kind === 'word' && token.norm === 'eerst' && current.length === 0) {
      explained.add(index);
      continue;
    }
    current.push(token);
  }
  if (current.length > 0) segments.push({ tokens: current, explained, first: pendingFirst });
  return segments;
}

// ---------------------------------------------------------------------------------------------
// Entities

function isNameLike(token: Token | undefined, capitalisedOk: boolean, afterTitle = false): boolean {
  if (!token || token.kind !== 'word') return false;
  const norm = token.norm;
  if (
    norm.length < 2 ||
    /\d/.test(norm) ||
    notNames.has(norm) ||
    actionStarters.has(norm) ||
    hourWords.includes(norm) ||
    dayWords.has(norm) ||
    connectors.has(norm) ||
    pronouns.has(norm) ||
    honorifics.has(norm) ||
    weekdayAbbreviations.has(norm) ||
    questionStarters.has(norm)
  )
    return false;
  // "de AIOS", "de SPV": an acronym is a role or a thing; "de volledigheid", "de balie": a noun.
  if (/^\p{Lu}{2,}$/u.test(token.raw) && norm.length >= 3) return false;
  if (token.raw === norm && /(heid|teit|schap|isme|atie)$/.test(norm) && norm.length >= 6) return false;
  // "de crisisdienst", "de nachtverpleging": typed in lower case, a compound of a ward noun is a thing.
  if (token.raw === norm && compoundOfThing(norm)) return false;
  // "waarmee is …", "hoever is …": question words, not names.
  if (/^waar(mee|om|voor|over|van|door|in|op|aan|bij|naar|uit)$|^hoever$|^er(uit|bij|in|op|af|aan|over)$/.test(norm)) return false;
  if (weekdays.some((day) => norm.startsWith(day)) || /^(morgen|gister|vanmorgen)/.test(norm) || misspeltDay(norm)) return false;
  // "BVC-score", "Wvggz-papieren": a compound with a lower-case head is a thing; "Al-Hassan" is a name.
  // After a title, a double name typed in lower case is a name ("mw. pinas-lie").
  if (/-\p{Ll}/u.test(token.raw) && !(capitalisedOk && token.raw === token.raw.toLowerCase() && norm.split('-').every(unknownWord)))
    return false;
  // Typed in lower case, a verb form ("behandeld", "opgenomen") is no name.
  if (token.raw === norm && looksLikeVerb(norm)) return false;
  const hit = lookup(norm);
  // "marie" is one slip from "manie": a near miss of a disorder or a danger word is no command, the name stands.
  const nearContentWord =
    hit.fuzzy && hit.category === null && [...hit.concepts].every((concept) => concept === 'disorderName' || concept === 'riskWord');
  const known = (hit.concepts.size > 0 || hit.category !== null) && !nearContentWord;
  if (!known) return true;
  // A capitalised word where a name is expected ("mw. Brand", "met Planken") is a name, not a typo;
  // so is a word in lower case right after a title ("dhr. broek"), where only a name is expected.
  return capitalisedOk && (/^\p{Lu}/u.test(token.raw) || afterTitle) && (hit.fuzzy || hit.concepts.size === 0);
}

/** "morgn", "dindsag": a day word with a letter dropped or two letters swapped (not "Morgan", a letter changed). */
function misspeltDay(norm: string): boolean {
  if (norm.length < 5) return false;
  for (const day of dayWords) {
    if (day.length === norm.length + 1) {
      for (let at = 0; at < day.length; at++) if (day.slice(0, at) + day.slice(at + 1) === norm) return true;
    } else if (day.length === norm.length && day !== norm) {
      const differ = [...day].flatMap((letter, at) => (letter === norm[at] ? [] : [at]));
      if (
        differ.length === 2 &&
        differ[1] === differ[0]! + 1 &&
        day[differ[0]!] === norm[differ[1]!] &&
        day[differ[1]!] === norm[differ[0]!]
      )
        return true;
    }
  }
  return false;
}

/** Where a name is expected next: after a command or subject word, a question verb or a preposition ("overdracht priya …"). */
function nameSlot(token: Token | undefined): boolean {
  return (
    token?.kind === 'word' &&
    (lookup(token.norm).concepts.size > 0 ||
      actionStarters.has(token.norm) ||
      subjectVerbs.has(token.norm) ||
      namePrepositions.has(token.norm))
  );
}

const thingHeads = [...notNames].filter((word) => word.length >= 5 && !/\d/.test(word));

function compoundOfThing(norm: string): boolean {
  return norm.length >= 9 && thingHeads.some((head) => norm.endsWith(head) && norm.length - head.length >= 3);
}

function unknownWord(part: string): boolean {
  return part.length >= 2 && !notNames.has(part) && lookup(part).concepts.size === 0 && lookup(part).category === null;
}

/** "mw. van den broek", "mw de graaf": after a title and a particle, an ordinary word is a family name. */
function familyWord(token: Token): boolean {
  return (
    token.kind === 'word' &&
    (lookup(token.norm).concepts.size === 0 || lookup(token.norm).fuzzy) &&
    !notNames.has(token.norm) &&
    !pronouns.has(token.norm) &&
    !dayWords.has(token.norm) &&
    !weekdayAbbreviations.has(token.norm) &&
    !/\d/.test(token.norm)
  );
}

/** "hij", "haar", "deze patiënt" refer to a patient; "wat zijn" is a verb. */
function refersToPatient(tokens: Token[], index: number): boolean {
  const token = tokens[index]!;
  if (token.norm === 'deze') return honorifics.has(tokens[index + 1]?.norm ?? '');
  return (
    pronouns.has(token.norm) && !(token.norm === 'zijn' && ['wat', 'welke', 'er', 'die', 'wie'].includes(tokens[index - 1]?.norm ?? ''))
  );
}

/** After a title, a word that only looks like a past tense ("karsten", "hofsteden") is the family name. */
function titledName(token: Token): boolean {
  const norm = token.norm;
  return (
    token.kind === 'word' &&
    /(den|ten)$/.test(norm) &&
    !commonVerbs.has(norm) &&
    !notNames.has(norm) &&
    lookup(norm).concepts.size === 0 &&
    lookup(norm).category === null
  );
}

/** "opstellen", "invullen", "afbellen": an infinitive with a separable prefix. */
function separableInfinitive(norm: string): boolean {
  return /^(op|af|aan|uit|door|mee|terug|toe|vast|weg|in|na)\p{L}{3,}en$/u.test(norm) && !/(sen|ssen|ink)$/.test(norm);
}

/** "wim ter haar", "priya van der linden": after "ter", "ten", "der", "den" even a pronoun or a near-miss of a word is the family name. */
function familyAfter(particle: Token, token: Token): boolean {
  if (token.kind !== 'word' || !['ter', 'ten', 'der', 'den', "'t", 't'].includes(particle.norm)) return false;
  // "van der linden" is no typo of "vinden": after such a particle only a family name comes.
  return pronouns.has(token.norm) || familyWord(token);
}

/** "Bas ter Haar": a capitalised pronoun after a name particle is a family name. */
function familyPronoun(token: Token): boolean {
  return token.kind === 'word' && pronouns.has(token.norm) && /^\p{Lu}/u.test(token.raw);
}

/** The word after a name reads as a finite verb about the patient ("huilt", "praat", "trok"), not as a command word. */
function describesPatient(token: Token | undefined): boolean {
  if (token?.kind !== 'word' || lookup(token.norm).concepts.size > 0) return false;
  return looksLikeVerb(token.norm) || (token.norm.length >= 4 && /[^aeiou]t$/.test(token.norm));
}

function looksLikeVerb(norm: string): boolean {
  return (
    commonVerbs.has(norm) ||
    (norm.length >= 6 && /^(ge|be|ver|ont)\p{L}+[dt]$/u.test(norm)) ||
    (norm.length >= 6 && /(de|te|eert|eerde)$/.test(norm)) ||
    // A past participle ("geschreven", "afgelopen"), not a family name in -sen ("Gerritsen").
    (norm.length >= 7 &&
      /^(ge|af|op|in|uit|aan|binnen|terug|weg|mee|door|toe)\p{L}+en$/u.test(norm) &&
      !/sen$/.test(norm) &&
      /^(ge|afge|opge|inge|uitge|aange|binnenge|terugge|wegge|meege|doorge|toege)/.test(norm))
  );
}

interface NameSpan {
  name: string;
  start: number;
  end: number;
}

function collectName(tokens: Token[], from: number, capitalisedOk: boolean): NameSpan | null {
  const parts: Token[] = [];
  let index = from;
  while (index < tokens.length && parts.length < 6) {
    const token = tokens[index]!;
    if (token.kind !== 'word') break;
    // "mw. oude wesselink", "meneer Oude Luttikhuis": "Oude" opens a family name.
    const oude = token.norm === 'oude' && parts.length === 0 && (capitalisedOk || /^\p{Lu}/u.test(token.raw));
    if (oude && isNameLike(tokens[index + 1], true)) {
      parts.push(token);
      index++;
      continue;
    }
    if (nameParticles.has(token.norm)) {
      const next = tokens[index + 1];
      // "het onderdeel", "aan te trekken": an article or an infinitive, no family name.
      if (token.norm === 'het' && parts.length === 0) break;
      if (token.norm === 'te' && next?.raw === next?.norm && /en$/.test(next?.norm ?? '')) break;
      if (
        next &&
        (nameParticles.has(next.norm) ||
          isNameLike(next, true) ||
          familyPronoun(next) ||
          familyAfter(token, next) ||
          (capitalisedOk && familyWord(next)))
      ) {
        parts.push(token);
        index++;
        continue;
      }
      break;
    }
    const afterParticle = nameParticles.has(parts.at(-1)?.norm ?? '') || parts.at(-1)?.norm === 'oude';
    // Right after a title the family name comes, even one that reads like a verb ("dhr. karsten").
    const afterTitle = capitalisedOk && parts.length === 0 && honorifics.has(tokens[from - 1]?.norm ?? '');
    if (
      !isNameLike(
        token,
        capitalisedOk || parts.length > 0,
        (afterTitle || afterParticle) && !parts.some((part) => !nameParticles.has(part.norm)),
      ) &&
      !(afterTitle && titledName(token)) &&
      !(afterParticle && (familyPronoun(token) || familyAfter(parts.at(-1)!, token) || (capitalisedOk && familyWord(token))))
    )
      break;
    // "ontslagbrief mw. beukema opstellen": an infinitive closing a lower-case command is no name.
    if (parts.length > 0 && token.raw === token.norm && separableInfinitive(token.norm)) break;
    // Lower-case typing gives no capital to stop at: "jan weigerde" ends before the verb ("ter horst" is a name).
    if (parts.length > 0 && !afterParticle && token.raw === token.norm && (looksLikeVerb(token.norm) || describesPatient(token))) break;
    // Typed with capitals, a lower-case word after the name is not part of it ("Bart van Beek missen").
    if (parts.some((part) => /^\p{Lu}/u.test(part.raw)) && !/^\p{Lu}/u.test(token.raw)) break;
    parts.push(token);
    index++;
    // Two given names and a family name at most, and a particle only before the family name.
    if (parts.filter((part) => !nameParticles.has(part.norm)).length >= 3) break;
  }
  while (parts.length > 0 && nameParticles.has(parts.at(-1)!.norm)) parts.pop();
  // "de val van Ingrid van Rooij": where a name is typed with capitals, lower-case words before it are no part of it.
  let first = 0;
  if (parts.some((part) => !nameParticles.has(part.norm) && /^\p{Lu}/u.test(part.raw))) {
    const lastLower = parts.findLastIndex((part) => !nameParticles.has(part.norm) && !/^\p{Lu}/u.test(part.raw));
    if (lastLower >= 0) {
      first = lastLower + 1;
      while (first < parts.length && namePrepositions.has(parts[first]!.norm)) first++;
    }
  }
  const kept = parts.slice(first);
  if (!kept.some((part) => !nameParticles.has(part.norm))) return null;
  // "plaats hem over": no name is followed by "hem"; the word was a command.
  if (tokens[from + parts.length]?.norm === 'hem') return null;
  return { name: nameText(kept), start: from + first, end: from + parts.length };
}

/**
 * Family names whose "v.d." stands for "van den" (the old masculine and neuter nouns: Berg, Heuvel,
 * Bosch, Broek …); every other "v.d." is "van der" (Veen, Linden, Meer, Laan …).
 */
const vanDenHeads =
  /^(berg|bergh|heuvel|bosch|bos|broek|brink|hoek|akker|bogaard|boogaard|boom|bor|dool|eijnde|eijnden|einde|elsen|ham|hout|hurk|oever|oord|tol|hoven|nieuwenhof|wildenberg|biggelaar|bogert|brand|dries|eynde|kerkhof|bergen)/;

/** "v.d. veen" → "van der veen", "vd berg" → "van den berg", "v 't hof" → "van 't hof": the form the record holds. */
function expandParticles(parts: Token[]): Token[] {
  const out: Token[] = [];
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    const family = parts.slice(index + 1).find((next) => !nameParticles.has(next.norm))?.norm ?? '';
    const article = vanDenHeads.test(family) ? 'den' : 'der';
    if (part.norm === 'vd' || (part.norm === 'v' && parts[index + 1]?.norm === 'd')) {
      out.push({ ...part, raw: 'van', norm: 'van' }, { ...part, raw: article, norm: article });
      if (part.norm === 'v') index++;
    } else if (part.norm === 'v' && index < parts.length - 1) out.push({ ...part, raw: 'van', norm: 'van' });
    else out.push(part);
  }
  return out;
}

function nameText(typed: Token[]): string {
  const parts = expandParticles(typed);
  const raw = parts.map((part) => part.raw.replace(/['’`]s$/, ''));
  const typedLower = raw.every((part) => part === part.toLowerCase());
  return raw
    .map((part, index) =>
      typedLower && !(nameParticles.has(parts[index]!.norm) && index > 0)
        ? part.replace(/(^|-)(\p{L})/gu, (_, dash: string, letter: string) => dash + letter.toUpperCase())
        : part,
    )
    .join(' ');
}

/** Names in reading order: after honorifics and prepositions, capitalised, or opening a clause. */
function allNames(tokens: Token[]): string[] {
  const names = new Set<string>();
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.kind !== 'word') continue;
    const previous = tokens[index - 1];
    const opensClause = !previous || previous.kind === 'punct' || connectors.has(previous.norm);
    const after =
      honorifics.has(token.norm) || (namePrepositions.has(token.norm) && !(token.norm === 'van' && previous && isNameLike(previous, true)));
    const span = after
      ? collectName(tokens, index + 1, honorifics.has(token.norm))
      : opensClause || /^\p{Lu}/u.test(token.raw)
        ? collectName(tokens, index, /^\p{Lu}/u.test(token.raw))
        : null;
    if (span) {
      names.add(span.name);
      index = span.end - 1;
    }
  }
  return [...names];
}

/** "noteer dat mw. Yilmaz haar ontbijt oversloeg", "leg vast dat Sanne ter Horst is gevallen": the note's subject. */
function subjectOfContent(tokens: Token[], from: number): NameSpan | null {
  // "dagnotitie, geen rapp.: mw. van 't zand …": a title early in the text names its subject.
  for (let index = from; index < Math.min(tokens.length, from + 10); index++) {
    if (!honorifics.has(tokens[index]!.norm) || tokens[index]!.kind !== 'word') continue;
    const span = collectName(tokens, index + 1, true);
    if (span) return correctedName(tokens, span);
  }
  const at = honorifics.has(tokens[from]?.norm ?? '') ? from + 1 : from;
  const token = tokens[at];
  if (!token) return null;
  // "dat Sanne …", "dat mw. de vos …", and in lower case "dat bram vannacht …" (a clause after "dat" opens with its subject).
  return collectName(tokens, at, at > from || /^\p{Lu}/u.test(token.raw));
}

/** Names coordinated with the first: "Kees en Pieter", "van Mo en van Fenna", "mw. Kramer en mw. Smit". */
function namesAfter(tokens: Token[], first: NameSpan): NameSpan[] {
  const others: NameSpan[] = [];
  let at = first.end;
  while (tokens[at]?.norm === 'en' || (tokens[at]?.norm === ',' && others.length === 0 && tokens[at + 2]?.norm === 'en')) {
    let from = at + 1;
    if (namePrepositions.has(tokens[from]?.norm ?? '') && tokens[from]?.norm === tokens[first.start - 1]?.norm) from++;
    if (honorifics.has(tokens[from]?.norm ?? '')) from++;
    const span = collectName(tokens, from, /^\p{Lu}/u.test(tokens[from]?.raw ?? '') || honorifics.has(tokens[from - 1]?.norm ?? ''));
    if (!span || lookup(tokens[from]!.norm).concepts.size > 0) break;
    others.push(span);
    at = span.end;
  }
  return others;
}

function typedLower(tokens: Token[], span: NameSpan): boolean {
  return tokens.slice(span.start, span.end).every((part) => part.raw === part.norm);
}

/** The patient named in a segment, or the name said in its place: "mevrouw Bosch nee Busch", "Jansma uh sorry Jansen". */
function findName(tokens: Token[], typedWithCapitals = false): NameSpan | null {
  const span = firstName(tokens, typedWithCapitals);
  return span ? correctedName(tokens, span) : null;
}

const hesitations = new Set(['eh', 'ehm', 'uh', 'uhm', 'hm', 'wacht', 'ik', 'of', 'moet', 'zijn', 'is', 'het']);

function correctedName(tokens: Token[], span: NameSpan): NameSpan {
  let index = span.end;
  let corrected = false;
  while (index < tokens.length && index < span.end + 6) {
    const token = tokens[index]!;
    if (token.kind === 'punct' && [',', ':', ';'].includes(token.norm)) index++;
    else if (token.kind === 'word' && correctionWords.has(token.norm)) {
      corrected = true;
      index++;
    } else if (token.kind === 'word' && hesitations.has(token.norm)) index++;
    else break;
  }
  if (!corrected) return span;
  const from = honorifics.has(tokens[index]?.norm ?? '') ? index + 1 : index;
  const again = collectName(tokens, from, from > index || /^\p{Lu}/u.test(tokens[from]?.raw ?? '') || typedLower(tokens, span));
  return again ? correctedName(tokens, again) : span;
}

function firstName(tokens: Token[], typedWithCapitals: boolean): NameSpan | null {
  for (let index = 0; index < tokens.length; index++) {
    if (tokens[index]!.kind === 'word' && honorifics.has(tokens[index]!.norm)) {
      const span = collectName(tokens, index + 1, true);
      if (span) return span;
    }
  }
  const capitalisedName =
    typedWithCapitals || tokens.some((token, index) => index > 0 && /^\p{Lu}/u.test(token.raw) && isNameLike(token, false));
  // "plan voor hem een evaluatie van de separatie": the patient is "hem", "de separatie" no name.
  // Only a pronoun said before the name counts ("schrijf bij rachid dat hij …" names Rachid).
  const pronounBefore = (at: number) => tokens.slice(0, at).some((_, index) => refersToPatient(tokens, index));
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.kind !== 'word' || !namePrepositions.has(token.norm)) continue;
    // "van der Berg" after a noun is a name with its prefix, not the preposition "van".
    const previous = tokens[index - 1];
    // In lower case too: "overdracht priya van dam", where the word before "van" is no word of the lexicon.
    if (
      token.norm === 'van' &&
      previous?.kind === 'word' &&
      (/^\p{Lu}/u.test(previous.raw)
        ? isNameLike(previous, true)
        : isNameLike(previous, false) && unknownWord(previous.norm) && nameSlot(tokens[index - 2])) &&
      !honorifics.has(tokens[index + 1]?.norm ?? '')
    )
      continue;
    const from = token.norm === 'van' && ['der', 'den'].includes(tokens[index + 1]?.norm ?? '') ? index : index + 1;
    const span = collectName(tokens, from, false);
    // "rapportage over de separatie bij Joost van der Linden": typed with capitals, a lower-case span is no name.
    if (span && !((capitalisedName || pronounBefore(index)) && typedLower(tokens, span))) return span;
  }
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    // "Wilt u …", "Kunt u …": a capitalised verb before its subject opens the sentence, it names no one.
    // "Plaats hem over", "Verhoog de dosis": a capitalised word before "hem" or before an article and a noun is a command.
    const after = tokens[index + 1];
    const inverted =
      ['u', 'je', 'jij', 'ik', 'we', 'gij', 'ge', 'hem'].includes(after?.norm ?? '') ||
      (['de', 'het', 'een'].includes(after?.raw ?? '') &&
        tokens[index + 2]?.kind === 'word' &&
        tokens[index + 2]!.raw === tokens[index + 2]!.norm &&
        (index === 0 || tokens[index - 1]!.kind === 'punct'));
    if (token.kind === 'word' && /^\p{Lu}/u.test(token.raw) && isNameLike(token, false) && !inverted) {
      const before = tokens[index - 1];
      const from = before && nameParticles.has(before.norm) && !namePrepositions.has(before.norm) ? index - 1 : index;
      const span = collectName(tokens, from, true);
      if (span) return span;
    }
  }
  // Lower-case shorthand: "overdracht jan", "dx jansen", "jan weigerde med", "eh status intake sjors", "kan winston …".
  for (let index = 0, said = 0; index < tokens.length && said < 3; index++) {
    const token = tokens[index]!;
    if (token.kind !== 'word') break;
    // A pronoun is the subject ("ze huilt", "je zijn overdracht hebt gegeven"): no name follows.
    if (refersToPatient(tokens, index)) break;
    const span = collectName(tokens, index, false);
    if (span && !(capitalisedName && typedLower(tokens, span))) return span;
    if (!fillers.has(token.norm)) said++;
    // Only command, question and subject words come before a shorthand name; "ze huilt" and "vraag een tolk aan" name no one.
    if (
      !lookup(token.norm).concepts.size &&
      !honorifics.has(token.norm) &&
      !fillers.has(token.norm) &&
      !actionStarters.has(token.norm) &&
      !questionStarters.has(token.norm)
    )
      break;
  }
  // The subject of a question in lower case: "welke afspraken heeft thijs", "wanneer zie ik joris".
  for (let index = 1; index < tokens.length; index++) {
    if (!subjectVerbs.has(tokens[index - 1]!.norm)) continue;
    const from = tokens[index]?.norm === 'ik' ? index + 1 : index;
    const span = collectName(tokens, from, false);
    if (span) return span;
  }
  // Shorthand that ends with its patient: "risico inschatting ilse", "ovdr afd. en dx sanne".
  const words = tokens.filter((token) => token.kind === 'word');
  const last = words.at(-1);
  const pronoun = tokens.some((_, index) => refersToPatient(tokens, index) || negations.has(tokens[index]!.norm));
  if (
    last &&
    !capitalisedName &&
    !pronoun &&
    !looksLikeVerb(last.norm) &&
    words.length >= 2 &&
    words.length <= 5 &&
    tokens.at(-1) === last
  ) {
    const before = words.slice(0, -1);
    const known = (token: Token) =>
      lookup(token.norm).concepts.size > 0 || notNames.has(token.norm) || fillers.has(token.norm) || namePrepositions.has(token.norm);
    if (before.every(known) && before.some((token) => lookup(token.norm).concepts.size > 0)) {
      const span = collectName(tokens, tokens.length - 1, false);
      if (span) return span;
    }
  }
  return null;
}

function hourOf(word: string): number | null {
  if (/^\d{1,2}$/.test(word)) return Number(word);
  const index = hourWords.indexOf(word);
  return index < 0 ? null : index + 1;
}

interface Moment {
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
  if (['vandaag', 'vanochtend', 'vanmiddag', 'vanavond'].includes(norm)) return norm === 'vandaag' ? 'vandaag' : 'vandaag';
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

function timeOf(tokens: Token[], index: number): string | null {
  const clock = clockOf(tokens, index);
  return clock ? (readClock(clock.hour, clock.minute, { written: clock.written, partOfDay: null })?.time ?? null) : null;
}

function momentIn(tokens: Token[], from: number, to: number): Moment {
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
function whenOf(moment: Moment, now: Date): { datetime: string; guess: string | null } | null {
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

function categoryIn(tokens: Token[], text: string): Category {
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

// ---------------------------------------------------------------------------------------------
// Classification of one segment

/** What the rules read in one segment: their intent, and what the entities are taken from. */
interface Classified {
  intent: Intent;
  confidence: number;
  /** The other intents the rules considered, best first. */
  rivals: Intent[];
  hasPronoun: boolean;
  /** Several intents fit equally well: only the model can tell. */
  ambiguous: boolean;
  question: boolean;
  name: NameSpan | null;
  /** Further patients named with "en" right after the first ("Kees en Pieter"). */
  others: NameSpan[];
  head: Token[];
  contentAt: number | null;
  /** Something the reflex never does (discharge, an order, a call): its intent is "unknown" for certain. */
  outside: boolean;
}

function textOf(tokens: Token[]): string {
  return tokens.map((token) => token.norm).join(' ');
}

function originalText(input: string, tokens: Token[]): string {
  if (tokens.length === 0) return '';
  return input.slice(tokens[0]!.start, tokens.at(-1)!.end).trim();
}

function contentStart(tokens: Token[]): number | null {
  let sawNote = false;
  let sawReport = false;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.kind === 'word' && (lookup(token.norm).concepts.has('noteNoun') || lookup(token.norm).concepts.has('noteVerb')))
      sawNote = true;
    else if (token.kind === 'word' && index <= 2 && /^rapporteer|^rapportage$/.test(token.norm)) sawReport = true;
    else if (sawNote && (token.norm === ':' || token.norm === 'dat' || token.norm === ',')) return index + 1;
    // "rapporteer bij X dat …", "rapportage voor X: …": what follows is the report's own text.
    else if (sawReport && (token.norm === ':' || token.norm === 'dat')) return index + 1;
  }
  return null;
}

function classifySegment(segment: Token[], typedWithCapitals: boolean): Classified {
  const contentAt = contentStart(segment);
  const head = contentAt === null ? segment : segment.slice(0, contentAt - 1);
  const headText = textOf(head);
  const hits = new Map<Concept, boolean>();
  let medicationCue = false;
  let categoryCue = false;
  for (const token of head) {
    if (token.kind !== 'word') continue;
    const hit = lookup(token.norm);
    for (const concept of hit.concepts) hits.set(concept, (hits.get(concept) ?? true) && hit.fuzzy);
    if (hit.category === 'medicatie') medicationCue = true;
    if (hit.category) categoryCue = true;
  }
  const has = (concept: Concept) => hits.has(concept);
  const fuzzyPenalty = (...used: Concept[]) => (used.some((concept) => hits.get(concept) === true) ? 0.07 : 0);
  // "notitie voor hem: bloeddruk gemeten": where the head points to the patient, the text's first word is no name.
  const headPronoun = head.some((_, index) => refersToPatient(head, index));
  const name = findName(head, typedWithCapitals) ?? (contentAt === null || headPronoun ? null : subjectOfContent(segment, contentAt));
  const hasPronoun = segment.some((_, index) => refersToPatient(segment, index));
  const words = head.filter((token) => token.kind === 'word');
  const firstWord = words[0]?.norm ?? '';
  const asking = (token: Token) =>
    ['wanneer', 'welke', 'hoe', 'wat', 'wie', 'hoeveel'].includes(token.norm) ||
    (lookup(token.norm).fuzzy && lookup(token.norm).concepts.has('question'));
  const question = /\?/.test(headText) || questionOpeners.has(firstWord) || words.slice(0, 3).some(asking);
  const appointment = has('appointmentNoun');

  const candidates: { intent: Intent; confidence: number }[] = [];
  const propose = (intent: Intent, confidence: number) => candidates.push({ intent, confidence });

  // "zet mw. X op 2,5 mg haldol": setting a dose is an order too.
  const outside =
    outOfScope.some((pattern) => pattern.test(headText)) ||
    (orderVerbs.test(headText) && (dose.test(headText) || medicationCue)) ||
    (/\bzet\b.*\bop\b/.test(headText) && dose.test(headText));
  const reading = { hasPronoun, question, name, others: name ? namesAfter(head, name) : [], head, contentAt, outside };
  if (outside) return { intent: 'unknown', confidence: 0.85, rivals: [], ambiguous: false, ...reading };

  const noteHead = has('noteNoun') || (has('noteVerb') && !has('appointmentNoun'));
  if (noteHead) {
    const viewing = (has('showVerb') || question) && !has('noteVerb') && !has('writeVerb') && phrases.notesPlural.test(headText);
    if (viewing) propose('rapportage', 0.85);
    else
      propose(
        'dagnotitie',
        (has('writeVerb') || has('noteVerb') || contentAt !== null ? 0.96 : 0.9) - fuzzyPenalty('noteNoun', 'noteVerb'),
      );
  }
  if (has('reportNoun'))
    propose('rapportage', (has('showVerb') || has('writeVerb') || question ? 0.93 : 0.88) - fuzzyPenalty('reportNoun'));
  const handoverQuestion = phrases.handoverQuestion.test(headText);
  if (has('handover') || handoverQuestion || phrases.handoverPhrase.test(headText) || phrases.watchFor.test(headText))
    propose('overdracht', 0.93 - fuzzyPenalty('handover'));
  const goesTo = !has('rescheduleVerb') && (appointment || has('intake')) && phrases.goesTo.test(headText);
  if ((has('intake') || has('intakeSection')) && !goesTo) {
    const navigate = phrases.intakeNavigation.test(headText) || firstWord === 'toon' || (has('intakeSection') && !has('intake'));
    const status = phrases.intakeProgress.test(headText) || question;
    if (navigate && !status) propose('intake_navigeer', 0.92 - fuzzyPenalty('intake'));
    else if (status && !navigate) propose('intake_status', 0.93 - fuzzyPenalty('intake'));
    else propose(navigate ? 'intake_navigeer' : 'intake_status', 0.72);
  }
  if (has('risk')) propose('risico_query', 0.92 - fuzzyPenalty('risk'));
  else if (question && has('riskWord') && (name || hasPronoun) && !has('noteNoun') && !has('noteVerb')) propose('risico_query', 0.86);
  if (has('diagnosis')) propose('diagnose_query', 0.92 - fuzzyPenalty('diagnosis'));
  else if (question && has('disorderName') && (name || hasPronoun)) propose('diagnose_query', 0.86);
  else if (phrases.treatedFor.test(headText) && (name || hasPronoun)) propose('diagnose_query', 0.86);

  const cancelPhrase = phrases.cancelPhrase.test(headText);
  const strongCancel = has('cancelVerb');
  const mayGo = phrases.mayGo.test(headText) && appointment;
  const appointmentGoesTo = goesTo && !mayGo;
  if (strongCancel || cancelPhrase || mayGo || (phrases.removeVerb.test(headText) && appointment))
    propose('cancel_appointment', (appointment ? 0.95 : 0.86) - fuzzyPenalty('cancelVerb'));
  const strongMove = has('rescheduleVerb') && !phrases.movedPassive.test(headText);
  // "naar voren halen", "een dag later", "naar achteren": moving an appointment in other words.
  const moveIdiom = phrases.moveIdiom.test(headText);
  if (moveIdiom && !has('rescheduleVerb') && (appointment || name || hasPronoun)) propose('reschedule_appointment', 0.88);
  // "de intake met X moet naar volgende week": an appointment that has to go to another moment.
  if (appointmentGoesTo && !moveIdiom) propose('reschedule_appointment', 0.9);
  const weakMove = appointment && (phrases.changeWord.test(headText) || phrases.setTo.test(headText) || phrases.toMoment.test(headText));
  if (strongMove)
    propose(
      'reschedule_appointment',
      (appointment || name || hasPronoun ? 0.95 : 0.6) - (appointment ? 0 : 0.08) - fuzzyPenalty('rescheduleVerb'),
    );
  else if (weakMove && !strongCancel && !cancelPhrase) propose('reschedule_appointment', 0.84);
  const createVerb = has('createVerb');
  // "Heeft hij volgende week een afspraak met de arts in opleiding?": a question asks, it makes nothing.
  const makeAppointment =
    appointment && phrases.makeVerb.test(headText) && !(question && !has('createVerb') && /^(heeft|is|staat|hebben|zijn)$/.test(firstWord));
  const newOne = phrases.newWord.test(headText) && phrases.planVerb.test(headText);
  if (!strongCancel && !cancelPhrase && !strongMove && !weakMove && (createVerb || makeAppointment || newOne)) {
    if (appointment) propose('create_appointment', 0.95 - fuzzyPenalty('createVerb', 'appointmentNoun'));
    else if (name || newOne || momentIn(head, 0, head.length).time) propose('create_appointment', 0.84);
  }
  if (appointment && question && !candidates.some((candidate) => candidate.intent.endsWith('_appointment')))
    propose('agenda_query', 0.9 - fuzzyPenalty('appointmentNoun'));
  if (has('agendaNoun') && !candidates.some((candidate) => candidate.intent.endsWith('_appointment'))) {
    propose(question && phrases.askWord.test(headText) ? 'agenda_query' : 'agenda', 0.9 - fuzzyPenalty('agendaNoun'));
  }
  if (appointment && candidates.length === 0 && momentIn(head, 0, head.length).label) propose('agenda_query', 0.72);
  // "zn afspraken morgen", "mijn afspraken op zaterdag": someone's appointments asked for, not the agenda opened.
  const ownAppointments = head.some(
    (token, index) => index > 0 && /^afspra(ken|akjes)$/.test(token.norm) && possessives.has(head[index - 1]!.norm),
  );
  if (ownAppointments && !has('agendaNoun') && !candidates.some((candidate) => candidate.intent.endsWith('_appointment')))
    propose('agenda_query', 0.9);
  if (
    candidates.length === 0 &&
    (phrases.plannedPhrase.test(headText) || (firstWord === 'wanneer' && name && phrases.seeVerb.test(headText)))
  )
    propose('agenda_query', 0.85);

  const lookingUp = has('searchVerb') || phrases.whoIs.test(headText);
  if (lookingUp && candidates.length === 0) {
    if (name || hasPronoun || phrases.patientWord.test(headText)) propose('zoeken', 0.92 - fuzzyPenalty('searchVerb'));
    else propose('unknown', 0.55);
  }

  // A dictated observation about a named patient is a daily note, even without the word "notitie".
  // "Ahmed huilt veel": a sentence that opens with the patient and a verb says what the patient does.
  const nameThenVerb = name !== null && words.indexOf(head[name.start]!) <= 1 && describesPatient(head[name.end]);
  const observed = categoryCue || phrases.walkingOff.test(headText) || nameThenVerb;
  if (candidates.length === 0 && observed && !question) {
    if (name) propose('dagnotitie', 0.82);
    else if (hasPronoun) propose('dagnotitie', 0.76);
  }
  const onlyName = name && words.length - (name.end - name.start) <= 1 && (/\p{Lu}/u.test(name.name) || name.end - name.start >= 2);
  if (candidates.length === 0 && onlyName) {
    // Only a name, perhaps with "open": the clinician wants that patient's record.
    propose('zoeken', 0.72);
  }

  candidates.sort((a, b) => b.confidence - a.confidence);
  const best = candidates[0];
  if (!best) return { intent: 'unknown', confidence: 0.4, rivals: [], ambiguous: false, ...reading };
  const rivals = [...new Set(candidates.map((candidate) => candidate.intent).filter((intent) => intent !== best.intent))];
  const ambiguous = candidates.some((candidate) => candidate.intent !== best.intent && candidate.confidence >= best.confidence - 0.1);
  const confidence = Math.round(Math.max(0.05, Math.min(0.99, best.confidence - (ambiguous ? 0.15 : 0))) * 100) / 100;
  return { intent: best.intent, confidence, rivals, ambiguous, ...reading };
}

/**
 * The entities of an action with the intent decided for the segment. What the reflex cannot do
 * keeps the patient it names, so a next action ("… en noteer dat hij …") is about that patient.
 */
function entitiesFor(intent: Intent, input: string, segment: Token[], { head, contentAt, name }: Classified, now: Date): Entities {
  const entities: Entities = {};
  if (name) entities.patientName = name.name;
  if (intent === 'unknown') return entities;
  if (intent === 'dagnotitie') {
    const from =
      contentAt ??
      (name && name.end < segment.length && !head.slice(0, name.start).some((token) => token.kind === 'word' && !honorifics.has(token.norm))
        ? 0
        : nameEnd(segment, name));
    const contentTokens = segment.slice(from);
    const content = originalText(input, contentTokens)
      .replace(/^[:,\s-]+/, '')
      .replace(/[\s,;]+$/, '');
    // "noteer dat hij rustig was" is written down as "Hij was rustig."
    const dictatedClause = contentAt !== null && segment[contentAt - 1]?.norm === 'dat';
    if (content)
      entities.content = (dictatedClause ? asMainClause(content) : content.charAt(0).toUpperCase() + content.slice(1)).slice(0, 500);
    entities.category = categoryIn(
      contentTokens.length > 0 ? contentTokens : segment,
      textOf(contentTokens.length > 0 ? contentTokens : segment),
    );
    return entities;
  }
  const naar = head.findIndex((token) => token.norm === 'naar');
  const source = momentIn(head, 0, naar >= 0 ? naar : head.length);
  const target = naar >= 0 ? momentIn(head, naar + 1, head.length) : source;
  const label = intent === 'reschedule_appointment' ? (target.label ?? source.label) : (source.label ?? target.label);
  if (label) entities.dateLabel = label;
  if (intent === 'create_appointment' || intent === 'reschedule_appointment') {
    const when = whenOf(intent === 'reschedule_appointment' ? target : source, now);
    if (when) entities.datetime = when.datetime;
    if (when?.guess) entities.assumedTime = when.guess;
  }
  if (intent === 'create_appointment') {
    // The kind named in the sentence ("plan intake …"): the service reads it from the identifier.
    const kind = appointmentTypeWord(segment);
    if (kind) entities.identifier = kind;
  }
  // A day the agenda has no label for ("volgende week dinsdag", "de 3e"): the day itself.
  const phrase = intent === 'reschedule_appointment' || intent === 'create_appointment' ? null : dayOfPhrase(source.text, now);
  if (phrase && phrase.label === null) {
    const start = startOfClinicalDay(phrase.date)!;
    entities.dateRange = {
      start: new TZDate(start.getTime(), clinicalTimeZone).toISOString().replace('.000', ''),
      end: new TZDate(startOfClinicalDay(phrase.date, { dayAfter: true })!.getTime(), clinicalTimeZone).toISOString().replace('.000', ''),
    };
  }
  if (intent === 'cancel_appointment' || intent === 'reschedule_appointment') {
    const identifier = [
      intent === 'reschedule_appointment' && naar < 0 ? null : source.label,
      intent === 'reschedule_appointment' && naar < 0 ? null : source.time,
    ]
      .filter(Boolean)
      .join(' ');
    if (identifier) entities.identifier = identifier;
  }
  if ((intent === 'agenda' || intent === 'agenda_query') && label && !entities.dateRange) {
    const range = rangeForLabel(label, now);
    if (range)
      entities.dateRange = {
        start: new TZDate(range.start.getTime(), clinicalTimeZone).toISOString().replace('.000', ''),
        end: new TZDate(range.end.getTime(), clinicalTimeZone).toISOString().replace('.000', ''),
      };
  }
  return entities;
}

const appointmentKinds: [RegExp, string][] = [
  [/^intake/, 'intake'],
  [/^medicatie(controle|gesprek|consult)/, 'medicatiecontrole'],
  [/^groeps?(therapie|sessie)/, 'groepstherapie'],
  [/^crisis/, 'crisisoverleg'],
  [/^somatisch/, 'somatisch'],
];

function appointmentTypeWord(segment: Token[]): string | null {
  for (const token of segment) for (const [pattern, kind] of appointmentKinds) if (pattern.test(token.norm)) return kind;
  return null;
}

function nameEnd(segment: Token[], name: NameSpan | null): number {
  if (!name) return segment.length;
  let index = name.end;
  while (segment[index]?.kind === 'punct') index++;
  return index;
}

// ---------------------------------------------------------------------------------------------

/** Intents about one patient: a later action without a name is about the patient named before. */
const patientIntents = new Set<Intent>([
  'dagnotitie',
  'overdracht',
  'rapportage',
  'intake_status',
  'intake_navigeer',
  'risico_query',
  'diagnose_query',
  'create_appointment',
  'cancel_appointment',
  'reschedule_appointment',
  'zoeken',
  'agenda_query',
]);

const needsPatient = new Set<Intent>([
  'dagnotitie',
  'rapportage',
  'intake_status',
  'intake_navigeer',
  'risico_query',
  'diagnose_query',
  'create_appointment',
  'cancel_appointment',
  'reschedule_appointment',
]);

// ---------------------------------------------------------------------------------------------
// What the intent model sees of a part (ADR 0031): its words with the patient's name masked, word
// pairs, the ends of longer words (typos, compounds), the lexicon's concepts and what the rules read.

function featuresOf(tokens: Token[], reading: Classified): string[] {
  const features = new Set<string>();
  const { name, head } = reading;
  let previous = '^';
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const inName = [name, ...reading.others].some((span) => span !== null && index >= span.start && index < span.end);
    const word = inName
      ? '<naam>'
      : token.kind === 'time' || /^\d+$/.test(token.norm)
        ? '<getal>'
        : token.kind === 'punct'
          ? token.norm === '?'
            ? '?'
            : '<p>'
          : token.norm;
    const hit = token.kind === 'word' && !inName ? lookup(token.norm) : noHit;
    if (hit.category) features.add(`cat:${hit.category}`);
    if (index >= head.length) {
      // A note's own text: its words say what the note is about, not what to do.
      if (token.kind === 'word') features.add(`c:${word}`);
      continue;
    }
    features.add(`w:${word}`);
    features.add(`b:${previous}_${word}`);
    previous = word;
    for (const concept of hit.concepts) features.add(`k:${concept}`);
    if (token.kind === 'word' && !inName && word.length >= 6) {
      features.add(`s:${word.slice(-4)}`);
      features.add(`p:${word.slice(0, 5)}`);
    }
  }
  features.add(`r:${reading.intent}`);
  if (reading.confidence >= 0.85) features.add(`r+:${reading.intent}`);
  for (const rival of reading.rivals) features.add(`r2:${rival}`);
  if (name) features.add('naam');
  if (reading.hasPronoun) features.add('pron');
  if (reading.question) features.add('vraag');
  if (reading.contentAt !== null) features.add('inhoud');
  const moment = momentIn(head, 0, head.length);
  if (moment.time) features.add('tijd');
  if (moment.label) features.add('dag');
  return [...features];
}

/**
 * The intent of a part. Where the model and the rules agree, the rules' confidence stands (it is
 * calibrated on the corpus); where the model overrules them, its choice is acted on locally but
 * stays under the escalation threshold, so a configured language model is asked.
 */
function decideIntent(
  features: string[],
  reading: Classified,
  alone: boolean,
): { intent: Intent; confidence: number; ambiguous: boolean } | null {
  const ranked = predictIntent(features);
  if (!ranked) return reading;
  // A context clause is no action; a sentence of one part still asks for something.
  if (ranked[0].intent === contextClause && !alone && ranked[0].probability >= contextThreshold) return null;
  const best = ranked.find((scored) => scored.intent !== contextClause)!;
  if (best.intent === reading.intent) return reading;
  // "haar afspraak uitstellen tot vrijdag": an explicit command word with its object, and no rival
  // close by, stands unless the model all but rules it out.
  const rulesShare = ranked.find((scored) => scored.intent === reading.intent)?.probability ?? 0;
  if (reading.confidence >= 0.95 && !reading.ambiguous && rulesShare >= 0.1) return reading;
  return { intent: best.intent as Intent, confidence: round(Math.min(overruledConfidence, best.probability)), ambiguous: false };
}

const contextThreshold = 0.6;

const overruledConfidence = 0.75;
const round = (value: number) => Math.round(value * 100) / 100;

/** A part of the sentence the reflex classifies: its tokens (with a borrowed verb) and what the rules read in it. */
interface Part {
  segment: Segment;
  tokens: Token[];
  reading: Classified;
  /** The part before it again, for a second patient named with "en": only an action about a patient repeats. */
  repeat?: boolean;
  /** The patient named in a part said not to be done just before it. */
  carried?: NameSpan | null;
}

/** The sentence split into parts in the order they are to be done; negated commands are no part. */
function readParts(text: string): { tokens: Token[]; segments: Segment[]; parts: Part[]; negatedCommands: number } {
  const tokens = tokenize(text);
  let segments = joinObjects(splitSegments(tokens));
  // "plan het gesprek, maar eerst annuleer de oude afspraak": what comes "eerst" goes first.
  const saysFirst = (segment: Segment) =>
    tokensBefore(tokens, segment).some((token) => token.norm === 'eerst') ||
    segment.tokens.slice(0, 3).some((token) => token.norm === 'eerst');
  const firstIndex = segments.findIndex((segment, index) => index > 0 && (segment.first || saysFirst(segment)));
  if (firstIndex > 0) segments = [...segments.slice(firstIndex, firstIndex + 1), ...segments.filter((_, index) => index !== firstIndex)];
  const parts: Part[] = [];
  let negatedCommands = 0;
  let previousTokens: Token[] = [];
  // "de afspraak van Lieke hoeft niet verzet, annuleer maar": the patient of a dropped part is the next part's.
  let carried: NameSpan | null = null;
  // A sentence that spells a name with capitals ("… van Shanti Ramdin, en … voor de crisismaatregel") has no lower-case names.
  const typedWithCapitals = tokens.some(
    (token, index) => index > 0 && tokens[index - 1]!.kind === 'word' && /^\p{Lu}\p{Ll}/u.test(token.raw) && isNameLike(token, false),
  );
  segments.forEach((segment, index) => {
    // "niet annuleren, verzet …", "geen notitie, alleen opzoeken": the negated command is not an action.
    if (
      negatesCommand(segment.tokens) ||
      declines(segment.tokens, segments[index + 1]?.tokens) ||
      (index > 0 && negatedSubject(segment.tokens))
    ) {
      negatedCommands++;
      carried = findName(segment.tokens) ?? carried;
      return;
    }
    // An elliptic part ("en een voor Eva") borrows the command word of the part before it.
    const ownStart = segment.tokens.findIndex((token) => token.kind === 'word' && !fillers.has(token.norm) && !connectors.has(token.norm));
    const verb = ownStart >= 0 && elliptic(segment.tokens, ownStart) ? commandWordOf(previousTokens) : null;
    const partTokens = verb ? [verb, ...segment.tokens.slice(ownStart)] : segment.tokens;
    const reading = classifySegment(partTokens, typedWithCapitals);
    parts.push({ segment, tokens: partTokens, reading, carried: reading.name ? null : carried });
    carried = null;
    // "zoek Kees en Pieter op", "annuleer de afspraken van Mo en van Fenna": the same action for each.
    for (const other of reading.others)
      parts.push({ segment, tokens: partTokens, reading: { ...reading, name: other, others: [] }, repeat: true });
    previousTokens = segment.tokens;
  });
  return { tokens, segments, parts, negatedCommands };
}

/** What the intent model sees of each part of a sentence: the training script reads the same. */
export function partFeatures(input: string): string[][] {
  return readParts(applyDictation(input)).parts.map((part) => featuresOf(part.tokens, part.reading));
}

export function classifyReflex(input: string, context: ClassifyContext = {}, now = new Date()): ReflexResult {
  const text = applyDictation(input);
  const { tokens, segments, parts, negatedCommands } = readParts(text);
  const explained = new Set<number>(segments.flatMap((segment) => [...segment.explained]));
  let complex = false;
  const actions: ChainAction[] = [];
  let previousPatient: Pick<Entities, 'patientName' | 'patientId'> | null = null;
  let previousIntent: Intent | null = null;
  const pieces: Piece[] = [];
  // The patient named in a context clause ("ik zit bij Kees, …") is the next action's.
  let fromContext: NameSpan | null = null;
  for (const [at, { segment, tokens: partTokens, reading, repeat, carried: carriedOver }] of parts.entries()) {
    if (repeat && !(previousIntent && patientIntents.has(previousIntent) && previousIntent !== 'dagnotitie')) continue;
    // "mw. X wil geen depot meer, noteer dat": what the next part writes down is no context, it is the note's text.
    const next = parts[at + 1];
    const written = next !== undefined && refersBack(originalText(text, next.segment.tokens));
    // "mw. X gaat morgen met verlof; wat zijn haar risico's", "nachtdienst begint, ovdr mw. Y": what is only told
    // before a request is its context, no action; an observation before a note is that note's own matter.
    // An appointment that "mag weg" or "moet naar vrijdag" is a request of its own, said as a statement.
    const ordered = segment.first || tokensBefore(tokens, segment).some((token) => token.norm === 'nadat' || token.norm === 'voordat');
    const told =
      !repeat &&
      !ordered &&
      next !== undefined &&
      !written &&
      !reading.intent.endsWith('_appointment') &&
      !next.reading.outside &&
      toldBefore(partTokens, next.tokens);
    const decided: { intent: Intent; confidence: number; ambiguous: boolean } | null = repeat
      ? { intent: previousIntent!, confidence: actions.at(-1)!.confidence, ambiguous: false }
      : told
        ? null
        : (decideIntent(featuresOf(partTokens, reading), reading, parts.length === 1) ?? (written ? reading : null));
    if (!decided) {
      fromContext = reading.name ?? fromContext;
      continue;
    }
    const carried = carriedOver ?? fromContext;
    fromContext = null;
    previousIntent = decided.intent;
    const found = entitiesFor(decided.intent, text, partTokens, reading, now);
    const contentAt = contentStart(segment.tokens);
    const contentFrom =
      contentAt === null
        ? decided.intent === 'dagnotitie' && !found.content
          ? segment.tokens.length
          : decided.intent === 'dagnotitie'
            ? 0
            : segment.tokens.length
        : contentAt;
    segment.tokens.forEach((token, index) => {
      const global = tokens.indexOf(token);
      if (index >= contentFrom || explained.has(global)) return;
      if (token.kind === 'word' && complexityWords.has(token.norm)) complex = true;
    });
    if (decided.ambiguous) complex = true;

    const entities = { ...found };
    if (!entities.patientName && carried && decided.intent !== 'agenda') entities.patientName = carried.name;
    // What the reflex cannot do keeps the patient it refers to ("geef haar extra oxazepam"), for the note after it.
    if (
      !entities.patientName &&
      (patientIntents.has(decided.intent) || (decided.intent === 'unknown' && (reading.hasPronoun || actions.length > 0)))
    ) {
      // "… en mijn afspraken morgen", "… dan ovdr afd.": the clinician's own agenda and the ward's handover are no patient's.
      const ownOrWard = partTokens.some((token) => token.norm === 'mijn' || token.norm === 'afd' || token.norm === 'afdeling');
      const inherited = previousPatient && (reading.hasPronoun || actions.length > 0) && !ownOrWard ? previousPatient : null;
      if (inherited) Object.assign(entities, inherited);
      else if (reading.hasPronoun && context.activePatient)
        Object.assign(entities, { patientName: context.activePatient.name, patientId: context.activePatient.id });
    }
    if (entities.patientName)
      previousPatient = { patientName: entities.patientName, ...(entities.patientId ? { patientId: entities.patientId } : {}) };
    // An action about "a patient" with no patient named is most often not about a patient at all.
    const confidence = needsPatient.has(decided.intent) && !entities.patientName ? Math.min(decided.confidence, 0.7) : decided.confidence;
    actions.push({ intent: decided.intent, entities, confidence });
    pieces.push({
      text: originalText(text, segment.tokens),
      ownName: reading.name !== null,
      outside: reading.outside,
      question: reading.question,
    });
  }
  mergeFragments(actions, pieces);
  // "hoe staat de intake van X, en open hem meteen": what is opened is the previous action's subject.
  actions.forEach((action, index) => {
    const previous = actions[index - 1];
    const words = tokenize(pieces[index]?.text ?? '').filter((token) => token.kind === 'word');
    const opensIt =
      words.some((token) => token.norm === 'open' || token.norm === 'openen') &&
      words.every((token) =>
        ['open', 'openen', 'hem', 'het', 'die', 'haar', 'dan', 'meteen', 'even', 'maar', 'en', 'ook', 'direct', 'gelijk'].includes(
          token.norm,
        ),
      );
    if (opensIt && previous && (previous.intent === 'intake_status' || previous.intent === 'intake_navigeer'))
      action.intent = 'intake_navigeer';
  });
  // "wat zijn de risico's en diagnoses van Jan": a name said once, at the end, belongs to both.
  for (let index = actions.length - 2; index >= 0; index--) {
    const action = actions[index]!;
    const next = actions[index + 1]!;
    if (!action.entities.patientName && patientIntents.has(action.intent) && next.entities.patientName) {
      action.entities = {
        ...action.entities,
        patientName: next.entities.patientName,
        ...(next.entities.patientId ? { patientId: next.entities.patientId } : {}),
      };
    }
  }
  if (actions.length === 0) actions.push({ intent: 'unknown', entities: {}, confidence: negatedCommands > 0 ? 0.85 : 0.3 });
  return { actions: actions.slice(0, 5), complex, names: allNames(tokens) };
}

/** What a part said: its text, whether it named its own patient, whether the rules knew it as something the reflex does not do. */
interface Piece {
  text: string;
  ownName: boolean;
  outside: boolean;
  question: boolean;
}

/**
 * Pieces the split made that are not actions of their own: "…, noteer dat" turns the observation
 * before it into the note; "… en is misselijk" goes on with the note before it; a second question
 * of the same kind about the same patient is one question; two "unknown" pieces in a row are one
 * thing the reflex did not understand.
 */
function mergeFragments(actions: ChainAction[], pieces: Piece[]): void {
  for (let index = actions.length - 1; index > 0; index--) {
    const action = actions[index]!;
    const previous = actions[index - 1]!;
    const piece = pieces[index]!;
    const before = pieces[index - 1]!;
    const bare = action.intent === 'dagnotitie' && (!action.entities.content || refersBack(piece.text));
    // "de afspraak kan niet doorgaan; wilt u die verplaatsen naar vrijdag": the appointment is moved, not cancelled.
    if (
      previous.intent === 'cancel_appointment' &&
      action.intent === 'reschedule_appointment' &&
      (!piece.ownName || action.entities.patientName === previous.entities.patientName) &&
      // Not "verzet die van maandag": that is another appointment.
      /\b(die|hem|het|deze|dat)\b(?! van\b)/i.test(piece.text) &&
      !tokenize(piece.text).some((token) => lookup(token.norm).concepts.has('appointmentNoun'))
    ) {
      action.entities = {
        ...previous.entities,
        ...action.entities,
        ...(previous.entities.identifier && !action.entities.identifier ? { identifier: previous.entities.identifier } : {}),
      };
      actions.splice(index - 1, 1);
      pieces.splice(index - 1, 1);
      continue;
    }
    if (bare && before.outside) {
      // "geef haar extra oxazepam en schrijf het op": the order is not done here, the note is written.
      action.entities = { ...action.entities, content: capitalise(before.text), category: categoryOfText(before.text) };
    } else if (bare && (previous.intent === 'dagnotitie' || previous.intent === 'unknown') && !previous.entities.content?.includes(':')) {
      const content = previous.entities.content ?? capitalise(before.text);
      actions.splice(index - 1, 2, {
        intent: 'dagnotitie',
        entities: {
          ...previous.entities,
          ...action.entities,
          ...(previous.entities.patientName ? { patientName: previous.entities.patientName } : {}),
          content,
          category: previous.entities.category ?? categoryOfText(content),
        },
        confidence: Math.max(action.confidence, 0.9),
      });
      pieces.splice(index - 1, 2, { ...before, text: content });
    } else if (previous.intent === 'dagnotitie' && action.intent === 'unknown' && !piece.outside && !piece.ownName && goesOn(piece.text)) {
      const content = `${(previous.entities.content ?? capitalise(before.text)).replace(/[.\s]+$/, '')} en ${piece.text}`;
      previous.entities = { ...previous.entities, content, category: categoryOfText(content) };
      actions.splice(index, 1);
      pieces.splice(index - 1, 2, { ...before, text: `${before.text} en ${piece.text}` });
    } else if (
      (action.intent === 'unknown' && previous.intent === 'unknown') ||
      (action.intent === previous.intent &&
        action.intent !== 'dagnotitie' &&
        !(action.intent === 'intake_navigeer' && phrases.intakeStep.test(foldAccents(piece.text))) &&
        (piece.text.split(/\s+/).length <= 3 || (piece.question && !piece.ownName)) &&
        !aboutSomeoneElse(action, previous))
    ) {
      actions.splice(index, 1);
      pieces.splice(index - 1, 2, { ...before, text: `${before.text} ${piece.text}` });
    }
  }
}

/** "noteer dat", "leg dat vast", "zet het in een notitie", "schrijf het op als incident": a note that says no more than "that". */
function refersBack(text: string): boolean {
  const words = tokenize(text).filter((token) => token.kind === 'word');
  const noteWords: Concept[] = ['noteVerb', 'noteNoun', 'writeVerb'];
  return (
    words.length > 0 &&
    words.every(
      (token) =>
        backReference.has(token.norm) ||
        fillers.has(token.norm) ||
        pronouns.has(token.norm) ||
        lookup(token.norm).category !== null ||
        noteWords.some((concept) => lookup(token.norm).concepts.has(concept)),
    )
  );
}

/** "… en is misselijk", "… en heeft niet gegeten": the same observation going on, not a command. */
function goesOn(text: string): boolean {
  const first = tokenize(text).find((token) => token.kind === 'word' && !fillers.has(token.norm));
  return first !== undefined && commonVerbs.has(first.norm) && !text.includes('?');
}

/** "… en die van Bas": the same intent for another patient is an action of its own. */
function aboutSomeoneElse(action: ChainAction, previous: ChainAction): boolean {
  const name = action.entities.patientName;
  return Boolean(name) && name !== previous.entities.patientName;
}

function capitalise(text: string): string {
  const trimmed = text.replace(/[\s,;]+$/, '');
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

function categoryOfText(text: string): Category {
  const tokens = tokenize(text);
  return categoryIn(tokens, textOf(tokens));
}

/** The command word a part opens with ("plan", "annuleer"), if any. */
function commandWordOf(tokens: Token[]): Token | null {
  const commands: Concept[] = ['cancelVerb', 'rescheduleVerb', 'createVerb', 'noteVerb', 'searchVerb', 'writeVerb', 'showVerb'];
  return tokens.find((token) => token.kind === 'word' && commands.some((concept) => lookup(token.norm).concepts.has(concept))) ?? null;
}

/** The segment opens with a negation of a command word: "niet annuleren", "geen notitie", "nee, niks noteren". */
function negatesCommand(tokens: Token[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word').map((token) => token.norm);
  const at = words[0] === 'nee' ? 1 : 0;
  const commands: Concept[] = ['cancelVerb', 'rescheduleVerb', 'createVerb', 'noteVerb', 'noteNoun', 'searchVerb', 'writeVerb'];
  const isCommand = (word: string | undefined) => word !== undefined && commands.some((concept) => lookup(word).concepts.has(concept));
  // "annuleer de afspraak van Jan niet, maar …": an imperative with "niet" at its end.
  if (words.at(-1) === 'niet' && words.length >= 3 && isCommand(words[0])) return true;
  // "noteer niks, …": a short command with its negation right after it.
  if (words.length <= 3 && isCommand(words[0]) && negations.has(words[1] ?? '')) return true;
  if (!negations.has(words[at] ?? '') || words[at] === 'nee') return false;
  return isCommand(words[at + 1]) || isCommand(words[at + 2]);
}

/**
 * A part that says what is not wanted before the part that is: "je hoeft niks te plannen, open de
 * agenda", "geen diagnose, alleen hoe gevaarlijk is hij". Not when the next part refers back to it
 * ("hij wil geen afspraak, noteer dat").
 */
function declines(tokens: Token[], next: Token[] | undefined): boolean {
  if (!next) return false;
  const contentAt = contentStart(tokens);
  const words = (contentAt === null ? tokens : tokens.slice(0, contentAt))
    .filter((token) => token.kind === 'word' && !fillers.has(token.norm))
    .map((token) => token.norm);
  const nextWords = next.filter((token) => token.kind === 'word' && !fillers.has(token.norm)).map((token) => token.norm);
  // "hij wil geen afspraak, noteer dat": the next part writes this one down. Not "niet ontslaan, noteer dat hij …".
  const pointsBack = ['dat', 'het', 'dit'].includes(nextWords[1] ?? '') || ['dat', 'het', 'dit'].includes(nextWords[0] ?? '');
  if (pointsBack && nextWords.length <= 4) return false;
  const isCommand = (word: string) => imperativeStarters.has(word) || declinable.some((concept) => lookup(word).concepts.has(concept));
  const negated = (at: number) => negations.has(words[at] ?? '') && words[at] !== 'nee';
  // "geen diagnose, …", "niet de agenda openen, …", "je hoeft niks te plannen, …", "zeg maar niet af, …".
  if (negated(0)) return words.some(isCommand) || words.length <= 4;
  const hoeft = words.some((word) => /^hoe(f|ft|ven)$/.test(word)) && words.some((_, at) => negated(at));
  const commandThenNot = words.some((word, at) => isCommand(word) && (negated(at + 1) || negated(at + 2)));
  return (hoeft && words.some(isCommand)) || commandThenNot;
}

const declinable: Concept[] = [
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

/**
 * "de ouders van X willen een gesprek, zet dat in de agenda", "mw. Y morgenochtend bloedprikken, inplannen":
 * a command that points back with "dat" or has no object at all takes the statement before it as its
 * object; the two are one action. A note that says "noteer dat" keeps its own way (mergeFragments).
 */
function joinObjects(segments: Segment[]): Segment[] {
  const joined: Segment[] = [];
  for (const segment of segments) {
    const previous = joined.at(-1);
    if (previous && statement(previous.tokens) && takesStatement(segment.tokens)) {
      joined[joined.length - 1] = {
        tokens: [...previous.tokens, ...segment.tokens],
        explained: new Set([...previous.explained, ...segment.explained]),
        first: previous.first,
      };
      continue;
    }
    joined.push(segment);
  }
  return joined;
}

const objectConcepts: Concept[] = [
  'createVerb',
  'cancelVerb',
  'rescheduleVerb',
  'noteVerb',
  'noteNoun',
  'searchVerb',
  'showVerb',
  'reportNoun',
];

/** No command and no question: what a clinician tells before asking for something. */
function statement(tokens: Token[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word' && !fillers.has(token.norm));
  if (words.length < 2 || tokens.some((token) => token.norm === '?')) return false;
  // "ik wil graag de diagnose weten": the clinician's own wish is a request.
  const norms = tokens.map((token) => token.norm);
  // "eerst even checken hoe ver haar intake is": an indirect question asks.
  if (norms.some((word) => ['hoe', 'wat', 'wanneer', 'welke', 'waar', 'eerst', 'of'].includes(word))) return false;
  if (norms.includes('graag') || (norms.includes('ik') && norms.some((word) => ['wil', 'wilt', 'zou', 'moet', 'wou'].includes(word))))
    return false;
  if (actionStarters.has(words[0]!.norm) || questionStarters.has(words[0]!.norm) || questionOpeners.has(words[0]!.norm)) return false;
  return !words.some((token) => {
    const hit = lookup(token.norm);
    return !hit.fuzzy && objectConcepts.some((concept) => hit.concepts.has(concept));
  });
}

/** A statement before a request: context, unless it observes the patient (a cue of a note's category) and no note follows. */
function toldBefore(tokens: Token[], next: Token[]): boolean {
  if (!statement(tokens)) return false;
  // "dx dhr. leito, …", "overdracht van meneer Bos": a subject noun without a verb is shorthand for a request.
  const words = tokens.filter((token) => token.kind === 'word');
  const subject = words.some((token) => [...lookup(token.norm).concepts].some((concept) => subjectConcepts.has(concept)));
  const verb = words.some(
    (token, index) =>
      index > 0 &&
      (commonVerbs.has(token.norm) ||
        looksLikeVerb(token.norm) ||
        /^(begint|belde|bekend|gaat|mag|wil|wilt|willen|heeft|is)$/.test(token.norm)),
  );
  if (!verb || (subject && lookup(words[0]!.norm).concepts.size > 0)) return false;
  const nextWords = next.filter((token) => token.kind === 'word' && !fillers.has(token.norm) && !connectors.has(token.norm));
  const noteFollows = nextWords.some((token) => lookup(token.norm).concepts.has('noteVerb') || lookup(token.norm).concepts.has('noteNoun'));
  const asks =
    next.some((token) => token.norm === '?') ||
    nextWords
      .slice(0, 3)
      .some((token) => actionStarters.has(token.norm) || questionOpeners.has(token.norm) || questionStarters.has(token.norm)) ||
    nextWords
      .slice(0, 3)
      .some((token) => [...lookup(token.norm).concepts].some((concept) => subjectConcepts.has(concept) || concept === 'agendaNoun'));
  if (!asks && !noteFollows) return false;
  // "…, maar noteer dat ze rustig was": the note has its own text, so what came before is context.
  // "…, noteer + rapp. lezen": the note has none, the statement is its text.
  if (noteFollows) {
    const contentAt = contentStart(next);
    return contentAt !== null && next.slice(contentAt).some((token) => token.kind === 'word');
  }
  // "ze heeft een medepatiënt gekrabd, zet een gesprek": what the patient did is an observation.
  const first = tokens.find((token) => token.kind === 'word' && !fillers.has(token.norm));
  if (first && ['ze', 'zij', 'hij'].includes(first.norm)) return false;
  const observes = tokens.some((token) => token.kind === 'word' && lookup(token.norm).category !== null);
  return !observes && !phrases.walkingOff.test(textOf(tokens));
}

/** Infinitives of doing something with what was said: "wilt u dat regelen", "kunt u dat in orde maken". */
const doing = new Set(['regelen', 'doen', 'zetten', 'maken', 'plannen', 'inplannen', 'verzetten', 'verplaatsen', 'afzeggen', 'annuleren']);

/** "zet dat in de agenda", "plan dat in", "regel dat", "wilt u dat … zetten", or a bare "inplannen". */
function takesStatement(tokens: Token[]): boolean {
  const words = tokens.filter(
    (token) => token.kind === 'word' && !fillers.has(token.norm) && !wishWords.has(token.norm) && token.norm !== 'u',
  );
  if (words.length === 0) return false;
  const note = words.some((token) => lookup(token.norm).concepts.has('noteVerb') || lookup(token.norm).concepts.has('noteNoun'));
  if (note) return false;
  const command = (token: Token | undefined) =>
    token !== undefined &&
    !questionStarters.has(token.norm) &&
    (actionStarters.has(token.norm) || commandConcepts.some((concept) => lookup(token.norm).concepts.has(concept)));
  if (words.length <= 2 && words.every(command)) return true;
  return (
    (['dat', 'da', 'det', 'dit'].includes(words[1]?.norm ?? '') && command(words[0])) ||
    (['dat', 'da', 'dit'].includes(words[0]!.norm) &&
      words.slice(1).some((token) => command(token) || doing.has(token.norm) || lookup(token.norm).concepts.has('agendaNoun')))
  );
}

/** "…, niet de diagnose", "…, geen overdracht": a subject said not to be wanted, after what is. */
function negatedSubject(tokens: Token[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word' && !fillers.has(token.norm));
  if (words.length > 4 || !['niet', 'geen'].includes(words[0]?.norm ?? '')) return false;
  return words.slice(1).some((token) => [...lookup(token.norm).concepts].some((concept) => subjectConcepts.has(concept)));
}

function tokensBefore(all: Token[], segment: Segment): Token[] {
  const first = segment.tokens[0];
  if (!first) return [];
  const index = all.indexOf(first);
  return all.slice(Math.max(0, index - 3), index);
}
