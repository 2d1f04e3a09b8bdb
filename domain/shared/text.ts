/** "zaterdag 21 november" → "Zaterdag 21 november": only the first letter, Dutch rules for the rest. */
export function capitaliseFirst(text: string): string {
  return text ? text[0]!.toLocaleUpperCase('nl-NL') + text.slice(1) : text;
}

/**
 * How many characters a person counts in a text: code points, so an emoji or an accented letter
 * typed as one is one (JavaScript's `length` counts UTF-16 units: 300 emoji would be 600).
 * PostgreSQL's `char_length` counts the same way.
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** "Een dagnotitie is maximaal 500 tekens; deze is 37 tekens te lang." */
export function tooLongMessage(what: string, max: number, count: number): string {
  const over = count - max;
  return `${what} is maximaal ${max} tekens; deze is ${countOf(over, 'teken', 'tekens')} te lang.`;
}

/**
 * "Ünal Çelik" → "unal celik": lower case without accents or other diacritics, for comparing what
 * people type with what is stored or listed (a word list is written folded).
 */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/*
 * Name particles ("tussenvoegsels"), in lower case. Where a name is split, matched or recognised,
 * these lists are the one source; each use composes the groups it needs.
 */
/** The particles of Dutch family names: "de Vries", "van der Berg", "in 't Veld". */
export const nameParticles = [
  'van',
  'de',
  'der',
  'den',
  'het',
  't',
  "'t",
  '’t',
  'te',
  'ter',
  'ten',
  'in',
  'op',
  'uit',
  'la',
  'le',
  'du',
  'da',
  'di',
  'von',
];
/** Titles before a name and the gender each says, one list for the intent reflex and the pseudonymiser. */
const womenTitles = new Set(['mw', 'mevr', 'mevrouw', 'madame', 'mvr']);
const menTitles = new Set(['dhr', 'hr', 'heer', 'meneer', 'mijnheer', 'monsieur', 'mnr', 'menier']);

/** The gender a title says ("mw." → female, "dhr" → male), or undefined for a word that is no title. */
export function genderOfTitle(title: string): 'female' | 'male' | undefined {
  const word = title.toLowerCase().replace(/\.$/, '');
  return womenTitles.has(word) ? 'female' : menTitles.has(word) ? 'male' : undefined;
}

/** Particles that are ordinary prepositions too ("Aan de Stegge", "Del Castillo"): only a stored name is split on them. */
export const rarerNameParticles = ['aan', 'bij', 'onder', 'voor', 'del', 'della', 'zu'];
/** Parts of family names from other languages that are written capitalised: "El Amrani", "Ben Ali", "Mac Lean". */
export const surnamePrefixes = ['el', 'al', 'ben', 'bin', 'ibn', 'abu', 'mac', 'mc'];
/** Particles as they are abbreviated when typed: "v.d. Berg", "vd Berg". */
export const particleAbbreviations = ['v', 'd', 'vd'];
/**
 * Initials before a family name ("J.P. de Wit", "dhr. J. Th. Bakker", "mw. a. el amrani"): each a letter, or a given name
 * written short ("Th", "Chr", "Joh"), with its dot. One reader for the intent reflex (which keeps them in the name it hears)
 * and the patient search (which matches them against the given names).
 */
const initialShortForms = ['th', 'chr', 'joh'];
export function isInitial(word: string): boolean {
  return /^\p{L}$/u.test(word) || initialShortForms.includes(word.toLowerCase());
}
/** The dotted initials opening a typed name, with the space after them: "J. Th. " of "J. Th. Bakker". */
export const dottedInitials = new RegExp(`^\\s*((?:(?:\\p{L}|${initialShortForms.join('|')})\\.\\s*)+)`, 'iu');
/**
 * Of the dotted letters typed before a name, how many are initials: a trailing "v.", "d." or "v.d." is the particle it
 * abbreviates ("A. v.d. Berg", "j.p. v. dijk"), unless a particle follows it ("D. de Wit").
 */
export function initialsBeforeName(letters: readonly string[], particleFollows: boolean): number {
  const lower = letters.map((letter) => letter.toLowerCase());
  if (particleFollows) return lower.length;
  if (lower.at(-1) === 'd' && lower.at(-2) === 'v') return lower.length - 2;
  if (lower.at(-1) === 'v' || lower.at(-1) === 'd') return lower.length - 1;
  return lower.length;
}
/**
 * Who someone is to the patient by family or household ("moeder", "zwager", "ex-vriendin", "huisgenoot"): one list for the
 * pseudonymiser (a name may follow; never a nickname itself) and the name tagger.
 */
export const kinWords = [
  'moeder',
  'vader',
  'ouders',
  'zus',
  'zusje',
  'zuster',
  'broer',
  'broertje',
  'zoon',
  'zoontje',
  'dochter',
  'dochtertje',
  'kind',
  'oom',
  'tante',
  'neef',
  'nicht',
  'opa',
  'oma',
  'grootvader',
  'grootmoeder',
  'kleinzoon',
  'kleindochter',
  'schoonmoeder',
  'schoonvader',
  'schoonzus',
  'schoonzoon',
  'schoondochter',
  'zwager',
  'stiefvader',
  'stiefmoeder',
  'pleegmoeder',
  'pleegvader',
  'partner',
  'ex-partner',
  'echtgenoot',
  'echtgenote',
  'ex-man',
  'ex-vrouw',
  'man',
  'vrouw',
  'vriend',
  'vriendin',
  'ex-vriend',
  'ex-vriendin',
  'ex',
  'buurvrouw',
  'buurman',
  'kamergenoot',
  'kamergenote',
  'medepatiënt',
  'medepatiente',
  'medepatiënte',
  'medebewoner',
  'medebewoonster',
  'huisgenoot',
];
/**
 * What a family calls its own, written with a capital as a name is ("Mam zegt", "Pake belde", "Tantie kwam"): a relative,
 * never a name or a nickname of one. With `kinWords`, the one list for the pseudonymiser's nicknames and the name tagger.
 */
export const familyAddressWords = [
  'mam',
  'mama',
  'mamma',
  'mams',
  'mammie',
  'mamsie',
  'ma',
  'moe',
  'moes',
  'moeke',
  'mem',
  'pap',
  'papa',
  'pappa',
  'paps',
  'pappie',
  'pa',
  'va',
  'vadder',
  'heit',
  'opi',
  'opoe',
  'oopa',
  'omi',
  'pake',
  'beppe',
  'ome',
  'nonkel',
  'tantie',
];
/** Particles that are everyday words in a sentence too ("in", "op", "het"): no sign on their own that a lower-case name follows. */
export const everydayParticles = ['het', 't', "'t", '’t', 'in', 'op', 'uit'];

/**
 * "1 incident", "2 incidenten": a count with the word that fits it; with `none` ("geen"), 0 reads
 * "geen incidenten". Every count the product shows goes through here (docs/style-guide.md).
 */
export function countOf(count: number, one: string, many: string, { none }: { none?: string } = {}): string {
  if (count === 0 && none) return `${none} ${many}`;
  return `${count} ${count === 1 ? one : many}`;
}

/** "a", "a en b", "a, b en c". */
export function sentenceList(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} en ${parts.at(-1)}`;
}

// Grouping off: "1234 ml" reads as a measurement, and "1.234" would read as a decimal point.
const decimalFormats = new Map<number, Intl.NumberFormat>();

/** A number as the ward writes it: a decimal comma, at most `maxDecimals` decimals ("39,4", "2,6", "120"). */
export function formatNumber(value: number, maxDecimals = 2): string {
  let format = decimalFormats.get(maxDecimals);
  if (!format) {
    format = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: maxDecimals, useGrouping: false });
    decimalFormats.set(maxDecimals, format);
  }
  return format.format(value);
}

/** A measured value with its unit, a space between: "39,4 °C", "2,6 mmol/l"; a percentage as "97%". */
export function formatMeasurement(value: number, unit: string | null | undefined): string {
  const number = formatNumber(value);
  if (!unit) return number;
  return unit === '%' ? `${number}%` : `${number} ${unit}`;
}

/** The units a measurement in running text carries, as the language check knows them. */
const textUnits = String.raw`°C|mmol\/l|mmHg|kg|mg|ml|cm|%|\/min`;
const pointBeforeUnit = new RegExp(String.raw`(?<![\p{L}\p{N}.,:/-])(\d{1,4})\.(\d{1,3})(\s?)(${textUnits})(?![\p{L}/])`, 'giu');
const unspacedUnit = new RegExp(String.raw`(\d)(°C|mmol\/l|mmHg)(?![\p{L}/])`, 'giu');

/**
 * Measurements in generated text (a handover summary from a note or a model) as the ward writes
 * them: "temp 39.4°C" becomes "temp 39,4 °C", "glucose 2.6 mmol/l" becomes "glucose 2,6 mmol/l".
 * Only a number followed by a unit is touched: "versie 1.2" and "23.11.2026" stay as they are.
 */
export function dutchMeasurementsIn(text: string): string {
  return text
    .replace(pointBeforeUnit, (_, whole: string, fraction: string, space: string, unit: string) => `${whole},${fraction}${space}${unit}`)
    .replace(unspacedUnit, '$1 $2');
}
