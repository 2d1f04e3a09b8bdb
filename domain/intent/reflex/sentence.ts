import { questionMaxLength } from '../../dossiervraag/dossiervraag.schemas';
import { applyDictation } from '../../speech/dictation';
import type { ChainAction, ClassifyContext, Entities, Intent } from '../intent.schemas';
import { contextClause, predictIntent } from '../intent-model';
import {
  actionStarters,
  complexityWords,
  connectors,
  fillers,
  honorifics,
  namePrepositions,
  orderVerbs,
  questionStarters,
} from '../lexicon';
import { classifySegment, contentStart, type Classified } from './classify';
import { lookup, subjectConcepts } from './lookup';
import {
  commandWordOf,
  declines,
  describedObservation,
  givesReason,
  negatedSubject,
  negatesCommand,
  ownPlan,
  relayedByOthers,
  statement,
  toldBefore,
} from './clauses';
import { entitiesFor } from './entities';
import { featuresOf } from './features';
import { listItemsAsSentences } from './lists';
import { mergeFragments, refersBack, type Piece } from './merge';
import { allNames, collectName, findName, isNameLike, looksLikeVerb, nameSpans, refersToPatient, type NameSpan } from './names';
import { countedOther, elliptic, joinNamesForBoth, joinObjects, splitSegments, tokensBefore, type Segment } from './segments';
import { asksTheRecord, plainlyAsksTheRecord } from './record-question';
import { genderOfTitle } from '../../shared/text';
import { momentIn } from './times';
import { clinicalInstant } from '../../shared/clinical-time';
import { originalText, tokenize, type Token } from './tokens';

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
  'ontslag',
  'zoeken',
  'agenda_query',
  'dossiervraag',
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
  'ontslag',
]);

/**
 * The intent of a part. Where the model and the rules agree, the rules' confidence stands (it is
 * calibrated on the corpus); where the model overrules them, its choice is acted on locally but
 * stays under the escalation threshold, so a configured language model is asked.
 */
function decideIntent(
  features: string[],
  reading: Classified,
  alone: boolean,
  before = false,
  nextReading: Classified | null = null,
): { intent: Intent; confidence: number; ambiguous: boolean } | null {
  const ranked = predictIntent(features);
  if (!ranked) return reading;
  // Discharge is the rules' to hear (ADR 0080): the model has seen few discharges, and a write this
  // heavy must not come from a model's guess at a sentence the rules read otherwise ("ontslagbrief").
  if (reading.intent === 'ontslag') return reading;
  // A context clause is no action; a sentence of one part still asks for something.
  if (ranked[0].intent === contextClause && !alone && ranked[0].probability >= contextThreshold) return null;
  const best = ranked.find((scored) => scored.intent !== contextClause && scored.intent !== 'ontslag')!;
  // "de vader van X belde, …", "ik draai vanavond de dienst, …": a part before another with no command the rules
  // hear, which the model cannot place either, is what the clinician tells before the request, not an action.
  if (
    before &&
    reading.intent === 'unknown' &&
    !reading.outside &&
    !reading.question &&
    ranked[0].intent !== 'unknown' &&
    best.probability < unplacedThreshold &&
    tells(reading.head)
  )
    return null;
  // "ben zo van nachtdienst, wat moet ik weten over …", "Visite Arts om 11, dan overdracht afdeling": where neither the rules
  // nor the model hear any action in a part, and the rules hear one plainly in the part after it, the first is only context.
  if (
    before &&
    reading.intent === 'unknown' &&
    reading.rivals.length === 0 &&
    reading.confidence <= 0.4 &&
    !reading.outside &&
    !reading.question &&
    // Also where the model guesses an action that needs a patient the part does not name ("Familiebezoek om 3 uur, …").
    (ranked[0].intent === 'unknown' ||
      ranked[0].intent === contextClause ||
      (needsPatient.has(ranked[0].intent as Intent) && !reading.name && !reading.hasPronoun)) &&
    nextReading !== null &&
    nextReading.intent !== 'unknown' &&
    nextReading.confidence >= 0.85 &&
    !opensWithRequest(reading.head)
  )
    return null;
  // "dhr. X, hoog suïciderisico, wat moet ik weten": a risk or disorder said with its degree ("hoog", "bekend met") states a
  // fact about the patient before the question; it asks nothing itself (issue 43: no risk question appended).
  if (before && nextReading?.question && !reading.question && statesADegree(reading.head)) return null;
  if (best.intent === reading.intent) return reading;
  // Where the model overrules the rules, its choice is acted on but stays under the escalation threshold.
  const overruled = (intent: Intent) => ({ intent, confidence: round(Math.min(overruledConfidence, best.probability)), ambiguous: false });
  // "gewicht dhr. X vandaag 82 kg": a value stated, not asked, is written down; the model hears the record's words in it.
  if (best.intent === 'dossiervraag' && !reading.question && statesAValue(reading.head)) return overruled('dagnotitie');
  // "…, zet woensdag 15u": a move needs something to move (an appointment, a number, "het", a day it moves from); with
  // nothing named the model's move is a new appointment (ADR 0105 round 12).
  if (best.intent === 'reschedule_appointment' && reading.intent === 'unknown' && !namesWhatMoves(reading.head))
    return overruled('create_appointment');
  // "het gesprek met mw. X mag een weekje later": between cancelling and moving an appointment the model counts only
  // where the rules heard both. A move the rules heard with no word of cancelling is no cancel (the model hears "mag weg"
  // in "mag"), nor is a cancel the rules heard with no word of moving a move.
  if (appointmentPair.has(reading.intent) && appointmentPair.has(best.intent as Intent) && !reading.rivals.includes(best.intent as Intent))
    return reading;
  // "agenda dhr. X vrijdag?": in shorthand without a verb the question mark alone tells asking for a day's appointments
  // from opening the agenda, and only the rules see it (the model reads words). A question with a verb ("kunt u mijn
  // agenda tonen?", "wat heb ik vrijdag in mijn agenda?") asks to see the agenda: the model's reading stands.
  if (reading.intent === 'agenda_query' && best.intent === 'agenda' && verblessQuestion(reading.head)) return reading;
  // "haar afspraak uitstellen tot vrijdag": an explicit command word with its object, and no rival
  // close by, stands unless the model all but rules it out.
  const rulesShare = ranked.find((scored) => scored.intent === reading.intent)?.probability ?? 0;
  if (reading.confidence >= 0.95 && !reading.ambiguous && rulesShare >= 0.1) return reading;
  return overruled(best.intent as Intent);
}

const contextThreshold = 0.6;

const units = new Set('kg kilo mmhg graden mg mmol mmol/l bpm cm % procent promille slagen liter ml'.split(' '));
/** "82 kg", "RR 135/85", "38,5 graden": a number with its unit, as a measured value is written. */
function statesAValue(tokens: Token[]): boolean {
  return tokens.some(
    (token, index) => /^\d+([.,/]\d+)?$/.test(token.norm) && (units.has(tokens[index + 1]?.norm ?? '') || /^\d+\/\d+$/.test(token.norm)),
  );
}

const degreeWords = new Set(
  'hoog hoge laag lage verhoogd verhoogde ernstig ernstige matig matige licht lichte bekend bekende acuut acute chronisch chronische'.split(
    ' ',
  ),
);
/** "hoog suïciderisico", "bekend met schizofrenie": a risk or disorder with its degree, said as a fact. */
function statesADegree(tokens: Token[]): boolean {
  return tokens.some(
    (token, index) =>
      degreeWords.has(token.norm) &&
      tokens.slice(index + 1, index + 3).some((next) => {
        const concepts = lookup(next.norm).concepts;
        return concepts.has('risk') || concepts.has('disorderName');
      }),
  );
}

const moveObjects = new Set("afspraak afspr gesprek het hem 'm die intake visite consult van nr nummer".split(' '));
/** What a move moves: an appointment word, "het"/"hem", a number, or the moment it moves from ("van … naar"). */
function namesWhatMoves(tokens: Token[]): boolean {
  return tokens.some(
    (token) => moveObjects.has(token.norm) || /^\d{3,}$/.test(token.norm) || lookup(token.norm).concepts.has('appointmentNoun'),
  );
}
const appointmentPair = new Set<Intent>(['cancel_appointment', 'reschedule_appointment']);
/** An observation with an aside, as sure as the rules' reading of a patient named and a verb (classify). */
const describedConfidence = 0.82;

/** How a dictated name is spelled: "komma met streepje komma", "aan elkaar", "met een hoofdletter". */
const spellingRemark = new Set(['streepje', 'koppelteken', 'elkaar', 'hoofdletter', 'hoofdletters']);
const spellingWords = new Set([...spellingRemark, 'met', 'een', 'aan', 'liggend', 'liggende', 'zonder', 'twee']);

/** "zet het op donderdag", "maak er maandag van", "zet hem naar vrijdag": a command that puts "it" on a moment, nothing else named. */
const putVerbs = new Set(['zet', 'verzet', 'schuif', 'maak', 'doe', 'leg', 'verplaats']);
const itWords = new Set(['het', 'hem', 'die', "'m", 'm']);
// "plan hem opnieuw in", "zet er ene in voor maandag": a new appointment made, not the old one moved.
const madeAgain = new Set(['in', 'opnieuw', 'een', 'ene', 'nieuwe', 'nieuw', 'weer']);
function movesItTo(tokens: Token[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word' && !fillers.has(token.norm));
  if (words.length === 0 || !putVerbs.has(words[0]!.norm)) return false;
  const at = words.findIndex((token) => itWords.has(token.norm) || (words[0]!.norm === 'maak' && token.norm === 'er'));
  if (at !== 1 || words[at + 1]?.norm === 'van') return false;
  if (words.some((token) => madeAgain.has(token.norm) || lookup(token.norm).concepts.has('appointmentNoun'))) return false;
  const moment = momentIn(tokens, 0, tokens.length);
  return moment.label !== null || moment.time !== null;
}

/** "die van meneer X op woensdag ook", "een voor Eva ook": an elliptic "die van X" closed by "ook", with no verb of its own. */
function saidAgainAlso(tokens: Token[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word');
  return (
    words.length >= 3 &&
    words.at(-1)!.norm === 'ook' &&
    elliptic(words, 0) &&
    !words.some((token) => actionStarters.has(token.norm) || looksLikeVerb(token.norm))
  );
}

/** The part is a patient's name and nothing else: a title, fillers, the name spelled out ("S-N-O") or how it is spelled. */
function namesOnly(tokens: Token[], reading: Classified): boolean {
  const name = reading.name;
  if (!name) return false;
  const spelled = tokens.some((token) => spellingRemark.has(token.norm));
  return tokens.every(
    (token, index) =>
      (index >= name.start && index < name.end) ||
      token.kind === 'punct' ||
      fillers.has(token.norm) ||
      honorifics.has(token.norm) ||
      /^(\p{L}-)+\p{L}$/u.test(token.norm) ||
      (spelled && spellingWords.has(token.norm)),
  );
}

/** "pak de agenda erbij", "ik heb de agenda open", "nu ik de agenda open heb": getting the agenda ready, not asking to see it. */
function readiesAgenda(tokens: Token[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word' && !fillers.has(token.norm)).map((token) => token.norm);
  if (['open', 'openen', 'toon', 'laat', 'geef'].includes(words[0] ?? '')) return false;
  return (
    words.some((word) => word === 'erbij' || /^(pak|pakt|pakken|paken|gepakt)$/.test(word)) ||
    (words.includes('ik') && words.includes('heb'))
  );
}

/** "agenda mw. X morgen?": a question mark after words only — no verb, no question word, nobody addressed. */
function verblessQuestion(tokens: Token[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word');
  return (
    tokens.some((token) => token.norm === '?') &&
    !words.some(
      (token) =>
        questionStarters.has(token.norm) ||
        addressees.has(token.norm) ||
        token.norm === 'ik' ||
        looksLikeVerb(token.norm) ||
        [...lookup(token.norm).concepts].some((concept) => concept.endsWith('Verb')),
    )
  );
}

/** The clinician tells something ("belde", "ik draai de dienst"): a finite verb, or "ik" with words after it. */
function tells(tokens: Token[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word');
  return words.some((token, index) => (index > 0 && looksLikeVerb(token.norm)) || (token.norm === 'ik' && index < words.length - 1));
}
/**
 * "regel een taxi", "print het behandelplan", "kijk of er een bed vrij is", "kunt u nagaan …", "waar is de sleutel": a part
 * that opens with a command word, with a verb and its object or "of", or with a request or a question put to someone,
 * asks for something, also what the assistant cannot do. "ben zo van nachtdienst", "Visite Arts om 11" do not.
 */
function opensWithRequest(tokens: Token[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word');
  const at = words.findIndex((token) => !fillers.has(token.norm) && !hesitations.has(token.norm));
  const first = words[at]?.norm ?? '';
  const next = words[at + 1]?.norm ?? '';
  return (
    actionStarters.has(first) ||
    questionStarters.has(first) ||
    orderVerbs.test(first) ||
    [...lookup(first).concepts].some((concept) => concept.endsWith('Verb')) ||
    addressees.has(next) ||
    objectWords.has(next)
  );
}
const addressees = new Set(['je', 'jij', 'u', 'ge', 'gij']);
const hesitations = new Set(['uh', 'uhm', 'hm', 'ehh', 'uhh']);
const objectWords = new Set(['een', 'de', 'het', 'die', 'dat', 'deze', 'dit', 'mijn', 'zijn', 'haar', 'hem', 'of', 'alle']);

type Gender = 'f' | 'm';
function titleGender(token: Token | undefined): Gender | null {
  const gender = genderOfTitle(token?.norm ?? '');
  return gender === 'female' ? 'f' : gender === 'male' ? 'm' : null;
}

/** "haar ovd", "zijn risico's": the gender a possessive or object pronoun gives the patient it refers to. */
function genderOfPronoun(tokens: Token[]): Gender | null {
  const said = tokens.filter((token, index) => token.kind === 'word' && refersToPatient(tokens, index));
  if (said.some((token) => ['haar', 'heur', 'haor'].includes(token.norm))) return 'f';
  if (said.some((token) => ['zijn', 'zn', 'hem', 'hij'].includes(token.norm))) return 'm';
  return null;
}

/** Under this the model's best action for a part is no more than a guess. */
const unplacedThreshold = 0.5;

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
  /** "… en één voor ADL" after "twee notities": the next of the things counted, its own words its matter. */
  counted?: boolean;
  /** The whole sentence observes the patient, with what they are known with as an aside: one note. */
  described?: boolean;
  /** "hoe sliep Mila, en Jesse?": the question asked again, with the other patient's name in it. */
  askedAgain?: string;
}

/**
 * A record question is what is left when no fixed intent heard the sentence: enough to open its read
 * block (routing needs 0.7), under the escalation threshold (0.8), so a configured model reads the
 * sentence again (it knows `dossiervraag`) and the local reading is recorded as such.
 */
const recordQuestionConfidence = 0.75;
/** Under this the intent model's overruling is a guess (its own cap is 0.75): a record question it barely knows goes first. */
const modelGuess = 0.6;

/**
 * A part nothing else took, read as a question about one patient's record: the patient named (or
 * the one open on screen) and the question as said, which the record's box reads again.
 */
function recordQuestion(
  text: string,
  segment: Segment,
  tokens: Token[],
  reading: Classified,
  entities: Entities,
  context: ClassifyContext,
  plainly = false,
  opensSentence = false,
): (ChainAction & { entities: { patientName: string } }) | null {
  const patient = entities.patientName
    ? { patientName: entities.patientName, ...(entities.patientId ? { patientId: entities.patientId } : {}) }
    : context.activePatient
      ? { patientName: context.activePatient.name, patientId: context.activePatient.id }
      : null;
  if (!patient) return null;
  const names = [patient.patientName, ...(context.activePatient ? [context.activePatient.name] : [])];
  if (!(plainly ? plainlyAsksTheRecord(tokens, reading, names, opensSentence) : asksTheRecord(tokens, reading, names))) return null;
  const vraag = originalText(text, segment.tokens).slice(0, questionMaxLength);
  return { intent: 'dossiervraag', entities: { ...patient, vraag }, confidence: recordQuestionConfidence };
}

const pointersBack = new Set(['daarvan', 'ervan', 'hiervan', 'daarin', 'erin']);

/** The first record part a part names ("de intake", "zijn risico's"), exactly spelled. */
function subjectNoun(tokens: Token[]): Token | null {
  return (
    tokens.find((token) => {
      const hit = lookup(token.norm);
      return token.kind === 'word' && !hit.fuzzy && [...hit.concepts].some((concept) => subjectConcepts.has(concept));
    }) ?? null
  );
}

const takeBack = new Set(['nee', 'neen', 'neee', 'nee,', 'correctie']);
const afterTakeBack = new Set(['sorry', 'wacht', 'ik', 'bedoel', 'of', 'eh', 'ehm', 'uh', 'eigenlijk', 'toch', 'verkeerd', 'verkeerde']);
const interjections = new Set(['o', 'oh', 'ow', 'oei', 'eh', 'ehm', 'uh', 'ah', 'ach', 'nou']);
// Said between two parts, these take back the one before: "…, laat maar, open …", "…, of eigenlijk …", "…, ik bedoel …".
const takeBackPhrases = [
  ['laat', 'maar'],
  ['of', 'eigenlijk'],
  ['ik', 'bedoel'],
  ['wacht', 'nee'],
];

/** The words of a clause with its opening interjections ("o", "eh") left out. */
function spoken(list: Token[]): string[] {
  const words = list.filter((token) => token.kind === 'word').map((token) => token.norm);
  let from = 0;
  while (from < words.length - 1 && interjections.has(words[from]!)) from++;
  return words.slice(from);
}

const afterWord = (list: Token[], word: string) => list[list.findIndex((token) => token.norm === word) + 1]?.norm ?? '';
const opensWith = (words: string[], phrase: string[]) => phrase.every((word, index) => words[index] === word);

/** "nee", "correctie", "laat maar", "of eigenlijk", "ik bedoel", alone: a clause that only takes back what was said before it. */
function onlyTakesBack(words: string[]): boolean {
  if (words.length === 0) return false;
  const phrase = takeBackPhrases.find((candidate) => opensWith(words, candidate));
  const rest = phrase ? words.slice(phrase.length) : words;
  return (phrase !== undefined || takeBack.has(words[0]!)) && rest.every((word) => takeBack.has(word) || afterTakeBack.has(word));
}

/** "…, nee …", "…, laat maar, …", "…, of eigenlijk …" between two parts: the speaker takes back the part before. */
function correctsBefore(previous: Token[], current: Token[], between: Token[]): boolean {
  const tail = previous.filter((token) => token.kind === 'word');
  const commaAt = previous.findLastIndex((token) => token.norm === ',');
  const saidAtEnd = commaAt >= 0 && onlyTakesBack(spoken(previous.slice(commaAt + 1)));
  const currentWords = spoken(current);
  const saidAtStart =
    takeBack.has(currentWords[0] ?? '') ||
    takeBackPhrases.some((phrase) => phrase[0] !== 'laat' && opensWith(currentWords, phrase)) ||
    // "laat maar, open …" (not "laat maar zien"): only where a comma or a stop closes it.
    (opensWith(currentWords, ['laat', 'maar']) && [',', '.', ';', '!'].includes(afterWord(current, 'maar'))) ||
    spoken(between).some((word) => takeBack.has(word));
  return tail.length > 0 && (saidAtEnd || saidAtStart);
}

/** "niet de diagnose", "geen rapportage" closing a part, with "maar" opening the next: the one set against the other. */
function contrasted(current: Token[], between: Token[]): boolean {
  if (!between.some((token) => token.norm === 'maar')) return false;
  const words = current.filter((token) => token.kind === 'word' && !fillers.has(token.norm));
  const at = words.findLastIndex((token) => token.norm === 'niet' || token.norm === 'geen');
  if (at < 0) return false;
  const after = words.slice(at + 1).filter((token) => !['de', 'het', 'een', 'zijn', 'haar', 'zn'].includes(token.norm));
  return after.length === 1 && [...lookup(after[0]!.norm).concepts].some((concept) => subjectConcepts.has(concept));
}

const splitWords = new Set([',', ';', '+', 'en', 'daarna', 'dan', 'vervolgens', 'verder', 'plus', 'tevens', 'daarnaast']);
// Chosen on the dev sets and the training sets, not the held-out ones: 0.75–0.95 read the same (ADR 0105 round 14).
const splitThreshold = 0.8;

/** The model's reading of a run of tokens: its most likely intent and how sure it is. */
function modelReading(tokens: Token[]): { intent: string; probability: number } | null {
  const ranked = predictIntent(featuresOf(tokens, classifySegment(tokens, false)));
  return ranked ? ranked[0] : null;
}

/**
 * "zet ne notitie dat hij viel en maakt er ook ne incidentrapport van": where the rules kept a part whole, the model may
 * split it at a comma or "en" when both sides read plainly as an action of their own, and the second has its own command,
 * subject or question (issue 43: the model, not a rule per phrase, decides where a sentence splits). Never inside a note's
 * or report's own text.
 */
function splitByModel(segment: Segment, all: Token[]): Segment[] {
  const tokens = segment.tokens;
  // A note's or report's own text ("noteer dat ze boos was en de afspraak wilde afzeggen") is the rules' to split.
  const content = contentStart(tokens);
  // The comma that opens a note's text splits only where another patient's own observation follows it ("dagnotitie dhr de
  // Graaf onrustig op de gang, mw Pinas heeft haar depot gehad": two notes, and Pinas's depot is not in de Graaf's).
  const last = content === null ? tokens.length - 2 : Math.min(tokens.length - 2, content);
  for (let at = 2; at < last; at++) {
    if (!splitWords.has(tokens[at]!.norm)) continue;
    let from = at + 1;
    while (from < tokens.length && (connectors.has(tokens[from]!.norm) || splitWords.has(tokens[from]!.norm))) from++;
    const left = tokens.slice(0, at);
    const right = tokens.slice(from);
    if (right.filter((token) => token.kind === 'word').length < 2) continue;
    // At the comma that opens a note's text, only another patient's own observation is a part of its own: the rules read
    // it as this note's text, which would write it in the wrong record, so the model need only place it among notes.
    const opensText = content !== null && at === content - 1;
    if (opensText && !(anotherPatientTells(left, right) && toldAfterName(left))) continue;
    // An appointment's own number opening the second side names its own object ("…, 5128 naar vrijdag").
    const ownRequest =
      commandWordOf(right) !== null ||
      right.some((token) => token.norm === '?') ||
      questionStarters.has(right[0]!.norm) ||
      /^\d{3,}$/.test(right[0]!.norm) ||
      anotherPatientTells(left, right);
    if (!ownRequest) continue;
    const first = modelReading(left);
    const second = modelReading(right);
    const action = (reading: typeof first) =>
      reading !== null && reading.intent !== contextClause && reading.intent !== 'unknown' && reading.probability >= splitThreshold;
    if (!action(first) || !(action(second) || (opensText && second?.intent === 'dagnotitie'))) continue;
    const explained = new Set(segment.explained);
    for (const token of tokens.slice(at, from)) explained.add(all.indexOf(token));
    return [
      { tokens: left, explained: segment.explained, first: segment.first },
      // "…, nadat de intakestatus is gecontroleerd": what comes after "nadat" is done first.
      ...splitByModel({ tokens: right, explained, first: right[0]!.norm === 'nadat' }, all),
    ];
  }
  return [segment];
}

/**
 * "mw Visscher huilt veel en dhr Lont is erg teruggetrokken": the second side opens with another patient, titled or
 * capitalised, who does something of their own (a verb right after the name). Said after a relation or role word ("de
 * moeder van Sanne, mw. Hoekstra, belde") the name is no patient's and no side opens with it.
 */
function anotherPatientTells(left: Token[], right: Token[]): boolean {
  const titled = honorifics.has(right[0]!.norm);
  if (!titled && !/^\p{Lu}/u.test(right[0]!.raw)) return false;
  const span = collectName(right, titled ? 1 : 0, true);
  const own = findName(left);
  if (!span || !own || !looksLikeVerb(right[span.end]?.norm ?? '')) return false;
  const text = (tokens: Token[], from: number, to: number) =>
    tokens
      .slice(from, to)
      .map((token) => token.norm)
      .join(' ');
  return text(right, span.start, span.end) !== text(left, own.start, own.end);
}

/**
 * "hoe sliep Mila deze week, en Jesse?", "risico's van Kees? en van Pieter?": "en" after a comma or a full stop or question
 * mark, then only another patient (a preposition and a title may go before the name) to the end. Returns where the "en" is.
 */
function trailingName(tokens: Token[]): { at: number; span: NameSpan } | null {
  const at = tokens.findLastIndex((token) => token.norm === 'en');
  if (at < 0 || (at > 0 && ![',', '?', '.'].includes(tokens[at - 1]!.norm))) return null;
  let from = at + 1;
  if (namePrepositions.has(tokens[from]?.norm ?? '')) from++;
  const titled = honorifics.has(tokens[from]?.norm ?? '');
  if (titled) from++;
  if (!titled && !/^\p{Lu}/u.test(tokens[from]?.raw ?? '')) return null;
  const span = collectName(tokens, from, true);
  if (!span || lookup(tokens[from]!.norm).concepts.size > 0) return null;
  if (tokens.slice(span.end).some((token) => token.kind === 'word')) return null;
  return { at, span: { ...span, start: span.start - at, end: span.end - at } };
}

/** A part that asks something of a named patient and ends in "…, en Jesse?" is cut before the "en" (see `trailingName`). */
function cutTrailingName(segment: Segment, all: Token[]): Segment[] {
  const tail = trailingName(segment.tokens);
  if (!tail || tail.at < 2) return [segment];
  const head = segment.tokens.slice(0, segment.tokens[tail.at - 1]!.norm === ',' ? tail.at - 1 : tail.at);
  // A note's own text ("noteer dat Kevin Dylan duwde, en Sem") is the note's.
  if (!findName(head) || contentStart(head) !== null) return [segment];
  return [
    { tokens: head, explained: segment.explained, first: segment.first },
    {
      tokens: segment.tokens.slice(tail.at),
      explained: new Set([...segment.explained, all.indexOf(segment.tokens[tail.at]!)]),
      first: false,
    },
  ];
}

const eachNoted = new Set(['allebei', 'allebeide', 'beiden', 'beide', 'alletwee']);
const eachNotedAlso = new Set(['alle', 'twee', 'bij', 'voor', 'van', 'een', 'in', 'het']);

/**
 * "Kevin en Dylan hadden ruzie, noteer bij allebei", "mw. A is gevallen, dhr. B at niet, graag allebei noteren": a note for
 * each, said after what they did, is read as said first ("noteer bij allebei: …"), where a note for each patient the text
 * names is made. Only when the last clause says no more than that and what goes before names two patients or more.
 */
function notedForEachFirst(text: string): string {
  if (!/allebei|beide|alletwee/i.test(text)) return text;
  const tokens = tokenize(text);
  const at = tokens.findLastIndex((token, index) => [',', '.', ';'].includes(token.norm) && index < tokens.length - 1);
  if (at < 1) return text;
  const clause = tokens.slice(at + 1).filter((token) => token.kind === 'word');
  const noted =
    clause.some((token) => eachNoted.has(token.norm)) &&
    clause.some((token) => refersBack(token.norm) && !fillers.has(token.norm) && !eachNoted.has(token.norm)) &&
    clause.every((token) => eachNoted.has(token.norm) || eachNotedAlso.has(token.norm) || refersBack(token.norm));
  const told = tokens.slice(0, at);
  if (!noted || new Set(nameSpans(told).map((span) => span.name)).size < 2) return text;
  return `${originalText(text, tokens.slice(at + 1)).replace(/[.!\s]+$/, '')}: ${originalText(text, told)}`;
}

const conditions = new Set(['als', 'indien', 'mocht', 'mits', 'tenzij', 'zodra']);

/**
 * "als mw Bennani nog steeds ziek is, …", "mocht hij weigeren, …": a condition about how things are is no action; the request
 * after it is. A condition the record answers ("als de intake van Yara nog niet af is") is looked up: it names a record part.
 */
function onlyACondition(tokens: Token[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word');
  if (!conditions.has(words[0]?.norm ?? '') || tokens.some((token) => token.norm === '?')) return false;
  return !words.some((token) => {
    const concepts = lookup(token.norm).concepts;
    return [...concepts].some((concept) => subjectConcepts.has(concept) || concept === 'agendaNoun' || concept === 'appointmentNoun');
  });
}

/** "dagnotitie dhr de Graaf onrustig op de gang": words after the patient's name, the note's own text before a comma. */
function toldAfterName(tokens: Token[]): boolean {
  const name = findName(tokens);
  return name !== null && tokens.slice(name.end).some((token) => token.kind === 'word' && !fillers.has(token.norm));
}

/** "(zo) niet, …", "(zo) ja, …", "anders …": what to do depending on the check before. */
function answersCheck(tokens: Token[]): boolean {
  const first = tokens.findIndex((token) => token.kind === 'word');
  const word = tokens[first]?.norm ?? '';
  return word === 'anders' || (['niet', 'ja', 'nee'].includes(word) && tokens[first + 1]?.norm === ',');
}

/** The sentence split into parts in the order they are to be done; negated commands are no part.
 * `modelSplits`: the model may split a part the rules kept whole (classifying); training reads the rules' parts alone.
 */
function readParts(
  text: string,
  modelSplits = false,
): { tokens: Token[]; said: Token[]; segments: Segment[]; parts: Part[]; negatedCommands: number } {
  const said = tokenize(text);
  const tokens = withoutNameClarification(said);
  let segments = joinNamesForBoth(joinObjects(splitSegments(tokens)), tokens);
  if (modelSplits) segments = segments.flatMap((segment) => splitByModel(segment, tokens));
  segments = segments.flatMap((segment) => cutTrailingName(segment, tokens));
  // "ik begin zo aan de rapportages, maar eerst …": what the clinician is about to do themselves, before a request, is context.
  const plan = segments.length > 1 && ownPlan(segments[0]!.tokens) ? segments[0]! : null;
  if (plan) segments = segments.slice(1);
  // "plan het gesprek, maar eerst annuleer de oude afspraak": what comes "eerst" goes first.
  // Only what stands between the part before and this one counts: in "eerst agenda dan risico's" the "eerst" is the agenda's.
  const saysFirst = (segment: Segment, index: number) => {
    const previousEnd = tokens.indexOf(segments[index - 1]!.tokens.at(-1)!);
    return (
      tokensBefore(tokens, segment).some((token) => token.norm === 'eerst' && tokens.indexOf(token) > previousEnd) ||
      segment.tokens.slice(0, 3).some((token) => token.norm === 'eerst')
    );
  };
  const firstIndex = segments.findIndex((segment, index) => index > 0 && (segment.first || saysFirst(segment, index)));
  if (firstIndex > 0) segments = [...segments.slice(firstIndex, firstIndex + 1), ...segments.filter((_, index) => index !== firstIndex)];
  const parts: Part[] = [];
  let negatedCommands = 0;
  let previousTokens: Token[] = [];
  // "de afspraak van Lieke hoeft niet verzet, annuleer maar": the patient of a dropped part is the next part's.
  let carried: NameSpan | null = plan ? findName(plan.tokens) : null;
  // A sentence that spells a name with capitals ("… van Shanti Ramdin, en … voor de crisismaatregel") has no lower-case names.
  const typedWithCapitals = tokens.some(
    (token, index) => index > 0 && tokens[index - 1]!.kind === 'word' && /^\p{Lu}\p{Ll}/u.test(token.raw) && isNameLike(token, false),
  );
  // "dhr. X, hoog suïciderisico, ligt de hele dag in bed": a risk or diagnosis said as an aside to an observation is one note.
  const described = describedObservation(tokens, findName(tokens, typedWithCapitals));
  if (described) segments = [{ tokens, explained: new Set(segments.flatMap((segment) => [...segment.explained])), first: false }];
  segments.forEach((segment, index) => {
    // "rapp dhr. X, nee dagnotitie: …", "overdracht van Noor, nee sorry, haar risico's": what was said before "nee" is
    // taken back when a request follows it; its patient stays.
    if (index > 0 && correctsBefore(segments[index - 1]!.tokens, segment.tokens, tokensBefore(tokens, segment))) {
      const takenBack = parts.filter((part) => part.segment === segments[index - 1]);
      if (
        takenBack.length > 0 &&
        !negatesCommand(segment.tokens) &&
        classifySegment(segment.tokens, typedWithCapitals).intent !== 'unknown'
      ) {
        parts.splice(parts.indexOf(takenBack[0]!));
        carried = takenBack[0]!.reading.name ?? carried;
      }
    }
    // "niet annuleren, verzet …", "geen notitie, alleen opzoeken": the negated command is not an action.
    if (
      negatesCommand(segment.tokens) ||
      declines(segment.tokens, segments[index + 1]?.tokens) ||
      (index > 0 && negatedSubject(segment.tokens)) ||
      // "Wilt u niet de diagnose maar de risico's …": the subject set against "maar" is not wanted.
      (segments[index + 1] !== undefined && contrasted(segment.tokens, tokensBefore(tokens, segments[index + 1]!)))
    ) {
      negatedCommands++;
      carried = findName(segment.tokens) ?? carried;
      return;
    }
    // "…, en Jesse?": the part before asked again for another patient.
    const tail = index > 0 ? trailingName(segment.tokens) : null;
    const asked = parts.findLast((part) => !part.repeat);
    if (tail?.at === 0 && asked?.reading.name) {
      const shift = asked.tokens.length;
      const named = (tokens: Token[], span: NameSpan) => originalText(text, tokens.slice(span.start, span.end));
      const question = originalText(text, asked.segment.tokens).replace(/[\s,;.]+$/, '');
      const tailTokens = segment.tokens.slice(tail.at);
      parts.push({
        askedAgain: question.replace(named(asked.tokens, asked.reading.name), named(tailTokens, tail.span)),
        segment,
        tokens: [...asked.tokens, ...segment.tokens],
        reading: { ...asked.reading, name: { ...tail.span, start: tail.span.start + shift, end: tail.span.end + shift }, others: [] },
        repeat: true,
      });
      return;
    }
    // An elliptic part ("en een voor Eva") borrows the command word of the part before it.
    const ownStart = segment.tokens.findIndex((token) => token.kind === 'word' && !fillers.has(token.norm) && !connectors.has(token.norm));
    // "… twee notities, één voor X en één voor Y": the next one counted borrows the noun counted.
    const counted = ownStart >= 0 ? countedOther(tokens, tokens.indexOf(segment.tokens[ownStart]!)) : null;
    const ellipsis = counted === null && ownStart >= 0 && elliptic(segment.tokens, ownStart);
    const verb = counted ?? (ellipsis ? (movedElsewhere(segment.tokens, previousTokens) ?? commandWordOf(previousTokens)) : null);
    let partTokens = verb ? [verb, ...segment.tokens.slice(ownStart)] : segment.tokens;
    let reading = classifySegment(partTokens, typedWithCapitals);
    // "de intake openen, de stand daarvan tonen": "daarvan" stands for the record part the part before named.
    const pointsAt = partTokens.findIndex((token) => pointersBack.has(token.norm));
    const referent = reading.intent === 'unknown' && pointsAt >= 0 ? subjectNoun(previousTokens) : null;
    if (referent) {
      partTokens = [...partTokens.slice(0, pointsAt), referent, ...partTokens.slice(pointsAt + 1)];
      reading = classifySegment(partTokens, typedWithCapitals);
    }
    parts.push({ segment, tokens: partTokens, reading, carried: reading.name ? null : carried, counted: counted !== null, described });
    carried = null;
    // "zoek Kees en Pieter op", "annuleer de afspraken van Mo en van Fenna": the same action for each.
    for (const other of reading.others)
      parts.push({ segment, tokens: partTokens, reading: { ...reading, name: other, others: [] }, repeat: true });
    previousTokens = segment.tokens;
  });
  return { tokens, said, segments, parts, negatedCommands };
}

/**
 * "de afspraak van Mo mag weg, die van Yusuf naar volgende week": an appointment said again without its verb, with "naar" and
 * when, is moved, whatever was done to the one before it. Returns the move's verb for the part to borrow.
 */
function movedElsewhere(tokens: Token[], previousTokens: Token[]): Token | null {
  if (!previousTokens.some((token) => lookup(token.norm).concepts.has('appointmentNoun'))) return null;
  const to = tokens.findIndex((token) => token.norm === 'naar');
  if (to < 0 || momentIn(tokens, to + 1, Math.min(tokens.length, to + 4)).label === null) return null;
  const at = tokens[0]!;
  return { kind: 'word', raw: 'verzet', norm: 'verzet', start: at.start, end: at.start };
}

/**
 * "rapportage voor mevrouw Wit komma niet de Witte maar Wit komma …": a dictated remark on which of two like names is
 * meant is no part of the request; it is left out before the sentence is split (its names still count as said).
 */
function withoutNameClarification(tokens: Token[]): Token[] {
  for (let at = 1; at < tokens.length; at++) {
    if (tokens[at]!.norm !== 'niet' || tokens[at - 1]!.norm !== ',') continue;
    const first = collectName(tokens, at + 1, true);
    if (!first) continue;
    if (tokens[first.end]?.norm !== 'maar') continue;
    const second = collectName(tokens, first.end + 1, true);
    if (!second) continue;
    const after = tokens[second.end];
    if (after && !(after.kind === 'punct' && [',', '.', ':', ';'].includes(after.norm))) continue;
    return [...tokens.slice(0, at - 1), ...tokens.slice(second.end)];
  }
  return tokens;
}

/** What the intent model sees of each part of a sentence: the training script reads the same. */
export function partFeatures(input: string): string[][] {
  return readParts(applyDictation(input)).parts.map((part) => featuresOf(part.tokens, part.reading));
}

export function classifyReflex(input: string, context: ClassifyContext = {}, now = new Date()): ReflexResult {
  const text = notedForEachFirst(listItemsAsSentences(applyDictation(input)));
  const { tokens, said, segments, parts, negatedCommands } = readParts(text, true);
  const explained = new Set<number>(segments.flatMap((segment) => [...segment.explained]));
  let complex = false;
  const actions: ChainAction[] = [];
  let previousPatient: Pick<Entities, 'patientName' | 'patientId'> | null = null;
  // Patients named with a title, by the gender the title gives: "haar" after "mw. X … dhr. Y" is X's.
  const titled: { patientName: string; gender: Gender }[] = [];
  let previousIntent: Intent | null = null;
  const pieces: Piece[] = [];
  // The patient named in a context clause ("ik zit bij Kees, …") is the next action's.
  let fromContext: NameSpan | null = null;
  for (const [
    at,
    { segment, tokens: partTokens, reading, repeat, carried: carriedOver, counted, described, askedAgain },
  ] of parts.entries()) {
    if (repeat && !(previousIntent && patientIntents.has(previousIntent) && (previousIntent !== 'dagnotitie' || reading.each))) continue;
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
      // "de diagnose van meneer X en van mevrouw X, …": the same request for a second patient is no request told after context.
      !next.repeat &&
      !written &&
      (!reading.intent.endsWith('_appointment') || givesReason(partTokens)) &&
      !next.reading.outside &&
      // "mw Pranger ijsbeert en dhr Wessels heeft niet gegeten": another patient's observation is no request told after context.
      !anotherPatientTells(partTokens, next.tokens) &&
      toldBefore(partTokens, next.tokens);
    // "mevrouw Sno komma S-N-O komma wat is er gerapporteerd": a part that only says who is no search; the request after it is for that patient.
    const onlySaysWho = !repeat && next !== undefined && !next.repeat && !written && namesOnly(partTokens, reading);
    // "agenda erbij pakken en …", "ik heb de agenda al open, …": the clinician readies the agenda for the request after it.
    const readied = !repeat && next !== undefined && !next.repeat && reading.intent === 'agenda' && readiesAgenda(partTokens);
    // "zn moeder belde, wil de arts spreken. zet woensdag 15u": what someone else told or wants, before a request, is context.
    const relayed =
      !repeat &&
      next !== undefined &&
      !next.repeat &&
      !written &&
      relayedByOthers(partTokens) &&
      (!statement(next.tokens) || !['unknown', 'dagnotitie'].includes(next.reading.intent));
    // The next of the things counted ("twee notities, één voor … en één voor …") is another of the same action.
    // "… mag weg, en die van meneer X op woensdag ook": the same done again to another, said without its verb.
    const alsoSo: boolean = previousIntent !== null && actions.length > 0 && saidAgainAlso(partTokens);
    const again: boolean = repeat === true || alsoSo || (counted === true && previousIntent !== null && actions.length > 0);
    // "… gesprek morgen gaat niet door, zet het op donderdag", "… mot nen dag later, maak er moandag van": the appointment
    // just cancelled or moved, put on another moment, is moved (mergeFragments makes the two one move).
    const putsItElsewhere: boolean =
      (previousIntent === 'cancel_appointment' || previousIntent === 'reschedule_appointment') && !reading.name && movesItTo(partTokens);
    // "twee notities maken, één voor … en één voor …": what is counted is notes (countedOther counts only notes), so the
    // first of them is a note too, whatever else "maken" could make.
    const firstCounted: boolean = !again && next?.counted === true;
    const decided: { intent: Intent; confidence: number; ambiguous: boolean } | null = again
      ? { intent: previousIntent!, confidence: actions.at(-1)!.confidence, ambiguous: false }
      : firstCounted
        ? { intent: 'dagnotitie', confidence: describedConfidence, ambiguous: false }
        : putsItElsewhere
          ? { intent: 'reschedule_appointment', confidence: 0.9, ambiguous: false }
          : described
            ? { intent: 'dagnotitie', confidence: describedConfidence, ambiguous: false }
            : told ||
                readied ||
                onlySaysWho ||
                relayed ||
                (next !== undefined && !next.repeat && !written && next.reading.intent !== 'dagnotitie' && onlyACondition(partTokens))
              ? null
              : (decideIntent(featuresOf(partTokens, reading), reading, parts.length === 1, next !== undefined, next?.reading ?? null) ??
                (written ? reading : null));
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
    // "kijk of Jesse morgen een afspraak heeft, en zo niet, plan er een om 10:00": a time said with no day of its own, in
    // answer to a check, is on the day the check asked about.
    const checkedDay = actions.at(-1)?.entities.dateRange?.start.slice(0, 10);
    if (entities.datetime && !entities.dateLabel && checkedDay && answersCheck(segment.tokens)) {
      const onDay = clinicalInstant({ date: checkedDay, partOfDay: null }, entities.datetime.slice(11, 16));
      if (onDay) {
        entities.datetime = onDay;
        const label = actions.at(-1)!.entities.dateLabel;
        if (label) entities.dateLabel = label;
      }
    }
    if (counted && decided.intent === 'dagnotitie' && !entities.content)
      entities.content = originalText(text, segment.tokens)
        .replace(/[?.!]+$/, '')
        .trim();
    if (!entities.patientName && carried && decided.intent !== 'agenda') entities.patientName = carried.name;
    // What the reflex cannot do keeps the patient it refers to ("geef haar extra oxazepam"), for the note after it.
    if (
      !entities.patientName &&
      (patientIntents.has(decided.intent) || (decided.intent === 'unknown' && (reading.hasPronoun || actions.length > 0)))
    ) {
      // "… en mijn afspraken morgen", "… dan ovdr afd.": the clinician's own agenda and the ward's handover are no patient's.
      const ownOrWard = partTokens.some((token) => token.norm === 'mijn' || token.norm === 'afd' || token.norm === 'afdeling');
      const pronoun = genderOfPronoun(partTokens);
      const last = titled.at(-1);
      const byGender =
        pronoun && last && last.patientName === previousPatient?.patientName && last.gender !== pronoun
          ? titled.findLast((patient) => patient.gender === pronoun)
          : undefined;
      const inherited =
        previousPatient && (reading.hasPronoun || actions.length > 0) && !ownOrWard
          ? byGender
            ? { patientName: byGender.patientName }
            : previousPatient
          : null;
      if (inherited) Object.assign(entities, inherited);
      // "volgende sectie": a step within the intake is a step within the form of the patient open on screen.
      else if ((reading.hasPronoun || decided.intent === 'intake_navigeer') && context.activePatient)
        Object.assign(entities, { patientName: context.activePatient.name, patientId: context.activePatient.id });
    }
    if (entities.patientName)
      previousPatient = { patientName: entities.patientName, ...(entities.patientId ? { patientId: entities.patientId } : {}) };
    const gender = reading.name ? titleGender(partTokens[reading.name.start - 1]) : null;
    if (gender && reading.name) titled.push({ patientName: reading.name.name, gender });
    // A question about the record that no fixed intent hears: the record's own box answers it (issue 47).
    // Also where the rules heard nothing and the intent model only guessed a fixed intent (it has seen few record questions:
    // 49 of 7 140 training sentences).
    const unheard = decided.intent === 'unknown' || (reading.intent === 'unknown' && decided.confidence < modelGuess);
    // And a question that plainly asks for what only the record answers, whatever a fixed intent guessed (set S).
    const question =
      (unheard ? recordQuestion(text, segment, partTokens, reading, entities, context) : null) ??
      (repeat || counted ? null : recordQuestion(text, segment, partTokens, reading, entities, context, true, at === 0));
    if (question) {
      previousIntent = 'dossiervraag';
      previousPatient = {
        patientName: question.entities.patientName,
        ...(question.entities.patientId ? { patientId: question.entities.patientId } : {}),
      };
      actions.push(question);
    } else if (decided.intent === 'dossiervraag') {
      // The model's record question (its training text has them): the record's box reads the question again, and with no
      // patient named or open there is no record to ask ("wanneer is de clozapine verhoogd?").
      const patient = entities.patientName
        ? { patientName: entities.patientName, ...(entities.patientId ? { patientId: entities.patientId } : {}) }
        : context.activePatient
          ? { patientName: context.activePatient.name, patientId: context.activePatient.id }
          : null;
      const vraag = (askedAgain ?? originalText(text, segment.tokens)).slice(0, questionMaxLength);
      actions.push(
        patient
          ? { intent: 'dossiervraag', entities: { ...entities, ...patient, vraag }, confidence: decided.confidence }
          : { intent: 'unknown', entities, confidence: decided.confidence },
      );
    } else {
      // An action about "a patient" with no patient named is most often not about a patient at all.
      const confidence = needsPatient.has(decided.intent) && !entities.patientName ? Math.min(decided.confidence, 0.7) : decided.confidence;
      actions.push({ intent: decided.intent, entities, confidence });
    }
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
    // "… daarna overdracht afdeling en dan de risico's van X": the ward's handover and the clinician's own agenda are no one's.
    const ownOrWard = tokenize(pieces[index]?.text ?? '').some((token) => ['mijn', 'afd', 'afdeling'].includes(token.norm));
    if (!action.entities.patientName && patientIntents.has(action.intent) && next.entities.patientName && !ownOrWard) {
      action.entities = {
        ...action.entities,
        patientName: next.entities.patientName,
        ...(next.entities.patientId ? { patientId: next.entities.patientId } : {}),
      };
    }
  }
  if (actions.length === 0) actions.push({ intent: 'unknown', entities: {}, confidence: negatedCommands > 0 ? 0.85 : 0.3 });
  return { actions: actions.slice(0, 5), complex, names: allNames(said) };
}
