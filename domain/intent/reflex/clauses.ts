import {
  actionStarters,
  commonVerbs,
  connectors,
  fillers,
  honorifics,
  negations,
  orderVerbs,
  pronouns,
  questionOpeners,
  questionStarters,
  weekdayAbbreviations,
  wishWords,
  type Concept,
} from '../lexicon';
import { phrases } from '../phrases';
import { contentStart } from './classify';
import { commandConcepts, declinable, imperativeStarters, lookup, subjectConcepts } from './lookup';
import { looksLikeVerb } from './names';
import { momentIn } from './times';
import { textOf, type Token } from './tokens';

/**
 * What a clause does besides asking: negate a command ("niet annuleren"), decline a part ("hoeft geen
 * notitie"), tell something before a request, or take what was told as its object ("zet dat in de agenda").
 */

/** The command word a part opens with ("plan", "annuleer"), if any. */
export function commandWordOf(tokens: Token[]): Token | null {
  const commands: Concept[] = ['cancelVerb', 'rescheduleVerb', 'createVerb', 'noteVerb', 'searchVerb', 'writeVerb', 'showVerb'];
  const has = (concepts: Concept[]) => (token: Token) =>
    token.kind === 'word' && concepts.some((concept) => lookup(token.norm).concepts.has(concept));
  // "de overdracht van dhr. Mol en die van mw. Kaya": without a command word, what was asked for is said again.
  const subjects: Concept[] = ['handover', 'risk', 'diagnosis', 'intake', 'reportNoun'];
  const command = tokens.find(has(commands));
  const subject = tokens.find(has(subjects));
  // "open de overdracht van de afdeling en daarna die van X": a verb that only shows says less than what it showed.
  if (command && subject && !has(commands.filter((concept) => concept !== 'showVerb'))(command)) return subject;
  return command ?? subject ?? null;
}

/** The segment opens with a negation of a command word: "niet annuleren", "geen notitie", "nee, niks noteren". */
export function negatesCommand(tokens: Token[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word').map((token) => token.norm);
  const at = words[0] === 'nee' ? 1 : 0;
  const commands: Concept[] = ['cancelVerb', 'rescheduleVerb', 'createVerb', 'noteVerb', 'noteNoun', 'searchVerb', 'writeVerb'];
  const isCommand = (word: string | undefined) => word !== undefined && commands.some((concept) => lookup(word).concepts.has(concept));
  // "annuleer de afspraak van Jan niet, maar …": an imperative with "niet" at its end; not a note whose text says
  // "niet" ("dagnotitie Anouk, ze at haar ontbijt niet").
  if (words.at(-1) === 'niet' && words.length >= 3 && isCommand(words[0]) && contentStart(tokens) === null) return true;
  // "noteer niks, …": a short command with its negation right after it.
  if (words.length <= 3 && isCommand(words[0]) && negations.has(words[1] ?? '')) return true;
  if (!negations.has(words[at] ?? '') || words[at] === 'nee') return false;
  // "(en zo) niet, plan er een om 10:00": a "niet" closed by a comma answers a check before it; the command after it stands.
  const negation = tokens.findIndex((token) => token.norm === words[at]);
  if (words[at] === 'niet' && tokens[negation + 1]?.norm === ',') return false;
  return isCommand(words[at + 1]) || isCommand(words[at + 2]);
}

/**
 * A part that says what is not wanted before the part that is: "je hoeft niks te plannen, open de
 * agenda", "geen diagnose, alleen hoe gevaarlijk is hij". Not when the next part refers back to it
 * ("hij wil geen afspraak, noteer dat").
 */
export function declines(tokens: Token[], next: Token[] | undefined): boolean {
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
export function statement(tokens: Token[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word' && !fillers.has(token.norm));
  if (words.length < 2 || tokens.some((token) => token.norm === '?')) return false;
  // "ik wil graag de diagnose weten": the clinician's own wish is a request.
  const norms = tokens.map((token) => token.norm);
  // "eerst even checken hoe ver haar intake is": an indirect question asks; "waarom is X opgenomen" too.
  const asking = ['hoe', 'wat', 'wanneer', 'welke', 'welk', 'waar', 'waarom', 'waarvoor', 'wie', 'hoeveel', 'eerst', 'of'];
  if (norms.some((word) => asking.includes(word))) return false;
  if (norms.includes('graag') || (norms.includes('ik') && norms.some((word) => ['wil', 'wilt', 'zou', 'moet', 'wou'].includes(word))))
    return false;
  if (actionStarters.has(words[0]!.norm) || questionStarters.has(words[0]!.norm) || questionOpeners.has(words[0]!.norm)) return false;
  return !words.some((token) => {
    const hit = lookup(token.norm);
    return !hit.fuzzy && objectConcepts.some((concept) => hit.concepts.has(concept));
  });
}

const reasonOpening = /^(in verband met|ivm|i v m|met het oog op|vanwege|omdat|aangezien|gezien)\b/;

/** "in verband met het MDO", "omdat ik morgen vrij ben": a clause that opens with the reason of what follows. */
export function givesReason(tokens: Token[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word' && !fillers.has(token.norm));
  return reasonOpening.test(words.map((token) => token.norm).join(' '));
}

/** A statement before a request: context, unless it observes the patient (a cue of a note's category) and no note follows. */
export function toldBefore(tokens: Token[], next: Token[]): boolean {
  if (!statement(tokens)) return false;
  // "dx dhr. leito, …", "overdracht van meneer Bos": a subject noun without a verb is shorthand for a request.
  const words = tokens.filter((token) => token.kind === 'word');
  const subject = words.some((token) => [...lookup(token.norm).concepts].some((concept) => subjectConcepts.has(concept)));
  const verb = words.some(
    (token, index) =>
      index > 0 &&
      (commonVerbs.has(token.norm) ||
        looksLikeVerb(token.norm) ||
        /^(begint|belde|belt|bellen|bekend|gaat|mag|wil|wilt|willen|heeft|is)$/.test(token.norm) ||
        // "ik ben net binnen, …" (not "Joost ben Ali").
        (token.norm === 'ben' && words[index - 1]!.norm === 'ik')),
  );
  // "in verband met het MDO: …", "ivm verlof, …", "met het oog op morgen: …": the reason of the request after it.
  const reason = givesReason(tokens);
  if (!(verb || reason) || (subject && lookup(words[0]!.norm).concepts.size > 0)) return false;
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
export function takesStatement(tokens: Token[]): boolean {
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
  // "zet in agenda vr middag", "plan in voor maandag 10 uur": a command with only where and when after it has no object of its own.
  if (command(words[0]) && words.length > 1 && tokens.slice(tokens.indexOf(words[0]!) + 1).every(placeOrWhen)) return true;
  return (
    // "zet die voor dhr. X" points back; "verzet die van maandag" is another one.
    (['dat', 'da', 'det', 'dit', 'die'].includes(words[1]?.norm ?? '') && words[2]?.norm !== 'van' && command(words[0])) ||
    (['dat', 'da', 'dit'].includes(words[0]!.norm) &&
      words.slice(1).some((token) => command(token) || doing.has(token.norm) || lookup(token.norm).concepts.has('agendaNoun')))
  );
}

/** "in de agenda", "voor vrijdag", "om 10 uur": where and when an appointment goes, no object. */
function placeOrWhen(token: Token, index: number, tokens: Token[]): boolean {
  if (token.kind !== 'word') return token.kind === 'time' || token.kind === 'punct' || /^\d/.test(token.norm);
  if (/^(in|de|d'r|der|den|om|op|voor|tegen|rond|uur|u|maar|even|graag|middag|ochtend|avond|namiddag|voormiddag|s|'s)$/.test(token.norm))
    return true;
  if (lookup(token.norm).concepts.has('agendaNoun')) return true;
  return momentIn(tokens, index, index + 1).label !== null || weekdayAbbreviations.has(token.norm);
}

/** "…, niet de diagnose", "…, geen overdracht": a subject said not to be wanted, after what is. */
export function negatedSubject(tokens: Token[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word' && !fillers.has(token.norm));
  if (words.length > 4 || !['niet', 'geen'].includes(words[0]?.norm ?? '')) return false;
  return words.slice(1).some((token) => [...lookup(token.norm).concepts].some((concept) => subjectConcepts.has(concept)));
}

const questionWords = new Set(['wat', 'hoe', 'wanneer', 'welke', 'welk', 'waar', 'waarom', 'waarvoor', 'wie', 'hoeveel']);
const auxiliaries = new Set(['heeft', 'had', 'is', 'was', 'hef', 'hee', 'het', 'zit', 'zat', 'ligt', 'lag']);

/** What a patient is known with: a risk, a diagnosis or a disorder, or what is in the history. */
const descriptionConcepts: Concept[] = ['risk', 'riskWord', 'diagnosis', 'disorderName'];

/**
 * "dhr. X, hoog suïciderisico, ligt de hele dag in bed", "mw. Y, bekend met een eetstoornis, heeft goed gegeten": the
 * patient's name, what they are known with (a risk, a diagnosis, the history) said as an aside, and then what they did.
 * Nothing is asked: the sentence is one observation, not a risk or diagnosis question with a note after it.
 */
export function describedObservation(tokens: Token[], name: { start: number; end: number } | null): boolean {
  if (!name || tokens.some((token) => token.norm === '?')) return false;
  const words = tokens.filter((token) => token.kind === 'word');
  // The sentence opens with the patient (a title and fillers aside).
  const firstOwn = tokens.findIndex((token) => token.kind === 'word' && !fillers.has(token.norm) && !honorifics.has(token.norm));
  if (firstOwn !== name.start) return false;
  // The last clause tells what the patient did: a verb, no command, no record part and no question.
  const cut = tokens.findLastIndex((token) => token.norm === ',' || token.norm === ';');
  if (cut <= name.end) return false;
  const aside = tokens.slice(name.end, cut).filter((token) => token.kind === 'word');
  const told = tokens.slice(cut + 1).filter((token) => token.kind === 'word' && !fillers.has(token.norm));
  if (told.length < 2 || words.some((token) => questionWords.has(token.norm))) return false;
  const exactly = (token: Token) => (lookup(token.norm).fuzzy ? [] : [...lookup(token.norm).concepts]);
  const describes = aside.some(
    (token) => token.norm === 'voorgeschiedenis' || exactly(token).some((concept) => descriptionConcepts.includes(concept)),
  );
  // The aside asks or orders nothing ("dhr. X, hoog suïciderisico, laat zien" is a question).
  const asideCommands = aside.some((token) => actionStarters.has(token.norm) || exactly(token).some((concept) => concept.endsWith('Verb')));
  const tellsDeed = told.some(
    (token) =>
      looksLikeVerb(token.norm) ||
      lookup(token.norm).category !== null ||
      /^ge\p{L}{2,}(d|t|en)$/u.test(token.norm) ||
      (token.norm.length >= 4 && /[^aeiou]t$/.test(token.norm)),
  );
  // "…, heeft goed gegeten": an auxiliary after the aside goes on telling, its subject is the patient named
  // ("…, heeft ze gegeten" puts the subject after it: a question).
  const toldAsks =
    (actionStarters.has(told[0]!.norm) && (!auxiliaries.has(told[0]!.norm) || pronouns.has(told[1]!.norm))) ||
    orderVerbs.test(told[0]!.norm) ||
    told.some((token) => exactly(token).some((concept) => !['riskWord', 'disorderName', 'question'].includes(concept)));
  return describes && !asideCommands && tellsDeed && !toldAsks;
}

const soonWords = new Set(['zo', 'straks', 'zometeen', 'dadelijk', 'zodadelijk', 'zodirect', 'aanstonds', 'strakjes', 'zo-meteen']);
const wishVerbs = new Set([
  'wil',
  'wilt',
  'willen',
  'wou',
  'wilde',
  'wilden',
  'zou',
  'zouden',
  'zouwe',
  'wens',
  'vraag',
  'verzoek',
  'hoop',
]);

const laterToday = new Set(['vanavond', 'vanmiddag', 'vannacht', 'vanochtend', 'vanmorgen']);
const ownSubjects = new Set(['ik', 'we', 'wij']);

/**
 * "ik begin zo aan de rapportages, …", "we hebben zo teamoverleg, …", "na de lunch zie ik dhr. X, …": what the clinician
 * (or the team) is about to do themselves, before what they ask now, is no request. "ik wil zo de overdracht zien" is one.
 */
export function ownPlan(tokens: Token[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word' && !['eh', 'ehm', 'uh', 'uhm'].includes(token.norm));
  if (tokens.some((token) => token.norm === '?') || words.some((token) => token.norm === 'graag')) return false;
  // The subject opens the part ("ik doe straks …"), or follows its verb after a time said first ("na de lunch zie ik …").
  const opening = ownSubjects.has(words[0]?.norm ?? '');
  const afterWhen =
    (words[0]?.norm === 'na' || soonWords.has(words[0]?.norm ?? '') || laterToday.has(words[0]?.norm ?? '')) &&
    words.slice(1, 5).some((token, index) => ownSubjects.has(token.norm) && index > 0);
  if (!opening && !afterWhen) return false;
  const verb = words[1]?.norm ?? '';
  // After "ik" a verb is the clinician's own ("ik doe", "ik lees"), no command; a wish is a request.
  if (opening && (wishVerbs.has(verb) || questionWords.has(verb))) return false;
  if (words.some((token) => wishVerbs.has(token.norm))) return false;
  return afterWhen || words.slice(1, 4).some((token) => soonWords.has(token.norm));
}

/** Who may call, ask or worry for a patient: family, friends, the GP. */
const relations = new Set([
  'moeder',
  'vader',
  'ouders',
  'zus',
  'zuster',
  'broer',
  'dochter',
  'zoon',
  'kinderen',
  'partner',
  'vrouw',
  'man',
  'echtgenoot',
  'echtgenote',
  'vriend',
  'vriendin',
  'familie',
  'tante',
  'oom',
  'opa',
  'oma',
  'neef',
  'nicht',
  'zwager',
  'schoonzus',
  'schoonmoeder',
  'buurman',
  'buurvrouw',
  'huisarts',
  'mentor',
  'bewindvoerder',
]);
const whose = new Set(['zijn', 'zn', "z'n", 'haar', "d'r", 'heur', 'hun', 'de', 'het']);
const relayVerbs =
  /^(belde|belt|gebeld|ebeld|heeft|had|hef|wil|wilt|willen|wilde|wilden|vraagt|vroeg|vragen|vroegen|maakt|maken|kwam|kwamen|komt|is|was|mailde|appte|zegt|zei|meldt|meldde|sprak|liet)$/;

/**
 * "de zus van dhr. X belde, …", "zn moeder belde, wil de arts spreken. …", "zijn vrouw vroeg om een gesprek, …": someone
 * else about the patient (family, a friend, the GP) tells or wants something; before a request of the clinician's it is
 * the request's context, no note or question of its own.
 */
export function relayedByOthers(tokens: Token[]): boolean {
  if (tokens.some((token) => token.norm === '?')) return false;
  const words = tokens.filter((token) => token.kind === 'word' && !fillers.has(token.norm));
  const first = words[0]?.norm ?? '';
  if (first === 'ik' || orderVerbs.test(first) || imperativeStarters.has(first)) return false;
  // "zijn moeder", "de zus van X", and opening the part without an article ("familie van X is op bezoek").
  const at = words.findIndex(
    (token, index) => index < 6 && relations.has(token.norm) && (index === 0 || whose.has(words[index - 1]?.norm ?? '')),
  );
  if (at < 0) return false;
  // The relative is the subject: a telling verb follows it (after "van X" at most), no verb comes before it.
  const verbAt = words.findIndex((token, index) => index > at && relayVerbs.test(token.norm));
  // "de ouders van X willen een gesprek, zet dat in de agenda" in one part: the command after it takes it as its object.
  const commandAfter = words.slice(verbAt + 1).some((token) => imperativeStarters.has(token.norm));
  // The relative opens the part: nothing asked for is named before it ("volgende onderdeel en de ouders van X willen …").
  const opens = words
    .slice(0, at)
    .every(
      (token) => whose.has(token.norm) || honorifics.has(token.norm) || lookup(token.norm).concepts.size === 0 || lookup(token.norm).fuzzy,
    );
  return verbAt > at && verbAt <= at + 5 && opens && !commandAfter && !words.slice(0, at).some((token) => relayVerbs.test(token.norm));
}
