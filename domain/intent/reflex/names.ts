import { hourWord } from '../../shared/number-words';
import { everydayParticles } from '../../shared/text';
import { weekdays } from '../../shared/clinical-time';
import {
  actionStarters,
  commonVerbs,
  connectors,
  correctionWords,
  dayWords,
  fillers,
  formParts,
  honorifics,
  nameParticles,
  namePrepositions,
  negations,
  notNames,
  pronouns,
  questionStarters,
  staffTitles,
  subjectVerbs,
  weekdayAbbreviations,
} from '../lexicon';
import { taggerVocabulary } from '../../ai/name-tagger';
import { wordClasses } from '../../ai/pseudonymise';
import { lookup } from './lookup';
import type { Token } from './tokens';

/** Names: the patient a part is about, as written (titles, particles, corrections), and every name-like span. */

export function isNameLike(token: Token | undefined, capitalisedOk: boolean, afterTitle = false): boolean {
  if (!token || token.kind !== 'word') return false;
  const norm = token.norm;
  if (
    norm.length < 2 ||
    /\d/.test(norm) ||
    // "z'n", "n'n", "d'r": a short word with an apostrophe in it is a pronoun or an article.
    /^\p{L}['’`]\p{L}{1,2}$/u.test(token.raw) ||
    notNames.has(norm) ||
    actionStarters.has(norm) ||
    hourWord(norm) !== null ||
    dayWords.has(norm) ||
    connectors.has(norm) ||
    pronouns.has(norm) ||
    honorifics.has(norm) ||
    weekdayAbbreviations.has(norm) ||
    questionStarters.has(norm) ||
    negations.has(norm) ||
    // "volgend onderdeel vd intake": a part of the form is what is named, never who.
    formParts.has(norm)
  )
    return false;
  // "de AIOS", "de SPV": an acronym is a role or a thing; "de volledigheid", "de balie": a noun.
  if (/^\p{Lu}{2,}$/u.test(token.raw) && norm.length >= 3) return false;
  if (token.raw === norm && /(heid|teit|schap|isme|atie)$/.test(norm) && norm.length >= 6) return false;
  // "de crisisdienst", "de nachtverpleging": typed in lower case, a compound of a ward noun is a thing.
  if (token.raw === norm && compoundOfThing(norm)) return false;
  // "waarmee is …", "hoever is …": question words, not names.
  if (/^waar(mee|om|voor|over|van|door|in|op|aan|bij|naar|uit)$|^hoever$|^er(uit|bij|in|op|af|aan|over)$/.test(norm)) return false;
  if (dayLike(norm)) return false;
  // "BVC-score", "Wvggz-papieren": a compound with a lower-case head is a thing; "Al-Hassan" is a name.
  // After a title, a double name typed in lower case is a name ("mw. pinas-lie", "dhr. lie-a-ling",
  // "pt. meijer-de jong"): no part of it is a word of the lexicon, particles aside. Without a title too
  // ("plan afspraak kwak-soekhoe"), where every part has a vowel: "bvc-score", "wvggz-papieren" are things.
  if (
    /-\p{Ll}/u.test(token.raw) &&
    // "Visser-de Koning", "Meijer-van Dam": a capitalised name joined to the particle of a second family name.
    !(/^\p{Lu}\p{Ll}+-\p{Ll}+$/u.test(token.raw) && nameParticles.has(norm.split('-')[1]!) && unknownWord(norm.split('-')[0]!)) &&
    !(
      token.raw === token.raw.toLowerCase() &&
      lowerDoubleName(norm) &&
      (capitalisedOk || norm.split('-').every((part) => /[aeiouy]/.test(part)))
    )
  )
    return false;
  // Typed in lower case, a verb form ("behandeld", "opgenomen") is no name; nor a word the ward writes in lower case that no
  // name list holds ("klopt 't dat …", "welke problematiek"): the name tagger's vocabulary (ADR 0103).
  if (token.raw === norm && (looksLikeVerb(norm) || (taggerVocabulary().has(norm) && !listedName(norm)))) return false;
  const hit = lookup(norm);
  // "marie" is one slip from "manie": a near miss of a disorder or a danger word is no command, the name stands.
  const nearContentWord =
    hit.fuzzy && hit.category === null && [...hit.concepts].every((concept) => concept === 'disorderName' || concept === 'riskWord');
  const known = (hit.concepts.size > 0 || hit.category !== null) && !nearContentWord;
  if (!known) return true;
  // A capitalised word where a name is expected ("mw. Brand", "met Planken") is a name, not a typo;
  // so is a word in lower case right after a title ("dhr. broek"), where only a name is expected,
  // unless it is what a note observes ("pt rustig, at goed", "mw boos op haar zoon").
  const observed = hit.category !== null && !hit.fuzzy;
  return capitalisedOk && (/^\p{Lu}/u.test(token.raw) || (afterTitle && !observed)) && (hit.fuzzy || hit.concepts.size === 0);
}

/** "vrijdagmiddag", "gister", "morgenvroeg", "dindsag": a day or a part of one, never a name. */
function dayLike(norm: string): boolean {
  return weekdays.some((day) => norm.startsWith(day)) || /^(morgen|gister|vanmorgen)/.test(norm) || misspeltDay(norm);
}

/** "morgn", "dindsag": a day word with a letter dropped or two letters swapped (not "Morgan", a letter changed). */
function misspeltDay(norm: string): boolean {
  if (norm.length < 5) return false;
  for (const day of dayWords) {
    if (day.length === norm.length + 1) {
      for (let at = 0; at < day.length; at++) if (day.slice(0, at) + day.slice(at + 1) === norm) return true;
    } else if (day.length === norm.length && day !== norm) {
      const differ = [...day].flatMap((letter, at) => (letter === norm[at] ? [] : [at]));
      if (
        differ.length === 2 &&
        differ[1] === differ[0]! + 1 &&
        day[differ[0]!] === norm[differ[1]!] &&
        day[differ[1]!] === norm[differ[0]!]
      )
        return true;
    }
  }
  return false;
}

/** Where a name is expected next: after a command or subject word, a question verb or a preposition ("overdracht priya …"). */
function nameSlot(token: Token | undefined): boolean {
  return (
    token?.kind === 'word' &&
    (lookup(token.norm).concepts.size > 0 ||
      actionStarters.has(token.norm) ||
      subjectVerbs.has(token.norm) ||
      namePrepositions.has(token.norm))
  );
}

const thingHeads = [...notNames].filter((word) => word.length >= 5 && !/\d/.test(word));

function compoundOfThing(norm: string): boolean {
  return norm.length >= 9 && thingHeads.some((head) => norm.endsWith(head) && norm.length - head.length >= 3);
}

function lowerDoubleName(norm: string): boolean {
  const parts = norm.split('-');
  // "al-hashimi", "el-hajji": a particle joined to the family name by a hyphen opens it.
  const first = nameParticles.has(parts[0]!) && parts.length === 2 ? parts[1]! : parts[0]!;
  return (
    parts.every((part) => unknownWord(part) || nameParticles.has(part)) &&
    [first, parts.at(-1)!].every((part) => unknownWord(part) && part.length >= 3)
  );
}

function unknownWord(part: string): boolean {
  return part.length >= 2 && !notNames.has(part) && lookup(part).concepts.size === 0 && lookup(part).category === null;
}

/** "mw. van den broek", "mw de graaf": after a title and a particle, an ordinary word is a family name. */
function familyWord(token: Token): boolean {
  return (
    token.kind === 'word' &&
    (lookup(token.norm).concepts.size === 0 || lookup(token.norm).fuzzy) &&
    !notNames.has(token.norm) &&
    !pronouns.has(token.norm) &&
    !dayWords.has(token.norm) &&
    // "rapportage mw ayala van gister": a day after "van" is when, not a family name.
    !dayLike(token.norm) &&
    !weekdayAbbreviations.has(token.norm) &&
    !/\d/.test(token.norm)
  );
}

/**
 * "van" is the name's own particle, not "of": before "der", "den" or "'t" ("intake van t hoff"), and where no
 * noun stands before it to own something: opening a sentence ("van dijk z'n afspraak") or after a verb
 * ("heeft van Leeuwen …", "zoek van Dam op"); "de afspraak van Jansen" is Jansen's.
 */
function vanOpensName(tokens: Token[], index: number): boolean {
  if (['der', 'den', "'t", 't'].includes(tokens[index + 1]?.norm ?? '')) return true;
  // "zoek Van Hulst op": typed with a capital in the middle of a sentence, before a capitalised word, "Van" is the name's own.
  if (tokens[index - 1]?.kind === 'word' && tokens[index]!.raw === 'Van' && /^\p{Lu}\p{Ll}/u.test(tokens[index + 1]?.raw ?? ''))
    return true;
  const previous = tokens[index - 1];
  // "…, daarna van jaap": "van" and a name alone are whose the same request is.
  if (!previous || ['.', '?', '!', ';', ':'].includes(previous.norm))
    return (
      tokens.slice(index + 2).some((token) => token.kind === 'word' && !fillers.has(token.norm)) &&
      // "Van Jansen de overdracht graag": what follows the name is the thing asked for, "van" is "of".
      !['de', 'het', 'een', 'alle'].includes(tokens[index + 2]?.norm ?? '') &&
      lookup(tokens[index + 2]?.norm ?? '').concepts.size === 0
    );
  if (previous.kind !== 'word') return false;
  const verbOnly = [...lookup(previous.norm).concepts].every((concept) => concept.endsWith('Verb'));
  return (
    subjectVerbs.has(previous.norm) ||
    commonVerbs.has(previous.norm) ||
    (actionStarters.has(previous.norm) && verbOnly && !/^dossier/.test(previous.norm))
  );
}

/** "hij", "haar", "deze patiënt" refer to a patient; "wat zijn" is a verb. */
export function refersToPatient(tokens: Token[], index: number): boolean {
  const token = tokens[index]!;
  if (token.norm === 'deze') return honorifics.has(tokens[index + 1]?.norm ?? '');
  return (
    pronouns.has(token.norm) && !(token.norm === 'zijn' && ['wat', 'welke', 'er', 'die', 'wie'].includes(tokens[index - 1]?.norm ?? ''))
  );
}

/** After a title, a word that only looks like a verb ("karsten", "hofsteden", "tewelde") is the family name. */
function titledName(token: Token): boolean {
  const norm = token.norm;
  return (
    token.kind === 'word' &&
    norm.length >= 3 &&
    !honorifics.has(norm) &&
    !commonVerbs.has(norm) &&
    !notNames.has(norm) &&
    lookup(norm).concepts.size === 0 &&
    lookup(norm).category === null
  );
}

/**
 * "dhr. Blok", "mw. Snel", "meneer Post": right after a title a capitalised word is the family name, also one that is
 * a Dutch word or a part of the form; only words that cannot be a family name (a pronoun, a day, a question word) are not.
 */
function capitalisedAfterTitle(token: Token): boolean {
  const norm = token.norm;
  return (
    token.kind === 'word' &&
    /^\p{Lu}\p{Ll}/u.test(token.raw) &&
    norm.length >= 2 &&
    !/\d/.test(norm) &&
    !pronouns.has(norm) &&
    !connectors.has(norm) &&
    !honorifics.has(norm) &&
    !negations.has(norm) &&
    !questionStarters.has(norm) &&
    !actionStarters.has(norm) &&
    !dayWords.has(norm) &&
    !dayLike(norm)
  );
}

/** "opstellen", "invullen", "afbellen": an infinitive with a separable prefix. */
function separableInfinitive(norm: string): boolean {
  return /^(op|af|aan|uit|door|mee|terug|toe|vast|weg|in|na)\p{L}{3,}en$/u.test(norm) && !/(sen|ssen|ink)$/.test(norm);
}

/** "wim ter haar", "priya van der linden": after "ter", "ten", "der", "den" even a pronoun or a near-miss of a word is the family name. */
function familyAfter(particle: Token, token: Token): boolean {
  if (token.kind !== 'word' || !['ter', 'ten', 'der', 'den', "'t", 't'].includes(particle.norm)) return false;
  // "van der linden" is no typo of "vinden": after such a particle only a family name comes.
  return pronouns.has(token.norm) || familyWord(token);
}

/** "Bas ter Haar": a capitalised pronoun after a name particle is a family name. */
function familyPronoun(token: Token): boolean {
  return token.kind === 'word' && pronouns.has(token.norm) && /^\p{Lu}/u.test(token.raw);
}

/** The word after a name reads as a finite verb about the patient ("huilt", "praat", "trok"), not as a command word. */
export function describesPatient(token: Token | undefined): boolean {
  if (token?.kind !== 'word' || lookup(token.norm).concepts.size > 0) return false;
  return looksLikeVerb(token.norm) || (token.norm.length >= 4 && /[^aeiou]t$/.test(token.norm));
}

export function looksLikeVerb(norm: string): boolean {
  return (
    commonVerbs.has(norm) ||
    (norm.length >= 6 && /^(ge|be|ver|ont)\p{L}+[dt]$/u.test(norm)) ||
    // A past tense in -de/-te ("weigerde", "praatte"), not a superlative in -ste ("laatste", "hoogste", "eerste").
    (norm.length >= 6 && /(de|te|eert|eerde)$/.test(norm) && !/(aatste|gste|erste|eeste)$/.test(norm)) ||
    // A past participle ("geschreven", "afgelopen"), not a family name in -sen ("Gerritsen").
    (norm.length >= 7 &&
      /^(ge|af|op|in|uit|aan|binnen|terug|weg|mee|door|toe)\p{L}+en$/u.test(norm) &&
      !/sen$/.test(norm) &&
      /^(ge|afge|opge|inge|uitge|aange|binnenge|terugge|wegge|meege|doorge|toege)/.test(norm))
  );
}

export interface NameSpan {
  name: string;
  start: number;
  end: number;
}

const nameListClasses = new Set(['given', 'surname', 'listed', 'nameWord', 'pet']);
/** A word of the name lists: a given name, a family name, or one that is a Dutch word too ("Post", "Visser"). */
const listedName = (word: string): boolean => wordClasses(word).some((cls) => nameListClasses.has(cls));

export function collectName(tokens: Token[], from: number, capitalisedOk: boolean): NameSpan | null {
  // "dan kopje financien", "naar het blok Verslaving": what follows a part of the form names that part.
  if (formParts.has(tokens[from - 1]?.norm ?? '')) return null;
  const parts: Token[] = [];
  let index = from;
  while (index < tokens.length && parts.length < 6) {
    const token = tokens[index]!;
    if (token.kind !== 'word') break;
    // "mw. oude wesselink", "meneer Oude Luttikhuis": "Oude" opens a family name.
    // "Dinie Oude Luttikhuis": after a given name too, when typed with capitals.
    const oude = token.norm === 'oude' && (parts.length === 0 ? capitalisedOk || /^\p{Lu}/u.test(token.raw) : /^\p{Lu}/u.test(token.raw));
    if (oude && isNameLike(tokens[index + 1], true)) {
      parts.push(token);
      index++;
      continue;
    }
    if (nameParticles.has(token.norm)) {
      const next = tokens[index + 1];
      // "het onderdeel", "aan te trekken": an article or an infinitive, no family name.
      if (token.norm === 'het' && parts.length === 0) break;
      // "mw. tewelde op lorazepam": after a name, "op", "in" and "uit" open a family name only with an
      // article ("Jan op den Akker", "Kees in 't Veld").
      // Nor do they before a name: "zoeken op maarten" looks Maarten up.
      if (['op', 'in', 'uit'].includes(token.norm) && !nameParticles.has(next?.norm ?? '')) break;
      if (token.norm === 'te' && next?.raw === next?.norm && /en$/.test(next?.norm ?? '')) break;
      if (
        next &&
        (nameParticles.has(next.norm) ||
          isNameLike(next, true) ||
          familyPronoun(next) ||
          familyAfter(token, next) ||
          (capitalisedOk && familyWord(next)))
      ) {
        parts.push(token);
        index++;
        continue;
      }
      break;
    }
    const afterParticle = nameParticles.has(parts.at(-1)?.norm ?? '') || parts.at(-1)?.norm === 'oude';
    // Right after a title the family name comes, even one that reads like a verb ("dhr. karsten").
    const afterTitle = capitalisedOk && parts.length === 0 && honorifics.has(tokens[from - 1]?.norm ?? '');
    // "jan-willem van der pol": a lower-case double given name before a particle opens the name.
    const givenBeforeParticle =
      parts.length === 0 &&
      token.raw === token.norm &&
      lowerDoubleName(token.norm) &&
      nameParticles.has(tokens[index + 1]?.norm ?? '') &&
      (nameParticles.has(tokens[index + 2]?.norm ?? '') || isNameLike(tokens[index + 2], true));
    if (
      !isNameLike(
        token,
        capitalisedOk || parts.length > 0 || givenBeforeParticle,
        (afterTitle || afterParticle) && !parts.some((part) => !nameParticles.has(part.norm)),
      ) &&
      !(afterTitle && (titledName(token) || capitalisedAfterTitle(token))) &&
      !(afterParticle && (familyPronoun(token) || familyAfter(parts.at(-1)!, token) || (capitalisedOk && familyWord(token))))
    )
      break;
    // "ontslagbrief mw. beukema opstellen": an infinitive closing a lower-case command is no name.
    if (parts.length > 0 && token.raw === token.norm && separableInfinitive(token.norm)) break;
    // Lower-case typing gives no capital to stop at: "jan weigerde" ends before the verb ("ter horst" is a name).
    if (parts.length > 0 && !afterParticle && token.raw === token.norm && (looksLikeVerb(token.norm) || describesPatient(token))) break;
    // "el masri belde", "ben ali gegaan": a family name after its particle closes a lower-case name.
    // ("ter maat-de vries" goes on after its hyphen).
    const family = parts.at(-1)?.norm ?? '';
    if (
      parts.length >= 2 &&
      token.raw === token.norm &&
      !nameParticles.has(family) &&
      nameParticles.has(parts.at(-2)!.norm) &&
      !nameParticles.has(family.split('-').at(-1)!)
    )
      break;
    // Typed with capitals, a lower-case word after the name is not part of it ("Bart van Beek missen").
    if (parts.some((part) => /^\p{Lu}/u.test(part.raw)) && !/^\p{Lu}/u.test(token.raw)) break;
    parts.push(token);
    index++;
    // Two given names and a family name at most, and a particle only before the family name.
    if (parts.filter((part) => !nameParticles.has(part.norm)).length >= 3) break;
  }
  while (parts.length > 0 && nameParticles.has(parts.at(-1)!.norm)) parts.pop();
  // "de val van Ingrid van Rooij": where a name is typed with capitals, lower-case words before it are no part of it.
  let first = 0;
  if (parts.some((part) => !nameParticles.has(part.norm) && /^\p{Lu}/u.test(part.raw))) {
    const lastLower = parts.findLastIndex((part) => !nameParticles.has(part.norm) && !/^\p{Lu}/u.test(part.raw));
    if (lastLower >= 0) {
      first = lastLower + 1;
      // "… menneke van den Berk": before "den", "der" or "'t" the "van" is the name's own.
      while (
        first < parts.length &&
        namePrepositions.has(parts[first]!.norm) &&
        !['den', 'der', "'t", 't'].includes(parts[first + 1]?.norm ?? '')
      )
        first++;
    }
  }
  const kept = parts.slice(first);
  if (!kept.some((part) => !nameParticles.has(part.norm))) return null;
  // "plaats hem over": no name is followed by "hem"; the word was a command.
  if (tokens[from + parts.length]?.norm === 'hem') return null;
  // "zoek Toon Verhoeven op", "wat hèt Roel Kessels …": in the middle of a sentence a capitalised word right before a
  // capitalised name is its given name, also one that is a Dutch word.
  const before = tokens[from + first - 1];
  if (first === 0 && givenNameBefore(tokens, from + first, kept))
    return { name: nameText([before!, ...kept]), start: from - 1, end: from + parts.length };
  return { name: nameText(kept), start: from + first, end: from + parts.length };
}

function givenNameBefore(tokens: Token[], start: number, kept: Token[]): boolean {
  const before = tokens[start - 1];
  const earlier = tokens[start - 2];
  return (
    before !== undefined &&
    before.kind === 'word' &&
    earlier?.kind === 'word' &&
    !honorifics.has(earlier.norm) &&
    /^\p{Lu}\p{Ll}+$/u.test(before.raw) &&
    /^\p{Lu}/u.test(kept[0]!.raw) &&
    before.norm.length >= 3 &&
    !pronouns.has(before.norm) &&
    !honorifics.has(before.norm) &&
    !nameParticles.has(before.norm) &&
    !connectors.has(before.norm) &&
    !questionStarters.has(before.norm) &&
    !negations.has(before.norm) &&
    !dayWords.has(before.norm) &&
    !dayLike(before.norm)
  );
}

/**
 * Family names whose "v.d." stands for "van den" (the old masculine and neuter nouns: Berg, Heuvel,
 * Bosch, Broek …); every other "v.d." is "van der" (Veen, Linden, Meer, Laan …).
 */
const vanDenHeads =
  /^(berg|bergh|heuvel|bosch|bos|broek|brink|hoek|akker|bogaard|boogaard|boom|bor|dool|eijnde|eijnden|einde|elsen|ham|hout|hurk|oever|oord|tol|hoven|nieuwenhof|wildenberg|biggelaar|bogert|brand|dries|eynde|kerkhof|bergen)/;

/** "v.d. veen" → "van der veen", "vd berg" → "van den berg", "v 't hof" → "van 't hof": the form the record holds. */
function expandParticles(parts: Token[]): Token[] {
  const out: Token[] = [];
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    const family = parts.slice(index + 1).find((next) => !nameParticles.has(next.norm))?.norm ?? '';
    const article = vanDenHeads.test(family) ? 'den' : 'der';
    if (part.norm === 'vd' || (part.norm === 'v' && parts[index + 1]?.norm === 'd')) {
      out.push({ ...part, raw: 'van', norm: 'van' }, { ...part, raw: article, norm: article });
      if (part.norm === 'v') index++;
    } else if (part.norm === 'v' && index < parts.length - 1) out.push({ ...part, raw: 'van', norm: 'van' });
    else out.push(part);
  }
  return out;
}

function nameText(typed: Token[]): string {
  const parts = expandParticles(typed);
  const raw = parts.map((part) => part.raw.replace(/['’`]s$/, ''));
  const typedLower = raw.every((part) => part === part.toLowerCase());
  // "J.P. de Wit", "a. el amrani": initials belong to the name as written (ADR 0105, round nine).
  const initials = typed[0]?.initials ? `${typed[0].initials} ` : '';
  const name = raw
    .map((part, index) =>
      typedLower && !(nameParticles.has(parts[index]!.norm) && index > 0)
        ? part
            .split('-')
            .map((piece, at) =>
              at > 0 && piece !== 'a' && nameParticles.has(piece) ? piece : piece.charAt(0).toUpperCase() + piece.slice(1),
            )
            .join('-')
        : part,
    )
    .join(' ');
  return initials + name;
}

/** Names in reading order: after honorifics and prepositions, capitalised, or opening a clause. */
export function allNames(tokens: Token[]): string[] {
  return [...new Set(nameSpans(tokens).map((span) => span.name))];
}

/** The spans of `allNames`, in reading order. */
export function nameSpans(tokens: Token[]): NameSpan[] {
  const names: NameSpan[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.kind !== 'word') continue;
    const previous = tokens[index - 1];
    const opensClause = !previous || previous.kind === 'punct' || connectors.has(previous.norm);
    const after =
      honorifics.has(token.norm) || (namePrepositions.has(token.norm) && !(token.norm === 'van' && previous && isNameLike(previous, true)));
    const span = after
      ? collectName(tokens, index + 1, honorifics.has(token.norm))
      : opensClause || /^\p{Lu}/u.test(token.raw)
        ? collectName(tokens, index, /^\p{Lu}/u.test(token.raw))
        : null;
    if (span) {
      names.push(span);
      index = span.end - 1;
    }
  }
  return names;
}

/**
 * "noteer dat en open …", "noteer dat bij Stijn": a "dat" after a note's command before a connector, a stop, or only
 * for whom ("bij"/"voor" and a name to the clause's end) is the thing noted; no text follows it.
 */
export function datPointsBack(tokens: Token[], index: number): boolean {
  const next = tokens[index + 1];
  if (!next || next.kind === 'punct' || (next.kind === 'word' && connectors.has(next.norm))) return true;
  if (!['bij', 'voor'].includes(next.norm)) return false;
  const from = honorifics.has(tokens[index + 2]?.norm ?? '') ? index + 3 : index + 2;
  const span = collectName(tokens, from, true);
  const after = span ? tokens[span.end] : undefined;
  return span !== null && (!after || after.kind === 'punct' || connectors.has(after.norm));
}

/** "noteer dat mw. Yilmaz haar ontbijt oversloeg", "leg vast dat Sanne ter Horst is gevallen": the note's subject. */
export function subjectOfContent(tokens: Token[], from: number): NameSpan | null {
  // "dagnotitie, geen rapp.: mw. van 't zand …": a title early in the text names its subject.
  for (let index = from; index < Math.min(tokens.length, from + 10); index++) {
    if (!honorifics.has(tokens[index]!.norm) || tokens[index]!.kind !== 'word') continue;
    const span = collectName(tokens, index + 1, true);
    if (span) return correctedName(tokens, span);
  }
  // "noteer dat eh Ravi …", "dat die Kevin Mol …": a hesitation, or "die" before a capitalised name, opens no subject.
  let start = from;
  while (
    start < from + 3 &&
    (spokenHesitations.has(tokens[start]?.norm ?? '') ||
      (tokens[start]?.norm === 'die' && /^\p{Lu}/u.test(tokens[start + 1]?.raw ?? '') && isNameLike(tokens[start + 1], true)))
  )
    start++;
  const at = honorifics.has(tokens[start]?.norm ?? '') ? start + 1 : start;
  const token = tokens[at];
  if (!token) return null;
  // "dat Sanne …", "dat mw. de vos …", and in lower case "dat bram vannacht …" (a clause after "dat" opens with its subject).
  const typedName = at > start || /^\p{Lu}/u.test(token.raw);
  const span = collectName(tokens, at, typedName);
  // "obs: lacht weer", "adl: hulp bij aankleden": in lower case a verb, or a word before a preposition, opens an
  // observation with no subject named ("bram sliep", "bas rustig", "rinus weer binnen" do name one).
  if (
    span &&
    !typedName &&
    span.end - span.start === 1 &&
    (looksLikeVerb(token.norm) || namePrepositions.has(tokens[span.end]?.norm ?? ''))
  )
    return null;
  return span;
}

/** Names coordinated with the first: "Kees en Pieter", "van Mo en van Fenna", "mw. Kramer en mw. Smit". */
export function namesAfter(tokens: Token[], first: NameSpan): NameSpan[] {
  const others: NameSpan[] = [];
  const afterComma: boolean[] = [];
  // The word before the first name, past its title: "van" in "van dhr. Bos en van mw. Claes".
  const before = honorifics.has(tokens[first.start - 1]?.norm ?? '') ? tokens[first.start - 2] : tokens[first.start - 1];
  let at = first.end;
  while (tokens[at]?.norm === 'en' || tokens[at]?.norm === ',') {
    const comma = tokens[at]!.norm === ',';
    let from = at + 1;
    // "mevrouw Kurvers en dan meneer Wetzels": a sequencing word before a title still names the next patient.
    if (['dan', 'ook'].includes(tokens[from]?.norm ?? '') && honorifics.has(tokens[from + 1]?.norm ?? '')) from++;
    // "de afspraak van Loek en de afspraak van Jet": the words before the first name said again before the next.
    if (!comma) from += repeatedBefore(tokens, first.start, from);
    // "van dhr. Bos en van mw. Claes": the same preposition again, also where a title stood between it and the name.
    if (namePrepositions.has(tokens[from]?.norm ?? '') && tokens[from]?.norm === before?.norm) from++;
    if (honorifics.has(tokens[from]?.norm ?? '')) from++;
    const span = collectName(tokens, from, /^\p{Lu}/u.test(tokens[from]?.raw ?? '') || honorifics.has(tokens[from - 1]?.norm ?? ''));
    if (!span || lookup(tokens[from]!.norm).concepts.size > 0) break;
    others.push(span);
    afterComma.push(comma);
    at = span.end;
  }
  // "Pauline Meijer, Johan Bosman en Gül Aydın" is a list; "de broer van Jurgen, Peter, wil …" names someone else beside him:
  // a list ends with "en", so names after a comma that no "en" closes are no part of it.
  while (afterComma.at(-1)) {
    others.pop();
    afterComma.pop();
  }
  return others;
}

/** How many of the words before `start` (two to four, no title) are said again from `from`; 0 when none are. */
function repeatedBefore(tokens: Token[], start: number, from: number): number {
  for (let length = 4; length >= 2; length--) {
    if (start - length < 0) continue;
    const said = tokens.slice(start - length, start);
    if (said.some((token) => token.kind !== 'word' || honorifics.has(token.norm))) continue;
    if (said.every((token, index) => tokens[from + index]?.norm === token.norm)) return length;
  }
  return 0;
}

function typedLower(tokens: Token[], span: NameSpan): boolean {
  return tokens.slice(span.start, span.end).every((part) => part.raw === part.norm);
}

/** The patient named in a segment, or the name said in its place: "mevrouw Bosch nee Busch", "Jansma uh sorry Jansen". */
export function findName(tokens: Token[], typedWithCapitals = false): NameSpan | null {
  const span = firstName(tokens, typedWithCapitals);
  return span ? nameMeant(tokens, span) : null;
}

/**
 * The name meant where another was said first, also in the text after a note's head: "notitie bij Ter Haar, nee Ter
 * Heijne: …", "zeg de afspraak van Hakim af, nee van Hakan Doğan".
 */
export function nameMeant(tokens: Token[], span: NameSpan): NameSpan {
  return meantAfter(tokens, span) ?? correctedName(tokens, span);
}

/** "JP zijn overdracht, JP van Beek bedoel ik": a name said later with "bedoel ik" after it is the one meant. */
function meantAfter(tokens: Token[], span: NameSpan): NameSpan | null {
  for (let index = span.end + 1; index + 1 < tokens.length; index++) {
    if (tokens[index]!.norm !== 'bedoel' || tokens[index + 1]!.norm !== 'ik') continue;
    for (let from = span.end + 1; from < index; from++) {
      const previous = tokens[from - 1]!;
      if (previous.kind !== 'punct' && !honorifics.has(previous.norm)) continue;
      const again = collectName(tokens, from, true);
      if (again && again.end === index) return again;
    }
  }
  return null;
}

const spokenHesitations = new Set(['eh', 'ehm', 'uh', 'uhm', 'hm', 'ehh', 'uhh']);
const hesitations = new Set([...spokenHesitations, 'o', 'oh', 'oeps', 'wacht', 'ik', 'of', 'moet', 'zijn', 'is', 'het']);
// "zeg de afspraak van Hakim af, nee …": the particle of a split verb may close the clause before the correction.
const verbParticles = new Set(['af', 'op', 'door', 'weg', 'in', 'om', 'over', 'terug']);

function correctedName(tokens: Token[], span: NameSpan): NameSpan {
  let index = span.end;
  let corrected = false;
  while (index < tokens.length && index < span.end + 6) {
    const token = tokens[index]!;
    if (token.kind === 'punct' && [',', ':', ';'].includes(token.norm)) index++;
    else if (token.kind === 'word' && correctionWords.has(token.norm)) {
      corrected = true;
      index++;
    } else if (token.kind === 'word' && hesitations.has(token.norm)) index++;
    else if (token.kind === 'word' && !corrected && index === span.end && verbParticles.has(token.norm)) index++;
    else break;
  }
  if (!corrected) return span;
  // "nee van Hakan Doğan": the preposition said again before the name meant.
  if (namePrepositions.has(tokens[index]?.norm ?? '') && tokens[index]?.norm === tokens[span.start - 1]?.norm) index++;
  const from = honorifics.has(tokens[index]?.norm ?? '') ? index + 1 : index;
  const again = collectName(tokens, from, from > index || /^\p{Lu}/u.test(tokens[from]?.raw ?? '') || typedLower(tokens, span));
  return again ? correctedName(tokens, again) : span;
}

/**
 * "dr. Smit wil dat …", "psychiater Bakker vraagt …": a name after a title of the staff is a colleague's, not the patient's;
 * so is one said with the shift it works and what it tells ("Heleen van de nacht zegt dat …").
 */
function namesStaff(tokens: Token[], span: NameSpan): boolean {
  const before = tokens[span.start - 1]?.norm === '.' ? tokens[span.start - 2] : tokens[span.start - 1];
  if (before?.kind === 'word' && staffTitles.has(before.norm)) return true;
  const [van, article, shift, verb] = tokens.slice(span.end, span.end + 4).map((token) => token.norm);
  return van === 'van' && article === 'de' && shifts.has(shift ?? '') && tellingVerbs.has(verb ?? '');
}

const shifts = new Set([
  'nacht',
  'avond',
  'dag',
  'ochtend',
  'vroege',
  'late',
  'nachtdienst',
  'avonddienst',
  'dagdienst',
  'vroegdienst',
  'laatdienst',
]);
const tellingVerbs = new Set([
  'zegt',
  'zei',
  'meldt',
  'meldde',
  'vertelt',
  'vertelde',
  'belde',
  'belt',
  'schrijft',
  'schreef',
  'vraagt',
  'vroeg',
]);

function firstName(tokens: Token[], typedWithCapitals: boolean): NameSpan | null {
  for (let index = 0; index < tokens.length; index++) {
    if (tokens[index]!.kind === 'word' && honorifics.has(tokens[index]!.norm)) {
      const span = collectName(tokens, index + 1, true);
      if (span) return span;
    }
  }
  const capitalisedName =
    typedWithCapitals || tokens.some((token, index) => index > 0 && /^\p{Lu}/u.test(token.raw) && isNameLike(token, false));
  // "plan voor hem een evaluatie van de separatie": the patient is "hem", "de separatie" no name.
  // Only a pronoun said before the name counts ("schrijf bij rachid dat hij …" names Rachid).
  const pronounBefore = (at: number) => tokens.slice(0, at).some((_, index) => refersToPatient(tokens, index));
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.kind !== 'word' || !namePrepositions.has(token.norm)) continue;
    // "van der Berg" after a noun is a name with its prefix, not the preposition "van".
    const previous = tokens[index - 1];
    // In lower case too: "overdracht priya van dam", where the word before "van" is no word of the lexicon.
    if (
      token.norm === 'van' &&
      previous?.kind === 'word' &&
      (/^\p{Lu}/u.test(previous.raw)
        ? isNameLike(previous, true)
        : // "jan van der linden ovdr": opening the sentence too.
          isNameLike(previous, false) &&
          unknownWord(previous.norm) &&
          (nameSlot(tokens[index - 2]) || (index === 1 && ['der', 'den', "'t", 't'].includes(tokens[index + 1]?.norm ?? '')))) &&
      !honorifics.has(tokens[index + 1]?.norm ?? '')
    )
      continue;
    const from = token.norm === 'van' && vanOpensName(tokens, index) ? index : index + 1;
    const span = collectName(tokens, from, false);
    // "rapportage over de separatie bij Joost van der Linden": typed with capitals, a lower-case span is no name.
    if (span && !namesStaff(tokens, span) && !((capitalisedName || pronounBefore(index)) && typedLower(tokens, span))) return span;
  }
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    // "Wilt u …", "Kunt u …": a capitalised verb before its subject opens the sentence, it names no one.
    // "Plaats hem over", "Verhoog de dosis": a capitalised word before "hem" or before an article and a noun is a command.
    const after = tokens[index + 1];
    const inverted =
      ['u', 'je', 'jij', 'ik', 'we', 'gij', 'ge', 'hem'].includes(after?.norm ?? '') ||
      (['de', 'het', 'een'].includes(after?.raw ?? '') &&
        tokens[index + 2]?.kind === 'word' &&
        tokens[index + 2]!.raw === tokens[index + 2]!.norm &&
        (index === 0 || tokens[index - 1]!.kind === 'punct'));
    if (token.kind === 'word' && /^\p{Lu}/u.test(token.raw) && isNameLike(token, false) && !inverted) {
      const before = tokens[index - 1];
      // "de Wit", "Oude Geerdink hef …": the particle or "Oude" before the capital is the name's own.
      let from =
        before &&
        ((nameParticles.has(before.norm) && !namePrepositions.has(before.norm)) || (before.norm === 'oude' && /^\p{Lu}/u.test(before.raw)))
          ? index - 1
          : index;
      // "zoek de la Cruz", "dhr. da la Fuente": particles before it are the name's own too.
      while (from < index && from > 0 && ownParticle(tokens[from - 1]!)) from--;
      const span = collectName(tokens, from, true);
      if (span && !namesStaff(tokens, span)) return span;
    }
  }
  // Lower-case shorthand: "overdracht jan", "dx jansen", "jan weigerde med", "eh status intake sjors", "kan winston …".
  for (let index = 0, said = 0; index < tokens.length && said < 3; index++) {
    const token = tokens[index]!;
    if (token.kind !== 'word') break;
    // A pronoun is the subject ("ze huilt", "je zijn overdracht hebt gegeven"): no name follows.
    if (refersToPatient(tokens, index)) break;
    const span = collectName(tokens, index, false);
    if (span && !namesStaff(tokens, span) && !(capitalisedName && typedLower(tokens, span))) return span;
    if (!fillers.has(token.norm)) said++;
    // Only command, question and subject words come before a shorthand name; "ze huilt" and "vraag een tolk aan" name no one.
    if (
      !lookup(token.norm).concepts.size &&
      !honorifics.has(token.norm) &&
      !fillers.has(token.norm) &&
      !actionStarters.has(token.norm) &&
      !questionStarters.has(token.norm)
    )
      break;
  }
  // The subject of a question in lower case: "welke afspraken heeft thijs", "wanneer zie ik joris".
  for (let index = 1; index < tokens.length; index++) {
    if (!subjectVerbs.has(tokens[index - 1]!.norm)) continue;
    const from = tokens[index]?.norm === 'ik' ? index + 1 : index;
    const span = collectName(tokens, from, false);
    if (span && !namesStaff(tokens, span)) return span;
  }
  // Shorthand that ends with its patient: "risico inschatting ilse", "ovdr afd. en dx sanne", also asked ("lithiumspiegel postma?").
  const words = tokens.filter((token) => token.kind === 'word');
  const last = words.at(-1);
  const asked = tokens.at(-1)?.norm === '?';
  const pronoun = tokens.some((_, index) => refersToPatient(tokens, index) || negations.has(tokens[index]!.norm));
  if (
    last &&
    !capitalisedName &&
    !pronoun &&
    !looksLikeVerb(last.norm) &&
    words.length >= 2 &&
    words.length <= 5 &&
    tokens.at(asked ? -2 : -1) === last
  ) {
    const before = words.slice(0, -1);
    // Before it, words of the lexicon or words the ward writes in lower case (the name tagger's vocabulary, ADR 0103).
    const known = (token: Token) =>
      lookup(token.norm).concepts.size > 0 ||
      notNames.has(token.norm) ||
      fillers.has(token.norm) ||
      namePrepositions.has(token.norm) ||
      (asked && taggerVocabulary().has(token.norm));
    if (before.every(known) && (asked || before.some((token) => lookup(token.norm).concepts.size > 0))) {
      // "gewicht afgelopen maand de graaf?": the particles before it are the name's own ("zoek even op ilse": not "op").
      const at = tokens.indexOf(last);
      let from = at;
      while (from > 0 && nameParticles.has(tokens[from - 1]!.norm) && before.length > 1) from--;
      const span = collectName(tokens, from, false) ?? (from < at ? collectName(tokens, at, false) : null);
      if (span) return span;
    }
  }
  return null;
}

/** A particle before another that opens a capitalised name ("de la Cruz"): no preposition, no everyday word ("in", "het"). */
function ownParticle(token: Token): boolean {
  return (
    token.kind === 'word' &&
    token.raw === token.norm &&
    nameParticles.has(token.norm) &&
    !namePrepositions.has(token.norm) &&
    !everydayParticles.includes(token.norm)
  );
}
