import type { Intent } from '../intent.schemas';
import { dose, honorifics, orderVerbs, outOfScope, questionOpeners, type Concept } from '../lexicon';
import { phrases } from '../phrases';
import { lookup, possessives } from './lookup';
import {
  datPointsBack,
  describesPatient,
  findName,
  nameMeant,
  namesAfter,
  nameSpans,
  refersToPatient,
  subjectOfContent,
  type NameSpan,
} from './names';
import { momentIn } from './times';
import { textOf, type Token } from './tokens';

// Classification of one segment: the rules' reading, before the intent model weighs in.

/** What the rules read in one segment: their intent, and what the entities are taken from. */
export interface Classified {
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
  /** The head asks for one action for each patient named ("bij beide", "voor allebei"), also a note each. */
  each: boolean;
}

const eachWords = new Set(['beide', 'beiden', 'allebei', 'elk', 'ieder']);

export function contentStart(tokens: Token[]): number | null {
  let sawNote = false;
  let sawReport = false;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.kind === 'word' && (lookup(token.norm).concepts.has('noteNoun') || lookup(token.norm).concepts.has('noteVerb')))
      sawNote = true;
    else if (token.kind === 'word' && index <= 2 && /^rapporteer|^raporteer|^rapportage(regel)?$|^raportage(regel)?$/.test(token.norm))
      sawReport = true;
    else if (sawNote && (token.norm === ':' || (token.norm === 'dat' && !datPointsBack(tokens, index)) || token.norm === ','))
      return index + 1;
    // "rapporteer bij X dat …", "rapportage voor X: …": what follows is the report's own text.
    else if (sawReport && (token.norm === ':' || token.norm === 'dat')) return index + 1;
  }
  return null;
}

export function classifySegment(segment: Token[], typedWithCapitals: boolean): Classified {
  const contentAt = contentStart(segment);
  const head = contentAt === null ? segment : segment.slice(0, contentAt - 1);
  const headText = textOf(head);
  // "notitie voor hem: bloeddruk gemeten": where the head points to the patient, the text's first word is no name.
  const headPronoun = head.some((_, index) => refersToPatient(head, index));
  // "notitie zn medicatie ingenomen, dhr. Geerts": a title opening the text names the patient all the same.
  const titledText = contentAt !== null && honorifics.has(segment[contentAt]?.norm ?? '');
  const headName = findName(head, typedWithCapitals);
  const name =
    (headName && nameMeant(segment, headName)) ??
    (contentAt === null || (headPronoun && !titledText) ? null : subjectOfContent(segment, contentAt));
  // "de overdracht van mw. Blok": a capitalised word of the patient's name asks for nothing.
  const named = new Set(
    name && name.end <= head.length ? head.slice(name.start, name.end).filter((token) => /^\p{Lu}/u.test(token.raw)) : [],
  );
  const hits = new Map<Concept, boolean>();
  let medicationCue = false;
  let categoryCue = false;
  for (const token of head) {
    if (token.kind !== 'word' || named.has(token)) continue;
    const hit = lookup(token.norm);
    for (const concept of hit.concepts) hits.set(concept, (hits.get(concept) ?? true) && hit.fuzzy);
    if (hit.category === 'medicatie') medicationCue = true;
    if (hit.category) categoryCue = true;
  }
  const has = (concept: Concept) => hits.has(concept);
  const fuzzyPenalty = (...used: Concept[]) => (used.some((concept) => hits.get(concept) === true) ? 0.07 : 0);
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

  // A discharge asked about or wished for ("wordt X ontslagen?", "ze wil met ontslag") is not a command to discharge.
  const dischargeWord = phrases.discharge.test(headText);
  const dischargeTalk = dischargeWord && (question || phrases.dischargeWish.test(headText));
  // "zet mw. X op 2,5 mg haldol": setting a dose is an order too.
  const outside =
    dischargeTalk ||
    outOfScope.some((pattern) => pattern.test(headText)) ||
    (orderVerbs.test(headText) && (dose.test(headText) || medicationCue)) ||
    (/\bzet\b.*\bop\b/.test(headText) && dose.test(headText));
  // "noteer bij beide: Saskia en Mustafa hadden ruzie": the head asks for one each of the patients the text names.
  const each = head.some((token) => eachWords.has(token.norm));
  const coordinated = name ? namesAfter(each && name.end > head.length ? segment : head, name) : [];
  // "noteer bij allebei: Kevin duwde Dylan": with "allebei" every other patient the text names, also not coordinated.
  const others =
    each && name && coordinated.length === 0
      ? nameSpans(segment).filter(
          (span, index, spans) =>
            span.start >= name.end &&
            !eachWords.has(span.name.toLowerCase()) &&
            spans.findIndex((other) => other.name === span.name) === index &&
            span.name !== name.name,
        )
      : coordinated;
  const reading = { hasPronoun, question, name, others, each: each && others.length > 0, head, contentAt, outside };
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
  // "moeten we ergens op letten qua veiligheid": what to watch for, asked about a danger, is the risk.
  // ("veiligheid" is read here, not in the lexicon: the intent model's features are fixed until it is retrained.)
  const watchForDanger =
    (phrases.watchFor.test(headText) || /\bop (letten|opletten)\b/.test(headText)) &&
    (has('riskWord') || /\bveiligheid\b/.test(headText)) &&
    question;
  if (watchForDanger) propose('risico_query', 0.94);
  if (has('risk')) propose('risico_query', 0.92 - fuzzyPenalty('risk'));
  // "is hij gevaarlijk", "kan ze alleen naar buiten of loopt ze weg": a danger asked about is a risk question.
  else if (
    question &&
    (has('riskWord') || phrases.walkingOff.test(headText)) &&
    (name || hasPronoun) &&
    !has('noteNoun') &&
    !has('noteVerb')
  )
    propose('risico_query', 0.86);
  if (has('diagnosis')) propose('diagnose_query', 0.92 - fuzzyPenalty('diagnosis'));
  else if (question && has('disorderName') && (name || hasPronoun)) propose('diagnose_query', 0.86);
  else if (phrases.treatedFor.test(headText) && (name || hasPronoun)) propose('diagnose_query', 0.86);

  // "zet zn afspraak van morgen op overmorgen", "maak er woensdag van": the new moment said is a move.
  const newMoment = phrases.newMoment.test(headText) && !has('rescheduleVerb') && !phrases.moveIdiom.test(headText);
  const cancelPhrase = phrases.cancelPhrase.test(headText);
  const strongCancel = has('cancelVerb');
  const mayGo = phrases.mayGo.test(headText) && appointment;
  const appointmentGoesTo = goesTo && !mayGo;
  if (!newMoment && (strongCancel || cancelPhrase || mayGo || (phrases.removeVerb.test(headText) && appointment)))
    propose('cancel_appointment', (appointment ? 0.95 : 0.86) - fuzzyPenalty('cancelVerb'));
  const strongMove = has('rescheduleVerb') && !phrases.movedPassive.test(headText);
  // "naar voren halen", "een dag later", "naar achteren": moving an appointment in other words.
  const moveIdiom = phrases.moveIdiom.test(headText);
  if (moveIdiom && !has('rescheduleVerb') && (appointment || name || hasPronoun)) propose('reschedule_appointment', 0.88);
  if (newMoment && (appointment || /\bmaak (er|d'r|der)\b/.test(headText))) propose('reschedule_appointment', 0.95);
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
  // "nieuwe plannen", and in shorthand "nwe afspr wo": a new appointment with no verb is made.
  const newOne = phrases.newWord.test(headText) && (phrases.planVerb.test(headText) || (appointment && !question));
  if (!strongCancel && !cancelPhrase && !strongMove && !weakMove && !newMoment && (createVerb || makeAppointment || newOne)) {
    if (appointment) propose('create_appointment', 0.95 - fuzzyPenalty('createVerb', 'appointmentNoun'));
    else if (name || newOne || momentIn(head, 0, head.length).time) propose('create_appointment', 0.84);
  }
  if (appointment && question && !candidates.some((candidate) => candidate.intent.endsWith('_appointment')))
    propose('agenda_query', 0.9 - fuzzyPenalty('appointmentNoun'));
  if (has('agendaNoun') && !candidates.some((candidate) => candidate.intent.endsWith('_appointment'))) {
    // "agenda mw. Vermeulen morgen?": an agenda asked about with a question mark asks for its appointments.
    const asked = question && (phrases.askWord.test(headText) || /\?/.test(headText));
    propose(asked ? 'agenda_query' : 'agenda', 0.9 - fuzzyPenalty('agendaNoun'));
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

  // "ontsla Jan", "ontslag voor mw. X", "gaat met ontslag": the episode ends (ADR 0080). Beside another
  // command ("annuleer de afspraken ivm ontslag") the word is that command's reason, not a discharge.
  if (dischargeWord && candidates.length === 0) propose('ontslag', 0.95);

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
