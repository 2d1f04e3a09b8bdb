import { numberWord, numberWordsUpTo } from '../shared/number-words';
import { addDaysToIsoDate, isoDay, monthNames } from '../shared/clinical-time';
import { applyDictation } from '../speech/dictation';
import { editDistance } from '../patient/name-matching';
import { foldAccents, genderOfTitle, nameParticles } from '../shared/text';
import { drugClasses, drugNames } from './dossiervraag.drug-names';
import {
  compact,
  countPattern,
  cues,
  everydayWords,
  generalWords,
  labSymbols,
  levelWords,
  medicinePurpose,
  orderPhrases,
  phrases,
  questionWords,
  narrowerTerms,
  synonymClasses,
  type Cue,
  type QuestionOrder,
  type SourceType,
} from './dossiervraag.vocabulary';

/** One thing a question asks about: a word with its synonyms, and the cues they carry. */
export interface Term {
  word: string;
  /** The word and its synonyms, as letters and digits only (safe inside a tsquery). */
  words: string[];
  cues: Cue[];
  /** A term naming a measurement, a medicine, a relation (a cue with facets) weighs double: it says what is asked. */
  weight: number;
  /** Its cues come from the head of a compound ("clozapinespiegel"): the text says more than the kind of record. */
  compound: boolean;
  /** The vocabulary knows it (a synonym class or a cue): a clinical word, not one of the asker's own. */
  known: boolean;
  /** A kind of medicine's aim ("slaappil": the sleep words): a medicine's reason that names it answers the term. */
  purpose: string[];
  /** Stems searched as prefixes whatever their length: a participle's ("gehuild": "huil" finds "huilde"). */
  stems: string[];
  /** Said as a verb after "te" ("proberen te foppen"): what was done, which the record may tell in its own words. */
  action: boolean;
}

/** A question read for retrieval: its terms, how to order what it finds, whether it counts. */
export interface Question {
  terms: Term[];
  order: QuestionOrder;
  counts: boolean;
  /** A day the question names ("op 18 november"): "MM-DD", matched against the source's day on the ward's clock. */
  day: string | null;
  /** A month the question names ("in oktober"): "MM", matched like the day. */
  month: string | null;
  /** It asks when something happened ("wanneer", "op welke datum"): the event answers, not an assessment that mentions it. */
  when: boolean;
  /**
   * It asks for a medicine by what it is for ("iets om te slapen", "slaappil?"): only a medicine's
   * order or administration answers, by its reason or by being of the kind asked.
   */
  forMedicine: boolean;
  /**
   * The terms (0-based) that name the event the question asks after ("na de val", "na het ophogen van
   * de lithium"): context, not what is asked.
   */
  after: number[];
}

/** What the record holds for a question, per source: the terms its text matched (1-based), its kind. */
export interface Found {
  type: SourceType;
  facet: string;
  matched: number[];
  /** Per term: whether PostgreSQL indexes any of its words (false: a stop word of its own). */
  live: boolean[];
}

const fold = (text: string) => foldAccents(text.toLowerCase());
const tokens = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

const synonymsByWord = new Map<string, readonly string[]>();
// A name of two words is known as the one word the question's words are joined into ("kalium retard").
for (const group of synonymClasses) for (const word of group) synonymsByWord.set(fold(compact(word)), group);
// A broader word searches its narrower words' classes too; a narrower word keeps its own class.
for (const { broad, narrower } of narrowerTerms) {
  const own = synonymsByWord.get(fold(compact(broad)))!;
  const wider = [...new Set([...own, ...narrower.flatMap((word) => synonymsByWord.get(fold(compact(word)))!)])];
  for (const word of own) synonymsByWord.set(fold(compact(word)), wider);
}
const brandNames = new Set(drugNames.flatMap(({ names }) => names).map((name) => fold(compact(name))));
/** Names of two words: a whole name, never what a word cut short stands for ("vitamine" is not "vitamine D"). */
const multiWord = new Set(
  synonymClasses
    .flat()
    .filter((word) => /[^\p{L}\p{N}]/u.test(word))
    .map((word) => fold(compact(word))),
);
/** A kind of medicine's word → the words of what it is for ("slaappil" → the sleep words). */
const purposeByWord = new Map<string, string[]>();
for (const { words, purpose } of drugClasses)
  if (purpose)
    for (const word of words)
      purposeByWord.set(fold(compact(word)), purpose.flatMap((aim) => synonymsByWord.get(fold(compact(aim))) ?? [aim]).map(fold));
const cuesByWord = new Map<string, Cue[]>();
for (const cue of cues) for (const word of cue.words) cuesByWord.set(fold(word), [...(cuesByWord.get(fold(word)) ?? []), cue]);
const ignored = new Set([...questionWords].map(fold));
// Cue words long enough to start a compound: "suïciderisico" is about suïcide.
const compoundHeads = [...cuesByWord.keys()].filter((word) => word.length >= 6);
/**
 * Every word the vocabulary knows: what a split compound, a shortened or a mistyped word is matched
 * against. A name of two words is not among them: it is only read when both words are said.
 */
const knownWords = [...new Set([...synonymsByWord.keys(), ...cuesByWord.keys()])].filter((word) => !multiWord.has(word));

/**
 * A compound speech-to-text wrote apart ("zorg machtiging", "elektro convulsie therapie") is one
 * word again when the words together are a word the vocabulary knows.
 */
function joinSplitCompounds(words: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const length = [3, 2].find((n) => {
      const together = fold(words.slice(i, i + n).join(''));
      return i + n <= words.length && (synonymsByWord.has(together) || cuesByWord.has(together));
    });
    joined.push(length ? words.slice(i, i + length).join('') : words[i]!);
    if (length) i += length - 1;
  }
  return joined;
}

/**
 * A word shortened in a hurry ("suic", "nortrip", "kreat"): the one known word it starts, when
 * exactly one class of synonyms or one cue has a word starting so. Shorter than four letters, or
 * a word of its own, it stays as written.
 */
function expandShorthand(key: string): string {
  if (key.length < 4 || synonymsByWord.has(key) || cuesByWord.has(key) || everydayWords.has(key)) return key;
  // Never a brand: a brand is short already, and a Dutch word starts many ("stil" is not Stilnoct, "norm" not Normison).
  const starting = knownWords.filter((word) => word.length > key.length && word.startsWith(key) && !brandNames.has(word));
  const meanings = new Set(starting.map((word) => synonymsByWord.get(word) ?? cuesByWord.get(word)));
  return meanings.size === 1 ? starting[0]! : key;
}

/**
 * A word typed or spoken a letter off ("nortriptiline", "dossis", "crisimaatregel", "vaalen"): the
 * one known word, or question word, it is one edit from (two from a word of eleven letters or more).
 * Shorter than five letters it stays as written: too many words are one letter apart.
 */
export function correctTypo(key: string): string {
  if (key.length < 5 || synonymsByWord.has(key) || cuesByWord.has(key) || ignored.has(key) || everydayWords.has(key)) return key;
  const regional = regionalForm(key);
  if (regional) return regional;
  const allowed = key.length >= 11 ? 2 : 1;
  // A past participle stays itself rather than become a question word ("gebeld" is not "gemeld"):
  // one no source holds is left out anyway (`unfoundActions`).
  const candidates = participle.test(key) ? knownWords : spelledWords;
  const near = candidates.filter(
    (word) =>
      Math.abs(word.length - key.length) <= allowed &&
      editDistance(key, word, allowed) <= allowed &&
      // A word is read as a question word (and so dropped) only for a letter typed too many, too few or
      // swapped, not one letter for another: "handen" is no "hadden", "wonden" no "worden".
      (!ignored.has(word) || word.length !== key.length || [...word].sort().join('') === [...key].sort().join('')),
  );
  const meanings = new Set(near.map(meaningOf));
  return meanings.size === 1 ? near[0]! : key;
}
/**
 * What a word the typo rule may read stands for: every question word one meaning (all are dropped alike),
 * a clinical word its synonym class or cue, and any other word — a general word ("schema", "verslag" as a
 * cue aside) — itself, so a typo between two of them stays as written.
 */
const meaningOf = (word: string): unknown => (ignored.has(word) ? ignored : (synonymsByWord.get(word) ?? cuesByWord.get(word) ?? word));
/**
 * A word said with the eastern and southern vowels ("bloudsoeker", "huus", "slaopt", "baeter"): the
 * known word it is with up to two of them read back (oe→ui, uu→ui, ou→oe, ao/oa→aa, ae→e, ie→ij), or null.
 */
function regionalForm(key: string): string | null {
  let forms = [key];
  for (let depth = 0; depth < 2; depth++) {
    forms = forms.flatMap((form) =>
      regionalVowels.flatMap(([from, to]) => {
        const found: string[] = [];
        for (let at = form.indexOf(from); at >= 0; at = form.indexOf(from, at + 1))
          found.push(form.slice(0, at) + to + form.slice(at + from.length));
        return found;
      }),
    );
    const known = forms.find((form) => synonymsByWord.has(form) || cuesByWord.has(form) || ignored.has(form));
    if (known) return known;
  }
  return null;
}
const regionalVowels: readonly [string, string][] = [
  ['oe', 'ui'],
  ['uu', 'ui'],
  ['uu', 'oe'],
  ['ui', 'oe'],
  ['ou', 'oe'],
  ['ao', 'aa'],
  ['oa', 'aa'],
  ['ae', 'e'],
  // Low Saxon ie for ij: "tiedens", "wief", "bliede".
  ['ie', 'ij'],
  // Spelled as heard (round seven): k for c, g for ch, ei for ij and back, au for ou ("kontrole", "toezig", "beiwerking").
  ['k', 'c'],
  ['c', 'k'],
  ['g', 'ch'],
  ['g', 'cht'],
  ['ei', 'ij'],
  ['ij', 'ei'],
  ['au', 'ou'],
  ['ou', 'au'],
];
const spelledWords = [...new Set([...knownWords, ...[...ignored, ...generalWords].filter((word) => word.length >= 5)])];

/**
 * A compound whose head only asks ("bloedglucosewaarde": a "waarde", "bvc-score", "lithiumuitslag"):
 * read as what it is a value of, the known word that ends the rest ("glucose"). That part has at
 * least five letters; null for any other word, so "lithiumspiegel" is never read as any "spiegel".
 */
export function knownPart(key: string): string | null {
  if (key.length < 9 || synonymsByWord.has(key) || cuesByWord.has(key)) return null;
  for (const word of askingHeads) {
    if (key.length - word.length < 5 || !key.endsWith(word)) continue;
    // A linking s is no part of the word before it: "voedings|schema" is of "voeding".
    const rest = key.slice(0, -word.length).replace(/(?<=ing)s$/, '');
    if (synonymsByWord.has(rest) || cuesByWord.has(rest)) return rest;
    const head = knownWords.filter((known) => known.length >= 5 && rest.endsWith(known)).sort((a, b) => b.length - a.length)[0];
    if (head) return head;
  }
  return null;
}
/**
 * A compound of two known words the vocabulary does not hold whole ("clozapinedosis",
 * "lithiumspiegel", "medicatiewijziging"): both parts, each a term the record must answer, so a
 * lithium order alone does not answer "lithiumspiegel" and a level in the text beside "lithium"
 * does. A part that only asks ("…datum") is dropped. Any other word stays whole.
 */
export function splitCompound(key: string): string[] {
  const known = (word: string) => synonymsByWord.has(word) || cuesByWord.has(word);
  if (key.length < 8 || known(key) || ignored.has(key) || knownPart(key)) return [key];
  for (let at = key.length - 4; at >= 4; at--) {
    const tail = key.slice(at);
    if (!known(tail) && !ignored.has(tail)) continue;
    // The front may be typed a letter off ("lithuimspiegel"): read as the one known word it is near.
    const front = [key.slice(0, at), key.slice(0, at).replace(/s$/, '')]
      .flatMap((part) => (known(part) ? [part] : [correctTypo(part)]))
      .find((part) => part.length >= 4 && known(part));
    if (front) return ignored.has(tail) ? [front] : [front, tail];
  }
  return [key];
}
const askingHeads = [
  ...['waarde', 'waarden', 'score', 'scores', 'uitslag', 'uitslagen', 'meting', 'metingen', 'test', 'controle'],
  // Round ten: a course or a plan of something is that thing ("vitaminekuur", "voedingsschema").
  ...['kuur', 'kuren', 'schema'],
];

const monthPattern = new RegExp(`\\b(?:in|van|eind|begin|half|medio)\\s+(${monthNames.join('|')})\\b`);
const admissionPattern = /\b(?:bij|rond)\s+(?:de\s+|z'?n\s+|zijn\s+|haar\s+)?(?:opname|opn|opnamme|opnaam|aanvang|binnenkomst)\b/iu;
/** Clipped pronouns and articles ("z'n eten", "d'r man", "'t leste"): read as the word, never as letters ("z n" is not "zn"). */
const cliticWords: Record<string, string> = {
  "z'n": 'zijn',
  "m'n": 'mijn',
  "d'r": 'haar',
  "'t": 'het',
  "'s": 'des',
  "'n": 'een',
  'z’n': 'zijn',
  '’t': 'het',
};
const clitics = /(?<![\p{L}])(?:[zmd]['’][nr]|['’][tsn])(?![\p{L}])/giu;
/** A lab symbol in its capitals, not an initial ("K bij opname?", not "K. de Wit"). */
const labSymbol = new RegExp(`\\b(?:${Object.keys(labSymbols).join('|')})\\b(?!\\.)`, 'gu');

/**
 * A past participle said the eastern way, without its g ("ekocht", "edronken", "ezien"): read with
 * it ("gekocht"), so the record's own word is found. Only an e before a consonant, ending like a
 * participle, and not a word the vocabulary knows as written.
 */
export function participleForm(key: string): string {
  if (key.length < 6 || !/^e[bcdfhjklmnpqrstvwxz][a-z]+[dtn]$/.test(key)) return key;
  return synonymsByWord.has(key) || cuesByWord.has(key) || ignored.has(key) ? key : `g${key}`;
}

const whenPattern = /\b(wanneer|wnr|welke datum|op welke dag|hoe laat)\b/;
const datePattern = new RegExp(`\\b(\\d{1,2})\\s+(${monthNames.join('|')})\\b`);

function cuesOf(words: readonly string[]): { cues: Cue[]; compound: boolean } {
  const exact = words.flatMap((word) => cuesByWord.get(fold(word)) ?? []);
  if (exact.length) return { cues: [...new Set(exact)], compound: false };
  // The longest cue word it starts with.
  const head = compoundHeads
    .filter((cueWord) => words.some((word) => fold(word).startsWith(cueWord) && fold(word) !== cueWord))
    .sort((a, b) => b.length - a.length)[0];
  return { cues: head ? (cuesByWord.get(head) ?? []) : [], compound: Boolean(head) };
}

/**
 * A thing done against the patient's will is the one word the record has for it (round five): "voeding
 * tegen zijn wil" is the dwangvoeding, "een spuit terwijl hij niet wilde" the dwangmedicatie. A word of
 * the class of "dwang" beside a word whose synonym makes a known "dwang…" compound becomes that compound;
 * the will itself is then said. Without such a word the question keeps "dwang" as it was.
 */
export function forcedCompounds(read: readonly string[]): string[] {
  const forcedClass = synonymsByWord.get('dwang');
  const isForce = (word: string) => synonymsByWord.get(fold(word)) === forcedClass;
  if (!read.some(isForce)) return [...read];
  let merged = false;
  const joined = read.map((word) => {
    if (isForce(word)) return word;
    const forced = (synonymsByWord.get(fold(word)) ?? [word])
      .map((synonym) => `dwang${fold(compact(synonym))}`)
      .find((compound) => synonymsByWord.has(compound));
    if (forced) merged = true;
    return forced ?? word;
  });
  return merged ? joined.filter((word) => !isForce(word)) : joined;
}

/**
 * A separable verb split by "te" ("probeert ze weg te lopen", "om op te staan") is the one word the
 * record writes ("weglopen", "opstaan"), when the vocabulary knows it (as typed, or a letter off:
 * "weg te loopen"); otherwise the words stay as they are.
 */
export function joinSeparableVerbs(text: string): string {
  return text.replace(separableVerb, (split, particle: string, verb: string) => {
    const joined = correctTypo(fold(`${particle}${verb}`));
    return synonymsByWord.has(joined) || cuesByWord.has(joined) ? joined : split;
  });
}
const separableVerb = /\b(weg|op|af|aan|in|uit|door|mee|terug|toe|bij|na|over)\s+te\s+(\p{L}{3,})\b/giu;

/**
 * Reads a question: its words minus the ones that ask rather than say (and the patient's own
 * names: "hoe sliep Jan" is about sleep), each with its synonyms and cues.
 */
export function readQuestion(asked: string, ignoredNames: readonly string[] = []): Question {
  const text = phrases.reduce(
    (read, { pattern, word }) => read.replace(pattern, ` ${word} `),
    joinSeparableVerbs(applyDictation(asked))
      .replace(labSymbol, (symbol) => labSymbols[symbol]!)
      .replace(clitics, (clitic) => cliticWords[clitic.toLowerCase()] ?? clitic),
  );
  // The frame is read with its question words spelled right: "teegen de onrust" asks a medicine's purpose,
  // "wanner" asks when, as their words do.
  const folded = fold(text).replace(/\p{L}{5,}/gu, (word) => {
    const spelled = correctTypo(word);
    return ignored.has(spelled) ? spelled : word;
  });
  const date = datePattern.exec(folded);
  const month = date ? null : monthPattern.exec(folded);
  const day = date ? `${String(monthNames.indexOf(date[2]!) + 1).padStart(2, '0')}-${date[1]!.padStart(2, '0')}` : null;
  const names = new Set(ignoredNames.flatMap((name) => tokens(name).map(fold)));
  // A word after "te" is a verb's infinitive, never a plural noun: "de weegschaal proberen te foppen".
  const afterTe = new Set([...folded.matchAll(/\bte\s+(\p{L}+)/gu)].map((match) => match[1]!));
  const terms: Term[] = [];
  const seen = new Set<string>();
  // "bij opname" asks for the first of what is asked, not for the word "opname".
  const purposeAsked = askedPurpose(folded);
  const said = (date ? text.replace(new RegExp(`\\b${date[1]}\\b`), ' ') : text)
    .replace(new RegExp(admissionPattern.source, 'giu'), ' ')
    // "Welk middel tegen de onrust": the noun says it is a medicine (the filter's work), not what it is for.
    .replace(new RegExp(purposeAsked ? medicinePurpose.noun.source : '$^', 'giu'), ' ');
  const read = forcedCompounds(
    joinSplitCompounds(tokens(said)).flatMap((written) =>
      // The patient's own names go before any expansion: a name is never read as a shortened word.
      ignored.has(fold(written)) || names.has(fold(written))
        ? []
        : splitCompound(correctTypo(expandShorthand(diminutiveBase(participleForm(fold(written)))))),
    ),
  );
  // "Verhoging gehad?" is a fever; beside a medicine it is the dose going up.
  const medicine = read.some((token) => cuesByWord.get(fold(token))?.some((cue) => cue.types.includes('medicatieopdracht') && cue.facets));
  for (const token of medicine ? read : read.map((word) => (fold(word) === 'verhoging' ? 'koorts' : word))) {
    const key = fold(token);
    if (ignored.has(key) || names.has(key) || key.length < 2 || seen.has(key)) continue;
    const part = knownPart(key);
    const synonyms = synonymsByWord.get(key) ?? (part ? [token, ...(synonymsByWord.get(part) ?? [part])] : [token]);
    // "leponex" and "clozapine" are one term: the second of a class adds nothing. A class that only
    // borrows a word of another ("naarhuis" lists "dagverlof") is still its own term.
    if (synonyms.some((word) => seen.has(fold(word)) && synonymsByWord.get(fold(compact(word))) === synonyms)) continue;
    if (seen.has(key)) continue;
    synonyms.forEach((word) => seen.add(fold(word)));
    const found = cuesOf(part ? synonyms.slice(1) : synonyms);
    const termCues = found.cues;
    const compound = found.compound || (part !== null && termCues.length > 0);
    const weight = termCues.some((cue) => cue.facets) ? 2 : 1;
    // A name of two words is searched as those words side by side ("Phosphate Sandoz"), never as either alone.
    const known = synonyms.some((word) => synonymsByWord.has(fold(compact(word))) || cuesByWord.has(fold(compact(word))));
    // A participle of the asker's own is also searched by its stem: "gehuild" finds "huilde", "gekrast" "krassen".
    // A verb of the asker's own is also searched as its noun and back ("wisselen", "wisseling"): a note names the event either way.
    const stem = known ? null : participleStem(key);
    const family = known ? [] : wordFamily(key);
    const words = [...new Set(synonyms.map((word) => tokens(word).join(' ')))];
    terms.push({
      word: token,
      words,
      cues: termCues,
      weight,
      compound,
      known,
      purpose: purposeByWord.get(key) ?? [],
      stems: [...(stem ? [stem] : []), ...family],
      action: afterTe.has(key),
    });
  }
  if (/\bof\b/.test(folded)) mergeAlternatives(terms);
  const event = new Set(eventWords(folded).flatMap((written) => splitCompound(correctTypo(expandShorthand(participleForm(written))))));
  // A level of a medicine is answered by the text that reports it, as a compound's head is: the
  // medicine's orders are not the record the question names (as in "lithiumspiegel", ADR 0106).
  const level = terms.some((term) => levelWords.includes(fold(term.word)));
  if (level)
    for (const term of terms) if (term.cues.some((cue) => cue.types.includes('medicatieopdracht') && cue.facets)) term.compound = true;
  const namesMedicine = terms.some((term) => term.cues.some((cue) => cue.types.includes('medicatieopdracht') && cue.facets));
  const forMedicine = !namesMedicine && terms.length > 0 && purposeAsked;
  // "Iets voor zijn suiker" is the "suikerpil": a kind of medicine named by what it is for and a medicine's noun.
  if (forMedicine)
    for (const [i, term] of terms.entries()) {
      const kinds = term.words.flatMap((word) => medicineNouns.flatMap((noun) => cuesByWord.get(fold(compact(word)) + noun) ?? []));
      const aims = term.words.flatMap((word) => medicineNouns.flatMap((noun) => purposeByWord.get(fold(compact(word)) + noun) ?? []));
      if (kinds.length)
        terms[i] = { ...term, cues: [...new Set([...term.cues, ...kinds])], purpose: [...new Set([...term.purpose, ...aims])], weight: 2 };
    }
  const named = admissionPattern.test(folded) ? 'oldest' : (orderPhrases.find(({ pattern }) => pattern.test(folded))?.order ?? 'fit');
  // A level asked without a moment is the current one: "lith spiegel?" is the newest level.
  const order: QuestionOrder = named === 'fit' && level && !whenPattern.test(folded) ? 'newest' : named;
  return {
    terms,
    order,
    counts: countPattern.test(folded),
    day,
    month: month ? String(monthNames.indexOf(month[1]!) + 1).padStart(2, '0') : null,
    when: whenPattern.test(folded) && order === 'fit',
    forMedicine,
    after: terms.flatMap((term, i) => (event.has(fold(term.word)) ? [i] : [])),
  };
}

/** How a kind of medicine is named after what it is for: "slaap|pil", "pijn|medicatie", "kalmerings|middel". */
const medicineNouns = ['pil', 'pillen', 'middel', 'middelen', 'medicatie', 'tablet'];

/** Someone around the patient as the record registers them: "Esther Kuipers", "dochter". */
export interface Contact {
  name: string;
  relation: string;
}

/** A word of a registered name that names nobody: a particle ("van der"), a title ("dhr.", "drs."). */
const academicTitles = new Set(['dr', 'drs', 'mr', 'ir', 'prof']);
const namesNobody = (word: string) => nameParticles.includes(word) || genderOfTitle(word) !== undefined || academicTitles.has(word);

/**
 * A person asked by their role ("wat vertelde de dochter"), where the record often writes their name
 * ("Esther vertelt dat …"): a term naming a relation the record registers also searches that contact's
 * names — not initials, titles or particles, not the patient's own names, and not what follows the
 * name in brackets (the practice or the firm).
 */
export function withContactNames(question: Question, contacts: readonly Contact[], patientNames: readonly string[] = []): Question {
  const own = new Set(patientNames.flatMap((name) => tokens(name).map(fold)));
  const terms = question.terms.map((term) => {
    const facets = term.cues.filter((cue) => cue.types.includes('contactpersoon') && cue.facets).flatMap((cue) => cue.facets!);
    if (!facets.length) return term;
    const names = contacts
      .filter((contact) => facets.some((facet) => fold(contact.relation).includes(fold(facet))))
      .flatMap((contact) => tokens(fold(contact.name.split('(')[0]!)))
      .filter((word) => word.length >= 3 && !namesNobody(word) && !own.has(word));
    return names.length ? { ...term, words: [...new Set([...term.words, ...names])] } : term;
  });
  return { ...question, terms };
}

/** Whether the question asks for a medicine by its purpose (`medicinePurpose`), on the folded question. */
export function askedPurpose(folded: string): boolean {
  const { purpose, kindOf, noun, object, verb } = medicinePurpose;
  if (!purpose.test(folded) || kindOf.test(folded)) return false;
  return noun.test(folded) || (object.test(folded) && verb.test(folded));
}

/**
 * The words naming the event a question asks after: "na de val" (val), "na het ophogen van de
 * lithium" (ophogen, lithium) — one word after "na" and an article, and each "van …" that follows.
 */
export function eventWords(folded: string): string[] {
  const found = /\bna\s+(?:(?:de|het|een|zijn|haar)\s+)?([\p{L}\p{N}]+)((?:\s+van\s+(?:(?:de|het|een|zijn|haar)\s+)?[\p{L}\p{N}]+)*)/u.exec(
    folded,
  );
  if (!found) return [];
  const [, head, rest] = found;
  const more = [...(rest ?? '').matchAll(/van\s+(?:(?:de|het|een|zijn|haar)\s+)?([\p{L}\p{N}]+)/gu)].map((match) => match[1]!);
  return [head!, ...more];
}

/** A span of days a question asks about, on the ward's clock, both ends included ("YYYY-MM-DD"). */
export interface Moment {
  from: string;
  to: string;
}

const monthWord = `(${monthNames.map((month) => `${month.slice(0, 3)}(?:${month.slice(3)})?`).join('|')})\\.?`;
const dayWord = `(\\d{1,2}|${numberWordsUpTo(31).join('|')})(?:ste|de|e)?`;
const weekWords: Record<string, number> = { eerste: 0, tweede: 1, derde: 2, vierde: 3 };
const bound = new RegExp(
  ` (?:na|sinds|vanaf|tot|voor|tussen) (?:de |het )?(?:(?:eerste|tweede|derde|vierde|laatste) week|begin|eind|half|medio|rond|omstreeks|vandaag|vanochtend|vanmorgen|gisteren|eergisteren|${dayWord} ${monthWord})(?= )`,
);

/**
 * The moment a question names, read at `now` on the ward's clock: a date ("op 1 november", "op
 * twintig oktober", "rond 20 okt"), a part of a month ("begin november", "de tweede week van
 * oktober") or a day said relative to today ("vandaag", "vanochtend", "gisteren", "afgelopen nacht", "de
 * afgelopen week"). A date later than
 * today is last year's. Null when it names none (a whole month is not a moment: "in oktober"), or
 * when the day bounds a period ("sinds 1 november", "na vandaag").
 */
export function askedMoment(asked: string, now: Date): Moment | null {
  const text = ` ${fold(applyDictation(asked)).replace(/[^\p{L}\p{N}.]+/gu, ' ')} `;
  const today = isoDay(now);
  const [year] = today.split('-').map(Number) as [number];
  const monthOf = (word: string) => monthNames.findIndex((month) => month.startsWith(word.slice(0, 3))) + 1;
  const dateIn = (month: number, day: number) => {
    const iso = (y: number) => `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    return iso(year) > today ? iso(year - 1) : iso(year);
  };
  const lastDay = (month: number) => new Date(Date.UTC(2001, month, 0)).getUTCDate();
  const span = (month: number, first: number, last: number): Moment => ({
    from: dateIn(month, first),
    to: dateIn(month, Math.min(last, lastDay(month))),
  });

  // "sinds 1 november", "na vandaag": a bound of a period, not the moment asked.
  if (bound.test(text)) return null;
  let match = new RegExp(` (?:de )?(eerste|tweede|derde|vierde|laatste) week (?:van |in )?${monthWord} `).exec(text);
  if (match) {
    const month = monthOf(match[2]!);
    if (match[1] === 'laatste') return span(month, lastDay(month) - 6, 31);
    const week = weekWords[match[1]!]!;
    return span(month, week * 7 + 1, week * 7 + 7);
  }
  match = new RegExp(` (begin|eind|half|medio) ${monthWord} `).exec(text);
  if (match) {
    const month = monthOf(match[2]!);
    if (match[1] === 'begin') return span(month, 1, 10);
    if (match[1] === 'eind') return span(month, 21, 31);
    return span(month, 11, 20);
  }
  match = new RegExp(` (rond |omstreeks )?${dayWord} ${monthWord} `).exec(text);
  if (match) {
    const day = /^\d/.test(match[2]!) ? Number(match[2]) : numberWord(match[2]!)!;
    const month = monthOf(match[3]!);
    if (day < 1 || day > lastDay(month)) return null;
    const date = dateIn(month, day);
    // "Rond" a date allows a couple of days either side.
    return match[1] ? { from: addDaysToIsoDate(date, -2), to: addDaysToIsoDate(date, 2) } : { from: date, to: date };
  }
  // "Afgelopen nacht" is the night just gone; "de afgelopen week" the seven days up to today; "vorige
  // week" the calendar week before this one, read generously as the two weeks up to today.
  match = / (afgelopen|vorige|deze) (nacht|week|dagen) /.exec(text);
  if (match) {
    if (match[2] === 'nacht') return { from: addDaysToIsoDate(today, -1), to: today };
    return { from: addDaysToIsoDate(today, match[1] === 'vorige' && match[2] === 'week' ? -13 : -6), to: today };
  }
  match =
    / (vandaag|vanochtend|vanmorgen|vanmiddag|vanavond|vannacht|gisteren|gisterochtend|gistermiddag|gisteravond|gisternacht|eergisteren) /.exec(
      text,
    );
  if (!match) return null;
  if (match[1] === 'eergisteren') return { from: addDaysToIsoDate(today, -2), to: addDaysToIsoDate(today, -2) };
  if (match[1]!.startsWith('gister')) return { from: addDaysToIsoDate(today, -1), to: addDaysToIsoDate(today, -1) };
  // The night just gone started yesterday.
  if (match[1] === 'vannacht') return { from: addDaysToIsoDate(today, -1), to: today };
  return { from: today, to: today };
}

/** A source found for a question, with its moment. */
export interface Dated extends Found {
  at: Date | string;
}

/**
 * A question naming a moment and a kind of measurement ("NEWS vanochtend", "BVC op 20 oktober") asks
 * for that moment: only a source of that moment answers it — a measurement of the kind, or a text
 * naming it. False when some source does, or the question names no moment or no measured kind.
 */
export function nothingAtMoment(question: Question, moment: Moment | null, rows: readonly Dated[]): boolean {
  const measured = question.terms.flatMap((term, i) => (term.cues.some((cue) => cue.types.includes('meting') && cue.facets) ? [i] : []));
  if (!moment || measured.length === 0) return false;
  return !rows.some((row) => {
    const day = isoDay(row.at);
    if (day < moment.from || day > moment.to) return false;
    return measured.some(
      (i) => row.matched.includes(i + 1) || (row.type === 'meting' && cueAnswers(question.terms[i]!, row.type, row.facet)),
    );
  });
}

/**
 * A question asked after an event ("is er na de val een CT gemaakt", "ecg na het ophogen van de
 * lithium"): the event's words are context, no answer. What it asks — each term outside the event
 * but a participle — must be held by a source dated on or after the event (the
 * first record of it: a row of the kind an event word names, else a source answering every event word); true when none is, so the event alone never answers.
 */
export function nothingAfterEvent(question: Question, rows: readonly Dated[], skip: ReadonlySet<number> = new Set()): boolean {
  if (question.after.length === 0) return false;
  const answers = (row: Dated, i: number) => row.matched.includes(i + 1) || cueAnswers(question.terms[i]!, row.type, row.facet);
  // A participle says what was done about it ("gemaakt"), in words the record need not use.
  const asked = question.terms.flatMap((term, i) =>
    question.after.includes(i) || skip.has(i) || participle.test(fold(term.word)) || rows[0]?.live[i] === false ? [] : [i],
  );
  if (asked.length === 0) return false;
  const events = rows.filter((row) => question.after.every((i) => answers(row, i)));
  // The record of the event itself (the order that raised the lithium) over a note that mentions it beforehand.
  const recorded = events.filter((row) =>
    question.after.some((i) => question.terms[i]!.cues.some((cue) => cue.facets) && cueAnswers(question.terms[i]!, row.type, row.facet)),
  );
  const times = (recorded.length ? recorded : events).map((row) => new Date(row.at).getTime());
  const since = times.length ? Math.min(...times) : -Infinity;
  return !rows.some((row) => new Date(row.at).getTime() >= since && asked.every((i) => answers(row, i)));
}

/**
 * "Zorgmachtiging of vrijwillig": two terms that name facets of the same kind of record, in a
 * question with "of", are one term with two alternatives — either answers it.
 */
function mergeAlternatives(terms: Term[]): void {
  for (let i = 0; i < terms.length; i++) {
    const first = terms[i]!;
    const types = new Set(first.cues.filter((cue) => cue.facets).flatMap((cue) => cue.types));
    for (let j = terms.length - 1; j > i; j--) {
      const other = terms[j]!;
      if (!other.cues.some((cue) => cue.facets && cue.types.some((type) => types.has(type)))) continue;
      const merged = terms[i]!;
      terms[i] = { ...merged, words: [...merged.words, ...other.words], cues: [...merged.cues, ...other.cues] };
      terms.splice(j, 1);
    }
  }
}

/**
 * A word as a tsquery prefix: a long word loses its last three letters first, so a Dutch noun finds
 * its adjective and its inflections ("orthostase" finds "orthostatische", "hallucinatie"
 * "hallucineert"), which the stemmer does not join.
 */
const prefix = (word: string): string => (word.length >= 9 ? word.slice(0, -3) : word);

/**
 * A term as a tsquery: its words OR-ed, each also as a prefix when long enough to be a stem. A long
 * word is searched whole as well: the stemmer cuts more than three letters off some ("maatschappelijk"
 * is "maatschapp", "slapeloosheid" "slapelos"), so the shortened prefix alone never found the word itself.
 */
export const termQuery = (term: Term): string =>
  [
    ...new Set([
      ...term.words.flatMap((word) =>
        word.includes(' ')
          ? [`(${word.split(' ').join(' <-> ')})`]
          : word.length >= 5
            ? [...new Set([`${prefix(word)}:*`, `${word}:*`])]
            : [word],
      ),
      ...term.stems.map((stem) => `${stem}:*`),
    ]),
  ].join(' | ');

/**
 * The source types the question's cues point at (read in full, not only where the text matches); a
 * medicine asked by its purpose reads every order, whose reason may hold it inside a compound
 * ("alcoholonthouding" for "iets tegen de onthouding").
 */
export const cuedTypes = (question: Question): SourceType[] => [
  ...new Set([
    ...question.terms.flatMap((term) => term.cues.flatMap((cue) => cue.types)),
    ...(question.forMedicine ? (['medicatieopdracht', 'toediening'] as const) : []),
  ]),
];

/** Whether a source of this type and facet answers the term without its text matching. */
export function cueAnswers(term: Term, type: SourceType, facet: string): boolean {
  const foldedFacet = fold(facet);
  return term.cues.some((cue) => cue.types.includes(type) && (!cue.facets || cue.facets.some((word) => foldedFacet.includes(fold(word)))));
}

/**
 * A past participle no source holds ("geadviseerd", "verstuurd", "aangevraagd") says what was done
 * about the thing asked, in words the record need not use: the indexes of such terms, left out of
 * the share a source must answer. A noun the record lacks still counts against every source.
 */
export function unfoundActions(question: Question, rows: readonly Found[]): Set<number> {
  const skip = new Set<number>();
  const held = (term: Term, i: number) => rows.some((row) => row.matched.includes(i + 1) || cueAnswers(term, row.type, row.facet));
  // A verb of the asker's own after "te" says what was done, as a participle does, once a clinical word of the
  // question is held; beside only words of the asker's own it still counts.
  const clinical = question.terms.some((term, i) => term.known && held(term, i));
  question.terms.forEach((term, i) => {
    if (term.cues.length || term.words.length > 1) return;
    if (!participle.test(fold(term.word)) && !(clinical && term.action && !term.known)) return;
    if (!rows.some((row) => row.matched.includes(i + 1))) skip.add(i);
  });
  return question.terms.length - skip.size >= 1 ? skip : new Set();
}
/**
 * A general word no source holds ("kliniek", "schema", "mond": `generalWords`) says where or by
 * what a thing is written, not what is asked: left out of the share when a clinical word of the question
 * (one the vocabulary knows) is held by the record, so it does not veto the answer that word finds. Beside
 * only words of the asker's own it still counts ("klaagt hij over dorst" stays unanswered).
 */
export function unfoundGeneral(question: Question, rows: readonly Found[]): Set<number> {
  const held = (term: Term, i: number) => rows.some((row) => row.matched.includes(i + 1) || cueAnswers(term, row.type, row.facet));
  const general = (term: Term) => term.words.length === 1 && generalWords.has(fold(term.word));
  const skip = new Set<number>();
  if (!question.terms.some((term, i) => term.known && !general(term) && held(term, i))) return skip;
  question.terms.forEach((term, i) => {
    if (general(term) && !held(term, i)) skip.add(i);
  });
  return skip;
}
/**
 * The stem of a weak past participle ("gehuild" → "huil", "opgebeld" → "opbel", "verteld" → "vertel"),
 * at least four letters; null for any other word.
 */
export function participleStem(key: string): string | null {
  const found = /^(aan|op|af|in|uit|door|over|toe|mee|na|voor|terug|bij)?(?:ge([a-z]{3,})|((?:be|ver|ont|her)[a-z]{3,}))[dt]$/.exec(key);
  if (!found) return null;
  const stem = `${found[1] ?? ''}${found[2] ?? found[3]}`;
  return stem.length >= 4 ? stem : null;
}

/**
 * A diminutive the vocabulary does not know, read as its known base ("kindje", "pilletje", "prikje",
 * "broertjes"): a small thing is the thing the record names. Any other word stays as written.
 */
export function diminutiveBase(key: string): string {
  if (key.length < 5 || synonymsByWord.has(key) || cuesByWord.has(key) || ignored.has(key) || everydayWords.has(key)) return key;
  const found = /^(.{3,}?)(?:etje|pje|tje|je)s?$/.exec(key);
  if (!found) return key;
  const base = found[1]!;
  // "pilletje" is "pil" with its consonant doubled before -etje.
  const forms = [base, base.replace(/([bdfgklmnprst])\1$/, '$1')];
  return forms.find((form) => synonymsByWord.has(form) || cuesByWord.has(form)) ?? key;
}

/**
 * The other forms of a verb or its noun, as prefixes to search (at least five letters): a noun in
 * -ing gives its verb's stem ("wisseling" → "wissel", which finds "wisselen" and "gewisseld"), an
 * infinitive gives its noun ("verhuizen" → "verhuizing") and its stem. Empty for any other word.
 */
export function wordFamily(key: string): string[] {
  const noun = /^([a-z]{5,})ing(?:en)?$/.exec(key);
  if (noun) return [noun[1]!];
  if (key.length < 7 || !key.endsWith('en')) return [];
  // "plannen" → "planning", "wassen" → stem "was": a doubled consonant stays before -ing, goes in the stem.
  const written = key.slice(0, -2);
  const stem = written.replace(/([bdfgklmnprst])\1$/, '$1');
  return [...new Set([`${written}ing`, ...(stem.length >= 5 ? [stem] : [])])];
}
const participle = /^(?:aan|op|af|in|uit|door|over|toe|mee|na|voor|terug|bij)?(?:ge[a-z]{3,}|(?:be|ver|ont|her)[a-z]{3,})[dt]$/;

/**
 * Per term of the question, whether the record holds it somewhere (in a source's text, or as the
 * kind of record it names). A word PostgreSQL does not index and no cue answers, and an action the
 * record need not name (`skip`), count as held.
 */
export function termsFound(question: Question, rows: readonly Found[], skip: ReadonlySet<number>): boolean[] {
  return question.terms.map(
    (term, i) =>
      skip.has(i) ||
      rows.some((row) => row.matched.includes(i + 1) || cueAnswers(term, row.type, row.facet)) ||
      (rows[0]?.live[i] === false && term.cues.length === 0),
  );
}

/**
 * What each term weighs in the share a source must answer. A clinical term (one the vocabulary knows)
 * that the record holds nowhere is what the question asks about and the record does not say: it weighs
 * as much as the question's heaviest term, so a medicine or a measure named beside it ("obstipatie door
 * de clozapine", "misselijk van de sondevoeding") does not make that medicine's or measure's records an
 * answer (round six: the medicine alone before). A word of the asker's own keeps its weight.
 */
export function termWeights(question: Question, found: readonly boolean[]): number[] {
  const heaviest = Math.max(0, ...question.terms.map((term) => term.weight));
  return question.terms.map((term, i) => (found[i] || !term.known ? term.weight : heaviest));
}

/**
 * The terms a text holds inside a compound of two of the question's words: "nortriptylinespiegel"
 * answers both "nortriptyline" and "spiegel" of "laatste spiegel nortriptyline", which the index
 * holds as one word. A word of the question as the tail of any compound is not enough ("spiegel" in
 * "nortriptylinespiegel" does not answer "lithiumspiegel"): the compound's front must be another
 * term of the same question. Returns the 1-based indexes of the terms so found.
 */
export function compoundTerms(question: Question, text: string): number[] {
  const words = [...new Set(tokens(fold(text)))].filter((word) => word.length >= 9);
  const found: number[] = [];
  if (!words.length) return found;
  const heads = question.terms.map((term) => term.words.map(fold).filter((word) => word.length >= 4));
  question.terms.forEach((term, i) => {
    for (const tail of term.words.map(fold).filter((word) => word.length >= 4)) {
      const front = words.filter((word) => word.length > tail.length + 3 && word.endsWith(tail)).map((word) => word.slice(0, -tail.length));
      const partner = heads.findIndex(
        (candidates, j) =>
          j !== i && candidates.some((head) => front.some((part) => part.startsWith(prefix(head)) || head.startsWith(part))),
      );
      if (partner >= 0) {
        found.push(i + 1, partner + 1);
        return;
      }
    }
  });
  return [...new Set(found)];
}

/** The words of a term that can end a compound: one word of at least four letters, folded. */
const headWords = (term: Term): string[] => term.words.filter((word) => !word.includes(' ') && word.length >= 4).map(fold);

/**
 * A PostgreSQL regular expression for a text holding one of the terms among `only` (0-based) as the head
 * of a longer compound, as `headTerms` reads it ("urinekweek" for "kweek"); null when none has a head word.
 * It finds the notes no word of the question fetched: "uitslag kweek?" asks only "kweek". Only a word the
 * vocabulary does not know, which has nothing else to be found by: a known word's forms end too many
 * Dutch verbs ("roken" in "besproken", "gebroken"), and its synonyms are searched already.
 */
export function headPattern(question: Question, only: readonly number[]): string | null {
  const heads = [...new Set(only.flatMap((i) => (question.terms[i]!.known ? [] : headWords(question.terms[i]!))))].filter((head) =>
    /^[a-z]+$/.test(head),
  );
  return heads.length ? `[[:alpha:]]{3}(${heads.join('|')})(s|e|en|es|n)?([^[:alpha:]]|$)` : null;
}

/**
 * The terms among `only` (0-based) that a text holds as the head of a longer compound: "haven" in
 * "jachthaven", "pomp" in "voedingspomp" — the record's narrower word for what was asked. The word has
 * at least four letters and the compound's front at least three; a plural or linking ending is allowed.
 * Returns 1-based indexes.
 */
export function headTerms(question: Question, text: string, only: readonly number[]): number[] {
  const words = [...new Set(tokens(fold(text)))];
  return only.flatMap((i) => {
    const heads = headWords(question.terms[i]!);
    const held = heads.some((head) =>
      words.some((word) => {
        const at = word.indexOf(head, 3);
        return at >= 3 && /^(?:|s|e|en|es|n)$/.test(word.slice(at + head.length));
      }),
    );
    return held ? [i + 1] : [];
  });
}

/**
 * The terms a medicine's order or administration answers by what it was given for: "slaappil?" by a
 * quetiapine order whose reason is "slaapproblemen", though quetiapine is no sleeping pill by kind.
 * `text` is the order's reason and note; returns the 1-based indexes of the terms so answered.
 */
export function purposeTerms(question: Question, text: string): number[] {
  const words = tokens(fold(text));
  const names = (aim: string) => (word: string) => (aim.length >= 5 ? word.startsWith(prefix(aim)) : word === aim);
  return question.terms.flatMap((term, i) => (term.purpose.some((aim) => words.some(names(aim))) ? [i + 1] : []));
}

/**
 * The value a measurement row holds for a question asking its lowest or highest: the value of the
 * kind the question names (a round's pulse among its other values), a BVC or a NEWS2 score, or its
 * only value. Null for any other row: it is not ordered by value.
 */
export function measuredValue(data: Record<string, unknown>, facets: readonly string[]): number | null {
  const number = (value: unknown) => {
    const parsed = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
    return Number.isFinite(parsed) ? parsed : null;
  };
  if (data.bvc !== undefined && data.bvc !== null) return number(data.bvc);
  const values = Array.isArray(data.values) ? (data.values as { code: string; value: unknown }[]) : [];
  const named = values.find((value) => facets.some((facet) => fold(value.code).includes(fold(facet))));
  if (named) return number(named.value);
  if (values.length === 1 && !facets.length) return number(values[0]!.value);
  if (data.news2Score !== undefined && data.news2Score !== null && facets.includes('news2')) return number(data.news2Score);
  return null;
}

/** The measurement kinds a question names (its cues' facets on measurements). */
export const measuredKinds = (question: Question): string[] =>
  question.terms.flatMap((term) => term.cues.filter((cue) => cue.types.includes('meting')).flatMap((cue) => cue.facets ?? []));
