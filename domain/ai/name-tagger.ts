import { seededRandom, shuffleInPlace } from '../shared/random';
import { familyAddressWords } from '../shared/text';
import trained from './name-tagger.json';

/**
 * The learned token tagger beside the pseudonymisation rules (issue 42, ADR 0103): a logistic
 * regression that reads each capitalised word the rules left as written and says whether it is a
 * person's name. Its features come from the rules and the lists (what the rules replaced next to
 * it, given-name and surname lists, kin and role words, titles, initials before it, a hyphen join)
 * and from the word itself (shape, ending, place in the sentence, whether ward text writes it in
 * lower case). Trained offline by `npm run train:pseudonymise` on annotated ward text written by
 * people who had not read the rules; the weights are data in `name-tagger.json`.
 */

/** What the rules did with a stretch of text: replaced it as a person, as another identifier, or kept it as a name of a thing. */
export type Masked = 'person' | 'other' | 'kept';

export interface Token {
  start: number;
  end: number;
  /** The word as written, or the punctuation sign; '' for a masked stretch. */
  text: string;
  kind: 'word' | 'sign' | 'masked';
  masked?: Masked;
  /** Whitespace before it holds a line break. */
  lineBefore: boolean;
  /** Whitespace (or none) between it and the token before. */
  spaceBefore: boolean;
}

/** Classes of a word from the rules' lists: 'given', 'surname', 'kin', 'role', 'title', 'opener', … */
export type WordClasses = (word: string) => readonly string[];

export interface NameTaggerFile {
  /** sha256 of the training texts the weights were fitted on: a test fails when they drift. */
  trainedOn: string;
  /** Probability from which a word is taken as a name (chosen by cross-validation, ADR 0103). */
  threshold: number;
  /** A guessed person whose every capitalised word scores below this stays as written (0: never). */
  keepBelow?: number;
  bias: number;
  weights: Record<string, number>;
  /** Words ward text writes in lower case mid-sentence (from the training texts): a capitalised one is an ordinary word more often. */
  vocabulary: string[];
}

interface Model {
  threshold: number;
  keepBelow: number;
  bias: number;
  weights: Map<string, number>;
  vocabulary: Set<string>;
}

const load = (file: NameTaggerFile): Model => ({
  threshold: file.threshold,
  keepBelow: file.keepBelow ?? 0,
  bias: file.bias,
  weights: new Map(Object.entries(file.weights)),
  vocabulary: new Set(file.vocabulary),
});

let model: Model | null = (trained as NameTaggerFile).weights ? load(trained as NameTaggerFile) : null;

/** Swaps the weights in use (null: rules only). The training script and the tests measure with and without. */
export function swapNameTagger(file: NameTaggerFile | null): void {
  model = file ? load(file) : null;
}

export const nameTaggerActive = (): boolean => model !== null;

const MASK = '\uE000';
const TOKENS = /\uE000+|[\p{L}\p{M}\p{N}]+(?:['’][\p{L}]{1,3}(?![\p{L}]))?|[^\s\uE000]/gu;

/** Tokens of the working text (masked stretches as one token each, with what masked them). */
export function tokensOf(working: string, maskedAt: (position: number) => Masked): Token[] {
  const tokens: Token[] = [];
  let previousEnd = 0;
  for (const match of working.matchAll(TOKENS)) {
    const between = working.slice(previousEnd, match.index);
    const text = match[0];
    const kind = text.startsWith(MASK) ? 'masked' : /^[\p{L}\p{M}\p{N}]/u.test(text) ? 'word' : 'sign';
    tokens.push({
      start: match.index,
      end: match.index + text.length,
      text: kind === 'masked' ? '' : text,
      kind,
      ...(kind === 'masked' ? { masked: maskedAt(match.index) } : {}),
      lineBefore: between.includes('\n'),
      spaceBefore: between.length > 0,
    });
    previousEnd = match.index + text.length;
  }
  return tokens;
}

/** Particles and linking words: never a name on their own, and left to the rules. */
const PARTICLE = new Set("de van der den het te ter ten 't el al ben bin ibn abu la le da di du von vd v d in op aan bij en of".split(' '));

const isCapitalised = (word: string): boolean => /^\p{Lu}/u.test(word);
const isAllCaps = (word: string): boolean => /^\p{Lu}[\p{Lu}\p{M}]+$/u.test(word);

/** A word the tagger may take: a capitalised word of two letters or more, no figure, not masked, not a particle. */
export function isCandidate(token: Token): boolean {
  return (
    token.kind === 'word' &&
    isCapitalised(token.text) &&
    !/\p{N}/u.test(token.text) &&
    token.text.replace(/\P{L}/gu, '').length >= 2 &&
    !PARTICLE.has(token.text.toLowerCase())
  );
}

/** Classes of words the rules never take as a name (eponyms, services, languages, titles, kin and role words, dates, sentence openers). */
const NEVER_A_NAME = new Set(['notPerson', 'opener', 'language', 'title', 'kin', 'role', 'date', 'particle']);
/** A language or nationality written as an adjective: "Javaans", "Marokkaanse", "Surinaams", "Friesche". */
const NATIONALITY = /(?:aa[mn]se?|ische?)$/u;

/**
 * What the tagger may take, by the rules' own precision (ADRs 0066, 0076): never a word the lists
 * say is no person, never a language or nationality, and at the start of a sentence never a name
 * that is a Dutch word too ("Storm en harde wind", "Visser van beroep").
 */
export function mayBeTaken(tokens: Token[], index: number, classesOf: WordClasses): boolean {
  const token = tokens[index]!;
  if (!isCandidate(token) || NATIONALITY.test(token.text.toLowerCase())) return false;
  const classes = classesOf(token.text);
  if (classes.some((cls) => NEVER_A_NAME.has(cls))) return false;
  return !(opensSentence(tokens, index) && classes.some((cls) => cls === 'nameWord' || cls === 'ordinary'));
}

function shapeOf(word: string): string {
  if (isAllCaps(word)) return word.length <= 3 ? 'XX' : 'XXXX';
  if (/^\p{Lu}\p{Ll}/u.test(word)) return /\p{Lu}/u.test(word.slice(1)) ? 'XxX' : 'Xx';
  if (isCapitalised(word)) return 'X';
  return 'x';
}

const lengthBucket = (length: number): string => (length <= 3 ? '≤3' : length <= 5 ? '4-5' : length <= 8 ? '6-8' : '9+');

const SENTENCE_END = new Set(['.', '!', '?', ':', ';', '•', '-', '–', '—', '*', '>', '"', '“', '„', "'", '‘', '(', '[', '/']);

/** The token before that ends a sentence or opens a quote or list line: a capital after it says nothing. */
function opensSentence(tokens: Token[], index: number): boolean {
  const previous = tokens[index - 1];
  if (!previous || tokens[index]!.lineBefore) return true;
  if (previous.kind !== 'sign') return false;
  if (!SENTENCE_END.has(previous.text)) return false;
  // "J. Terlouw", "dhr. Bakker": a dot after one letter or a title is no sentence end (the features say which).
  if (previous.text === '.') {
    const word = tokens[index - 2];
    if (
      word?.kind === 'word' &&
      (word.text.length === 1 || /^(?:dhr|mw|mevr|mr|dr|drs|ir|prof|hr|fam|vpk|pt|pte|co|pb|spv)$/iu.test(word.text))
    )
      return false;
  }
  return true;
}

/**
 * The features of the word at `index`: what the tagger weighs. `leftFromMask`: the word is one the
 * rules replaced, seen as if they had left it (the text's counts then hold it as replaced, not as written).
 */
export function tokenFeatures(
  tokens: Token[],
  index: number,
  classesOf: WordClasses,
  context: TextContext,
  leftFromMask = false,
): string[] {
  const token = tokens[index]!;
  const word = token.text;
  const lower = word.toLowerCase();
  const features: string[] = [];
  const add = (feature: string) => features.push(feature);
  const shape = shapeOf(word);
  const start = opensSentence(tokens, index);
  const position = start ? 'start' : 'mid';
  add(`s:${shape}`);
  add(`pos:${position}`);
  add(`s:${shape}|${position}`);
  add(`len:${lengthBucket(word.length)}`);
  add(`w:${lower}`);
  if (lower.length >= 5) add(`suf3:${lower.slice(-3)}`);
  if (lower.length >= 4) add(`suf2:${lower.slice(-2)}`);
  const classes = classesOf(word);
  if (classes.length === 0) add(`c:none|${position}`);
  for (const cls of classes) {
    add(`c:${cls}`);
    add(`c:${cls}|${position}`);
  }
  const inVocabulary = context.vocabulary.has(lower);
  if (inVocabulary) add(`voc|${position}`);
  if (context.lowerInText.has(lower)) add('lowerInText');
  if ((context.personWords.get(lower) ?? 0) > (leftFromMask ? 1 : 0)) add('sameAsPerson');
  if ((context.capitalisedMid.get(lower) ?? 0) > (start || leftFromMask ? 0 : 1)) add('capitalisedElsewhere');

  // The neighbours: words, signs and what the rules did with them.
  const describe = (at: number, side: 'p' | 'n' | 'pp' | 'nn') => {
    const other = tokens[at];
    if (!other) return add(`${side}:none`);
    if (other.kind === 'masked') return add(`${side}:mask:${other.masked}`);
    if (other.kind === 'sign') return add(`${side}:sign:${other.text}`);
    if (side === 'pp' || side === 'nn') return add(`${side}:word`);
    add(`${side}:w:${other.text.toLowerCase()}`);
    add(`${side}:s:${shapeOf(other.text)}`);
    for (const cls of classesOf(other.text)) add(`${side}:c:${cls}`);
    if (side === 'p' && isCandidate(other) && !opensSentence(tokens, at)) add('p:capitalMid');
    if (side === 'n' && isCandidate(other)) add('n:capital');
  };
  describe(index - 1, 'p');
  describe(index - 2, 'pp');
  describe(index + 1, 'n');
  describe(index + 2, 'nn');

  const previous = tokens[index - 1];
  const next = tokens[index + 1];
  // Joined by a hyphen to a word or to a replaced name: "Jansen-Bakels", "[PERSOON_1]-Bakels".
  if (previous?.text === '-' && !token.spaceBefore && tokens[index - 2] && !previous.spaceBefore)
    add(`hyphen:after:${tokens[index - 2]!.kind === 'masked' ? tokens[index - 2]!.masked : 'word'}`);
  if (next?.text === '-' && !next.spaceBefore && tokens[index + 2] && !tokens[index + 2]!.spaceBefore) add('hyphen:before');
  // Initials before: "J.P. Terlouw", "A. van der Sluis".
  let at = index - 1;
  while (tokens[at]?.kind === 'word' && PARTICLE.has(tokens[at]!.text.toLowerCase())) at--;
  if (tokens[at]?.text === '.' && tokens[at - 1]?.kind === 'word' && /^\p{Lu}\p{Ll}?$/u.test(tokens[at - 1]!.text)) add('initialsBefore');
  // "en"/"&" after a replaced person: "Aukje en Ilona", "[PERSOON_1] en Ilona".
  if (previous && /^(?:en|&|of)$/u.test(previous.text.toLowerCase())) {
    const before = tokens[index - 2];
    add(`and:${before?.kind === 'masked' ? `mask:${before.masked}` : before && isCandidate(before) ? 'capital' : 'other'}`);
  }
  if (start && next?.kind === 'word') for (const cls of classesOf(next.text)) add(`start+n:c:${cls}`);
  return features;
}

/** What the whole text tells about its words: which it writes in lower case, which it capitalises mid-sentence, which the rules replaced as a person. */
export interface TextContext {
  vocabulary: ReadonlySet<string>;
  lowerInText: Set<string>;
  capitalisedMid: Map<string, number>;
  /** Words of stretches the rules replaced as a person, and how often. */
  personWords: Map<string, number>;
}

export function textContext(tokens: Token[], original: string, vocabulary: ReadonlySet<string>): TextContext {
  const lowerInText = new Set<string>();
  const capitalisedMid = new Map<string, number>();
  const personWords = new Map<string, number>();
  tokens.forEach((token, index) => {
    if (token.kind === 'masked' && token.masked === 'person')
      for (const word of original.slice(token.start, token.end).match(/[\p{L}\p{M}]+/gu) ?? [])
        personWords.set(word.toLowerCase(), (personWords.get(word.toLowerCase()) ?? 0) + 1);
    if (token.kind !== 'word') return;
    if (/^\p{Ll}/u.test(token.text)) lowerInText.add(token.text);
    else if (isCandidate(token) && !opensSentence(tokens, index)) {
      const lower = token.text.toLowerCase();
      capitalisedMid.set(lower, (capitalisedMid.get(lower) ?? 0) + 1);
    }
  });
  return { vocabulary, lowerInText, capitalisedMid, personWords };
}

const sigmoid = (score: number): number => 1 / (1 + Math.exp(-score));

export function nameProbability(features: string[]): number {
  if (!model) return 0;
  let score = model.bias;
  for (const feature of features) score += model.weights.get(feature) ?? 0;
  return sigmoid(score);
}

/** The vocabulary of the weights in use (empty without a model). */
export const taggerVocabulary = (): ReadonlySet<string> => model?.vocabulary ?? new Set();

/** A text as the tagger reads it after the rules: its tokens and what the whole text says about its words, made once. */
export interface Reading {
  original: string;
  working: string;
  maskedAt: (position: number) => Masked;
  tokens: Token[];
  context: TextContext;
}

export function readingOf(
  original: string,
  working: string,
  maskedAt: (position: number) => Masked,
  vocabulary = taggerVocabulary(),
): Reading {
  const tokens = tokensOf(working, maskedAt);
  return { original, working, maskedAt, tokens, context: textContext(tokens, original, vocabulary) };
}

/** A capitalised word outside the masks: without one the tagger has nothing to add. */
export const holdsCapitalisedWord = (working: string): boolean => /(?:^|[^\p{L}\p{M}\p{N}])\p{Lu}[\p{L}\p{M}]/u.test(working);

/**
 * A name's place without a list to say so (ADR 0107, round three): a capitalised word mid-sentence
 * after a word that introduces a person ("ruzie met Kuipers", "dat Oudendijk haar", "ik ben
 * Kaoutar"), or a capitalised word alone between quotes or brackets (vroeg naar "Riet", "(Wiek)").
 * There the tagger needs less to take it, if the word is no Dutch word the lists or the ward know.
 */
export const CUED_THRESHOLD = 0.7;
const INTRODUCES_A_PERSON = new Set(['met', 'mit', 'mèt', 'naar', 'ben', 'bin', 'heet', 'heette', 'aan', 'tegen']);
/** "dat" introduces a person's name after a verb that reports what someone said or thinks: "zegt dat Oudendijk haar belde". */
const REPORTS = new Set(
  'zegt zei zeggen zeiden vertelt vertelde denkt dacht vindt vond hoorde hoort meldt meldde vraagt vroeg weet wist'.split(' '),
);
const OPENING_QUOTE = new Set(['"', '“', '„', "'", '‘', '(']);
const CLOSING_QUOTE: Record<string, string[]> = {
  '"': ['"'],
  '“': ['”', '"'],
  '„': ['”', '"', '“'],
  "'": ["'", '’'],
  '‘': ['’', "'"],
  '(': [')'],
};
const A_DUTCH_WORD = new Set(['ordinary', 'verb', 'verbForm', 'participle', 'dutchEnding', 'compass']);
const A_NAME = new Set(['given', 'listed', 'surname']);

/** A diminutive names a pet or a thing as often as a person ("Pluisje", "Snoesje"): a person only when its stem is a name the lists know ("Lotje"). */
function diminutiveOfNoName(word: string, classesOf: WordClasses): boolean {
  const endings = ['tje', 'pje', 'kje', 'je'].filter((ending) => word.toLowerCase().endsWith(ending));
  if (endings.length === 0) return false;
  return !endings.some((ending) => classesOf(word.slice(0, -ending.length)).some((cls) => A_NAME.has(cls)));
}

/** A Dutch word by the ward's vocabulary or the lists, or a diminutive of no name: a cue of place alone does not make it a name. */
function aWordNoName(token: Token, classesOf: WordClasses, context: TextContext): boolean {
  return (
    context.vocabulary.has(token.text.toLowerCase()) ||
    classesOf(token.text).some((cls) => A_DUTCH_WORD.has(cls)) ||
    diminutiveOfNoName(token.text, classesOf)
  );
}

export function standsWhereANameStands(tokens: Token[], index: number, classesOf: WordClasses, context: TextContext): boolean {
  if (aWordNoName(tokens[index]!, classesOf, context)) return false;
  const previous = tokens[index - 1];
  if (!previous) return false;
  if (previous.kind === 'word') {
    const cue = previous.text.toLowerCase();
    if (opensSentence(tokens, index)) return false;
    if (cue === 'dat') return tokens[index - 2]?.kind === 'word' && REPORTS.has(tokens[index - 2]!.text.toLowerCase());
    return INTRODUCES_A_PERSON.has(cue);
  }
  const next = tokens[index + 1];
  return (
    previous.kind === 'sign' &&
    OPENING_QUOTE.has(previous.text) &&
    next?.kind === 'sign' &&
    (CLOSING_QUOTE[previous.text] ?? []).includes(next.text) &&
    // The quote stands inside a sentence, not at its start.
    tokens[index - 2] !== undefined &&
    !opensSentence(tokens, index - 1)
  );
}

/** What a family calls its own, capitalised at a sentence start as a name is ("Mam zegt", "Pake belde"): a relative, not a name. */
const FAMILY_ADDRESS = new Set(familyAddressWords);

/**
 * A name's place at a sentence start (ADR 0107, round four): a capitalised word that is no Dutch word
 * by the ward or the lists, followed by a finite verb a subject takes ("Achterhof belde", "Kuipers
 * weigerde"). The verb must be one the lists know as following a subject, not just a verb-like ending.
 */
export function opensASentenceAsSubject(tokens: Token[], index: number, classesOf: WordClasses, context: TextContext): boolean {
  const token = tokens[index]!;
  if (!opensSentence(tokens, index) || FAMILY_ADDRESS.has(token.text.toLowerCase())) return false;
  if (aWordNoName(token, classesOf, context)) return false;
  const next = tokens[index + 1];
  return next?.kind === 'word' && next.spaceBefore && /^\p{Ll}/u.test(next.text) && classesOf(next.text).includes('verb');
}

/**
 * A relation named right after the word (ADR 0107, round four): "met de Jong (buurman)", "Jeng, de zoon
 * van …", "Kuipers, de buurvrouw". The kin or role word says who the word before it is, so the tagger
 * needs much less, and a surname that is a Dutch word too ("Jong") counts when it stands mid-sentence.
 */
export const RELATION_CUED_THRESHOLD = 0.3;
const BEFORE_A_RELATION = new Set(['de', 'het', 'mijn', 'zijn', 'haar', 'hun', 'ons', 'onze', 'z’n', "z'n", "m'n", 'm’n']);
export function namedByTheRelationAfter(tokens: Token[], index: number, classesOf: WordClasses): boolean {
  const isRelation = (token: Token | undefined): boolean =>
    token?.kind === 'word' && classesOf(token.text).some((cls) => cls === 'kin' || cls === 'role');
  const next = tokens[index + 1];
  if (next?.kind !== 'sign') return false;
  if (next.text === '(') return isRelation(tokens[index + 2]) && tokens[index + 3]?.text === ')';
  if (next.text !== ',') return false;
  let at = index + 2;
  if (tokens[at]?.kind === 'word' && BEFORE_A_RELATION.has(tokens[at]!.text.toLowerCase())) at++;
  return at > index + 2 && isRelation(tokens[at]);
}

/**
 * A capitalised word between a kin word and a finite verb is the relative, even one that is a verb
 * itself ("buurvrouw Wil verzorgt de kat", ADR 0107 round four); not a word the lists know as an
 * ordinary word or a name that is a word ("zoon Koning").
 */
export function betweenKinAndVerb(tokens: Token[], index: number, classesOf: WordClasses): boolean {
  const previous = tokens[index - 1];
  const next = tokens[index + 1];
  if (previous?.kind !== 'word' || !classesOf(previous.text).includes('kin')) return false;
  if (classesOf(tokens[index]!.text).some((cls) => cls === 'ordinary' || cls === 'nameWord')) return false;
  return next?.kind === 'word' && /^\p{Ll}/u.test(next.text) && classesOf(next.text).some((cls) => cls === 'verb' || cls === 'verbForm');
}

/**
 * A word joined by "en"/"of" to a person the rules replaced ("Kroeze en Bolkestein", "met Jansen en
 * Kroeze", ADR 0107 round four): one of a pair of people, if it is no Dutch word by the ward or the
 * lists. The pair is the cue, so the tagger's score counts for little: a word at a sentence start
 * scores low whatever it is.
 */
export const COORDINATED_THRESHOLD = 0.05;
export function coordinatedWithAPerson(tokens: Token[], index: number, classesOf: WordClasses, context: TextContext): boolean {
  if (aWordNoName(tokens[index]!, classesOf, context)) return false;
  const joins = (at: number): boolean => tokens[at]?.kind === 'word' && /^(?:en|of)$/u.test(tokens[at]!.text);
  const person = (at: number): boolean => tokens[at]?.kind === 'masked' && tokens[at]!.masked === 'person';
  return (joins(index + 1) && person(index + 2)) || (joins(index - 1) && person(index - 2));
}

// ADR 0107, round five: where the text addresses, signs or asks after someone.

/** Greetings that open a note or a message, before or after the one greeted or signing ("Hoi Bo,", "Groetjes, Sas"). */
const GREETINGS = new Set('hoi hey hee hé hallo hai dag doei beste lieve groetjes groet liefs xx xxx kusjes'.split(' '));
const DASHES = new Set(['-', '–', '—']);
/** Someone addressed or signing: the structure is the cue, so the tagger's score counts for little (a vocative scores low wherever it stands). */
export const ADDRESSED_THRESHOLD = 0.02;

/**
 * A word that addresses or signs (ADR 0107, round five): a word after a greeting that opens the sentence
 * ("Hoi Bo!", "Groetjes, Sas"), or the text's last word after a closed sentence and a dash ("… trots
 * ben?? - Sas"). Never a Dutch word by the ward or the lists ("Hoi allemaal"). Not the first word of
 * quoted speech before a comma ('"Bèr, gao toch"'): interjections stand there as often ('"Joh, …"'),
 * and they score as a name does.
 */
export function addressesOrSigns(tokens: Token[], index: number, classesOf: WordClasses, context: TextContext): boolean {
  if (aWordNoName(tokens[index]!, classesOf, context)) return false;
  const previous = tokens[index - 1];
  const next = tokens[index + 1];
  if (!previous) return false;
  const greeting = (at: number): boolean =>
    tokens[at]?.kind === 'word' && GREETINGS.has(tokens[at]!.text.toLowerCase()) && opensSentence(tokens, at);
  const endsAddress = !next || next.lineBefore || (next.kind === 'sign' && /^[,!?.:]$/u.test(next.text));
  if (greeting(index - 1) && endsAddress) return true;
  if (previous.text === ',' && greeting(index - 2) && (!next || next.lineBefore)) return true;
  // A signature follows a closed sentence ("trots ben?? - Sas"), not a heading ("Overleg met huisarts - Zwolle").
  const closed = tokens[index - 2];
  return (
    previous.kind === 'sign' &&
    DASHES.has(previous.text) &&
    previous.spaceBefore &&
    !next &&
    closed?.kind === 'sign' &&
    /^[.!?]$/u.test(closed.text)
  );
}

/**
 * The subject after a finite verb that opens a question or an inverted sentence ("Is Bo er al?", "Komt
 * Ibo vandaag?", ADR 0107 round five): a capitalised word in no list right after it, with a lower-case
 * word after (not a dose: "Is Haldol 5 mg gegeven").
 */
export function subjectAfterAnOpeningVerb(tokens: Token[], index: number, classesOf: WordClasses, context: TextContext): boolean {
  if (aWordNoName(tokens[index]!, classesOf, context)) return false;
  const previous = tokens[index - 1];
  const next = tokens[index + 1];
  if (previous?.kind !== 'word' || !opensSentence(tokens, index - 1) || !classesOf(previous.text).includes('verb')) return false;
  return next?.kind === 'word' && /^\p{Ll}/u.test(next.text);
}

/**
 * A capitalised word in no list between a demonstrative and a finite verb ("die Ibo is echt een strijder",
 * ADR 0107 round five): speech points at a person so; a thing it points at is a Dutch word or in lower case.
 */
export function pointedAtBeforeAVerb(tokens: Token[], index: number, classesOf: WordClasses, context: TextContext): boolean {
  if (aWordNoName(tokens[index]!, classesOf, context) || opensSentence(tokens, index)) return false;
  const previous = tokens[index - 1];
  const next = tokens[index + 1];
  if (previous?.kind !== 'word' || !/^(?:die|deze)$/u.test(previous.text)) return false;
  return next?.kind === 'word' && /^\p{Ll}/u.test(next.text) && classesOf(next.text).includes('verb');
}

/** Another name for a person the rules replaced, in brackets right after them: "Lodewijk (Wiek)" (ADR 0107, round five). */
export function aliasOfAPerson(tokens: Token[], index: number, classesOf: WordClasses, context: TextContext): boolean {
  if (aWordNoName(tokens[index]!, classesOf, context)) return false;
  const before = tokens[index - 2];
  return tokens[index - 1]?.text === '(' && tokens[index + 1]?.text === ')' && before?.kind === 'masked' && before.masked === 'person';
}

/** What an apposition to a kin word may not be: another relation, a title, a date, a language or a thing. */
const NO_APPOSITION = new Set(['kin', 'title', 'date', 'language', 'notPerson', 'particle']);
/**
 * A name between commas right after a kin word ("Ons moeder, Door, is bang", ADR 0107 round five): the
 * apposition names the relative, even a word the lists know as a role word or an opener.
 */
export function appositionToAKinWord(tokens: Token[], index: number, classesOf: WordClasses): boolean {
  const kin = tokens[index - 2];
  if (tokens[index - 1]?.text !== ',' || tokens[index + 1]?.text !== ',' || kin?.kind !== 'word') return false;
  if (!classesOf(kin.text).includes('kin')) return false;
  return isCandidate(tokens[index]!) && !classesOf(tokens[index]!.text).some((cls) => NO_APPOSITION.has(cls));
}

// ADR 0107, round six: a name by what the text does with it, with no list to say so.

/** The words of "noemt hem steeds X", kept once for the tagger's rule here and the pseudonymiser's dictated one. */
export const callingWords = {
  calls: 'noem noemt noemen noemde noemden'.split(' '),
  called: 'me mij hem haar zichzelf zich je jou jullie ons hen hun ze'.split(' '),
  whileCalling: 'steeds altijd liever graag voortaan nu gewoon maar ook nog weer alleen'.split(' '),
};
const CALLS = new Set(callingWords.calls);
const CALLED = new Set(callingWords.called);
const WHILE_CALLING = new Set(callingWords.whileCalling);
/**
 * The name someone is called by: a capitalised word after a form of "noemen" and who is called, with an adverb or
 * two between ("noemt zichzelf steeds Janneman", "noem me Lotus"). What one is called in lower case is a quality
 * ("noemt hem dom"), so only a capitalised word, and never a Dutch word by the ward or the lists.
 */
export function calledByAName(tokens: Token[], index: number, classesOf: WordClasses, context: TextContext): boolean {
  if (aWordNoName(tokens[index]!, classesOf, context)) return false;
  let at = index - 1;
  // The name may stand in quotes: "noemt haar 'Madzia'".
  if (tokens[at]?.kind === 'sign' && OPENING_QUOTE.has(tokens[at]!.text) && tokens[at]!.text !== '(') at--;
  while (at > index - 4 && tokens[at]?.kind === 'word' && WHILE_CALLING.has(tokens[at]!.text.toLowerCase())) at--;
  const called = tokens[at];
  const calls = tokens[at - 1];
  return called?.kind === 'word' && CALLED.has(called.text.toLowerCase()) && calls?.kind === 'word' && CALLS.has(calls.text.toLowerCase());
}

/** Closing words of a letter after which the writer signs on the same line: "Met vriendelijke groet, Latumahina". */
const CLOSINGS = new Set('groet groeten hoogachtend'.split(' '));
/**
 * A signature after a closing on the same line (ADR 0107, round six): "Met vriendelijke groet, Latumahina,
 * afdelingshoofd". The word ends the line or the text, or one lower-case word (a function) does after a comma.
 * Never a Dutch word; a name on the next line is left to the tagger (it is as often an organisation).
 */
export function signsAfterAClosing(tokens: Token[], index: number, classesOf: WordClasses, context: TextContext): boolean {
  if (aWordNoName(tokens[index]!, classesOf, context) || tokens[index]!.lineBefore) return false;
  const closing = tokens[index - 2];
  if (tokens[index - 1]?.text !== ',' || closing?.kind !== 'word' || !CLOSINGS.has(closing.text.toLowerCase())) return false;
  const next = tokens[index + 1];
  const after = tokens[index + 2];
  return (
    !next ||
    next.lineBefore ||
    (next.text === ',' &&
      after?.kind === 'word' &&
      !after.lineBefore &&
      /^\p{Ll}/u.test(after.text) &&
      (!tokens[index + 3] || tokens[index + 3]!.lineBefore))
  );
}

/**
 * A capitalised word right after a person the rules replaced, on the same line with only a space between
 * ("Mentor [Geert-Jan] Oosterwijk"): the rest of that person's name. Never a Dutch word, so a sentence that goes
 * on after a name does not lose its words.
 */
export function continuesAPerson(tokens: Token[], index: number, classesOf: WordClasses, context: TextContext): boolean {
  const token = tokens[index]!;
  if (aWordNoName(token, classesOf, context) || token.lineBefore || !token.spaceBefore) return false;
  const previous = tokens[index - 1];
  return previous?.kind === 'masked' && previous.masked === 'person';
}

/**
 * The first part of a double surname whose second part the rules replaced: a capitalised word joined to the person by
 * a hyphen without spaces ("die Mulder-[Pool]", "De Bruijn-[Raats]"). Never a Dutch word ("Oud-[…]" stays).
 */
export function joinedToAPerson(tokens: Token[], index: number, classesOf: WordClasses, context: TextContext): boolean {
  if (aWordNoName(tokens[index]!, classesOf, context)) return false;
  const hyphen = tokens[index + 1];
  const person = tokens[index + 2];
  return (
    hyphen?.kind === 'sign' &&
    hyphen.text === '-' &&
    !hyphen.spaceBefore &&
    person?.kind === 'masked' &&
    person.masked === 'person' &&
    !person.spaceBefore
  );
}

/** Who a ward sets a name beside: a shift, a service or a role ("van de nacht", "van de crisisdienst", "van het lab"). */
const SHIFTS_AND_SERVICES = new Set(
  'nacht nachtdienst avond avonddienst dag dagdienst vroege late crisisdienst huisartsenpost hap thuiszorg lab laboratorium apotheek receptie balie ggd politie ambulance wijkteam fact-team sociaal'.split(
    ' ',
  ),
);
/**
 * Someone named by where they work: a capitalised word in no list before "van de/het" and a shift, a service or a
 * role word ("Sewnarain van de crisisdienst heeft de triage gedaan"). A thing named so is a Dutch word ("Overdracht
 * van de nacht"), which the cue leaves.
 */
export function ofAShiftOrService(tokens: Token[], index: number, classesOf: WordClasses, context: TextContext): boolean {
  if (aWordNoName(tokens[index]!, classesOf, context)) return false;
  const of = tokens[index + 1];
  const article = tokens[index + 2];
  const what = tokens[index + 3];
  if (of?.text.toLowerCase() !== 'van' || !/^(?:de|het)$/iu.test(article?.text ?? '') || what?.kind !== 'word') return false;
  const word = what.text.toLowerCase();
  return SHIFTS_AND_SERVICES.has(word) || classesOf(what.text).includes('role');
}

/**
 * Stretches of the original text the tagger takes as a person's name, among the words the rules
 * left: consecutive names (with particles between) are one stretch.
 */
export function taggedNames(
  reading: Reading,
  classesOf: WordClasses,
  threshold = model?.threshold ?? 1,
  cuedThreshold = CUED_THRESHOLD,
): { start: number; end: number }[] {
  if (!model) return [];
  const { tokens, context, working } = reading;
  const spans: { start: number; end: number }[] = [];
  tokens.forEach((token, index) => {
    const apposition = appositionToAKinWord(tokens, index, classesOf);
    // A given name the lists know, in brackets right after a person, is what they are called ("dhr. [Meer] (Kees)"),
    // though a bracket opens a sentence for `mayBeTaken` and the name is a Dutch word too (ADR 0107, round six).
    const aliasGiven = isCandidate(token) && classesOf(token.text).includes('given') && aliasOfAPerson(tokens, index, classesOf, context);
    if (!apposition && !aliasGiven && !mayBeTaken(tokens, index, classesOf)) return;
    const probability = nameProbability(tokenFeatures(tokens, index, classesOf, context));
    // Taken on its score, or on less where its place says a name (the cues are checked only when the score is enough for one).
    const taken =
      probability >= threshold ||
      aliasGiven ||
      (probability >= cuedThreshold &&
        (standsWhereANameStands(tokens, index, classesOf, context) || opensASentenceAsSubject(tokens, index, classesOf, context))) ||
      (probability >= RELATION_CUED_THRESHOLD &&
        (apposition ||
          namedByTheRelationAfter(tokens, index, classesOf) ||
          betweenKinAndVerb(tokens, index, classesOf) ||
          subjectAfterAnOpeningVerb(tokens, index, classesOf, context) ||
          pointedAtBeforeAVerb(tokens, index, classesOf, context))) ||
      (probability >= COORDINATED_THRESHOLD &&
        (coordinatedWithAPerson(tokens, index, classesOf, context) || aliasOfAPerson(tokens, index, classesOf, context))) ||
      (probability >= ADDRESSED_THRESHOLD &&
        (addressesOrSigns(tokens, index, classesOf, context) ||
          calledByAName(tokens, index, classesOf, context) ||
          signsAfterAClosing(tokens, index, classesOf, context) ||
          continuesAPerson(tokens, index, classesOf, context) ||
          joinedToAPerson(tokens, index, classesOf, context) ||
          ofAShiftOrService(tokens, index, classesOf, context)));
    if (!taken) return;
    const last = spans.at(-1);
    const gap = last ? working.slice(last.end, token.start) : '';
    if (last && /^(?:[ \t]+|[ \t]*-[ \t]*|[ \t]+(?:(?:van|de|der|den|ter|ten|te|el|al)[ \t]+)+)$/iu.test(gap)) last.end = token.end;
    else spans.push({ start: token.start, end: token.end });
  });
  return spans;
}

/**
 * The tokens around a word of a replaced stretch as if the rules had left that word (the rest still
 * masked): a window of the text is enough for the features, which look two tokens either way.
 */
export function tokensWithWordLeft(
  reading: Pick<Reading, 'original' | 'working' | 'maskedAt'>,
  start: number,
  end: number,
): { tokens: Token[]; index: number } {
  const { original, working, maskedAt } = reading;
  // Cut the window at a line break or white space, so no token is split where it starts.
  let from = Math.max(0, start - 120);
  while (from > 0 && !/\s/u.test(working[from - 1]!)) from--;
  let to = Math.min(working.length, end + 80);
  while (to < working.length && !/\s/u.test(working[to]!)) to++;
  const window = working.slice(from, start) + original.slice(start, end) + working.slice(end, to);
  const tokens = tokensOf(window, (position) => maskedAt(position + from)).map((token) => ({
    ...token,
    start: token.start + from,
    end: token.end + from,
  }));
  // At the window's cut the text goes on: the first token is no sentence start because of the cut.
  if (from > 0 && tokens[0]) tokens[0] = { ...tokens[0], lineBefore: /\n\s*$/u.test(working.slice(0, from)) };
  return { tokens, index: tokens.findIndex((token) => token.start === start) };
}

/**
 * A person the rules guessed (no known name) that the tagger reads as no name at all: every
 * capitalised word of it, seen as if the rules had left it, scores below `keepBelow`. The guess is
 * undone and the words stay as written ("Acute Dienst", "-West").
 */
export function doubtedGuess(
  reading: Reading,
  classesOf: WordClasses,
  guess: { start: number; end: number },
  keepBelow = model?.keepBelow ?? 0,
): boolean {
  if (!model || keepBelow <= 0) return false;
  let words = 0;
  for (const word of reading.original.slice(guess.start, guess.end).matchAll(/[\p{L}\p{M}]+/gu)) {
    if (!isCapitalised(word[0])) continue;
    const start = guess.start + word.index;
    const { tokens, index } = tokensWithWordLeft(reading, start, start + word[0].length);
    if (index < 0) continue;
    words++;
    if (nameProbability(tokenFeatures(tokens, index, classesOf, reading.context, true)) >= keepBelow) return false;
  }
  return words > 0;
}

// ---------------------------------------------------------------------------------------------
// Training: deterministic (seeded order), so the same texts give the same weights.

export interface TaggerExample {
  features: string[];
  name: boolean;
  weight?: number;
}

export interface TaggerTrainOptions {
  epochs?: number;
  rate?: number;
  l2?: number;
  /** Features seen in fewer examples than this are dropped. */
  minCount?: number;
  /** Fits in as many shuffled orders, averaged (as the intent model does). */
  orders?: number;
  threshold?: number;
  keepBelow?: number;
}

export function trainNameTagger(
  examples: TaggerExample[],
  trainedOn: string,
  vocabulary: string[],
  options: TaggerTrainOptions = {},
): NameTaggerFile {
  const { epochs = 30, rate = 0.1, l2 = 1e-4, minCount = 2, orders = 3, threshold = 0.5, keepBelow = 0 } = options;
  const counts = new Map<string, number>();
  for (const example of examples) for (const feature of new Set(example.features)) counts.set(feature, (counts.get(feature) ?? 0) + 1);
  const features = [...counts]
    .filter(([, count]) => count >= minCount)
    .map(([feature]) => feature)
    .sort();
  const featureIndex = new Map(features.map((feature, index) => [feature, index]));
  const rows = examples.map((example) => ({
    ids: [...new Set(example.features)].map((feature) => featureIndex.get(feature)).filter((id): id is number => id !== undefined),
    target: example.name ? 1 : 0,
    weight: example.weight ?? 1,
  }));
  const weights = new Float64Array(features.length);
  let bias = 0;
  for (let run = 0; run < orders; run++) {
    const fitted = fit(rows, features.length, { epochs, rate, l2, seed: 42 + run * 7919 });
    for (let at = 0; at < weights.length; at++) weights[at]! += fitted.weights[at]! / orders;
    bias += fitted.bias / orders;
  }
  const packed: Record<string, number> = {};
  features.forEach((feature, id) => {
    const weight = weights[id]!;
    if (Math.abs(weight) >= 0.01) packed[feature] = Number(weight.toFixed(3));
  });
  return { trainedOn, threshold, keepBelow, bias: Number(bias.toFixed(3)), weights: packed, vocabulary: [...vocabulary].sort() };
}

/** One fit: AdaGrad over the rows in a seeded order. */
function fit(
  rows: { ids: number[]; target: number; weight: number }[],
  size: number,
  { epochs, rate, l2, seed }: { epochs: number; rate: number; l2: number; seed: number },
): { weights: Float64Array; bias: number } {
  const weights = new Float64Array(size);
  const squared = new Float64Array(size).fill(1e-8);
  let bias = 0;
  let biasSquared = 1e-8;
  const random = seededRandom(seed);
  const order = rows.map((_, index) => index);
  for (let epoch = 0; epoch < epochs; epoch++) {
    shuffleInPlace(order, random);
    for (const rowIndex of order) {
      const row = rows[rowIndex]!;
      let score = bias;
      for (const id of row.ids) score += weights[id]!;
      const gradient = (sigmoid(score) - row.target) * row.weight;
      biasSquared += gradient * gradient;
      bias -= (rate * gradient) / Math.sqrt(biasSquared);
      for (const id of row.ids) {
        const step = gradient + l2 * weights[id]!;
        squared[id]! += step * step;
        weights[id]! -= (rate * step) / Math.sqrt(squared[id]!);
      }
    }
  }
  return { weights, bias };
}
