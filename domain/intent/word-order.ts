import { capitaliseFirst } from '../shared/text';

/**
 * "dat hij rustig was" → "Hij was rustig.": a note dictated as a subordinate clause becomes a main
 * clause. Dutch puts the finite verb last in a clause after "dat" and second in a main clause; the
 * rule moves the finite verb (the rightmost one it knows) to just after the subject. When it does
 * not recognise a subject or a finite verb, the text stays as it was (only the capital and the
 * full stop added): a wrong word order is worse than a stiff one.
 */

const subjects = new Set(['hij', 'zij', 'ze', 'die', 'patiënt', 'patient', 'pt', 'cliënt', 'client', 'meneer', 'mevrouw']);
/** Finite forms of the auxiliaries and of the verbs a ward note uses most (present and past). */
const finiteVerbs = new Set(
  (
    'is was zijn waren heeft had hebben hadden wordt werd worden werden kan kon kunnen konden wil wilde wou willen wilden moet moest moeten moesten ' +
    'gaat ging gaan gingen zal zou zullen zouden mag mocht blijft bleef lijkt leek blijkt bleek komt kwam zit zat ligt lag staat stond loopt liep ' +
    'eet at drinkt dronk slaapt sliep huilt huilde praat praatte sprak zegt zei vertelt vertelde klaagt klaagde weigert weigerde neemt nam ' +
    'reageert reageerde voelt voelde schreeuwt schreeuwde scheldt schold slaat sloeg gooit gooide trekt trok doet deed krijgt kreeg maakt maakte ' +
    'gebruikt gebruikte belt belde vraagt vroeg hoort hoorde ziet zag denkt dacht weet wist houdt hield werkt werkte'
  ).split(' '),
);

const withStop = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The number of words that make up the subject at the start: a pronoun, "de patiënt", "meneer De Wit", or a capitalised name. */
function subjectLength(words: readonly string[]): number {
  const first = words[0]?.toLowerCase() ?? '';
  if (first === 'de' && subjects.has(words[1]?.toLowerCase() ?? '')) return 2;
  if (first === 'meneer' || first === 'mevrouw') {
    let length = 1;
    while (length < words.length - 1 && /^(\p{Lu}|van$|de$|der$|den$|ter$|ten$|el$)/u.test(words[length]!)) length++;
    return length;
  }
  if (subjects.has(first)) return 1;
  if (!/^\p{Lu}/u.test(words[0] ?? '')) return 0;
  // "Sanne ter Horst": a name runs on through its particles to the last capitalised word.
  let length = 1;
  for (let index = 1; index < words.length - 1; index++) {
    if (/^\p{Lu}/u.test(words[index]!)) length = index + 1;
    else if (!/^(van|de|der|den|ter|ten|el|al)$/.test(words[index]!)) break;
  }
  return length;
}

export function asMainClause(clause: string): string {
  const text = clause.trim().replace(/[\s,;]+$/, '');
  // The question mark of "kun je vastleggen dat …?" belongs to the request, not to the note.
  const ending = text.endsWith('!') ? '!' : '.';
  const words = text
    .replace(/[.!?]$/, '')
    .split(/\s+/)
    .filter(Boolean);
  const subject = subjectLength(words);
  if (subject === 0 || words.length < subject + 2) return withStop(capitaliseFirst(text));
  let verb = -1;
  for (let index = words.length - 1; index >= subject; index--) {
    if (finiteVerbs.has(words[index]!.toLowerCase())) {
      verb = index;
      break;
    }
  }
  // Already a main clause ("hij was rustig"), or no finite verb recognised.
  if (verb <= subject) return withStop(capitaliseFirst(text));
  const reordered = [...words.slice(0, subject), words[verb]!, ...words.slice(subject, verb), ...words.slice(verb + 1)];
  return capitaliseFirst(reordered.join(' ')) + ending;
}
