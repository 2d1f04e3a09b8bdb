import { foldAccents } from '../../shared/text';
import type { ChainAction } from '../intent.schemas';
import { backReference, commonVerbs, fillers, formParts, pronouns, questionOpeners, questionStarters, type Concept } from '../lexicon';
import { phrases } from '../phrases';
import { categoryOfText, lookup } from './lookup';
import { looksLikeVerb } from './names';
import { tokenize } from './tokens';

/** What a part said: its text, whether it named its own patient, whether the rules knew it as something the reflex does not do. */
export interface Piece {
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
export function mergeFragments(actions: ChainAction[], pieces: Piece[]): void {
  for (let index = actions.length - 1; index > 0; index--) {
    const action = actions[index]!;
    const previous = actions[index - 1]!;
    const piece = pieces[index]!;
    const before = pieces[index - 1]!;
    const bare = action.intent === 'dagnotitie' && (!action.entities.content || refersBack(piece.text));
    // "mila heeft gegeten!! hele bord, noteer dat graag": a few more words of the observation, then "noteer dat".
    const toldOn = action.intent === 'dagnotitie' && !piece.ownName && notedAfterMore(piece.text);
    // "de afspraak kan niet doorgaan; wilt u die verplaatsen naar vrijdag": the appointment is moved, not cancelled.
    if (
      (previous.intent === 'cancel_appointment' || previous.intent === 'reschedule_appointment') &&
      action.intent === 'reschedule_appointment' &&
      (!piece.ownName || action.entities.patientName === previous.entities.patientName) &&
      // Not "verzet die van maandag": that is another appointment.
      (/\b(die|hem|het|deze|dat)\b(?! van\b)/i.test(piece.text) || /\bmaak (er|d'r|der)\b/i.test(piece.text)) &&
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
    // "meneer Bos heeft het personeel bedreigd, maak daar een rapportage van": what was only told is the report's matter,
    // not a note of its own (the "report versus daily note").
    if (
      previous.intent === 'dagnotitie' &&
      action.intent === 'rapportage' &&
      !commands(before.text, ['noteVerb', 'noteNoun', 'writeVerb']) &&
      (commands(piece.text, ['writeVerb']) || bareReport(piece.text)) &&
      !commands(piece.text, ['showVerb', 'noteVerb', 'noteNoun']) &&
      (!piece.ownName || action.entities.patientName === previous.entities.patientName)
    ) {
      action.entities = { ...action.entities, ...(previous.entities.patientName ? { patientName: previous.entities.patientName } : {}) };
      if (previous.entities.patientId) action.entities.patientId = previous.entities.patientId;
      actions.splice(index - 1, 1);
      pieces.splice(index - 1, 2, { ...piece, text: `${before.text} ${piece.text}` });
      continue;
    }
    // "naar intake pt kowalski, onderdeel diagnose", "…, stuk over risicotaxatie": where in the intake to go, no question.
    if (previous.intent === 'intake_navigeer' && action.intent !== 'intake_navigeer' && namesFormPart(piece.text)) {
      actions.splice(index, 1);
      pieces.splice(index - 1, 2, { ...before, text: `${before.text} ${piece.text}` });
      continue;
    }
    if (bare && before.outside) {
      // "geef haar extra oxazepam en schrijf het op": the order is not done here, the note is written.
      action.entities = { ...action.entities, content: capitalise(before.text), category: categoryOfText(before.text) };
    } else if (toldOn && previous.intent === 'dagnotitie' && !before.outside) {
      const content = `${(previous.entities.content ?? capitalise(before.text)).replace(/[.!?\s]+$/, '')}. ${capitalise(toldOn)}`;
      previous.entities = { ...previous.entities, content };
      previous.confidence = Math.max(previous.confidence, action.confidence, 0.9);
      actions.splice(index, 1);
      pieces.splice(index - 1, 2, { ...before, text: `${before.text} ${piece.text}` });
    } else if (
      bare &&
      (previous.intent === 'dagnotitie' ||
        previous.intent === 'unknown' ||
        // "hoewel bij X een verhoogd agressierisico is vastgesteld, was hij rustig; graag een dagnotitie": a risk or a
        // diagnosis told, not asked, is the note's matter.
        ((previous.intent === 'risico_query' || previous.intent === 'diagnose_query') &&
          !before.question &&
          tellsSomething(before.text))) &&
      // A note asked for with a text of its own after a colon stays one ("noteer bij Jan: …"); the colon of a clock time
      // ("om 11:00") is no such, nor the colon after the patient's name in a told observation ("mw. Ozturk: slaapt slecht").
      !(/(?<!\d):(?!\d)/.test(previous.entities.content ?? '') && commands(before.text, ['noteVerb', 'noteNoun', 'writeVerb']))
    ) {
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
      // "… gegeten!! hele bord, noteer dat": a fragment with no name or command of its own keeps the "noteer dat" after it, so
      // the note it makes joins the observation told before it.
      const fragment = !before.ownName && !asksSomething(before.text);
      pieces.splice(index - 1, 2, { ...before, text: fragment ? `${before.text}, ${piece.text}` : content });
    } else if (previous.intent === 'dagnotitie' && action.intent === 'unknown' && !piece.outside && !piece.ownName && goesOn(piece.text)) {
      const content = `${(previous.entities.content ?? capitalise(before.text)).replace(/[.\s]+$/, '')} en ${piece.text}`;
      previous.entities = { ...previous.entities, content, category: categoryOfText(content) };
      actions.splice(index, 1);
      pieces.splice(index - 1, 2, { ...before, text: `${before.text} en ${piece.text}` });
    } else if (
      (action.intent === 'unknown' && previous.intent === 'unknown') ||
      // "wie is die Smulders? zoek 'm effe op": the same record read again for the patient just named is one read (not a
      // report, which may be read and then written).
      (action.intent === previous.intent &&
        readIntents.has(action.intent) &&
        !piece.ownName &&
        action.entities.patientName === previous.entities.patientName &&
        pointsToPatient(piece.text)) ||
      (action.intent === previous.intent &&
        action.intent !== 'dagnotitie' &&
        // "welke dosis krijgt ze en hoe sliep ze": two free questions ask two things of the record.
        !(action.intent === 'dossiervraag' && piece.question && tellsAsked(piece.text)) &&
        !(action.intent === 'intake_navigeer' && phrases.intakeStep.test(foldAccents(piece.text))) &&
        (piece.text.split(/\s+/).length <= 3 || (piece.question && !piece.ownName)) &&
        !aboutSomeoneElse(action, previous))
    ) {
      actions.splice(index, 1);
      pieces.splice(index - 1, 2, { ...before, text: `${before.text} ${piece.text}` });
    }
  }
}

const readIntents = new Set(['zoeken', 'overdracht', 'risico_query', 'diagnose_query', 'intake_status']);

/** "zoek 'm op", "toon haar overdracht": the piece names its patient only by a pronoun. */
function pointsToPatient(text: string): boolean {
  return tokenize(text).some((token) => token.kind === 'word' && (pronouns.has(token.norm) || token.norm === "'m" || token.norm === 'm'));
}

/** "noteer dat", "leg dat vast", "zet het in een notitie", "schrijf het op als incident": a note that says no more than "that". */
export function refersBack(text: string): boolean {
  const words = tokenize(text).filter((token) => token.kind === 'word');
  const noteWords: Concept[] = ['noteVerb', 'noteNoun', 'writeVerb'];
  // "notitie dat hij stemmen hoort": "dat" before a subject opens the note's own text; it points back to nothing.
  const opensText = words.some((token, index) => token.norm === 'dat' && ['hij', 'zij', 'ze'].includes(words[index + 1]?.norm ?? ''));
  return (
    words.length > 0 &&
    !opensText &&
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

/** "hele bord, noteer dat graag": words with no command of their own, then a note that says no more than "that". Returns those words. */
function notedAfterMore(text: string): string | null {
  const at = Math.max(text.lastIndexOf(','), text.lastIndexOf('.'));
  if (at <= 0) return null;
  const told = text.slice(0, at).trim();
  if (!refersBack(text.slice(at + 1)) || !tokenize(told).some((token) => token.kind === 'word') || asksSomething(told)) return null;
  return told;
}

/** A command or a record part of its own ("plan", "de afspraak", "zijn risico's"): more than words about what was seen. */
function asksSomething(text: string): boolean {
  return commands(text, [
    'cancelVerb',
    'rescheduleVerb',
    'createVerb',
    'noteVerb',
    'noteNoun',
    'searchVerb',
    'writeVerb',
    'reportNoun',
    'appointmentNoun',
    'handover',
    'risk',
    'diagnosis',
    'intake',
  ]);
}

/** "incidentrapport aub", "ook een incidentrapport": a report asked for with no more words, after what was told. */
function bareReport(text: string): boolean {
  const words = tokenize(text).filter((token) => token.kind === 'word' && !fillers.has(token.norm));
  const report = (token: { norm: string }) => lookup(token.norm).concepts.has('reportNoun');
  return (
    words.some(report) &&
    words.every((token) => report(token) || ['een', 'ook', 'aub', 'svp', 'alsjeblieft', 'daarvan'].includes(token.norm))
  );
}

/** A word of the piece stands for one of the concepts ("maak", "noteer", "laat … zien"). */
function commands(text: string, said: Concept[]): boolean {
  return tokenize(text).some((token) => token.kind === 'word' && said.some((concept) => lookup(token.norm).concepts.has(concept)));
}

/** The piece opens with a part of a form: "onderdeel diagnose", "het stuk over risicotaxatie". */
function namesFormPart(text: string): boolean {
  const words = tokenize(text).filter(
    (token) => token.kind === 'word' && !fillers.has(token.norm) && !['het', 'de', 't'].includes(token.norm),
  );
  return formParts.has(words[0]?.norm ?? '');
}

/** A finite verb after the first word: the text tells what is, it does not name what is wanted. */
function tellsSomething(text: string): boolean {
  const words = tokenize(text).filter((token) => token.kind === 'word' && !fillers.has(token.norm));
  if (words.length === 0 || questionStarters.has(words[0]!.norm) || questionOpeners.has(words[0]!.norm) || /^waar/.test(words[0]!.norm))
    return false;
  return words.some((token, index) => index > 0 && looksLikeVerb(token.norm));
}

/** "… en is misselijk", "… en heeft niet gegeten": the same observation going on, not a command. */
function goesOn(text: string): boolean {
  const first = tokenize(text).find((token) => token.kind === 'word' && !fillers.has(token.norm));
  return first !== undefined && commonVerbs.has(first.norm) && !text.includes('?');
}

/** A question of its own: a question word and a verb ("hoe is ze geslapen", "wat was haar gewicht"), not only "en de dosis?". */
function tellsAsked(text: string): boolean {
  const words = tokenize(text).filter((token) => token.kind === 'word' && !fillers.has(token.norm));
  const at = words.findIndex((token) => questionStarters.has(token.norm));
  return at >= 0 && at <= 1 && words.slice(at + 1).some((token) => commonVerbs.has(token.norm) || looksLikeVerb(token.norm));
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
