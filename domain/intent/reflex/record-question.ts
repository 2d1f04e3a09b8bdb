import { readQuestion } from '../../dossiervraag/dossiervraag.question';
import { honorifics, outOfScope, pronouns } from '../lexicon';
import { phrases } from '../phrases';
import type { Classified } from './classify';
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
const askingWords = new Set(['wanneer', 'welke', 'welk', 'hoe', 'wat', 'wie', 'hoeveel', 'hoevaak', 'sinds', 'waarom', 'waarvoor', 'wnr']);
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
 * Whether a part that no fixed intent took asks the record of a patient something. `patientNames`
 * are the names the question is about (they are no terms of it): what is left must name something
 * the record can hold, as the record's own question reader reads it. A name guessed from lower-case
 * words ("hoe sliep pieter") counts only when the question names a clinical thing the record knows.
 */
export function asksTheRecord(tokens: Token[], reading: Classified, patientNames: readonly string[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word');
  const [first, second] = words;
  if (!first) return false;
  const marked = tokens.some((token) => token.norm === '?') || words.slice(0, 3).some((token) => askingWords.has(token.norm));
  // "heeft Jan …", "is hij …": a yes/no question names its subject right after the verb ("… en is misselijk" does not).
  const yesNo =
    yesNoOpeners.has(first.norm) &&
    second !== undefined &&
    (pronouns.has(second.norm) || honorifics.has(second.norm) || (reading.name !== null && tokens[reading.name.start] === second));
  if (!marked && !yesNo) return false;
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
