import { contextClause, predictIntent } from '../intent-model';
import {
  actionStarters,
  connectors,
  commonVerbs,
  ellipsisWords,
  fillers,
  formParts,
  honorifics,
  leadIns,
  namePrepositions,
  negations,
  questionStarters,
  sequencers,
  weekdayAbbreviations,
  wishWords,
  type Concept,
} from '../lexicon';
import { phrases } from '../phrases';
import { classifySegment } from './classify';
import { declines, negatesCommand, statement, takesStatement } from './clauses';
import { featuresOf } from './features';
import { commandConcepts, declinable, imperativeStarters, lookup, possessives, subjectConcepts } from './lookup';
import { collectName, datPointsBack, findName } from './names';
import { momentIn, timeOf } from './times';
import type { Token } from './tokens';

// Segments: one per action.

export interface Segment {
  tokens: Token[];
  /** Indices (into the whole token list) of connectors used to split, so they are not "complex". */
  explained: Set<number>;
  /** Said after "nadat": to be done before the segment it follows. */
  first: boolean;
}

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
  // "noteer dat mw. X koorts heeft, haar afspraak van dinsdag afzeggen", "…, ook nog zn afspraak een uur later":
  // the patient's own appointment with what is to happen to it is a request, also after a note's text.
  // Outside a note too, after "en" or "daarna": "plan … om 9 uur, en eh de afspraak van vrijdag mag weg".
  const joined = [tokens[from - 1], ...tokens.slice(from, index)].some((word) => word !== undefined && connectors.has(word.norm));
  if ((strictContent || joined) && ownAppointmentCommandAt(tokens, index)) return index;
  // "noteer dat ze … heeft ingenomen en wat is haar laatste spiegel": a question word, a verb and the patient's own record
  // after "en" asks the assistant, also after a note's text ("… en wat ze zei" goes on telling).
  if (
    strictContent &&
    ['en', ','].includes(tokens[from - 1]?.norm ?? '') &&
    questionStarters.has(token.norm) &&
    ['is', 'was', 'zijn', 'waren', 'heeft', 'had'].includes(tokens[index + 1]?.norm ?? '') &&
    ['haar', 'zijn', 'zn'].includes(tokens[index + 2]?.norm ?? '')
  )
    return index;
  // "notitie obs stemming vlak, en ovdr vannacht", "…, dhr. X zn ovdr erbij": a bare request for a record part
  // closing the sentence is no note text.
  if (strictContent && !sequenced && ['en', ','].includes(tokens[from - 1]?.norm ?? '') && bareRequestAt(tokens, index)) return index;
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
  if (inContent ? forSomeoneElse(tokens, index) || countedOther(tokens, index) !== null : elliptic(tokens, index)) return index;
  if (!inContent) {
    // "…, daarna zijn rapportages": a new subject noun after a sequencing word starts an action too.
    for (let ahead = index; ahead < Math.min(tokens.length, index + 3); ahead++) {
      const word = tokens[ahead]!;
      if (word.kind !== 'word') break;
      const found = lookup(word.norm).concepts;
      if ([...found].some((concept) => subjectConcepts.has(concept))) return index;
      // "…, verder haar afspraken deze week": a possessive and an appointment noun name a new subject too.
      if (found.has('appointmentNoun') && ahead > index && possessives.has(tokens[ahead - 1]!.norm)) return index;
      // "de diagnose, de risico's en de afspraken van X": the appointments listed after other record parts are asked for too.
      if (
        /^(afspraken|afspr)$/.test(word.norm) &&
        [...said].some((concept) => concept !== 'noteNoun' && concept !== 'agendaNoun' && subjectConcepts.has(concept)) &&
        !said.has('noteVerb') &&
        !said.has('noteNoun')
      )
        return index;
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
  // "ontslag pt. X regelen, afspr vr annuleren": after a comma, a short clause closed by its own command
  // infinitive (the shorthand word order "object … verb") is an action of its own.
  // After "en" too: "annuleer de afspraak van dinsdag en een nieuwe plannen op vrijdag".
  if (!inContent && [',', 'en'].includes(tokens[from - 1]?.norm ?? '') && closedByCommand(tokens, index)) return index;
  // "Ik verzoek u de intake te openen, de stand daarvan te tonen en …": in a formal list of "te"-infinitives each
  // clause closed by its own infinitive is an action of its own, as each imperative in a list is.
  if (
    !inContent &&
    [',', 'en'].includes(tokens[from - 1]?.norm ?? '') &&
    closedByTe(tokens, from - 1) &&
    closedByTe(tokens, clauseEnd(tokens, index))
  )
    return index;
  // "… mag weg, nieuwe afspraak woensdag 10:00", "…, nwe afspr wo": a new one with only when after it is an action of its own.
  if (!inContent && [',', 'en'].includes(tokens[from - 1]?.norm ?? '') && newOneAt(tokens, index)) return index;
  // "…, vlg kopje", "… en dan het blok verslaving": a step through the intake form is an action of its own.
  if (!inContent && intakeStepAt(tokens, index)) return index;
  if (token.norm.length >= 5) {
    const hit = lookup(token.norm);
    const verbs: Concept[] = ['cancelVerb', 'rescheduleVerb', 'createVerb', 'noteVerb', 'searchVerb'];
    if (hit.fuzzy && verbs.some((verb) => hit.concepts.has(verb))) return index;
  }
  // No rule knows this opening, but the words up to the next full stop read as an action of their
  // own: the model decides ("…; afspr van de Boer mag weg", "… en dan vorige kopje").
  // A hesitation after the connector changes nothing ("… en eh de afspraak …").
  if (!inContent && (sequenced || joined) && standsAlone(tokens, index, sequenced)) return index;
  return null;
}

const strongStops = new Set(['.', ';', '?', '!']);

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

/**
 * A possessive and an appointment (or the intake), then in the same clause a command or a cancel or move idiom.
 * With "de" instead of a possessive ("… en de afspraak van vrijdag afzeggen") only a clause that ends in the
 * command's infinitive or says the idiom is a request; "de afspraak had hij afgezegd" is the note's own text.
 */
function ownAppointmentCommandAt(tokens: Token[], from: number): boolean {
  const article = tokens[from]?.norm === 'de';
  if (!(possessives.has(tokens[from]?.norm ?? '') || article) || tokens[from]!.norm === 'mijn') return false;
  const noun = lookup(tokens[from + 1]?.norm ?? '');
  if (noun.fuzzy || !(noun.concepts.has('appointmentNoun') || noun.concepts.has('intake'))) return false;
  let to = from + 2;
  while (to < tokens.length && tokens[to]!.kind === 'word' && !(connectors.has(tokens[to]!.norm) && to > from + 2) && to < from + 12) to++;
  const clause = tokens.slice(from + 2, to);
  const text = clause.map((token) => token.norm).join(' ');
  const verbs: Concept[] = ['cancelVerb', 'rescheduleVerb'];
  if (article) {
    if (phrases.mayGo.test(text) || phrases.goesTo.test(text)) return true;
    // "… en de afspraak wilde afzeggen": a finite verb makes it the patient's story, not a request.
    if (clause.some((token) => commonVerbs.has(token.norm) || /^(wou|wouden|zou|zouden)$/.test(token.norm))) return false;
    // "… en daarna de afspraak van vrijdag weg": shorthand for "mag weg", closing the clause.
    if (clause.at(-1)?.norm === 'weg' && to < from + 12) return true;
    // The infinitive closes the clause, or only where to goes after it ("verzetten naar dinsdag").
    const verbAt = clause.findIndex((token) => isInfinitiveOf(token, verbs));
    const endsInCommand = verbAt >= 0 && (verbAt === clause.length - 1 || ['naar', 'op', 'tot'].includes(clause[verbAt + 1]!.norm));
    return endsInCommand;
  }
  return (
    clause.some((token) => {
      const hit = lookup(token.norm);
      return !hit.fuzzy && verbs.some((verb) => hit.concepts.has(verb));
    }) ||
    phrases.mayGo.test(text) ||
    phrases.goesTo.test(text) ||
    phrases.moveIdiom.test(text)
  );
}

/** Words that may close a bare request: "erbij", "graag", the moment. */
const bareTail = new Set([
  'erbij',
  'ook',
  'graag',
  'even',
  'nog',
  'svp',
  'aub',
  'vannacht',
  'vandaag',
  'vanavond',
  'vanochtend',
  'vanmiddag',
  'morgen',
]);

/** "ovdr vannacht", "haar risico's graag", "dhr. X zn ovdr erbij": a record part asked for, with nothing said about it, to the sentence's end. */
function bareRequestAt(tokens: Token[], from: number): boolean {
  let index = from;
  if (honorifics.has(tokens[index]?.norm ?? '')) {
    const span = collectName(tokens, index + 1, true);
    if (!span) return false;
    index = span.end;
  }
  // "…, en open haar rapportages": a show verb before it asks for the reports too.
  const verb = lookup(tokens[index]?.norm ?? '');
  const shown = index === from && !verb.fuzzy && verb.concepts.has('showVerb') && possessives.has(tokens[index + 1]?.norm ?? '');
  if (shown) index++;
  if (possessives.has(tokens[index]?.norm ?? '') && tokens[index]!.norm !== 'mijn') index++;
  const noun = lookup(tokens[index]?.norm ?? '');
  const asked: Concept[] = shown ? ['handover', 'risk', 'diagnosis', 'reportNoun'] : ['handover', 'risk', 'diagnosis'];
  if (noun.fuzzy || !asked.some((concept) => noun.concepts.has(concept))) return false;
  for (index++; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.kind === 'punct') return strongStops.has(token.norm) && index === tokens.length - 1;
    if (!bareTail.has(token.norm)) return false;
  }
  return true;
}

/**
 * "afspr vr annuleren", "zn afspraak morgen verzetten", "nieuwe plannen maandag 9:00": two to six words up to the
 * next stop, the last a command infinitive, perhaps followed by when.
 */
function closedByCommand(tokens: Token[], from: number): boolean {
  const inClause = (token: Token) => (token.kind === 'word' && !connectors.has(token.norm)) || token.kind === 'time';
  let to = from;
  while (to < tokens.length && inClause(tokens[to]!) && to < from + 9) to++;
  if (to < tokens.length && inClause(tokens[to]!)) return false;
  // What follows the infinitive may only say when: "maandag", "9:00", "om 10 uur".
  let end = to;
  // "… plannen op vrijdag": a preposition before when is part of it.
  // "… verzetten naar maandag": so is where a move goes.
  const before = (token: Token) => whenPrepositions.has(token.norm) || targetPrepositions.has(token.norm);
  while (end > from && (isWhen(tokens, end - 1) || (before(tokens[end - 1]!) && end < to && isWhen(tokens, end)))) end--;
  if (end - from < 2 || end - from > 6) return false;
  if (!isInfinitiveOf(tokens[end - 1]!, commandConcepts)) return false;
  // It names what the command is about ("afspr", "notitie", "nieuwe"): "mevrouw X willen opzoeken", "die moogt ge
  // schrappen" go on with the request before them.
  return tokens.slice(from, end - 1).some((token) => {
    const concepts = lookup(token.norm).concepts;
    return (
      concepts.has('appointmentNoun') ||
      [...concepts].some((concept) => subjectConcepts.has(concept)) ||
      ['nieuwe', 'nieuw', 'andere'].includes(token.norm)
    );
  });
}

const whenPrepositions = new Set(['op', 'voor', 'rond', 'tegen', 'vanaf']);
const targetPrepositions = new Set(['naar', 'tot']);

/** "nieuwe afspraak woensdag 10:00", "nwe afspr wo", "nieuwe op vrijdag": new, perhaps an appointment, and when, to the clause's end. */
function newOneAt(tokens: Token[], from: number): boolean {
  if (!['nieuwe', 'nieuw', 'nwe'].includes(tokens[from]?.norm ?? '')) return false;
  let index = from + 1;
  if (lookup(tokens[index]?.norm ?? '').concepts.has('appointmentNoun')) index++;
  const whenFrom = index;
  while (
    index < tokens.length &&
    (isWhen(tokens, index) ||
      weekdayAbbreviations.has(tokens[index]!.norm) ||
      (whenPrepositions.has(tokens[index]!.norm) && index + 1 < tokens.length && isWhen(tokens, index + 1)))
  )
    index++;
  const closed = index === tokens.length || tokens[index]!.kind === 'punct' || connectors.has(tokens[index]!.norm);
  return index > whenFrom && closed;
}

/** The clause ending before `end` closes with "te" and an infinitive ("te openen", "te tonen"). */
function closedByTe(tokens: Token[], end: number): boolean {
  return tokens[end - 2]?.norm === 'te' && tokens[end - 1]?.kind === 'word' && /\p{L}{2,}en$/u.test(tokens[end - 1]!.norm);
}

/** Where the clause from `from` ends: the next connector or punctuation, at most ten words on. */
function clauseEnd(tokens: Token[], from: number): number {
  let to = from;
  while (to < tokens.length && to < from + 10 && tokens[to]!.kind === 'word' && !connectors.has(tokens[to]!.norm)) to++;
  return to;
}

/** An infinitive ("annuleren", "verzetten") of one of these commands, read exactly (not a fuzzy match). */
function isInfinitiveOf(token: Token, concepts: readonly Concept[]): boolean {
  const hit = lookup(token.norm);
  return !hit.fuzzy && /en$/.test(token.norm) && concepts.some((concept) => hit.concepts.has(concept));
}

/** A word that says when: a day, a clock time, "om", "uur". */
function isWhen(tokens: Token[], at: number): boolean {
  const token = tokens[at]!;
  if (token.kind === 'time' || /^(om|uur|u|\d{1,2})$/.test(token.norm)) return true;
  return momentIn(tokens, at, at + 1).label !== null;
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
    words.some((word) => formParts.has(word) && word !== 'stuk') &&
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
export function elliptic(tokens: Token[], at: number): boolean {
  let index = at;
  if (tokens[index]?.norm === 'nog') index++;
  return (
    (ellipsisWords.has(tokens[index]?.norm ?? '') && namePrepositions.has(tokens[index + 1]?.norm ?? '')) || forSomeoneElse(tokens, index)
  );
}

const counts = new Set(['twee', 'drie', 'vier', '2', '3', '4']);
const ones = new Set(['een', 'één', 'eentje', '1']);

/**
 * "maak twee notities, één voor medicatie en één voor ADL": after a number and a plural note noun, "en één voor …"
 * is the next of the things counted, not the first one's text. Returns the noun counted, for the part to borrow.
 */
export function countedOther(tokens: Token[], at: number): Token | null {
  if (tokens[at - 1]?.norm !== 'en' || !ones.has(tokens[at]?.norm ?? '') || tokens[at + 1]?.norm !== 'voor') return null;
  // "… dat ze twee notities van haar zoon kreeg en een voor …": a number in a note's own text counts nothing to make.
  const inText = (index: number) => {
    for (let back = index; back >= 0 && !strongStops.has(tokens[back]!.norm); back--)
      if (tokens[back]!.norm === 'dat' || tokens[back]!.norm === ':') return true;
    return false;
  };
  for (let index = at - 2; index >= Math.max(0, at - 14); index--) {
    if (counts.has(tokens[index]!.norm) && inText(index)) return null;
    if (counts.has(tokens[index]!.norm) && /s$|en$/.test(tokens[index + 1]?.norm ?? '')) {
      const concepts = lookup(tokens[index + 1]!.norm).concepts;
      // Only notes: their matter is the words after "voor"; two appointments would need a date read per part.
      if (concepts.has('noteNoun')) return tokens[index + 1]!;
    }
  }
  return null;
}

/** "… en bij Oumaima dat ze onrustig was", "… en met Bart overmorgen": the same command for another patient. */
function forSomeoneElse(tokens: Token[], at: number): boolean {
  const preposition = tokens[at];
  // Within a part it follows "en"; a part of its own starts with it.
  if (!preposition || !['bij', 'met', 'voor'].includes(preposition.norm)) return false;
  // "noteer bij Anouk dat …, bij Sem dat …": after a comma, only "bij" with a name and "dat" is the next note.
  const afterComma = at > 0 && tokens[at - 1]?.norm === ',';
  if (at > 0 && tokens[at - 1]?.norm !== 'en' && !(afterComma && preposition.norm === 'bij')) return false;
  const from = honorifics.has(tokens[at + 1]?.norm ?? '') ? at + 2 : at + 1;
  const span = collectName(tokens, from, true);
  if (!span) return false;
  const after = tokens[span.end];
  if (afterComma) return after?.norm === 'dat';
  return (
    after?.norm === 'dat' ||
    after?.norm === ':' ||
    // Dictated: "… en bij meneer Akkerman komma agressief tegen medepatiënt".
    (after?.norm === ',' && preposition.norm === 'bij') ||
    (after !== undefined &&
      (momentIn(tokens, span.end, Math.min(tokens.length, span.end + 3)).label !== null || timeOf(tokens, span.end) !== null))
  );
}

/**
 * Splits where the split is clear: after a connector or a punctuation mark that is followed by a
 * new command ("… en plan", "…, daarna annuleer", "…. Noteer"). Text after "dat" or ":" of a note
 * is the note's content: only an imperative ends it, never a question word.
 */
export function splitSegments(tokens: Token[]): Segment[] {
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
    // "raportage voor dhr. Smit, heeft goed geslapen": a report opened and then what happened is the report's text.
    if (
      !sawNote &&
      token.kind === 'punct' &&
      (token.norm === ':' || token.norm === ',') &&
      opensReport(current) &&
      // "nieuwe rapportageregel bij X: zelfbeschadiging om 22:00": after a colon, as after "noteer bij X:", the report's text.
      (tellsWhatHappened(tokens, index + 1) || (token.norm === ':' && reportTextAfterColon(tokens, index + 1)))
    )
      sawNote = true;
    // "noteer bij X: …" or "noteer bij X, …": what follows is the note's text. Not after a bare "noteer" that closes
    // the text said before it ("mw. X medicatie geweigerd, noteer, dan ovdr lezen").
    const closesText = token.norm === ',' && segments.length > 0 && bareNoteVerb(current);
    if (sawNote && token.kind === 'punct' && (token.norm === ':' || token.norm === ',') && !closesText) inContent = true;
    const yourTurn = ['je', 'jij', 'u'].includes(tokens[index + 1]?.norm ?? '');
    // "plan X, nadat u Y heeft gedaan": after a comma the clause opens a part of its own already.
    if (token.kind === 'word' && token.norm === 'nadat' && current.length === 0 && segments.length > 0 && yourTurn) {
      explained.add(index);
      pendingFirst = true;
      continue;
    }
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
    if (splitter && (ownWords >= 2 || hasSubject || closesText)) {
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
      if (sawNote && token.norm === 'dat' && !datPointsBack(tokens, index)) inContent = true;
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

/** "noteer", "even noteren": the note's command and nothing else. */
function bareNoteVerb(current: Token[]): boolean {
  const words = current.filter((word) => word.kind === 'word' && !fillers.has(word.norm));
  return words.length > 0 && words.every((word) => !lookup(word.norm).fuzzy && lookup(word.norm).concepts.has('noteVerb'));
}

/** The part opens with one report to write ("rapportage voor X", "rapporteer bij X"), not the reports to read. */
function opensReport(current: Token[]): boolean {
  // "nieuwe rapportageregel bij X: …": a new line of the report is one report to write.
  const first = current.find((word) => word.kind === 'word' && !fillers.has(word.norm) && !['nieuwe', 'nieuw', 'een'].includes(word.norm));
  return first !== undefined && /^(rapportage|raportage|rapporage)(regel)?$|^(rapporteer|raporteer)$/.test(first.norm);
}

/** What follows a report's colon is its text unless it asks or goes on to another request ("…: daarna de overdracht"). */
function reportTextAfterColon(tokens: Token[], from: number): boolean {
  const first = tokens.slice(from).find((token) => token.kind === 'word' && !fillers.has(token.norm));
  return (
    first !== undefined &&
    !connectors.has(first.norm) &&
    !questionStarters.has(first.norm) &&
    !tokens.slice(from).some((token) => token.norm === '?')
  );
}

/** "heeft goed geslapen", "hij was onrustig": a finite verb or the patient as subject, and no question. */
function tellsWhatHappened(tokens: Token[], from: number): boolean {
  const first = tokens[from];
  if (!first || first.kind !== 'word') return false;
  // "heeft …", "hij …", and a past tense opening the text ("dreigde met …", "weigerde zijn depot").
  if (
    !commonVerbs.has(first.norm) &&
    !['hij', 'zij', 'ze'].includes(first.norm) &&
    !(first.norm.length >= 6 && /(de|te)$/.test(first.norm))
  )
    return false;
  return !tokens.slice(from).some((token) => token.norm === '?');
}

/**
 * "de ouders van X willen een gesprek, zet dat in de agenda", "mw. Y morgenochtend bloedprikken, inplannen":
 * a command that points back with "dat" or has no object at all takes the statement before it as its
 * object; the two are one action. A note that says "noteer dat" keeps its own way (mergeFragments).
 */
export function joinObjects(segments: Segment[]): Segment[] {
  const joined: Segment[] = [];
  for (const segment of segments) {
    const previous = joined.at(-1);
    if (previous && ((statement(previous.tokens) && takesStatement(segment.tokens)) || bareShow(segment.tokens))) {
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

const showWords = new Set([
  'laat',
  'laten',
  'zien',
  'toon',
  'tonen',
  'me',
  'mij',
  'het',
  'dat',
  'die',
  'eens',
  'es',
  'is',
  'ff',
  // "kun je dat laten zien", "wilt u het tonen": the same, asked.
  'kun',
  'kunt',
  'wil',
  'wilt',
  'je',
  'jij',
  'u',
]);

/**
 * "psychiater vraagt naar dx van nora, laat zien", "risico's van dhr. X, laat even zien": a show command with no object
 * shows what the part before named; the two are one request.
 */
function bareShow(tokens: Token[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word' && !fillers.has(token.norm));
  return (
    words.length > 0 &&
    words.every((token) => showWords.has(token.norm)) &&
    words.some((token) => ['zien', 'toon', 'tonen'].includes(token.norm))
  );
}

/** "allebei", "alle twee", "beiden": the request that follows is for every patient named before it. */
const both = /\b(allebei|allebeide|beiden|beide|alle ?twee|alletwee|allemaal)\b/;

/**
 * "mevrouw de Smet en meneer van Hove, allebei hun overdracht": a part that only names a patient, before a
 * part that says "allebei", is one part with it, so the request is made for each patient named.
 */
export function joinNamesForBoth(segments: Segment[], all: Token[]): Segment[] {
  const joined: Segment[] = [];
  for (const segment of segments) {
    const previous = joined.at(-1);
    const text = segment.tokens.map((token) => token.norm).join(' ');
    if (previous && both.test(text) && onlyNames(previous.tokens)) {
      // With the "en" the split left out: "X en Y" names both.
      joined[joined.length - 1] = {
        tokens: all.slice(all.indexOf(previous.tokens[0]!), all.indexOf(segment.tokens.at(-1)!) + 1),
        explained: new Set([...previous.explained, ...segment.explained]),
        first: previous.first,
      };
      continue;
    }
    joined.push(segment);
  }
  return joined;
}

function onlyNames(tokens: Token[]): boolean {
  const span = findName(tokens);
  if (!span) return false;
  return tokens.every(
    (token, index) =>
      (index >= span.start && index < span.end) || token.kind === 'punct' || fillers.has(token.norm) || honorifics.has(token.norm),
  );
}

export function tokensBefore(all: Token[], segment: Segment): Token[] {
  const first = segment.tokens[0];
  if (!first) return [];
  const index = all.indexOf(first);
  return all.slice(Math.max(0, index - 3), index);
}
