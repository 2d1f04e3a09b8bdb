import { foldAccents as fold } from '../../shared/text';
import { readQuestion } from '../../dossiervraag/dossiervraag.question';
import type { SourceType } from '../../dossiervraag/dossiervraag.vocabulary';
import { actionStarters, commonVerbs, honorifics, negations, outOfScope, pronouns, type Concept } from '../lexicon';
import { phrases } from '../phrases';
import type { Classified } from './classify';
import { lookup } from './lookup';
import { looksLikeVerb } from './names';
import { textOf, type Token } from './tokens';

/*
 * A free question about one patient's record (`dossiervraag`, issue 47): what the fixed intents do
 * not cover ("wanneer is de clozapine van Jan verhoogd?", "hoe sliep mw. Bakker afgelopen week",
 * "heeft hij eerder gesepareerd gezeten vraagteken"). Read only where the rules and the intent model
 * found nothing they do: a sentence a fixed intent hears keeps that intent.
 */

/** Words that open a question without a question word: "heeft Jan …", "is mw. X …", "was hij …". */
const yesNoOpeners = new Set([
  'heeft',
  'hebben',
  'had',
  'is',
  'was',
  'zijn',
  'waren',
  'staat',
  'stond',
  'wordt',
  'werd',
  'krijgt',
  'kreeg',
  'gebruikt',
  'slaapt',
  'sliep',
]);
/** Words that open a question about something: "hoe sliep …", "sinds wanneer …", "wnr …". */
const askingWords = new Set([
  'wanneer',
  'welke',
  'welk',
  'hoe',
  'wat',
  'wie',
  'hoeveel',
  'hoevaak',
  'sinds',
  'waarom',
  'waarvoor',
  'wnr',
  'wnnr',
]);
/** The assistant or the clinician addressed ("kun je …", "hoe log ik uit", "wat denk jij"): a request or one's own work, not the record. */
const addressed = new Set(['je', 'jij', 'jou', 'u', 'ik', 'we', 'wij', 'jullie', 'gij', 'ge', 'ie', 'men']);
/** What the clinician asks to be done ("piep de AIOS op", "regel een taxi", "mag hij met verlof"), or an opinion asked. */
const notARecordQuestion =
  /\b(piep\w*|oppiepen|sein\w*|regel\w*|verzoek\w*|roep\w*|mag|mogen|moet|moeten|kan|kun|kunt|kunnen|kunde|kende|kinde|könt|kont|kinst|wil|wilt|willen|wilde|zou|zoudt|zouden|zoude|denk\w*|vind|vindt|afdeling)\b/;
/** A question of general knowledge ("de dosering van quetiapine bij ouderen"): about a patient only when one is surely named. */
const generalKnowledge =
  /\b(maximale?|max|dosering|dagdosis|dagdosering|ouderen|kinderen|declaratie\w*|zorgverzekeraar|code|richtlijn\w*|protocol\w*)\b/;

/**
 * An order asked for, in its command or infinitive form ("verhoog", "ophogen", "geven", "afbouwen"):
 * a record question asks what was done ("verhoogd", "gestart", "gegeven").
 */
const orderAskedFor =
  /\b(geef|geven|dien|toedienen|verhoog|verhogen|verlaag|verlagen|ophogen|afbouwen|bouw|bestel|bestellen|voorschrijven|schrijf|start|starten|stop|stoppen|herhaal|herhalen|ophalen)\b/;

/** The patient as written: with a capital, after "mw."/"dhr.", or a pronoun for the patient on screen. */
function surelyAPatient(tokens: Token[], name: Classified['name'], hasPronoun: boolean): boolean {
  if (!name) return hasPronoun;
  const first = tokens[name.start];
  return /^\p{Lu}/u.test(first?.raw ?? '') || honorifics.has(tokens[name.start - 1]?.norm ?? '') || honorifics.has(first?.norm ?? '');
}

/**
 * "heeft Jan …", "is hij …": a yes/no question names its subject right after the verb ("… en is misselijk" does not),
 * or asks whether something ever happened ("heeft ben salah ooit gefixeerd gezeten").
 */
function asksYesOrNo(tokens: Token[], words: Token[], reading: Classified): boolean {
  const [first, second] = words;
  return (
    first !== undefined &&
    yesNoOpeners.has(first.norm) &&
    second !== undefined &&
    (pronouns.has(second.norm) ||
      honorifics.has(second.norm) ||
      (reading.name !== null && tokens[reading.name.start] === second) ||
      words.some((token) => token.norm === 'ooit' || token.norm === 'eerder'))
  );
}

/**
 * Whether a part that no fixed intent took asks the record of a patient something. `patientNames`
 * are the names the question is about (they are no terms of it): what is left must name something
 * the record can hold, as the record's own question reader reads it. A name guessed from lower-case
 * words ("hoe sliep pieter") counts only when the question names a clinical thing the record knows.
 */
export function asksTheRecord(tokens: Token[], reading: Classified, patientNames: readonly string[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word');
  const [first] = words;
  if (!first) return false;
  const marked = tokens.some((token) => token.norm === '?') || words.slice(0, 3).some((token) => askingWords.has(token.norm));
  if (!marked && !asksYesOrNo(tokens, words, reading)) return false;
  if (words.some((token) => addressed.has(token.norm))) return false;
  const text = textOf(tokens);
  // Phoning, rosters, discharge, the ward, general knowledge: outside one patient's record whatever the wording.
  if (
    notARecordQuestion.test(text) ||
    orderAskedFor.test(text) ||
    outOfScope.some((pattern) => pattern.test(text)) ||
    phrases.discharge.test(text)
  )
    return false;
  const { terms } = readQuestion(text, patientNames);
  if (terms.length === 0) return false;
  if (surelyAPatient(tokens, reading.name, reading.hasPronoun)) return true;
  return !generalKnowledge.test(text) && terms.some((term) => term.cues.length > 0 || term.words.length > 1);
}

/** Kinds of record no fixed intent answers: measurements, medication, measures, legal status and roles, contact persons. */
const recordOnly = new Set<SourceType>(['meting', 'medicatieopdracht', 'toediening', 'maatregel', 'juridisch', 'contactpersoon']);
/** A fixed intent's own words in the part: that intent stands ("wat zijn de risico's", "hoe was de nacht", "zijn afspraak"). */
const fixedIntentWords: readonly Concept[] = [
  'intakeSection',
  'risk',
  'diagnosis',
  'handover',
  'intake',
  'appointmentNoun',
  'agendaNoun',
  'createVerb',
  'cancelVerb',
  'rescheduleVerb',
  'noteNoun',
  'noteVerb',
  'reportNoun',
];
/** Asking the assistant to look something up: "kun je opzoeken", "weet jij", "ik wil graag weten", "mag ik vragen", "graag de laatste". */
const lookUp =
  /\b(opzoeken|zoek\w* (\w+ )?op|nagaan|nakijken|nazoeken|vertellen|weet (je|jij|u|gij|ge)|witte gij|weten|mag ik (je |u )?vragen|graag (de|het|even))\b/;
/** Something to be done by or with someone else: a call, a message, a request to the lab or the pharmacy. */
const errand = /\b(bel\w*|piep\w*|oppiepen|regel\w*|informeer\w*|inlichten|mail\w*|leveren|aanvragen|vraag\b.*\baan)\b/;
/** A permission, an obligation or a wish asked ("mag hij zijn lorazepam zelf innemen", "moet ze nog gewogen worden"): not what the record holds. */
const modalOpeners = new Set(['mag', 'mogen', 'moet', 'moeten', 'kan', 'kun', 'kunt', 'kunnen', 'zou', 'zoudt', 'wil', 'wilt', 'willen']);

/** Sleeping and eating, and a period they are asked over ("de afgelopen week", "de laatste dagen", "sinds de mirtazapine"). */
const careOverAPeriod = /\b(slaap\w*|sliep\w*|geslapen|eet|at|eten|gegeten|drinkt|gedronken)\b/;
const periodWords =
  /\b((afgelopen|laatste|lèste|leste) (dagen|nachten|week|weken|tijd|maand)|sinds|sedert|deze week|dees week|veertien dagen)\b/;

/** What to look at or show ("bekijk", "check", "laat … zien") asks the record too: a command word opens a part only in a command. */
const lookWords = new Set(['zoek', 'opzoeken', 'vind', 'toon', 'laat', 'geef', 'check', 'controleer', 'bekijk', 'kijk', 'lees', 'vertel']);
const commands = new Set([...actionStarters].filter((word) => !askingWords.has(word) && !yesNoOpeners.has(word) && !lookWords.has(word)));

/**
 * A question that plainly asks the record for one of the kinds no fixed intent answers, whatever the model
 * guessed (set S, issue 43/47): "sinds wnr gebruikt hij lorazepam", "wie is mentor vn mw oudshoorn",
 * "kun je opzoeken welke dosis lithium ze krijgt", and shorthand without a verb or a value ("gewicht dhr el
 * idrissi", "laatste NEWS2 van pt ter horst?"). A part with a fixed intent's own words keeps that intent.
 */
export function plainlyAsksTheRecord(
  tokens: Token[],
  reading: Classified,
  patientNames: readonly string[],
  opensSentence: boolean,
): boolean {
  const words = tokens.filter((token) => token.kind === 'word');
  const [first] = words;
  if (!first) return false;
  if (words.some((token) => fixedIntentWords.some((concept) => lookup(token.norm).concepts.has(concept)))) return false;
  const text = textOf(tokens);
  const asksToLookUp = lookUp.test(text);
  // "maak de separeer klaar", "ga verder met medicatie", "waar vind ik …": a command or the way to a place in the record.
  if ((modalOpeners.has(first.norm) || commands.has(first.norm) || first.norm === 'waar') && !asksToLookUp) return false;
  if (
    errand.test(text) ||
    orderAskedFor.test(text) ||
    outOfScope.some((pattern) => pattern.test(text)) ||
    phrases.discharge.test(text) ||
    (generalKnowledge.test(text) && !surelyAPatient(tokens, reading.name, reading.hasPronoun))
  )
    return false;
  const kinds = new Map(words.map((token) => [token, namesRecordOnlyThing(token, patientNames)] as const));
  const things = words.filter((token) => kinds.get(token));
  // How sleep or eating went over a period is read from the daily notes: "hoe heeft joost de afgelopen week geslapen".
  const overAPeriod = careOverAPeriod.test(text) && periodWords.test(text);
  if (things.length === 0 && !overAPeriod) return false;
  // A measurement's name is a noun ("gewicht" only looks like a participle); "geweigerd", "gestopt" tell what happened.
  const measured = things.filter((token) => kinds.get(token)?.includes('meting'));
  const marked = tokens.some((token) => token.norm === '?');
  // Opening the sentence, or with a question mark: "… en heeft zijn medicatie geweigerd" goes on telling.
  const yesNo = (opensSentence || marked) && asksYesOrNo(tokens, words, reading);
  // A question word, also mistyped ("wnnr", "hoevel"), among the first words.
  const questionWord = words.slice(0, 3).some(
    (token) =>
      // "sinds 23u" tells a time; "sinds wanneer" asks it with its second word.
      (askingWords.has(token.norm) && token.norm !== 'sinds') ||
      (token.raw === token.norm && lookup(token.norm).fuzzy && lookup(token.norm).concepts.has('question')),
  );
  const asked = marked || questionWord || yesNo || asksToLookUp;
  // Shorthand names the thing and the patient, with no verb, no value and no negation ("gewicht dhr. Lammers 82 kg" is a note).
  const shorthand =
    (opensSentence || marked) &&
    (reading.name !== null || reading.hasPronoun) &&
    words.length <= 6 &&
    !/\d/.test(text.replace(/news2|spo2/gi, '')) &&
    !words.some(
      (token) => !measured.includes(token) && (commonVerbs.has(token.norm) || looksLikeVerb(token.norm) || negations.has(token.norm)),
    );
  return asked || shorthand;
}

/**
 * The kinds of record only the record answers that one typed word names: as written or as the head of a compound
 * ("lithiumspiegel", "BVC-score"), or a short abbreviation read out ("bd", "rr"). A longer word is not
 * stretched into one by a typo correction or a prefix ("willen" is no "pillen", "zorg" no "zorgmachtiging").
 */
function namesRecordOnlyThing(token: Token, patientNames: readonly string[]): SourceType[] | null {
  if (modalOpeners.has(token.norm) || commonVerbs.has(token.norm) || pronouns.has(token.norm) || honorifics.has(token.norm)) return null;
  const typed = fold(token.raw);
  // "zn" is "zijn" more often than "zo nodig" in a ward's sentence: it names nothing by itself.
  // The patient's own names are no thing asked ("mw. Lithium" stays a name).
  if (typed === 'zn' || patientNames.some((name) => fold(name).split(/\s+/).includes(typed))) return null;
  const cached = kindsOfWord.get(typed);
  if (cached !== undefined) return cached;
  const types = readQuestion(token.raw)
    .terms.filter((term) => typed.length <= 3 || typed.includes(fold(term.word)))
    .flatMap((term) => term.cues.filter((cue) => cue.types.every((type) => recordOnly.has(type))).flatMap((cue) => cue.types));
  const kinds = types.length > 0 ? types : null;
  // Words repeat across a ward's sentences: what one names is read once (bounded, as a sentence may be anything).
  if (kindsOfWord.size >= 5000) kindsOfWord.clear();
  kindsOfWord.set(typed, kinds);
  return kinds;
}

const kindsOfWord = new Map<string, SourceType[] | null>();
