import { products } from '../medication/products';
import { monthNames } from '../shared/clinical-time';
import { numberWordParts, numberWordsBetween } from '../shared/number-words';
import { GIVEN_NAMES_NL, ORDINARY_GIVEN_NAMES_NL } from './given-names';
import { careServiceWords, namedOrganisations } from './named-organisations';
import { isCalledFormOf, isNicknameOf, nicknameOf } from './nicknames';
import {
  callingWords,
  doubtedGuess,
  holdsCapitalisedWord,
  nameTaggerActive,
  readingOf,
  taggedNames,
  taggerVocabulary,
  type Masked,
} from './name-tagger';
import { DICTIONARY_NAMES, LISTED_GIVEN_NAMES, LISTED_SURNAMES, ORDINARY_LISTED_GIVEN_NAMES, ORDINARY_LISTED_SURNAMES } from './name-lists';
import { editDistance } from '../patient/name-matching';
import {
  nameParticles,
  rarerNameParticles,
  everydayParticles,
  surnamePrefixes,
  genderOfTitle,
  kinWords,
  familyAddressWords,
} from '../shared/text';
/**
 * Pseudonymisation of text sent to a language model.
 *
 * Personal data is swapped for stable placeholders ("[PATIENT_1]", "[BSN_1]", ...) before a prompt
 * leaves the server, and the model's answer is re-identified on the server afterwards. Each distinct
 * surface string gets its own placeholder, so re-identification restores exactly what was written
 * (case, spacing and formatting included) without having to guess which variant was meant.
 *
 * Detection is deliberately biased towards replacing too much rather than too little, except where
 * a false positive would change the clinical meaning for the model (times, doses, vital values,
 * appointment dates).
 */

export interface KnownPerson {
  /** Display name, e.g. "Jan de Vries" or "Kees van der Berg". */
  name: string;
  given?: string[]; // e.g. ['Jan', 'Hendrik']
  prefix?: string | null; // e.g. 'de', 'van der'
  family?: string | null; // e.g. 'Vries'
  bsn?: string | null; // 9 digits
  birthDate?: string | null; // YYYY-MM-DD
  street?: string | null;
  postalCode?: string | null;
  city?: string | null;
  phone?: string | null;
  email?: string | null;
  /**
   * How the person relates to the patient ("moeder", "huisarts", "contactpersoon"). Someone with a
   * relation is never labelled as a patient: `[PERSOON_n]`, not `[PATIENT_n]` (issue 42).
   */
  relation?: string | null;
  /**
   * The person's gender as the record holds it (`patients.gender`). A title of the other gender before
   * the patient's surname ("mw. Bakker" for a male patient) names a relative, not the patient (ADR 0107, round five).
   */
  gender?: 'male' | 'female' | 'other' | 'unknown' | null;
}

type Kind =
  | 'PATIENT'
  | 'PERSOON'
  | 'BSN'
  | 'GEBOORTEDATUM'
  | 'ADRES'
  | 'POSTCODE'
  | 'TELEFOON'
  | 'EMAIL'
  | 'IBAN'
  | 'POLISNUMMER'
  | 'KENTEKEN'
  | 'ACCOUNT'
  | 'URL'
  | 'NUMMER';
type SimpleKind = Exclude<Kind, 'PATIENT'>;

/** Which part of a known person's name a surface string is; it becomes a placeholder suffix. */
type NameForm = 'full' | 'family' | 'given';

type Target = { kind: SimpleKind } | { kind: 'PATIENT'; person: number; form: NameForm };

interface Rule {
  /** Global and Unicode-aware; never matches the mask character. */
  pattern: RegExp;
  /** What a match stands for, or null to leave it alone. */
  classify: (match: RegExpExecArray) => Target | null;
  /**
   * For a pattern that starts with a lookbehind (a cue: "moeder", "polisnummer", "mw."): the cue on
   * its own. A text without it cannot match, and is not scanned: a leading lookbehind is tried
   * backwards at every position of the text, the cue alone is searched forwards (ten times cheaper).
   */
  cue?: RegExp;
  /** The working text as this rule reads it, character for character (same length): look-alike letters read as letters. */
  view?: (working: string) => string;
  /** What it matches stays as written, and no later rule reads it (an organisation named after a person). */
  keep?: boolean;
}

/** The cue of a pattern that starts with a lookbehind `(?<=…)`, compiled to search forwards; undefined otherwise. */
function cueOf(source: string, flags: string): RegExp | undefined {
  if (!source.startsWith('(?<=')) return undefined;
  let depth = 0;
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (char === '\\') index++;
    else if (char === '[') {
      // A character class: its brackets and parentheses are literal.
      for (index++; index < source.length && source[index] !== ']'; index++) if (source[index] === '\\') index++;
    } else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return compiled(source.slice(4, index), flags.replace('g', ''));
  }
  return undefined;
}

interface Hit {
  start: number;
  end: number;
  target: Target;
}

interface NameVariant {
  source: string;
  /** Length of the written form, to try longer variants first. */
  length: number;
  /**
   * The variant's longest word, folded: a text can only hold the variant if it holds this word
   * (or this word with a possessive s). Texts are looked up by their words, so the names tried on a
   * text are those it may contain, not everyone known (issue 38).
   */
  anchor: string;
  person: number;
  form: NameForm;
  /**
   * Token (whitespace-separated) that must not start with a lowercase letter. Bare surnames and
   * given names are often ordinary words too ("Bakker", "Roos"), so they count only when written
   * as a name. Null for forms that are unambiguous in any case.
   */
  capitalToken: number | null;
  /** A short form of a given name ("Rinus" for Marinus, "Hannes" for Johannes): counts only when capitalised. */
  capitalOnly?: boolean;
  /** A nickname found in the text (`nicknames.ts`): not after an article, where a capitalised word is a thing or a place ("de Roos"). */
  nickname?: boolean;
  /** What the text says someone is called by ("noem me maar Co"): a name in that place even if it is a Dutch word. */
  called?: boolean;
  /** For a surname: the person's own given names, folded; another given name before it is a relative (issue 42). */
  givenNames?: string[];
}

// ---------------------------------------------------------------------------------------------
// Shared pattern pieces. `\b` is ASCII-only and would split words at é, ë, ç ..., hence the
// explicit Unicode look-arounds. Combining marks count as letters so decomposed text (e + ̈)
// does not create a boundary in the middle of a word.

const WORD_CHAR = '[\\p{L}\\p{M}\\p{N}_]';
const START = `(?<!${WORD_CHAR})`;
const END = `(?!${WORD_CHAR})`;
/** A number must not continue another number ("10.00 12.30") or a word ("T10"). */
const NUM_START = `(?<!${WORD_CHAR}|\\p{N}[.,:])`;
const NUM_END = `(?!${WORD_CHAR}|[.,:]\\p{N})`;
/** Horizontal white space only: a line break usually ends an address or a name. */
const SP = '[ \\t\\u00a0]+';
const SP_OPT = '[ \\t\\u00a0]?';

/** Replaced spans are overwritten with this in the working copy so no later rule can touch them. */
const MASK = '\uE000';

/** Also the shape of the placeholders we create, so text that already contains one is left alone. */
const PLACEHOLDER = /\[([A-Z]+)_(\d+)(?:_[A-Z0-9]+)*\]/g;

const MONTHS =
  'januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december|' +
  'jan|feb|mrt|apr|jun|jul|aug|sept|sep|okt|nov|dec';
const MONTH_ABBREVIATIONS = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];

const DATE = `(?:\\d{4}[-/.]\\d{1,2}[-/.]\\d{1,2}|\\d{1,2}[-/.]\\d{1,2}[-/.](?:\\d{4}|['’]?\\d{2})|\\d{1,2}(?:e|de|ste)?${SP}(?:${MONTHS})\\.?${SP}\\d{4})`;
const DATE_END = `(?!${WORD_CHAR}|[-/.:]\\p{N})`;

/** Hyphens include the non-breaking and figure hyphens word processors put in ("06‑2954‑0183"). */
const PHONE_SEP = '[ .\\u00a0\\u2010-\\u2012-]';

/** Words that are never a name on their own, even when capitalised at the start of a sentence. */
const STOP_WORDS = new Set([
  'aan',
  'als',
  'bij',
  'dan',
  'dat',
  'deze',
  'die',
  'dit',
  'door',
  'een',
  'geen',
  'had',
  'haar',
  'heeft',
  'hem',
  'het',
  'hij',
  'hoe',
  'kan',
  'maar',
  'met',
  'naar',
  'niet',
  'nog',
  'ook',
  'over',
  'per',
  'tot',
  'uit',
  'van',
  'veel',
  'voor',
  'was',
  'wat',
  'wel',
  'wie',
  'wij',
  'zal',
  'zij',
  'zijn',
]);

/** Words that start a sentence rather than a person's or street name. */
const CAPITALISED_NON_NAMES =
  'Hij|Zij|Ze|Het|Een|De|Dit|Deze|Die|Dat|Er|Wij|We|Ik|En|Of|Vandaag|Gisteren|Morgen|' +
  'Maandag|Dinsdag|Woensdag|Donderdag|Vrijdag|Zaterdag|Zondag|' +
  'Januari|Februari|Maart|April|Mei|Juni|Juli|Augustus|September|Oktober|November|December';

/** Lowercase name particles ("tussenvoegsels"), used to split a display name. */
const NAME_PARTICLES = new Set([...nameParticles, ...rarerNameParticles]);
/** Particles that belong to the surname even when capitalised ("El Amrani", "Ben Ali", "Van Dijk", "In 't Veld"). */
const CAPITAL_PARTICLES = new Set([...surnamePrefixes, ...nameParticles]);
/** Particles of a name written in lower case ("de vries", "el amrani"), in a pattern; not the everyday words "in", "op", "het". */
const LOWERCASE_PARTICLE = [...surnamePrefixes, ...nameParticles.filter((particle) => !everydayParticles.includes(particle))].join('|');

// ---------------------------------------------------------------------------------------------
// Patterns for data of people we do not know by name.

const EMAIL_RULE = `(?<![\\p{L}\\p{M}\\p{N}._%+-])[\\p{L}\\p{M}\\p{N}._%+-]+@[\\p{L}\\p{M}\\p{N}-]+(?:\\.[\\p{L}\\p{M}\\p{N}-]+)*\\.\\p{L}{2,}${END}`;

const PHONE_RULE =
  `(?:(?<![\\p{L}\\p{M}\\p{N}_+])(?:\\+|00)31${PHONE_SEP}?(?:\\(0\\)${PHONE_SEP}?)?[1-9](?:${PHONE_SEP}?\\d){8}` +
  `|(?<![\\p{L}\\p{M}\\p{N}_+])(?:\\((?=0[1-9]\\d{0,3}\\)))?0[1-9](?:(?:\\)${PHONE_SEP}?|${PHONE_SEP})?\\d){8})${NUM_END}`;
/** "05-12-2025 14 uur" has ten digits starting with 0 too. */
const DATE_LIKE = /^\d{1,2}[-.]\d{1,2}[-.](?:19|20)\d{2}(?!\d)/;

/** Common ways to write a BSN; other groupings of nine digits are too often something else. */
const BSN_RULE = `${NUM_START}(?:\\d{9}|\\d{3}[ .-]\\d{3}[ .-]\\d{3}|\\d{4}[ .-]\\d{2}[ .-]\\d{3}|\\d{2}[ .-]\\d{2}[ .-]\\d{2}[ .-]\\d{3})${NUM_END}`;

/**
 * Letters are upper case as printed on letters and forms; lowercase would catch "1000 mg". SA, SD
 * and SS are never issued; the unit abbreviations keep "1000 MG" in a medication list intact.
 */
const POSTCODE_RULE = `${START}[1-9]\\d{3}(?:${SP_OPT}|-)(?!SA|SD|SS|MG|ML|KG|CM|MM)[A-Z]{2}${END}`;

const STREET_SUFFIX =
  'straat|laan|weg|plein|gracht|kade|singel|dijk|steeg|hof|park|pad|dreef|markt|hout|dam|wal|haven|veld|baan|plantsoen|boulevard';
const STREET_ALONE = 'Dam|Markt|Plein|Laan|Kade|Singel|Gracht|Dijk|Hof|Wal';
const STREET_PARTICLE = "(?:de|van|der|den|het|['’]t|te|ter|ten|la|le)";
/** A capitalised word before the street word ("Lange Voorhout"), unless it starts the sentence. */
const STREET_LEAD = `(?!(?:Op|In|Aan|Naar|Bij|Uit|Via|Vanaf|Tot|Met|Voor|Naast|Langs|Richting|Adres|Woont|De|Het|Een|En|Of)${END})\\p{Lu}[\\p{L}\\p{M}'’.-]*${SP}(?:${STREET_PARTICLE}${SP})*`;
const STREET_WORD = `(?:\\p{Lu}[\\p{L}\\p{M}'’-]*(?:${STREET_SUFFIX})|${STREET_ALONE})`;
const HOUSE_NUMBER = `\\d{1,5}(?:${SP_OPT}[a-zA-Z](?![\\p{L}\\p{M}])|-(?:\\d{1,4}|[A-Za-z]{1,4}(?![\\p{L}\\p{M}])))?(?:${SP}(?:rood|hoog|huis|bis|zwart|boven|beneden|hs|bg|I{1,3}|IV)(?![\\p{L}\\p{M}])|(?:bis|hs|bg)(?![\\p{L}\\p{M}]))?`;
/** A house number read out where the address ends: "Veldweg zeventien komma", "Herestraat achtentachtig." (issue 42, dictation). */
const SPOKEN_HOUSE_NUMBER =
  '(?:(?:een|twee|drie|vier|vijf|zes|zeven|acht|negen|tien|elf|twaalf|dertien|veertien|vijftien|zestien|zeventien|achttien|negentien|twintig|dertig|veertig|vijftig|zestig|zeventig|tachtig|negentig|honderd)(?:en|ën)?)+';
/** Where a house number read out ends the address: a sign, a read-out sign, "te"/"in" before the town, "postcode", the line's end. */
const SPOKEN_ADDRESS_END = `(?=[,;.]|${SP}(?:komma|punt|te|in|postcode)${END}|[ \\t]*(?:\\n|$))`;
const STREET_RULE =
  `${START}(?:${STREET_LEAD}){0,2}${STREET_WORD}` +
  `(?:${SP}(?:${STREET_PARTICLE}${SP})+\\p{Lu}[\\p{L}\\p{M}'’-]*)?` + // "Laan van Meerdervoort"
  `${SP}(?:${HOUSE_NUMBER}${NUM_END}|${SPOKEN_HOUSE_NUMBER}${END}${SPOKEN_ADDRESS_END})`;

/** Only dates close after a birth word are birth dates; appointments must reach the model. */
const BIRTH_WORD = `(?:geboren|gebore|berne|geboortedatum|geboorte${SP}datum|geb\\.?${SP_OPT}datum|gebdat|geb)${END}\\.?`;
const BIRTH_DATE_RULE = `(?<=${START}${BIRTH_WORD}[^\\p{N}\\n.!?;]{0,30})${NUM_START}${DATE}${DATE_END}`;

/** Title case or all caps, as honorifics are written at the start of a sentence or in headings. */
function titleOrUpper(words: string): string {
  const title = words
    .split(' ')
    .map((w) => `[${w.charAt(0).toUpperCase()}${w.charAt(0)}]${w.slice(1)}`)
    .join(SP);
  return `${title}|${words.toUpperCase().split(' ').join(SP)}`;
}

const HONORIFIC = `(?:${['mw', 'mevr', 'mvr', 'mevrouw', 'dhr', 'hr', 'de heer', 'meneer', 'mr', 'dr', 'drs', 'ir', 'prof', 'fam', 'familie'].map(titleOrUpper).join('|')}|heer|[Gg]eb\\.)`;
const CAPITALISED_NAME = `(?!(?:${CAPITALISED_NON_NAMES})${END})\\p{Lu}\\p{M}*(?:['’]\\p{Lu})?\\p{Ll}[\\p{L}\\p{M}'’]*`;
// "in" and "op" open a surname only before an article ("in 't Veld", "op de Beek"); alone they are prepositions
// ("familie in Suriname").
const PERSON_PARTICLE = `(?:[Vv]an|[Dd]e|[Dd]er|[Dd]en|[Tt]er|[Tt]en|[Tt]e|[Hh]et|['’]t|(?:[Ii]n|[Oo]p)(?=${SP}(?:['’]t|[Dd]e|[Dd]en|[Hh]et)${END})|[Ee]l|[Aa]l|[Ll]e|[Ll]a|[Dd]a|[Dd]i|[Dd]u|[Vv]on|[Bb]en|[Bb]in|[Aa]bu)`;
const SURNAME = `(?:${PERSON_PARTICLE}${SP})*${CAPITALISED_NAME}(?:-(?:${PERSON_PARTICLE}${SP})*${CAPITALISED_NAME})*`;
/** The honorific stays in the text so the model still knows how to address the person. */
/**
 * One initial: a capital and a full stop, or the few initials of more letters Dutch writes ("Th.", "Ch.", "Chr.", "Joh.").
 * Round 13 (ADR 0107): "mevrouw Ch. Pattipeilohy" lost only "Ch" before.
 */
const MULTI_LETTER_INITIAL = '(?:Th|Ch|Chr|Ph|Joh|Corn|Jac|Wm|Fr|Gerr|Hub|Ant)\\.';
const INITIAL = `(?:\\p{Lu}\\.|${MULTI_LETTER_INITIAL})`;
const PERSON_RULE = `(?<=${START}(?:${HONORIFIC})\\.?${SP})(?:(?:${INITIAL}${SP_OPT}){1,4})?${SURNAME}(?:${SP}${SURNAME})?${END}`;
/** After a title a name may be in lower case or capitals too: "meneer mulder", "mw el amrani", "MEVR. YILMAZ". */
const TITLED_LOWERCASE_RULE = `(?<=${START}(?:${HONORIFIC}|[Mm]evr|[Dd]okter)\\.?${SP})(?:(?:(?:${LOWERCASE_PARTICLE}|['’]t)${SP})+\\p{Ll}[\\p{L}\\p{M}'’-]{1,}${END}|\\p{Ll}[\\p{L}\\p{M}'’-]{1,}${END}(?=${SP}(?:is|was|wil|wilde|zegt|zei|heeft|had|vertelt|vertelde|komt|kwam|gaat|ging|belt|belde|lijkt|oogt|reageert|weigert|weigerde|vraagt|vroeg|zit|zat|ligt|lag|loopt|liep|slaapt|sliep|krijgt|kreeg|wordt|werd|kan|kon|moet|mag|zou|blijft|voelt|neemt|staat|hoort|ziet|huilt)${END})|\\p{Lu}{2,}[\\p{Lu}\\p{M}'’-]*${END})`;

/**
 * Patterns built for the people of a call (their phone numbers, streets, name variants) are
 * compiled once per source, not once per call: a clinician's next request knows the same people
 * (issue 38). Safe to share: a rule's pattern is only read through `matchAll`, which works on a
 * copy, never through its own `lastIndex`. Bounded: forgotten all at once when full.
 */
const compiledPatterns = new Map<string, RegExp>();
const maxCompiledPatterns = 2_000;

function compiled(source: string, flags: string): RegExp {
  const key = `${flags}/${source}`;
  let pattern = compiledPatterns.get(key);
  if (!pattern) {
    pattern = new RegExp(source, flags);
    if (compiledPatterns.size >= maxCompiledPatterns) compiledPatterns.clear();
    compiledPatterns.set(key, pattern);
  }
  return pattern;
}

function rule(source: string, kind: SimpleKind, accept?: (surface: string) => boolean, flags = 'gu'): Rule {
  const pattern = compiled(source, flags);
  return { pattern, cue: cueOf(source, flags), classify: (m) => (accept && !accept(m[0]) ? null : { kind }) };
}

/** "Albert Heijn", "Jeroen Bosch Ziekenhuis": kept as written before any name rule can take a word of them. */
const NAMED_ORGANISATION: Rule = {
  pattern: compiled(
    `(?<![\\p{L}\\p{N}])(?:${[...namedOrganisations]
      .sort((a, b) => b.length - a.length)
      .map((name) => escapeRegExp(name).replace(/['’]/g, "['’]").replace(/ /g, '\\s+'))
      .join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  ),
  classify: () => ({ kind: 'PERSOON' }),
  keep: true,
};

/**
 * An instrument or disease named after people, written before its kind: "De Jong Gierveld
 * eenzaamheidsschaal", "Young Mania Rating Scale", "Yale-Brown obsessieschaal". Kept as written.
 */
const EPONYM: Rule = {
  pattern: new RegExp(
    `${START}(?:(?:De|Van|de|van)${SP})?\\p{Lu}\\p{Ll}+(?:[- \\t\\u00a0]+\\p{Lu}\\p{Ll}+){0,3}(?=${SP}\\p{Ll}*(?:schaal|lijst|test|vragenlijst|methode|syndroom|score|criteria|index)${END})` +
      // A disorder's eponym bound by particles to the name before it, the name of the disorder: "Gilles de la Tourette".
      `|${START}\\p{Lu}\\p{Ll}+(?:${SP}\\p{Ll}{1,3})+${SP}(\\p{Lu}\\p{Ll}+)${END}`,
    'gu',
  ),
  classify: (match) => (match[1] === undefined || EPONYMS.has(match[1].toLowerCase()) ? { kind: 'PERSOON' } : null),
  keep: true,
};

const startsLowercase = (text: string): boolean => /^\p{Ll}/u.test(text);

/** Rules that do not depend on known persons, compiled once per process. */
const EMAIL = rule(EMAIL_RULE, 'EMAIL');
const PHONE = rule(PHONE_RULE, 'TELEFOON', (s) => !DATE_LIKE.test(s));
/**
 * A foreign number in international form: "+32 470 12 34 56", "0049 171 1234567", "+44 (0)20 7946 0958".
 * Nine to thirteen digits after the country code; Dutch numbers are taken by PHONE before.
 */
const FOREIGN_PHONE = rule(
  `(?<![\\p{L}\\p{M}\\p{N}_+])(?:\\+|00${SP_OPT})[1-9]\\d{0,2}(?:${PHONE_SEP}?\\(0\\))?(?:${PHONE_SEP}{0,3}\\d{1,8}){2,6}${NUM_END}`,
  'TELEFOON',
  (surface) => {
    const digits = surface.replace(/^\+|^00/, '').replace(/\D/g, '').length;
    return digits >= 9 && digits <= 14;
  },
);
const BSN = rule(BSN_RULE, 'BSN');
const POSTCODE = rule(POSTCODE_RULE, 'POSTCODE');
const STREET = rule(STREET_RULE, 'ADRES');
/**
 * A street with no street word, known by where it stands (ADR 0107 round eight): a capitalised word and a house number
 * before a postcode ("Brink 4, 7881 BR") or after the word "adres" ("adres (Lisdodde 7)"). Read before the postcode
 * is replaced, so the postcode still shows.
 */
const STREET_BY_PLACE = rule(
  `${START}(?:(?<=${START}[Aa]dres${SP_OPT}[(:]?${SP_OPT})(?:${STREET_LEAD})?\\p{Lu}[\\p{Ll}\\p{M}'’-]+${SP}${HOUSE_NUMBER}${NUM_END}` +
    `|(?:${STREET_LEAD})?\\p{Lu}[\\p{Ll}\\p{M}'’-]+${SP}${HOUSE_NUMBER}(?=,?${SP}[1-9]\\d{3}${SP_OPT}[A-Z]{2}${END}))`,
  'ADRES',
);
/**
 * Where someone lives, said with a verb of living (round twelve, ADR 0107): a capitalised name with a house number after
 * "aan de", "op het" ("woont aan de Amstel 216", "slaapt bij een vriend aan de Weteringschans 88"), or a street by its
 * ending without a number ("woont in de Lindenlaan"). A name with a number after a verb of living is an address, a
 * street's name alone narrows a person down to a few houses.
 */
const LIVES =
  '(?:woont|woonde|wonen|wonend|woonachtig|verhuisd|verhuist|verhuizen|verhuisde|logeert|logeerde|verblijft|verbleef|slaapt|sliep|adres|woonadres)';
const STREET_BY_LIVING = rule(
  `(?<=${START}${LIVES}${END}[^.!?\\n${MASK}]{0,40}${START}(?:aan|op|in)${SP}(?:(?:de|het|den)${SP})?)` +
    `\\p{Lu}[\\p{L}\\p{M}'’-]+(?:${SP}\\p{Lu}[\\p{L}\\p{M}'’-]+)?${SP}${HOUSE_NUMBER}${NUM_END}(?!${SP}(?:jaar|maanden|weken|dagen|nachten|uur|keer)${END})` +
    `|(?<=${START}${LIVES}${END}[^.!?\\n${MASK}]{0,40}${START}(?:aan|op|in)${SP}(?:de|het)${SP})${STREET_WORD}${END}(?!${SP}\\p{N})`,
  'ADRES',
  // A ward's own places are no address: "op de Kamer 12", "op de Afdeling Noord 2".
  (surface) =>
    !surface
      .split(/\s+/u)
      .filter((word) => /^\p{Lu}/u.test(word))
      .some((word) => {
        const lower = word.toLowerCase();
        return taggerVocabulary().has(lower) || isOrdinaryWord(lower) || COMPASS.has(lower) || CARE_SERVICE_WORDS.has(lower);
      }),
);
const BIRTH_DATE = rule(BIRTH_DATE_RULE, 'GEBOORTEDATUM', undefined, 'giu');
/**
 * A birthday without its year still narrows a person down to one day in 365: "jarig op 5 december",
 * "(jarig 5 december)", "is op 14 feb jarig", "verjaardag: 3 maart".
 */
const DAY_MONTH = `${NUM_START}\\d{1,2}${SP}(?:${MONTHS})(?!${SP_OPT}\\p{N})${END}`;
const BIRTHDAY_WORD = `(?:jarig|verjaardag|verjaart|geboortedag)`;
const BIRTHDAY = rule(
  `(?:(?<=${START}${BIRTHDAY_WORD}${END}(?::?${SP}|${SP_OPT}\\(${SP_OPT})(?:(?:op|is|op de|de|van|was)${SP}){0,2})${DAY_MONTH}|${DAY_MONTH}(?=${SP}(?:${BIRTHDAY_WORD})${END}))`,
  'GEBOORTEDATUM',
  undefined,
  'giu',
);
const PERSON = rule(PERSON_RULE, 'PERSOON', (surface) => holdsNoPersonWord(surface));

// ---------------------------------------------------------------------------------------------
// Helpers for known persons.

function escapeRegExp(text: string): string {
  // Only syntax characters: with the `u` flag, escaping anything else (like "-") is an error.
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/** Literal text as a pattern that tolerates other white space and either apostrophe. */
function literal(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .map((word) => escapeRegExp(word).replace(/['’]/g, "['’]"))
    .join('\\s+');
}

/** Both Unicode normal forms, as text pasted from other systems may be decomposed. */
function literalAnyForm(text: string): string {
  const composed = literal(text.normalize('NFC'));
  const decomposed = literal(text.normalize('NFD'));
  return composed === decomposed ? composed : `${composed}|${decomposed}`;
}

const letterCount = (text: string): number => text.match(/\p{L}/gu)?.length ?? 0;
const words = (text: string | null | undefined): string[] => (text ?? '').trim().split(/\s+/).filter(Boolean);

interface NameParts {
  given: string[];
  prefix: string;
  family: string;
}

/** Splits "Kees van der Berg" into given names, particles and surname when fields are missing. */
function splitDisplayName(name: string): NameParts {
  const tokens = words(name);
  if (tokens.length <= 1) return { given: [], prefix: '', family: tokens[0] ?? '' };
  const particleAt = tokens.findIndex((t, i) => i > 0 && NAME_PARTICLES.has(t));
  if (particleAt > 0) {
    let familyAt = particleAt;
    while (familyAt < tokens.length && NAME_PARTICLES.has(tokens[familyAt] ?? '')) familyAt++;
    if (familyAt < tokens.length) {
      return {
        given: tokens.slice(0, particleAt),
        prefix: tokens.slice(particleAt, familyAt).join(' '),
        family: tokens.slice(familyAt).join(' '),
      };
    }
  }
  let familyAt = tokens.length - 1;
  while (familyAt > 1 && CAPITAL_PARTICLES.has((tokens[familyAt - 1] ?? '').toLowerCase())) familyAt--;
  return { given: tokens.slice(0, familyAt), prefix: '', family: tokens.slice(familyAt).join(' ') };
}

function nameParts(person: Pick<KnownPerson, 'name' | 'given' | 'prefix' | 'family'>): NameParts {
  const parsed = splitDisplayName(person.name);
  const given = person.given?.map((g) => g.trim()).filter(Boolean) ?? parsed.given;
  let family = person.family?.trim() || parsed.family;
  let prefix = person.prefix?.trim() ?? '';
  if (person.prefix === undefined && family.toLowerCase() === parsed.family.toLowerCase()) prefix = parsed.prefix;
  if (!prefix) {
    // A surname stored with its particles ("de Vries") still needs "Vries" on its own.
    const tokens = words(family);
    let familyAt = 0;
    while (familyAt < tokens.length - 1 && NAME_PARTICLES.has(tokens[familyAt] ?? '')) familyAt++;
    prefix = tokens.slice(0, familyAt).join(' ');
    family = tokens.slice(familyAt).join(' ');
  }
  return { given, prefix, family };
}

/**
 * What a person's name gives (its variants, its words for the last gate), remembered per name:
 * the people of a call are mostly the same from call to call (the ward's patients, their contact
 * persons), and working their names out again cost more than the scan of the text (issue 38).
 */
const byName = new Map<string, { variants: NameVariant[]; gateWords: string[] }>();
const byPerson = new WeakMap<object, { variants: NameVariant[]; gateWords: string[] }>();
const maxRememberedNames = 5_000;

function rememberedName(person: Pick<KnownPerson, 'name' | 'given' | 'prefix' | 'family'>): {
  variants: NameVariant[];
  gateWords: string[];
} {
  // The same person object (a workflow's staff list, asked for its variants and its gate words) is
  // looked up by identity; another object with the same name by its key.
  const known = byPerson.get(person);
  if (known) return known;
  // Absent and empty mean different things to nameParts: both kept apart in the key.
  const key = JSON.stringify([
    person.name,
    person.given ?? 'absent',
    person.prefix === undefined ? 'absent' : person.prefix,
    person.family ?? null,
  ]);
  let remembered = byName.get(key);
  if (!remembered) {
    remembered = { variants: variantsOfName(person), gateWords: wordsForGate(person) };
    if (byName.size >= maxRememberedNames) byName.clear();
    byName.set(key, remembered);
  }
  byPerson.set(person, remembered);
  return remembered;
}

function nameVariants(person: KnownPerson, index: number): NameVariant[] {
  return rememberedName(person).variants.map((variant) => ({ ...variant, person: index }));
}

/** The variants of one name, numbered as person 0: `nameVariants` numbers them for its call. */
function variantsOfName(person: Pick<KnownPerson, 'name' | 'given' | 'prefix' | 'family'>): NameVariant[] {
  const { given, prefix, family } = nameParts(person);
  const withPrefix = [prefix, family].filter(Boolean).join(' ');
  const prefixTokens = words(prefix).length;
  const variants: NameVariant[] = [];
  const seen = new Set<string>();
  const usableAlone = (word: string): boolean => letterCount(word) >= 3 && !STOP_WORDS.has(word.toLowerCase());
  const add = (text: string, form: NameForm, capitalToken: number | null): void => {
    const tokens = words(text);
    const key = tokens.join(' ').toLowerCase();
    if (!key || seen.has(key)) return;
    // A one-word display name ("Roos") is as ambiguous as a bare given name.
    if (tokens.length === 1 && !usableAlone(key)) return;
    seen.add(key);
    variants.push({
      source: literalAnyForm(text),
      length: key.length,
      anchor: anchorOf(text),
      person: 0,
      form,
      capitalToken: tokens.length === 1 ? 0 : capitalToken,
    });
    // Ward text often drops a name's accents ("ayse" for Ayşe, "Jose" for José, "Zoe" for Zoë): that spelling is the name too.
    const plain = withoutAccents(text);
    if (plain !== text) add(plain, form, capitalToken);
  };

  add(person.name, 'full', null);
  if (family && given.length > 0) {
    add([...given, withPrefix].join(' '), 'full', null);
    for (const name of given) add(`${name} ${withPrefix}`, 'full', null);
    // Initials are how names appear in letters and reports: "J.H. de Vries", "J. de Vries".
    const initials = given.map((g) => g.charAt(0));
    const initialSources = new Set([initials.map((i) => `${escapeRegExp(i)}\\.`).join('\\s?'), `${escapeRegExp(initials[0] ?? '')}\\.`]);
    for (const source of initialSources) {
      variants.push({
        source: `${source}\\s*${literal(withPrefix)}`,
        length: initials.length * 2 + withPrefix.length + 1,
        anchor: anchorOf(`${initials.join('. ')}. ${withPrefix}`),
        person: 0,
        form: 'full',
        capitalToken: null,
      });
    }
  }
  if (prefix && family) add(withPrefix, 'family', prefixTokens);
  if (family && usableAlone(family)) add(family, 'family', 0);
  const givenNames = given.map(fold);
  for (const variant of variants) if (variant.form === 'family') variant.givenNames = givenNames;
  for (const name of given) if (usableAlone(name)) add(name, 'given', 0);
  // Short forms the ward uses for a long given name: its head or tail, "Cor"/"Corné" for
  // Cornelis, "Rinus" for Marinus (issue 42). Written with a capital only: "cor" is no one.
  for (const name of given) {
    const letters = [...name];
    if (letters.length < 6 || !/^\p{L}+$/u.test(name)) continue;
    const forms = [];
    for (let length = 4; length <= letters.length - 2; length++) {
      forms.push(letters.slice(0, length).join(''), letters.slice(letters.length - length).join(''));
    }
    for (const form of forms) {
      const short = form.charAt(0).toUpperCase() + form.slice(1).toLowerCase();
      const key = short.toLowerCase();
      if (seen.has(key) || STOP_WORDS.has(key) || NOT_A_NAME.has(key) || isOrdinaryWord(key)) continue;
      seen.add(key);
      variants.push({
        source: literalAnyForm(short),
        length: key.length,
        anchor: anchorOf(short),
        person: 0,
        form: 'given',
        capitalToken: 0,
        capitalOnly: true,
      });
    }
  }
  return variants;
}

// ---------------------------------------------------------------------------------------------
// Looking names up by word. Everyone the record knows may be a thousand staff and patients; one
// alternation of all their names, compiled and run on every text, cost more than the rest of a
// request together (issue 38). Each name variant is filed under its longest word, a text is split
// into words once, and only the variants whose word occurs are compiled into the text's pattern:
// the cost follows the text, not the number of people known.

const TOKEN = /[\p{L}\p{M}\p{N}_]+/gu;

/** Whether two words are one edit apart (a letter added, dropped, changed or two swapped), or differ by "ij" for "i" or "y" (Sluijter, Sluiter). */
function oneEditApart(a: string, b: string): boolean {
  if (a.replace(/ij/g, 'i') === b.replace(/ij/g, 'i') || a.replace(/ij/g, 'y') === b.replace(/ij/g, 'y')) return true;
  return Math.abs(a.length - b.length) <= 1 && editDistance(a, b, 1) <= 1;
}

/** The letters of a text without their accents and other marks: "Ayşe" → "Ayse", "Zoë" → "Zoe". */
function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/** Lower case as the `i` flag compares letters (long s and final sigma too), composed. */
function fold(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/ſ/g, 's').replace(/ς/g, 'σ');
}

function anchorOf(text: string): string {
  const found = fold(text).match(TOKEN) ?? [];
  return found.reduce((longest, token) => (token.length > longest.length ? token : longest), '');
}

/** The words of a text, folded, each also without a final s (a possessive: "Jans", "Vriess"). */
function wordsOf(text: string): Set<string> {
  const found = new Set<string>();
  for (const [token] of fold(text).matchAll(TOKEN)) {
    found.add(token);
    if (token.endsWith('s')) found.add(token.slice(0, -1));
    // A pet form of a name: "Vriesje", "Keesie", "Jantje" (issue 42).
    if (DIMINUTIVE.test(token))
      for (const suffix of DIMINUTIVE_SUFFIXES) if (token.endsWith(suffix)) found.add(token.slice(0, -suffix.length));
  }
  return found;
}

const DIMINUTIVE_SUFFIX = 'tjes|tje|pje|kje|je|ske|sje|ie|ke';
const DIMINUTIVE_SUFFIXES = DIMINUTIVE_SUFFIX.split('|');
const DIMINUTIVE = new RegExp(`^\\p{L}{3,}(?:${DIMINUTIVE_SUFFIX})$`, 'u');

/**
 * Letters written as look-alikes, read as the letters they stand for: Cyrillic and Greek capitals
 * and small letters that look Latin, and, inside a word that has letters, digits and signs used
 * for letters ("J@n de Vr1es"). One character for one, so positions stay those of the text.
 */
const LOOKALIKE_LETTERS: Record<string, string> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  һ: 'h',
  ӏ: 'l',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  ο: 'o',
  α: 'a',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Χ: 'X',
  Υ: 'Y',
};
const LOOKALIKE_SIGNS: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
  '¥': 'y',
  '€': 'e',
};
const LOOKALIKE = /[\u0370-\u03ff\u0400-\u04ff]|\p{L}[0-9@$!|¥€]|[0-9@$!|¥€]\p{L}/u;
/**
 * Reads signs as the letters they stand for inside a word that holds letters too: "Vr1es" → "Vries",
 * "J4N D3 VR135" → "JAN DE VRIES", "D¥LAN" → "DYLAN". The reading only serves to find known names
 * (one character for one, so places stay), so "5mg" read as "smg" does no harm.
 */
function lookalikesRead(text: string): string {
  const letters = text.replace(/[\u0370-\u03ff\u0400-\u04ff]/gu, (char) => LOOKALIKE_LETTERS[char] ?? char);
  return letters.replace(/[\p{L}0-9@$!|¥€]{2,}/gu, (token) =>
    /\p{L}/u.test(token) && /[0-9@$!|¥€]/u.test(token) ? [...token].map((sign) => LOOKALIKE_SIGNS[sign] ?? sign).join('') : token,
  );
}

/** Every word with its letters in reverse order, the same length, so positions stay where they were. */
const reversedWords = (text: string): string => text.replace(/\p{L}{3,}/gu, (word) => [...word].reverse().join(''));
/**
 * A name spelled out in letters with spaces, dots, hyphens, underscores or stars between them: "J a n  d e  V r i e s",
 * "V.R.I.E.S", "K-A-M-P", "p-i-e-t".
 */
const SPACED_LETTERS = /(?<![\p{L}\p{N}])\p{L}(?:(?:[ .]{1,2}|[-_*]{1,2})\p{L}){3,}(?![\p{L}\p{N}])/gu;
/** The same without `g`: `test` must not move a shared pattern's `lastIndex`. */
const HAS_SPACED_LETTERS = new RegExp(SPACED_LETTERS.source, 'u');
function spacedLettersRead(run: string): string {
  // A wider gap, or a gap before a capital in mixed case, parts words: "J a n  d e  V r i e s" reads "Jan de Vries";
  // in capitals only a wider gap does ("P I E T  B O S"). A hyphen, underscore or star joins the letters of one word.
  const parts = /\p{Ll}/u.test(run) ? /(?<=\p{L})(?:[ .]{2}|[ .](?=\p{Lu}))(?=\p{L})/u : /(?<=\p{L})[ .]{2}(?=\p{L})/u;
  return run
    .split(parts)
    .map((word) => word.replace(/[ ._*-]/g, ''))
    .join(' ');
}

/** A word broken into syllables by hyphens, as a name is written to hide it or said slowly: "Kam-min-ga", "Pie-ter". */
const SYLLABLES = /(?<![\p{L}\p{N}-])\p{L}{1,5}(?:-\p{L}{1,5}){1,5}(?![\p{L}\p{N}]|-\p{L})/gu;
const HAS_SYLLABLES = new RegExp(SYLLABLES.source, 'u');

/** E-mail addresses filed under the characters around their @, so a text is checked only against addresses that may be in it. */
class EmailIndex {
  private readonly byAt = new Map<string, string[]>();
  private readonly short: string[] = [];

  add(email: string): void {
    const at = email.indexOf('@');
    if (at < 2 || at + 3 > email.length) this.short.push(email);
    else this.byAt.set(email.slice(at - 2, at + 3), [...(this.byAt.get(email.slice(at - 2, at + 3)) ?? []), email]);
  }

  /** Whether lower-cased `text` includes one of the addresses. */
  foundIn(text: string): boolean {
    if (this.short.some((email) => text.includes(email))) return true;
    for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
      for (const email of this.byAt.get(text.slice(at - 2, at + 3)) ?? []) {
        if (text.startsWith(email, at - email.indexOf('@'))) return true;
      }
    }
    return false;
  }
}

/** Name words for the last gate: plain words by value, words with an apostrophe or hyphen under their first plain part. */
class GateWords {
  private readonly plain = new Set<string>();
  private readonly joined = new Map<string, { word: string; offset: number }[]>();

  add(word: string): void {
    const folded = fold(word);
    const first = /[\p{L}\p{M}\p{N}_]+/u.exec(folded);
    if (!first) return;
    if (first[0] === folded) this.plain.add(folded);
    else this.joined.set(first[0], [...(this.joined.get(first[0]) ?? []), { word: folded, offset: first.index }]);
  }

  get size(): number {
    return this.plain.size + this.joined.size;
  }

  /** Whether folded `text` holds one of the words as a whole word. */
  foundIn(text: string): boolean {
    const wordChar = /[\p{L}\p{M}\p{N}_]/u;
    for (const match of text.matchAll(TOKEN)) {
      if (this.plain.has(match[0])) return true;
      for (const { word, offset } of this.joined.get(match[0]) ?? []) {
        const start = match.index - offset;
        if (
          start >= 0 &&
          text.startsWith(word, start) &&
          !wordChar.test(text.charAt(start - 1)) &&
          !wordChar.test(text.charAt(start + word.length))
        )
          return true;
      }
    }
    return false;
  }
}

/** Name variants of a list of people, filed by word; `person` maps a list index to the person's number. */
class NameIndex {
  readonly variants: NameVariant[];
  private readonly byAnchor = new Map<string, number[]>();

  constructor(people: readonly KnownPerson[], person: (index: number) => number) {
    this.variants = people.flatMap((known, index) => nameVariants(known, person(index)));
    this.variants.forEach((variant, at) => {
      const filed = this.byAnchor.get(variant.anchor);
      if (filed) filed.push(at);
      else this.byAnchor.set(variant.anchor, [at]);
    });
  }

  /** The variants a text with these words may hold, in the order they were made. */
  candidates(words: Set<string>): NameVariant[] {
    const found: number[] = [];
    for (const word of words) found.push(...(this.byAnchor.get(word) ?? []));
    return found.sort((a, b) => a - b).map((at) => this.variants[at]!);
  }
}

let groupNumbers = 0;

/**
 * A large group of people known by name and e-mail address only (an organisation's staff),
 * prepared once and shared by every Pseudonymiser of the organisation until the group changes
 * (`staffOf`, ADR 0043). Nothing in it is compiled per call.
 */
export class KnownGroup {
  readonly names: NameIndex;
  readonly gateWords = new GateWords();
  readonly emails = new EmailIndex();

  constructor(people: readonly Pick<KnownPerson, 'name' | 'email'>[]) {
    // Persons of a group are numbered below zero, apart from each list's own (0, 1, …) and from other groups.
    const base = groupNumbers;
    groupNumbers += people.length;
    this.names = new NameIndex(people, (index) => -1 - base - index);
    for (const person of people) {
      for (const word of nameWordsForGate(person)) this.gateWords.add(word);
      const email = person.email?.trim().toLowerCase();
      if (email) this.emails.add(email);
    }
  }

  get size(): number {
    return this.names.variants.length;
  }
}

/** The names a text may hold in one alternation, longest first, with one group per variant. */
function nameRule(candidates: NameVariant[]): Rule | null {
  const variants = candidates.toSorted((a, b) => b.length - a.length);
  if (variants.length === 0) return null;
  // A possessive ("Esthers buurvrouw", "Jan's moeder") is the name too.
  // The suffix stays outside the placeholder, so "Jan's" and "Jan" share one.
  // A pet form ("Vriesje", "Keesie") is the name too, written with its capital.
  const pattern = compiled(
    `${START}(?:${variants.map((v) => `(${v.source})`).join('|')})(${DIMINUTIVE_SUFFIX})?(?=(?:['’]?s)?${END})`,
    'giu',
  );
  return {
    pattern,
    classify: (match) => {
      const variant = variants[match.findIndex((group, i) => i > 0 && group !== undefined) - 1];
      if (!variant) return null;
      if (variant.capitalOnly && (startsLowercase(match[0]) || /^\p{Lu}{2}/u.test(match[0]))) return null;
      if (variant.nickname && AFTER_ARTICLE.test(match.input.slice(0, match.index))) return null;
      // A pet form in lower case counts for a given name that is no Dutch word ("toontje zegt", not "roosje").
      const petForm = match[variants.length + 1] !== undefined;
      if (
        petForm &&
        (variant.form === 'full' ||
          (startsLowercase(match[0]) &&
            (variant.form !== 'given' ||
              isOrdinaryWord(words(match[0])[0]!.slice(0, -match[variants.length + 1]!.length)) ||
              ORDINARY_GIVEN.has(fold(words(match[0])[0]!.slice(0, -match[variants.length + 1]!.length))))))
      )
        return null;
      // Any case counts ("jan was onrustig"), except a word that is ordinary Dutch written as a word ("roos op de huid").
      const token = words(match[0])[variant.capitalToken ?? -1];
      if (token !== undefined && startsLowercase(token) && NOT_A_NAME.has(token.toLowerCase())) return null; // "wil", "was"
      // After its prefix an ordinary word written with its capital is the surname: "De Boer, moeder van pt", "De Vos
      // belde", "de Wit wit weggetrokken" (the word itself would not take a capital after a small "de").
      const prefixed = (variant.capitalToken ?? 0) > 0 && token !== undefined && /^\p{Lu}/u.test(token);
      if (
        token !== undefined &&
        isOrdinaryWord(token) &&
        !prefixed &&
        !variant.called &&
        !readsAsKnownName(match.input, match.index, match[0], token)
      ) {
        // One sense in one text: a capitalised word that named the person elsewhere in it names them here too
        // ("kok (k7) vannacht 3x bel. … Kok klaagt over kiespijn").
        if (startsLowercase(token) || words(match[0]).length > 1 || !namedElsewhere(match.input, match.index, token)) return null;
      }
      if (variant.form === 'given' && isSurnameWithS(match.input, match.index, match[0].length)) return null;
      return { kind: 'PATIENT', person: variant.person, form: variant.form };
    },
  };
}

/**
 * Whether a given name with an s after it is a surname, not the name's possessive ("Jans kamer"): after a title or a
 * relation word ("buurman Hendriks", "mevrouw Jans") or with no noun after it ("Hendriks belde", "… van Hendriks."). The
 * surname is someone else's: the patient whose given name is Hendrik is not the neighbour Hendriks.
 */
function isSurnameWithS(input: string, index: number, length: number): boolean {
  const after = input.slice(index + length);
  if (!/^s(?![\p{L}\p{M}\p{N}'’])/u.test(after)) return false;
  return TITLE_OR_RELATION_BEFORE.test(input.slice(0, index)) || NO_NOUN_AFTER.test(after.slice(1));
}

/**
 * Someone else with a known person's surname: another given name before it ("Rachid Bouzid" when
 * the patient is Samira Bouzid) or a family word ("moeder Haddad"). A person, never the patient.
 */
function relativesRule(candidates: NameVariant[]): Rule | null {
  const surnames = candidates.filter((variant) => variant.form === 'family' && variant.capitalToken !== null);
  if (surnames.length === 0) return null;
  // A prefix opens with a capital when nothing precedes it: "mevrouw De Boer (moeder)".
  const sources = surnames
    .map((variant) => `(?:${variant.source})`)
    .flatMap((source) =>
      /^\(\?:\p{Ll}/u.test(source) ? [source, source.replace(/^\(\?:(\p{Ll})/u, (_, c: string) => `(?:${c.toUpperCase()}`)] : [source],
    )
    .join('|');
  const pattern = compiled(
    // A family word before the surname, also opening a sentence ("Moeder Haddad") or with a title
    // between ("moeder mw. Haddad"), or after it in brackets ("mw. Haddad (moeder)"): a relative.
    `${START}(?:(?!(?:${KIN_RELATION}|[Ff]amilie|${PARTICLES_ANY_CASE})${SP})(\\p{Lu}\\p{M}*\\p{Ll}[\\p{L}\\p{M}'’]*)${SP}|(?<=${START}(?:${KIN_RELATION}|[Ff]amilie|[Ff]am\\.)(?:${SP}|${SP_OPT}[,:(]${SP_OPT})(?:${HONORIFIC}\\.?${SP})?)|(?=(?:${sources})${END}${SP_OPT}\\(${SP_OPT}${KIN_RELATION}${END}))(?:${sources})${END}`,
    'gu',
  );
  return {
    pattern,
    classify: (match) => {
      const lead = match[1];
      if (lead === undefined) return { kind: 'PERSOON' };
      const folded = fold(lead);
      if (NOT_A_LEADING_GIVEN_NAME.has(folded) || NOT_A_NAME.has(folded) || !/\p{Lu}/u.test(match[0].slice(lead.length).trim()))
        return null;
      if (opensSentence(match.input.slice(0, match.index)) && !isGivenName(lead)) return null;
      const family = match[0].slice(lead.length).trim();
      const own = surnames.filter((variant) => compiled(`^(?:${variant.source})$`, 'iu').test(family));
      // The person's own given name, or a short form of it (its head or tail), is no relative.
      if (
        own.some((variant) =>
          variant.givenNames?.some((name) => name.startsWith(folded) || name.endsWith(folded) || isNicknameOf(lead, name)),
        )
      )
        return null;
      return { kind: 'PERSOON' };
    },
  };
}

/**
 * Whether a known name that is a Dutch word reads as the name where it stands. In capitals it is
 * ("KONING WEIGERT MEDICATIE"): a note shouts no ordinary word alone. Opening a shorthand line
 * ("kok (k7) vannacht 3x bel", "7u30 visser nog in bed") it is the subject, unless it goes on as a
 * noun does ("roos op de hoofdhuid", "storm en regen"). Capitalised it is, except opening a sentence
 * ("Hart en longen: geen afwijkingen") with no verb or pause after it ("Roos was onrustig", "Storm, zoals hij zich noemt").
 * Alone on the last line of a message, after a sentence or a closing, it signs it ("… in de linnenkast?⏎Iris", ADR 0107 round seven).
 */
function readsAsKnownName(input: string, index: number, surface: string, token: string): boolean {
  if (/^\p{Lu}{3,}$/u.test(token)) return true;
  const before = input.slice(0, index);
  const after = input.slice(index + surface.length);
  // The line before ends a sentence or a closing: a sentence wrapped onto the last line ("shampoo tegen⏎roos") does not sign.
  if (/[.!?,:)][^\S\n]*\n\s*$/u.test(before) && /^\s*$/u.test(after)) return true;
  if (startsLowercase(token)) return opensNoteLine(before) && !FOLLOWED_AS_NOUN.test(after);
  return (
    !opensSentence(before) ||
    FOLLOWED_BY_VERB.test(after) ||
    FOLLOWED_BY_REGIONAL_VERB.test(after) ||
    /^\s*[,(]/u.test(after) ||
    // The word again in lower case right after it ("Post post ontvangen"): no sentence says a noun twice, so the first is the name.
    after.match(/^[^\S\n]+(\p{Ll}+)/u)?.[1] === token.toLowerCase()
  );
}
/** The same word elsewhere in the text where it reads as the known name. */
function namedElsewhere(input: string, index: number, token: string): boolean {
  for (const other of input.matchAll(compiled(`${START}${escapeRegExp(token)}${END}`, 'giu')))
    if (other.index !== index && readsAsKnownName(input, other.index, other[0], other[0])) return true;
  return false;
}

/** The start of a note's line or sentence, also after a time or a day written short ("7u30 ", "ma: "). */
function opensNoteLine(before: string): boolean {
  return opensSentence(before) || /(?:^|[.!?:\n]\s*)(?:\d{1,2}(?:[:.u]\d{2}|u))\s+$/u.test(before);
}
/** What follows a noun rather than a subject: a preposition, an article, a conjunction ("roos op de huid", "storm en regen"). */
const FOLLOWED_AS_NOUN =
  /^\s+(?:op|in|aan|van|voor|met|bij|uit|over|onder|naar|door|om|tot|en|of|de|het|een|die|dat|is|was|wordt|werd|zijn|waren)(?![\p{L}\p{M}\p{N}])/u;

/** Text before a word ends a sentence or heading ("Hart en longen:"), not an abbreviation such as "dhr.". */
function opensSentence(before: string): boolean {
  return /(?:^|[.!?:\n]\s*)$/.test(before) && !/(?:^|[^\p{L}])(?:dhr|mw|mevr|mvr|hr|mr|dr|drs|ir|prof|fam|geb)\.\s*$/iu.test(before);
}

/** Digits with any common separators in between, so "06-12345678" also finds "06 1234 5678". */
function digitsAnyFormat(digits: string): string {
  return digits.split('').join('[ .\\u00a0()-]{0,2}');
}

function phoneSource(phone: string): string | null {
  let digits = phone.replace(/\D/g, '');
  if (/^\s*(?:\+|00)31/.test(phone)) digits = `0${digits.replace(/^(?:00)?31(?:0)?/, '')}`;
  if (digits.length < 6) return null;
  if (!digits.startsWith('0')) return digitsAnyFormat(digits);
  return `(?:\\(?0|(?:\\+|00)31${PHONE_SEP}?(?:\\(0\\)${PHONE_SEP}?)?)[ .\\u00a0()-]{0,2}${digitsAnyFormat(digits.slice(1))}`;
}

function birthDateSource(isoDate: string): string | null {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate.trim());
  if (!parts) return null;
  const [, year = '', month = '', day = ''] = parts;
  const m = Number(month);
  const d = Number(day);
  const dd = d < 10 ? `0?${d}` : `${d}`;
  const mm = m < 10 ? `0?${m}` : `${m}`;
  const monthName = `(?:${monthNames[m - 1] ?? ''}|${MONTH_ABBREVIATIONS[m - 1] ?? ''}\\.?)`;
  return [`${year}[-/.]${mm}[-/.]${dd}`, `${dd}[-/.]${mm}[-/.](?:${year}|${year.slice(2)})`, `${dd}${SP}${monthName}${SP}${year}`].join(
    '|',
  );
}

/**
 * What a text holds, in forms that tell cheaply whether a known value can be in it: its digits
 * without anything between them, and its letters and digits lower-cased without spaces or
 * apostrophes. A value whose form is not in them cannot match (its pattern allows no more than
 * separators, spaces and case between its characters), so its pattern is neither built nor run:
 * most texts name none of the values of the people a call knows (issue 38).
 */
interface Haystack {
  digits: string;
  compact: string;
}

const compactForm = (text: string): string =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s'’]+/gu, '');
const haystackOf = (text: string): Haystack => ({ digits: text.replace(/\D/g, ''), compact: compactForm(text) });

/** Rules for the values of known persons in this text, run before the general patterns so they always win. */
function knownValueRules(people: KnownPerson[], haystack: Haystack): Rule[] {
  const sources = (pick: (p: KnownPerson) => string | null): string[] => [
    ...new Set(people.map(pick).filter((s): s is string => Boolean(s))),
  ];
  const alternatives = (list: string[]): string => list.map((s) => `(?:${s})`).join('|');
  const rules: Rule[] = [];
  const digitsIn = (value: string | undefined | null): string => value?.replace(/\D/g, '') ?? '';

  const phones = sources((p) => {
    const digits = digitsIn(p.phone);
    // Only the digits after the country code or a leading 0 are sure to be written (+31 (0)6…, 06…), as in `phoneSource`.
    return p.phone && haystack.digits.includes(digits.replace(/^(?:00)?31(?:0)?|^0/, '')) ? phoneSource(p.phone) : null;
  });
  if (phones.length) rules.push(rule(`(?<![\\p{L}\\p{M}\\p{N}_+])(?:${alternatives(phones)})${NUM_END}`, 'TELEFOON'));

  const bsns = sources((p) => {
    const digits = digitsIn(p.bsn);
    return /^\d{9}$/.test(digits) && haystack.digits.includes(digits) ? digitsAnyFormat(digits) : null;
  });
  if (bsns.length) rules.push(rule(`${NUM_START}(?:${alternatives(bsns)})${NUM_END}`, 'BSN'));

  const dates = sources((p) => (p.birthDate ? birthDateSource(p.birthDate) : null));
  if (dates.length) rules.push(rule(`${NUM_START}(?:${alternatives(dates)})${DATE_END}`, 'GEBOORTEDATUM', undefined, 'giu'));

  const streets = sources((p) => {
    const name = p.street?.replace(/\s+\d.*$/, '').trim();
    return name && letterCount(name) >= 3 && haystack.compact.includes(compactForm(name)) ? literalAnyForm(name) : null;
  });
  if (streets.length) {
    // "Markt" or "Dorpsstraat" lowercase is an ordinary word; the number is optional in notes.
    rules.push(
      rule(
        `${START}(?:${alternatives(streets)})(?:${SP}(?:${HOUSE_NUMBER}${NUM_END}|${SPOKEN_HOUSE_NUMBER}${END}))?${END}`,
        'ADRES',
        (s) => !startsLowercase(s),
        'giu',
      ),
    );
  }

  const postcodes = sources((p) => {
    const code = /^\s*(\d{4})\s*([a-z]{2})\s*$/i.exec(p.postalCode ?? '');
    return code && haystack.compact.includes(compactForm(`${code[1]}${code[2]}`)) ? `${code[1]}${SP_OPT}${code[2]}` : null;
  });
  if (postcodes.length) rules.push(rule(`${START}(?:${alternatives(postcodes)})${END}`, 'POSTCODE', undefined, 'giu'));

  return rules;
}

function cityRule(people: KnownPerson[], haystack: Haystack): Rule | null {
  const cities = [
    ...new Set(people.map((p) => p.city?.trim() ?? '').filter((c) => letterCount(c) >= 4 && haystack.compact.includes(compactForm(c)))),
  ];
  if (cities.length === 0) return null;
  const source = cities.map(literalAnyForm).join('|');
  // "Best" and "Zeist" are towns, "best" is not.
  return rule(`${START}(?:${source})${END}`, 'ADRES', (s) => !startsLowercase(s), 'giu');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const FORM_SUFFIX: Record<NameForm, string> = { full: '', family: '_ACHTERNAAM', given: '_VOORNAAM' };

// ---------------------------------------------------------------------------------------------
// People we do not know, named after a relation or role ("zus Samira", "kamergenoot Harm Dekker",
// "broer tariq"), and numbers that identify: IBAN, policy numbers, BSN in any grouping.

/** Words after which a name follows: relatives, others around the patient, roles of care and law. */
const RELATION_WORDS = [
  ...kinWords,
  // Frisian father, mother, grandfather, grandmother ("Heit Wybren kaam"; round 13): before a capitalised name only, not as
  // kin words, whose rules read a lower-case word after them as a name ("Mem frege" is "mother asked").
  'heit',
  'mem',
  'pake',
  'beppe',
  // A spouse as a note shortens it ("echtg. Riet belde"); here, not in the shared kin list the intent model reads.
  'echtg',
  'mentor',
  'mentrix',
  'bewindvoerder',
  'curator',
  'voogd',
  'vertegenwoordiger',
  'contactpersoon',
  'advocaat',
  'advocate',
  'notaris',
  'huisarts',
  'dokter',
  'arts',
  'psychiater',
  'psycholoog',
  'psychologe',
  'verpleegkundige',
  'vpk',
  'verpleger',
  'begeleider',
  'begeleidster',
  'casemanager',
  'behandelaar',
  'regiebehandelaar',
  'therapeut',
  'therapeute',
  'aios',
  'anios',
  'coassistent',
  'co',
  'collega',
  'invalkracht',
  'stagiair',
  'stagiaire',
  'maatschappelijk werker',
  'maatschappelijk werkster',
  'ervaringsdeskundige',
  'diëtist',
  'diëtiste',
  'fysiotherapeut',
  'ergotherapeut',
  'secretaresse',
  'werkgever',
  'leidinggevende',
  'baas',
  'docent',
  'docente',
  'leraar',
  'lerares',
  'coach',
  'jobcoach',
  'wijkagent',
  'agent',
  'dealer',
  'klasgenoot',
  'tolk',
  'hulpverlener',
  'schuldhulpverlener',
  'wijkverpleegkundige',
  'pb',
  "pb'er",
  'ambulant begeleider',
  'jurist',
  'rechter',
  'officier',
  'ene',
  'genaamd',
  'heet',
  'door',
  'o\\.l\\.v\\.',
];
const RELATION = `(?:${RELATION_WORDS.map((w) => (w.includes('\\') ? w : titleOrUpper(w))).join('|')})`;

/** Lower-case words that follow a relation word but are no name ("broer komt", "moeder van pt"). */
const NOT_A_NAME = new Set([
  ...STOP_WORDS,
  // Where a relative goes or is: "zijn zoon terug naar huis", "moeder weg", "dochter binnen".
  'terug',
  'weg',
  'langs',
  'binnen',
  'buiten',
  'boven',
  'beneden',
  'later',
  'eerst',
  'daarna',
  'toen',
  'de',
  'en',
  'of',
  'om',
  'op',
  'in',
  'te',
  'is',
  'er',
  'ze',
  'zo',
  'pt',
  'pte',
  'mw',
  'dhr',
  'eens',
  'even',
  'weer',
  'niet',
  'al',
  'toe',
  'af',
  'mee',
  'belde',
  'belt',
  'bellen',
  'komt',
  'kwam',
  'komen',
  'gaat',
  'ging',
  'gaan',
  'wil',
  'wilde',
  'willen',
  'zegt',
  'zei',
  'zeggen',
  'vertelt',
  'vertelde',
  'heeft',
  'hebben',
  'had',
  'hadden',
  'was',
  'waren',
  'wordt',
  'werd',
  'zou',
  'zouden',
  'moet',
  'moest',
  'mag',
  'mocht',
  'kan',
  'kon',
  'kunnen',
  'bracht',
  'brengt',
  'brengen',
  'haalt',
  'haalde',
  'vindt',
  'vond',
  'maakt',
  'maakte',
  'krijgt',
  'kreeg',
  'weet',
  'wist',
  'ziet',
  'zag',
  'zit',
  'zat',
  'woont',
  'woonde',
  'werkt',
  'werkte',
  'blijft',
  'bleef',
  'staat',
  'stond',
  'ligt',
  'lag',
  'loopt',
  'liep',
  'neemt',
  'nam',
  'geeft',
  'gaf',
  'stuurt',
  'stuurde',
  'mailt',
  'mailde',
  'appt',
  'appte',
  'schreef',
  'schrijft',
  'reageert',
  'reageerde',
  'bezoekt',
  'bezocht',
  'heet',
  'noemt',
  'noemde',
  'ook',
  'nog',
  'wel',
  'dus',
  'toch',
  'alleen',
  'samen',
  'vandaag',
  'gisteren',
  'morgen',
  'vanavond',
  'vanmiddag',
  'vanochtend',
  'vannacht',
  'straks',
  'nu',
  'net',
  'pas',
  'steeds',
  'vaak',
  'soms',
  'nooit',
  'altijd',
  'graag',
  'liever',
  'telefonisch',
  'gebeld',
  'aanwezig',
  'afwezig',
  'bezorgd',
  'boos',
  'overleden',
  'ziek',
  'thuis',
  'erbij',
  'erover',
  'ervan',
  'hierover',
  'daarover',
  'hem',
  'haar',
  'hun',
  'zich',
  'mijn',
  'jouw',
  'uw',
  'ons',
  'onze',
  'zelf',
  'beide',
  'allebei',
  'wat',
  'iets',
  'niets',
  'alles',
  'iemand',
  'niemand',
  'meer',
  'minder',
  'erg',
  'heel',
  'zeer',
  'veel',
  'weinig',
  'psychiater',
  'arts',
  'huisarts',
  'verpleegkundige',
  'vpk',
  'van',
  'der',
  'den',
  'ter',
  'ten',
  'het',
  'dienst',
  'afdeling',
  'team',
  'praktijk',
]);

/** Finite verbs that follow a subject: "meneer mulder is", "Roos was onrustig". */
const SUBJECT_VERBS =
  'is|was|wil|wilde|zegt|zei|heeft|had|vertelt|vertelde|komt|kwam|gaat|ging|belt|belde|lijkt|leek|oogt|oogde|reageert|reageerde|weigert|weigerde|' +
  'vraagt|vroeg|geeft|gaf|zit|zat|ligt|lag|loopt|liep|slaapt|sliep|eet|at|drinkt|dronk|krijgt|kreeg|wordt|werd|kan|kon|moet|moest|mag|mocht|zou|' +
  'blijft|bleef|voelt|voelde|neemt|nam|maakt|maakte|staat|stond|heeft|hoort|hoorde|ziet|zag|huilt|huilde|lacht|lachte|slaat|sloeg|schreeuwt|schreeuwde';
const FOLLOWED_BY_VERB = new RegExp(`^${SP}(?:${SUBJECT_VERBS})${END}`, 'u');
/** A title or relation word right before a word: what stands after it is someone's name ("buurman", "mevrouw", "collega"). */
const TITLE_OR_RELATION_BEFORE = compiled(`(?:${HONORIFIC}\\.?|${RELATION})${SP}$`, 'u');
/** What a possessive cannot stand before: a sentence's end or pause, or a verb ("Hendriks kwam langs"). */
const NO_NOUN_AFTER = new RegExp(`^(?:[^\\S\\n]*(?:[.,;:!?)\\n]|$)|${FOLLOWED_BY_VERB.source.slice(1)})`, 'u');

/**
 * Finite verbs of regional writing after a subject ("Beer hef 'n beer", "Kok wol vanmiddag", "Bèr waas", "Krijtenberg
 * hep"): Low Saxon, Limburgish, Brabantish and Frisian forms of heeft, was, wilde, zei, moet, komt, ligt. Only after a
 * known name, where the verb says the word is its subject; no list takes them as verbs anywhere else.
 */
const REGIONAL_SUBJECT_VERBS = 'hef|hep|haet|hee|waas|woor|wer|wol|wul|zee|zeej|sei|zeg|mot|mut|kump|komp|kwaamp|lig|ligt|ha';
const FOLLOWED_BY_REGIONAL_VERB = new RegExp(`^${SP}(?:${REGIONAL_SUBJECT_VERBS})${END}`, 'u');

/** One name word: capitalised ("Samira", "Tjin-A-Kwoei", "O'Neill") or all capitals ("YILMAZ"). */
const NAME_WORD = `(?!(?:${CAPITALISED_NON_NAMES})${END})\\p{Lu}\\p{M}*(?:['’]\\p{Lu})?\\p{Ll}[\\p{L}\\p{M}'’]*(?:-\\p{Lu}?[\\p{L}\\p{M}'’]*)*`;
const PARTICLES_ANY_CASE =
  "(?:[Vv]\\.(?:[Dd]\\.)?|[Vv][Dd]\\.?|[Vv]an|[Dd]e|[Dd]er|[Dd]en|[Tt]er|[Tt]en|[Tt]e|['’]t|[Ee]l|[Aa]l|[Bb]en|[Bb]in|[Aa]bu|[Vv]on|[Dd]a|[Dd]i|[Dd]u|[Ll]e|[Ll]a|[Oo]ude)";
/** "Marie Jansen", "Fenna de Groot", "Yvonne Tjin-A-Kwoei": up to three name words with particles. */
const CAPITALISED_PERSON = `${NAME_WORD}(?:${SP}(?:${PARTICLES_ANY_CASE}${SP})*(?:\\p{Lu}${SP})?${NAME_WORD}){0,2}|(?:${PARTICLES_ANY_CASE}${SP})+${NAME_WORD}`;
/** "tariq", "de vries", "el amrani": one lower-case word (with its particles) that is no ordinary word after the relation. */
const LOWERCASE_PERSON = `(?:(?:${LOWERCASE_PARTICLE})${SP})*\\p{Ll}[\\p{L}\\p{M}'’-]{1,}`;
/**
 * A profession written as a compound of a role word ("dienstarts", "nachtverpleegkundige",
 * "reclasseringswerker", "GZ-psycholoog"): a name may follow it as after the role word itself.
 * Not "-waarts" ("achterwaarts").
 */
const ROLE_ENDING =
  'arts|psychiater|iater|psycholoog|psychologe|verpleegkundige|begeleider|begeleidster|therapeut|therapeute|werker|werkster|medewerker|agent|coach|deskundige|behandelaar|casemanager';
const COMPOUND_ROLE = new RegExp(`(?:^|[^\\p{L}-])(?:\\p{L}{3,}-?|\\p{Lu}{2,}-)(?<!waa)(?:${ROLE_ENDING})\\.?[\\s(:,]*$`, 'u');
const AFTER_RELATION = `(?<=${START}${RELATION}\\.?(?:${SP}|${SP_OPT}[(:,]${SP_OPT}))`;

/**
 * Capitalised words that are no person although written like one: eponyms of disorders, signs and
 * scales ("Korsakov", "Babinski", "De Jong-Schaal"), and words of organisations and places of care.
 * A guessed name holding one stays as written: a clinician must read what was meant (issue 42).
 */
const EPONYMS = new Set(
  (
    'alzheimer korsakov korsakoff wernicke parkinson huntington creutzfeldt jakob guillain barré barre cotard capgras fregoli babinski ' +
    'heimlich ganser asperger tourette munchausen münchhausen lewy pick down cushing addison graves hashimoto crohn raynaud ehlers ' +
    'danlos marfan kahler hodgkin beck hamilton young folstein yale brown bouwman glasgow apgar romberg trendelenburg valsalva'
  ).split(' '),
);
const NOT_A_PERSON = new Set(
  (
    [...EPONYMS].join(' ') +
    ' schaal test syndroom ziekte methode score lijst vragenlijst index protocol model interview bv b.v. nv stichting ggz afdeling ' +
    'kliniek ziekenhuis centrum praktijk huis paviljoen unit locatie team wvggz wzd wgbo sinterklaas kerst kerstmis pasen pinksteren ' +
    // The law and the chain of care around a measure: "Rechtbank Noord-Holland", "Officier van Justitie", "Veilig Thuis".
    'rechtbank gerechtshof justitie officier politie veilig thuis gemeente provincie ministerie raad holland brabant ' +
    // Abbreviations a record writes in capitals that a name list also holds ("IBAN" is a Basque given name).
    'iban ' +
    // Services around a patient, written capitalised after a role word ("mentor Vluchtelingenwerk", "team Dagbesteding Noord").
    'reclassering bewindvoering vluchtelingenwerk dagbesteding wijkteam zaken sociaal medische inspectie ' +
    // Languages, after "tolk" or "spreekt": a language, not an interpreter's name.
    // Not "Pools", "Engels", "Frans": surnames and a given name too.
    'arabisch turks tigrinya amhaars duits spaans portugees italiaans russisch oekraïens roemeens bulgaars ' +
    'hongaars farsi dari pashto urdu hindi somalisch berbers tamazight koerdisch papiaments sranantongo chinees mandarijn ' +
    'kantonees ' +
    // Clubs and car makes and models, written as names are ("Koning van Feyenoord", "een grijze Volkswagen Polo").
    'feyenoord ajax psv volkswagen opel toyota renault peugeot citroën citroen ford bmw audi mercedes fiat kia hyundai skoda ' +
    'volvo nissan mazda suzuki tesla polo golf corsa yaris clio ' +
    // Greetings that open a sentence in regional Dutch ("Houdoe en bedankt").
    'houdoe doei doeg aju ajuus hoi'
  )
    .split(' ')
    // The ward's medicines, capitalised after a role word and a colon ("psychiater: Clozapine 300 mg").
    .concat(products.map((product) => product.name.split(' ')[0]!.toLowerCase())),
);
/**
 * How much of a guessed name is the person: the words before the first word of NOT_A_PERSON, less a
 * particle they end on ("Nuray Demir van Vluchtelingenwerk" → "Nuray Demir"); 0 when it opens with one.
 */
const TRAILING_PARTICLES = new RegExp(`(?:^|[\\s-]+)${PARTICLES_ANY_CASE}(?:[\\s-]+${PARTICLES_ANY_CASE})*$`, 'u');
function personSpan(surface: string): number {
  let end = 0;
  for (const word of surface.matchAll(/[^\s-]+/gu)) {
    if (NOT_A_PERSON.has(word[0].toLowerCase())) break;
    end = word.index + word[0].length;
  }
  return surface.slice(0, end).replace(TRAILING_PARTICLES, '').length;
}
/** A guessed name that does not open with a word of NOT_A_PERSON; what follows such a word is cut off (`personSpan`). */
const holdsNoPersonWord = (surface: string): boolean => personSpan(surface) > 0;

/**
 * Endings of Dutch words that names seldom have ("boodschappen", "verzorging", "gezelligheid"). In
 * lower case after a kin word such a word is what the relative does or has ("moeder boodschappen
 * gedaan"), unless the lists know it as a name ("broer jeroen").
 */
const DUTCH_WORD_ENDING = /(?:\p{L}{6}en|ing|heid|schap|lijk|isch|tie|teit|baar)$/u;

/**
 * Strong past tenses a relative does things in ("dochter verliep", "buurman reed"): no ending tells
 * them from a name, so they are listed.
 */
const STRONG_PAST = new Set(
  (
    'liep verliep reed ging vertrok kwam bleef vond hield viel sprak schreef bracht dacht zocht kocht wist las deed trok bood koos ' +
    'droeg hing ontving begon besloot hielp riep sliep stierf vroeg zag zat lag stond nam gaf kreeg werd was had kon mocht moest zou'
  ).split(' '),
);
/** The endings and prefixes of Dutch verb forms: "rijdt", "werkt", "belde", "maakten", "maken", "verliep", "opgehaald". */
const VERB_FORM = /(?:dt|[^aeiouy]t|[^aeiouy](?:de|te|den|ten)|[^aeiouy]en)$|^(?:ver|ont|her|be|ge)\p{L}{3,}$/u;
/**
 * A word after a kin word that reads as what the relative does: "buurman rijdt haar", "ouders maken
 * zich zorgen", "bezoek van dochter verliep goed" (issue 42). A listed name stays a name ("broer ruben").
 */
const looksLikeVerb = (word: string): boolean =>
  FOLLOWED_BY_VERB.test(` ${word}`) || STRONG_PAST.has(word) || (letterCount(word) >= 4 && VERB_FORM.test(word));

/** Punctuation read out in dictation: "komma", "punt", "haakje openen". */
const DICTATED_SIGNS = new Set(['komma', 'punt', 'puntkomma', 'colon', 'haakje', 'haakjes', 'aanhalingstekens', 'streepje', 'hyphen']);
function isNameAfterRelation(surface: string): boolean {
  if (!holdsNoPersonWord(surface)) return false;
  const last = words(surface).at(-1)?.toLowerCase() ?? '';
  if (!startsLowercase(surface) || /^\p{Lu}/u.test(words(surface).at(-1) ?? '')) return !NOT_A_NAME.has(last);
  // "haar dochter zondag ophalen": a day or month after a kin word is when, not who.
  if (NOT_A_NAME.has(last) || isOrdinaryWord(last) || letterCount(last) < 3 || MONTH_OR_DAY.has(last)) return false;
  // "de vriendin van de patiënt", "vader komma kobus": a sentence opener or a dictated sign is no
  // name after a kin word unless the lists know it as one.
  if ((DICTATED_SIGNS.has(last) || OPENERS.has(last)) && !(isListedName(last) || isGivenName(last) || isPetForm(last))) return false;
  // A word the ward writes in lower case that no list knows as a name is a word ("vader doet het huishouden", round six).
  if (taggerVocabulary().has(last) && !(isListedName(last) || isGivenName(last) || isPetForm(last))) return false;
  if (words(surface).length === 1 && looksLikeVerb(last)) return isListedName(last) || isGivenName(last) || isPetForm(last);
  return !DUTCH_WORD_ENDING.test(last) || isListedName(last) || isGivenName(last) || isPetForm(last);
}

const TITLED_PERSON = rule(TITLED_LOWERCASE_RULE, 'PERSOON', (surface) => {
  const last = words(surface).at(-1) ?? '';
  if (NOT_A_NAME.has(last.toLowerCase())) return false;
  // After particles in lower case, a word the ward writes in lower case that no list knows as a name is what the title
  // is of, not who: "de dokter van de nacht" (ADR 0107, round six). "mw. de wit" keeps its listed surname.
  return !(startsLowercase(surface) && taggerVocabulary().has(last) && !(isListedName(last) || isGivenName(last)));
});
/**
 * A given name and surname in lower case after a title, as dictation writes them: "de heer bram
 * oudshoorn heeft gebeld", "mevrouw fenna de wit". The first word must be a given name from the lists.
 */
const TITLED_LOWERCASE_FULL = rule(
  `(?<=${START}(?:${HONORIFIC}|[Mm]evr)\\.?${SP})\\p{Ll}[\\p{L}\\p{M}'’-]{1,}${SP}(?:(?:${LOWERCASE_PARTICLE})${SP})*\\p{Ll}[\\p{L}\\p{M}'’-]{2,}${END}`,
  'PERSOON',
  (surface) => {
    const all = words(surface);
    const [first = '', last = ''] = [all[0], all.at(-1)];
    if (!(isGivenName(first) || isPetForm(first)) || isOrdinaryWord(first)) return false;
    // A given name that is a word too ("bram", "roos") counts before a surname from the lists.
    if (ORDINARY_GIVEN.has(first) && !isListedName(last)) return false;
    return !NOT_A_NAME.has(last) && !isOrdinaryWord(last) && !(looksLikeVerb(last) && !isListedName(last)) && !DUTCH_WORD_ENDING.test(last);
  },
);

/**
 * A name in lower case only straight after a word for family and others around the patient ("broer
 * tariq", "kamergenoot bas"). After a word for a profession lower case is what they do
 * ("diëtiste adviseert"), after "door" or "officier" ordinary text ("vervangen door de blauwe").
 */
const KIN_WORDS = kinWords.filter((word) => word !== 'ex');
const LOWERCASE_RELATION = `(?:${[...KIN_WORDS, 'ene', 'genaamd', 'heet'].map(titleOrUpper).join('|')})`;
/**
 * A family word, then a title right before the name, in one sentence (dictated: no "punt" between):
 * "moeder van Youssef belde, mevrouw", "de vader van hao meneer". The title is the relative's. Not
 * after "uw" (in a letter to the family "uw dochter, mevrouw Bakker" is the patient), nor a title
 * after "van" ("moeder van mw. Bakker").
 */
const RELATIVE_BEFORE_TITLE = new RegExp(
  `(?<![\\p{L}])(?<!\\buw\\s+)(${KIN_WORDS.join('|')})(?![\\p{L}])(?:(?!\\bpunt\\b)[^.!?\\n]){0,40}?(?<!\\bvan\\s+)(?<![\\p{L}])(?:mevrouw|meneer|mw|mevr|mvr|dhr|hr|de heer|heer)\\.?\\s+$`,
  'iu',
);
/** A title right before the name (particles may stand between), and the gender it says. */
const TITLE_BEFORE = /(?:^|[^\p{L}])(mevrouw|meneer|mw|mevr|mvr|dhr|hr|heer)\.?\s+(?:(?:van|de|der|den|te|ter|ten|el|al|v\.?d\.?)\s+)*$/iu;
/** The gender a family word says; a word for either ("partner", "kind") is in neither list. */
const KIN_GENDER = new Map<string, 'male' | 'female'>([
  ...'moeder zus zusje zuster dochter dochtertje tante nicht oma grootmoeder kleindochter schoonmoeder schoonzus schoondochter stiefmoeder pleegmoeder echtgenote ex-vrouw vrouw vriendin ex-vriendin buurvrouw kamergenote medepatiënte medepatiente medebewoonster'
    .split(' ')
    .map((word) => [word, 'female'] as const),
  ...'vader broer broertje zoon zoontje oom neef opa grootvader kleinzoon schoonvader schoonzoon zwager stiefvader pleegvader echtgenoot ex-man man vriend ex-vriend buurman kamergenoot medebewoner'
    .split(' ')
    .map((word) => [word, 'male'] as const),
]);
/** The salutation of a letter: "Geachte heer", "Beste mevrouw". */
const LETTER_SALUTATION = /(?:^|\n)\s*(?:geachte|beste|lieve)\s+(?:heer|mevrouw|meneer|mw\.?|dhr\.?)\s+(?:de\s+|van\s+(?:de[nr]?\s+)?)?$/iu;
/** A letter that calls the patient the reader's own: "uw zoon", "uw dochter", "uw echtgenote". */
const ADDRESSES_A_RELATIVE = new RegExp(`(?<![\\p{L}])uw\\s+(?:${KIN_WORDS.join('|')})(?![\\p{L}])`, 'iu');
const RELATION_PERSON_ANY = rule(`${AFTER_RELATION}(?:${CAPITALISED_PERSON})${END}`, 'PERSOON', isNameAfterRelation);
/** Languages that are surnames or given names too: a language only straight after "tolk". */
const LANGUAGES_TOO = new Set([
  'pools',
  'engels',
  'frans',
  'nederlands',
  'vlaams',
  'fries',
  'grieks',
  'iers',
  'schots',
  'deens',
  'noors',
  'zweeds',
  'fins',
  'turks',
  'arabisch',
  'koerdisch',
  'perzisch',
  'servisch',
  'kroatisch',
  'bosnisch',
  'albanees',
  'tsjechisch',
  'slowaaks',
  'litouws',
  'lets',
  'ests',
  'hongaars',
  'roemeens',
]);
/**
 * After a whole word and a full stop a new sentence starts ("zijn zus. Stemmen hoort ze nog"): a
 * name only when the lists know it. An abbreviation keeps its dot ("vpk. Mulder", "pt. Kaya").
 */
const ABBREVIATED_RELATIONS = new Set(['vpk', 'pb', 'co', 'aios', 'anios', 'spv', 'pt', 'pte']);
const RELATION_PERSON: Rule = {
  ...RELATION_PERSON_ANY,
  classify: (match) => {
    // A whole word, not a letter of "o.l.v.": "zus." ends a sentence, "vpk." and "o.l.v." do not.
    const dotted = /(?<![\p{L}.])(\p{L}{2,})\.\s+$/u.exec(match.input.slice(0, match.index));
    const sentenceEnded = Boolean(dotted && !ABBREVIATED_RELATIONS.has(dotted[1]!.toLowerCase()));
    const first = words(match[0])[0] ?? '';
    if (sentenceEnded && !(isListedName(first) || isGivenName(first) || isPetForm(first))) return null;
    // "door de Technische Dienst": with the capitalised words after it the guess names a service.
    const onwards = /^(?:[ \t]+\p{Lu}[\p{L}\p{M}]+)+/u.exec(match.input.slice(match.index + match[0].length))?.[0] ?? '';
    if (namesAServiceOrPlace(`${match[0]}${onwards}`.replace(/^(?:\p{Ll}+\s+)+/u, ''))) return null;
    // After "tolk" one word naming a language is the language, though "Pools" and "Engels" are surnames too.
    if (
      /(?:^|[^\p{L}])tolk[\s:(]+$/iu.test(match.input.slice(0, match.index)) &&
      words(match[0]).length === 1 &&
      LANGUAGES_TOO.has(first.toLowerCase())
    )
      return null;
    return RELATION_PERSON_ANY.classify(match);
  },
};
/**
 * A name after a compound of a role word: "dienstarts Okonkwo", "nachtverpleegkundige Wijnbergen",
 * "GZ-psycholoog Terhorst". The pattern looks back at the role word's ending only (cheap); the
 * compound before it is checked on the text.
 */
const COMPOUND_ROLE_PERSON: Rule = {
  pattern: compiled(`(?<=(?:${ROLE_ENDING})\\.?(?:${SP}|${SP_OPT}[(:,]${SP_OPT}))(?:${CAPITALISED_PERSON})${END}`, 'gu'),
  cue: compiled(`(?:${ROLE_ENDING})\\.?(?:${SP}|${SP_OPT}[(:,]${SP_OPT})\\p{Lu}`, 'u'),
  classify: (match) =>
    COMPOUND_ROLE.test(match.input.slice(Math.max(0, match.index - 60), match.index)) ? RELATION_PERSON.classify(match) : null,
};
/** Capitalised words before a surname that are no given name: titles, family words, sentence openers. */
const KIN_RELATION = `(?:${KIN_WORDS.map(titleOrUpper).join('|')})`;
const NOT_A_LEADING_GIVEN_NAME = new Set([
  ...'mevrouw meneer mevr mw dhr heer familie fam dokter dr drs mr ir prof zuster broeder'.split(' '),
  ...RELATION_WORDS.filter((word) => !word.includes('\\')),
  ...CAPITALISED_NON_NAMES.toLowerCase().split('|'),
]);

const LOWERCASE_RELATION_PERSON = rule(
  `(?<=${START}${LOWERCASE_RELATION}(?:${SP}|${SP_OPT}\\(${SP_OPT})(?:${HONORIFIC}\\.?${SP})?)${LOWERCASE_PERSON}${END}`,
  'PERSOON',
  isNameAfterRelation,
);

const LOWERCASE_NAME_WORD = `(?!(?:komma|punt)${END})(?:(?:${LOWERCASE_PARTICLE})${SP})*\\p{Ll}[\\p{L}\\p{M}'’-]{1,}`;
/** A lower-case word that may be part of a name in dictated text: no sign read out, opener, Dutch word or verb, unless the lists know it. */
function mayBeDictatedNameWord(word: string): boolean {
  if (NAME_PARTICLES.has(word) || CAPITAL_PARTICLES.has(word)) return true;
  if (DICTATED_SIGNS.has(word) || OPENERS.has(word) || NOT_A_NAME.has(word) || letterCount(word) < 2) return false;
  if (isListedName(word) || isPetForm(word) || (isGivenName(word) && !ORDINARY_GIVEN.has(word))) return true;
  return !isOrdinaryWord(word) && !taggerVocabulary().has(word) && !looksLikeVerb(word) && !DUTCH_WORD_ENDING.test(word);
}
/**
 * A given name in lower case after a role word, as shorthand writes it: "sociotherapeut ilse
 * gebeld", "vpk anouk". Only a name the lists know as a given name and never as a Dutch word
 * ("coach wil", "arts mag" stay).
 */
const SHORT_ROLES = ['vpk', 'pb', 'spv', 'mentor', 'mentrix', 'tolk', 'collega', 'stagiair', 'stagiaire', 'docent'];
const LOWERCASE_ROLE_WORD = `(?:${ROLE_ENDING}|${SHORT_ROLES.join('|')})`;
/** The given name of a lower-case name after a role word: a given name the lists know that is no Dutch word, no word the ward writes and no verb. */
function isLowercaseGivenAfterRole(match: RegExpExecArray, word: string): boolean {
  const before = match.input.slice(Math.max(0, match.index - 60), match.index);
  const role = /([\p{L}'’-]+)\s+$/u.exec(before)?.[1]?.toLowerCase() ?? '';
  if (!(ROLE_SET.has(role) || SHORT_ROLES.includes(role) || COMPOUND_ROLE.test(before))) return false;
  if (!isGivenName(word) || isOrdinaryWord(word) || ORDINARY_GIVEN.has(word) || ORDINARY_LISTED.has(nameKey(word))) return false;
  return !(taggerVocabulary().has(word) || OPENERS.has(word) || looksLikeVerb(word));
}
const LOWERCASE_ROLE_PERSON: Rule = {
  pattern: compiled(`(?<=${LOWERCASE_ROLE_WORD}${SP})\\p{Ll}[\\p{L}\\p{M}'’-]{1,}${END}`, 'gu'),
  cue: compiled(`${LOWERCASE_ROLE_WORD}${SP}\\p{Ll}`, 'u'),
  classify: (match) => (isLowercaseGivenAfterRole(match, match[0]) ? { kind: 'PERSOON' } : null),
};
/**
 * A name in lower case the lists know, that is no Dutch word, no word the ward writes in lower case, no opener and no
 * verb: "ayse", "hylke" (ADR 0107, round six). The structure around it must say a person stands there.
 */
function isLowercaseListedName(word: string): boolean {
  if (!(isListedName(word) || isGivenName(word) || isPetForm(word))) return false;
  if (isOrdinaryWord(word) || ORDINARY_GIVEN.has(word) || ORDINARY_LISTED.has(nameKey(word)) || NOT_A_NAME.has(word)) return false;
  return !(taggerVocabulary().has(word) || OPENERS.has(word) || looksLikeVerb(word) || DICTATED_SIGNS.has(word));
}
/** A lower-case name with who they are in brackets right after it: "wil niet dat hylke (ex) komt", "met samir (broer)". */
const LOWERCASE_NAME_BEFORE_RELATION: Rule = {
  pattern: compiled(`${START}\\p{Ll}[\\p{L}\\p{M}'’-]{1,}(?=${SP_OPT}\\(${SP_OPT}[\\p{L}-]+${SP_OPT}\\))`, 'gu'),
  cue: compiled(`\\p{Ll}${SP_OPT}\\(${SP_OPT}\\p{L}`, 'u'),
  classify: (match) => {
    const relation = /^\s*\(\s*([\p{L}-]+)/u.exec(match.input.slice(match.index + match[0].length))?.[1]?.toLowerCase() ?? '';
    const isRelation = KIN_SET.has(relation) || ROLE_SET.has(relation) || relation === 'ex';
    return isRelation && isLowercaseListedName(match[0]) ? { kind: 'PERSOON' } : null;
  },
};
/** A lower-case name right after the word for the patient, before a lower-case word: "pt ayse wilde zwager niet zien". */
const LOWERCASE_NAME_AFTER_PATIENT: Rule = {
  pattern: compiled(`(?<=${START}(?:pt|pte|patiënt|patiënte|cliënt|cliënte)${SP})\\p{Ll}[\\p{L}\\p{M}'’-]{1,}${END}(?=${SP}\\p{Ll})`, 'gu'),
  cue: compiled(`(?:pt|pte|patiënt|patiënte|cliënt|cliënte)${SP}\\p{Ll}`, 'u'),
  classify: (match) => (isLowercaseListedName(match[0]) ? { kind: 'PERSOON' } : null),
};
/** With the surname after it: "spv karin bosgra: pt verhuist". Before the given name alone; the surname is no Dutch word or verb. */
const LOWERCASE_ROLE_FULL_NAME: Rule = {
  pattern: compiled(`(?<=${LOWERCASE_ROLE_WORD}${SP})\\p{Ll}[\\p{L}\\p{M}'’-]{1,}${SP}${LOWERCASE_NAME_WORD}${END}`, 'gu'),
  cue: compiled(`${LOWERCASE_ROLE_WORD}${SP}\\p{Ll}`, 'u'),
  classify: (match) => {
    const [given = '', ...rest] = words(match[0]).map((word) => word.toLowerCase());
    return isLowercaseGivenAfterRole(match, given) && rest.every(mayBeDictatedNameWord) && !rest.every((word) => NAME_PARTICLES.has(word))
      ? { kind: 'PERSOON' }
      : null;
  },
};

/**
 * Dictation puts a name between "komma"s after a kin word, a role word or a title: "zijn vader komma
 * kobus komma", "de casemanager komma ayoub el idrissi komma", "collega zomerdijk komma", "meneer
 * hofstede komma". Up to three words, each of them no Dutch word or verb.
 */
const DICTATED_APPOSITION_PERSON: Rule = {
  pattern: compiled(
    `(?<=(?:${START}(?:${RELATION}|${HONORIFIC})|${LOWERCASE_ROLE_WORD})${SP}(?:komma${SP})?)${LOWERCASE_NAME_WORD}(?:${SP}${LOWERCASE_NAME_WORD}){0,2}${END}(?=${SP}komma${END})`,
    'giu',
  ),
  cue: /komma/iu,
  classify: (match) => {
    const all = words(match[0]).map((word) => word.toLowerCase());
    if (!all.every(mayBeDictatedNameWord) || all.every((word) => NAME_PARTICLES.has(word) || CAPITAL_PARTICLES.has(word))) return null;
    const before = match.input.slice(Math.max(0, match.index - 60), match.index);
    const cueWord = /([\p{L}'’.-]+)\s+(?:komma\s+)?$/iu.exec(before)?.[1]?.toLowerCase() ?? '';
    if (/^(?:ene|genaamd|heet|door)$/u.test(cueWord)) return null;
    return { kind: 'PERSOON' };
  },
};

/**
 * Initials read out in dictation before a surname: "mevrouw j punt t punt oude groote beernink
 * komma", "dokter h punt e punt siahaan heeft". Two initials or more; the name runs to a read-out
 * sign, a verb or the end.
 */
const DICTATED_INITIALS_PERSON: Rule = {
  pattern: compiled(
    `${START}(?:\\p{Ll}${SP}punt${SP}){2,4}${LOWERCASE_NAME_WORD}(?:${SP}${LOWERCASE_NAME_WORD}){0,2}?${END}(?=${SP}(?:komma|punt|en|${SUBJECT_VERBS})${END}|\\s*[,.;:]|\\s*$)`,
    'gu',
  ),
  cue: /(?<!\p{L})\p{Ll}\s+punt\s+\p{Ll}\s+punt\s/u,
  classify: (match) => {
    const name = match[0].replace(/^(?:\p{Ll}\s+punt\s+)+/u, '');
    return words(name).every((word) => mayBeDictatedNameWord(word.toLowerCase()) || ORDINARY_WORDS.has(word)) ? { kind: 'PERSOON' } : null;
  },
};

/**
 * Dictation writes names in lower case like every other word ("ik heb met kim gesproken komma",
 * "dat sem zijn beste maatje is"): in a text that reads out its signs, a name the lists know (a given
 * name or surname, or a given name that is a Dutch word too) that is no word the ward writes in lower
 * case and no verb is a name where a name stands.
 */
const READ_OUT_SIGN = /(?<!\p{L})(?:komma|punt)(?!\p{L})/gu;
const NAME_BEFORE = new Set([
  'met',
  'dat',
  'van',
  'naar',
  'aan',
  'en',
  'of',
  'voor',
  'bij',
  'tegen',
  'zegt',
  'belt',
  'bellen',
  'wil',
  'ziet',
  'heeft',
]);
const DICTATED_GIVEN_NAME: Rule = {
  // A read-out sign follows somewhere (a dictated sentence ends in "punt"), so the cue holds for every match.
  pattern: compiled(`${START}\\p{Ll}[\\p{L}\\p{M}'’-]{2,}${END}(?=[^]*?(?<!\\p{L})(?:komma|punt)(?!\\p{L}))`, 'gu'),
  cue: /(?<!\p{L})(?:komma|punt)(?!\p{L})/u,
  classify: (match) => {
    const word = match[0];
    // A text that reads out its signs says "komma" or "punt" more than once; "op dit punt" is no dictation.
    // Or once, in a text that writes no sign at all ("hij zegt dat sem … gegeven punt": round five).
    const signs = (match.input.match(READ_OUT_SIGN) ?? []).length;
    if (signs < 2 && /[.,;:!?]/u.test(match.input)) return null;
    // Where a name stands: after "met", "dat", "naar", … or before a verb or a read-out sign.
    const before = /(\p{L}+)\s+$/u.exec(match.input.slice(Math.max(0, match.index - 30), match.index))?.[1] ?? '';
    const after = /^\s+(\p{L}+)/u.exec(match.input.slice(match.index + word.length, match.index + word.length + 30))?.[1] ?? '';
    if (!NAME_BEFORE.has(before) && !(FOLLOWED_BY_VERB.test(` ${after}`) || DICTATED_SIGNS.has(after) || after === 'en')) return null;
    // A name the lists know, given name or surname ("van mijke komma"), and since round five also a given name that is a
    // Dutch word too ("met kim", "wil bram niet") when the ward never writes that word in lower case (its vocabulary, below).
    const named = isPlainGivenName(nameKey(word)) || isListedName(word) || (ORDINARY_GIVEN.has(word) && !/^(?:de|het|een)$/u.test(before));
    if (!named || isOrdinaryWord(word)) return null;
    if (taggerVocabulary().has(word) || OPENERS.has(word) || DICTATED_SIGNS.has(word) || NOT_A_NAME.has(word) || looksLikeVerb(word))
      return null;
    return { kind: 'PERSOON' };
  },
};

/**
 * In dictation, the name someone is called by, in lower case like every word (ADR 0107, round six): "ze noemt hem
 * steeds pukkie komma", "we moeten hem toontje blijven noemen punt". It is no word of any list or of the ward, no
 * verb and has no Dutch ending, and is a name the lists know or has a pet form's ending: what one is called in lower
 * case is as often a quality ("noemt hem dom").
 */
const CALLS_FORM = `(?:${callingWords.calls.join('|')})`;
const PET_SHAPE = /^\p{L}{2,}(?:ie|je|tje|pje|kje|ke|y)$/u;
const CALLED_ONE = `(?:${callingWords.called.join('|')})`;
const WHILE_CALLED = `(?:${callingWords.whileCalling.join('|')})`;
const DICTATED_CALLED_NAME: Rule = {
  pattern: compiled(
    `(?<=${START}${CALLS_FORM}${SP}${CALLED_ONE}${SP}(?:${WHILE_CALLED}${SP}){0,2})\\p{Ll}[\\p{L}\\p{M}'’-]{2,}${END}|(?<=${START}${CALLED_ONE}${SP})\\p{Ll}[\\p{L}\\p{M}'’-]{2,}${END}(?=${SP}(?:(?:blijven|gaan|te)${SP})?${CALLS_FORM}${END})`,
    'gu',
  ),
  cue: compiled(`${CALLS_FORM}${END}`, 'u'),
  classify: (match) => {
    const word = match[0];
    const signs = (match.input.match(READ_OUT_SIGN) ?? []).length;
    if (signs < 2 && /[.,;:!?]/u.test(match.input)) return null;
    if (readsAsDutch(word) || OPENERS.has(word) || DICTATED_SIGNS.has(word) || NOT_A_NAME.has(word)) return null;
    // A name the lists know, or a pet form ("pukkie", "toontje"): an adjective the lists lack ("dom", "raar") is neither.
    return isListedName(word) || isGivenName(word) || isPetForm(word) || PET_SHAPE.test(word) ? { kind: 'PERSOON' } : null;
  },
};
/**
 * A double surname read out: a hyphen said between a person the rules took and the second name ("mevrouw de groot
 * hyphen van leeuwen komma"). The second name is part of the person (ADR 0107, round six).
 */
const DICTATED_HYPHEN_SURNAME = rule(
  `(?<=${MASK}${SP})(?:hyphen|streepje|koppelteken)${SP}(?:(?:${LOWERCASE_PARTICLE})${SP})*\\p{Ll}[\\p{L}\\p{M}'’-]{1,}${END}`,
  'PERSOON',
  (surface) => {
    const last = words(surface).at(-1) ?? '';
    // The said hyphen is the cue: the second name may be a Dutch word or look like a verb ("van leeuwen"), not a relation or a sign.
    return !DICTATED_SIGNS.has(last) && !OPENERS.has(last) && !KIN_SET.has(last) && !ROLE_SET.has(last);
  },
);

/**
 * A text that says who a given name is ("kim is de vriendin van de patiënt", "Joke is haar buurvrouw")
 * makes every use of that word in it the person, also a given name that is a Dutch word too and in
 * lower case ("ik heb met kim gesproken", ADR 0107 round five). The relation must be a kin or role word
 * right after "is" and an article or possessive (an adjective between may stand).
 */
const SAYS_WHO_OF = (subject: string): string =>
  `${START}${subject}${SP}is${SP}(?:de|het|een|haar|zijn|z'n|mijn|m'n|hun|onze|ons)${SP}(?:\\p{Ll}+${SP})?(?:${RELATION_WORDS.filter((word) => !word.includes('\\') && !/\s/u.test(word)).join('|')})${END}`;
const SAYS_WHO = SAYS_WHO_OF(`(\\p{L}[\\p{Ll}\\p{M}'’-]+)`);
const SAYS_SOMEONE = SAYS_WHO_OF(`\\p{L}[\\p{Ll}\\p{M}'’-]+`);
const SAID_WHO: Rule = {
  // Every word of a text that says who someone is, before or after the saying (the cue holds for every match).
  pattern: compiled(`${START}(?:(?=[^]*?${SAYS_SOMEONE})|(?<=${SAYS_SOMEONE}[^]*?))\\p{L}[\\p{Ll}\\p{M}'’-]+${END}`, 'gu'),
  cue: compiled(SAYS_SOMEONE, 'u'),
  classify: (match) => {
    const word = match[0].toLowerCase();
    if (!isGivenName(word) || OPENERS.has(word) || DICTATED_SIGNS.has(word) || NOT_A_NAME.has(word) || KIN_SET.has(word)) return null;
    for (const said of match.input.matchAll(compiled(SAYS_WHO, 'gu'))) if (said[1]!.toLowerCase() === word) return { kind: 'PERSOON' };
    return null;
  },
};

/**
 * A full name with a comma and the role after it, as a list of those present or a signature writes it ("Tewolde Habte, tolk
 * Tigrinya", "Nienke Faber, verpleegkundige"; round 13). Not a service or place ("Ruimte Noord, verpleegkundige").
 */
const NAME_BEFORE_ROLE: Rule = {
  pattern: compiled(
    `${START}(?:${NAME_WORD})(?:${SP}(?:${PARTICLES_ANY_CASE}${SP})*${NAME_WORD}){0,2}(?=,${SP}(?:(?:een|de|haar|zijn|hun)${SP})?(?:oud-|ex-)?(?:${RELATION}|${LOWERCASE_ROLE_WORD})${END})`,
    'gu',
  ),
  classify: (match) => {
    const surface = match[0];
    const parts = words(surface);
    if (OPENERS.has((parts[0] ?? '').toLowerCase()) || namesAServiceOrPlace(surface) || !holdsNoPersonWord(surface)) return null;
    // Every word a name's: "Bezoek van Jansen, haar buurvrouw" opens on a Dutch word, which stays (the tagger's rules take the
    // name after it).
    const nameLike = (part: string) =>
      /^\p{Ll}/u.test(part) || isNoKnownWord(part) || isListedName(part) || isGivenName(part) || ORDINARY_LISTED.has(nameKey(part));
    if (!parts.every(nameLike)) return null;
    // Before a lower-case particle only a given name the lists know ("Jan van Dijk"), not a word opening a sentence.
    if (parts.some((part) => /^\p{Ll}/u.test(part)) && !(isGivenName(parts[0]!) || isPetForm(parts[0]!))) return null;
    if (parts.length > 1) return { kind: 'PERSOON' };
    // One word alone ("bezoek van Mesman, een oud-collega") only in the middle of a sentence, after no article, and no
    // Dutch word or given name that is one: "Ja, de arts …", "over de Roos, een vrouw …" stay.
    const before = match.input.slice(Math.max(0, match.index - 20), match.index);
    if (!/[\p{Ll}]\s+$/u.test(before) || AFTER_ARTICLE.test(before)) return null;
    return LISTED_SURNAME.has(nameKey(surface)) ? { kind: 'PERSOON' } : null;
  },
};
/** A second name joined to one just replaced: "ouders (Ton en Gonny Peters)", "Jan & Marie". */
const COORDINATED_PERSON = rule(`(?<=${MASK}${SP}(?:en|&)${SP})(?:${CAPITALISED_PERSON})${END}`, 'PERSOON', holdsNoPersonWord);

/**
 * Dutch writes nouns in lower case, so two capitalised words in the middle of a sentence are
 * nearly always a name: "bij Wouter Zandbergen", "breuk met Mike Bosman". Not when a number
 * follows ("Risperdal Consta 50 mg" is medication).
 */
const MID_SENTENCE_NAME = `(?<=[\\p{Ll},;)]${SP})${NAME_WORD}(?:${SP}(?:${PARTICLES_ANY_CASE}${SP})*${NAME_WORD}){1,2}${END}(?!${SP}\\p{N})`;
/** Dictation says where a sentence ends: "… punt Tevens Wernicke uitsluiten", "colon Intensive Home Treatment". */
const DICTATED_STOP = /(?:^|[^\p{L}])(?:punt|colon|dubbele punt|uitroepteken|vraagteken|nieuwe alinea|nieuwe regel)\s+$/u;
const FULL_NAME_ANY = rule(MID_SENTENCE_NAME, 'PERSOON', holdsNoPersonWord);
/** Endings of Dutch adjectives and ordinals that open a service's name ("Spoedeisende Hulp", "Klinische Les", "Eerste Kerstdag"). */
const ADJECTIVE_ENDING = /\p{L}{3,}(?:ische|ieve|ende|ale|ige|lijke|aire|erde|ste)$/u;
const COMPASS = new Set(['noord', 'oost', 'zuid', 'west', 'centrum']);
const CARE_SERVICE_WORDS = new Set(careServiceWords);
/**
 * Capitalised words mid-sentence that name a service, a room or a day rather than a person: none of
 * them is a name the lists know, and one is a word the ward writes in lower case, an adjective or a
 * point of the compass ("Multidisciplinair Overleg", "Ruimte Noord", "Beschermd Wonen"). Structure,
 * no list of services: "Wouter Zandbergen" and "Kees Zoutenbier" hold a given name and stay people.
 */
function namesAServiceOrPlace(surface: string): boolean {
  const parts = surface.split(/\s+/u).filter((part) => /^\p{Lu}/u.test(part));
  if (parts.length < 2 || parts.some((part) => part.includes('-'))) return false;
  if (parts.some((part) => isListedName(part) || isGivenName(part) || isPetForm(part))) return false;
  const vocabulary = taggerVocabulary();
  return parts.some((part) => {
    const lower = part.toLowerCase();
    return (
      vocabulary.has(lower) ||
      COMPASS.has(lower) ||
      CARE_SERVICE_WORDS.has(lower) ||
      (ADJECTIVE_ENDING.test(lower) && !LISTED_SURNAME.has(nameKey(part)))
    );
  });
}

/**
 * After "het" or "een" capitalised words are a thing, a place or a title ("het Wilhelmina Ziekenhuis",
 * "een Rode Kruis-post"); after "de" too when the first is a Dutch word or an adjective ("de Koning van
 * Feyenoord", "de Middellandse Zee"), unless a listed surname ends it ("met de Groot Wassink").
 */
/**
 * A capitalised article or particle right after a word of place opens a town's name, not a person's: "in Den Haag",
 * "uit Ter Apel", "te De Bilt", "vanuit Het Gooi". Nobody lives "in De Vries"; a person is met "bij" or "met" them.
 */
const PLACE_AFTER_LOCATIVE = /(?:^|[^\p{L}])(?:in|uit|te|vanuit|nabij|regio|omgeving)\s+(?:Den|De|Het|Ter|Ten|['’]t|['’]s)(?:\s|-)?$/u;
const FULL_NAME: Rule = {
  ...FULL_NAME_ANY,
  classify: (match) => {
    const article = /(?:^|[^\p{L}])(het|een|de)\s+$/u.exec(match.input.slice(Math.max(0, match.index - 8), match.index))?.[1];
    const first = words(match[0])[0] ?? '';
    if (article === 'het' || article === 'een') return null;
    const last = words(match[0]).at(-1) ?? '';
    if (namesAServiceOrPlace(match[0]) || PLACE_AFTER_LOCATIVE.test(match.input.slice(Math.max(0, match.index - 12), match.index + 4)))
      return null;
    // After a dictated full stop the first word opens a sentence: only a name when the lists know it.
    if (DICTATED_STOP.test(match.input.slice(Math.max(0, match.index - 24), match.index)) && !(isListedName(first) || isGivenName(first)))
      return null;
    if (
      article === 'de' &&
      !isListedName(last) &&
      (isOrdinaryWord(first) || ORDINARY_LISTED.has(nameKey(first)) || /(?:se|sche)$/u.test(first))
    )
      return null;
    return FULL_NAME_ANY.classify(match);
  },
};

/**
 * Common given names in the Netherlands, from every background on a Dutch ward. A capitalised
 * given name is a person anywhere in a sentence, with the surname that follows it; names that are
 * ordinary words too ("Roos", "Iris", "Hoop") only in the middle of a sentence.
 */
const GIVEN_NAMES = new Set(
  'aad adrie adriaan ahmed aicha aisha albert alex alexander ali amber amira ana andre andré andrea angela anita anja anke ankie anna anne anneke annemarie annemiek annie anouk ans antoon arend arie arjan arjen arnold aron astrid ayse ayşe bart bea ben benjamin bernard bert bianca bilal bram brenda britt carla carlo carolien caroline cas casper chantal charlotte chris christiaan christine cindy claudia cor cora corné corrie daan daniel daniël danny david debora demi dennis dewi diana dick dirk dora dries edwin eef eline elif elise ellen els elly emily emine emma emre erik eric ester esther eva evert fatima fatma fenna femke fleur floor frank frans freek frits gerard gerda gerrit gert gertjan gert-jan gijs gonny greet hakan hamid hanna hannah hans harm harrie hassan hein hendrik henk henny herman hüseyin hussein ibrahim ilse inge ingrid irene jaap jacob jacqueline jamal jan janneke jannie jasper jelle jeroen jesse joke jolanda joop joost jop jordy joris jos josé joyce judith julia juliette karim karin kees kelly kemal kevin khadija kim klaas koen kofi laura leila layla lieke linda lisa lisanne liam lotte louise lucas luuk maarten manon marco marek margreet maria marie marieke mariska marjan marjolein mark marleen marloes martijn martin martine mehmet melissa meryem michel michiel mieke mike milan mila mirjam miriam mo mohamed mohammed monique murat mustafa naima nadia naomi natasha nicole niels nienke nina noa noor nora omar paul peter petra piet pieter piotr priscilla priya rachid rajesh ravi remco rené richard rick ricardo rik rob robert robin roel romy ronald rosa ruben rutger ruud said samira sander sandra sanne sara sarah saskia sem sietske simone sjaak sjoerd soufiane sophie stefan stephanie susan suzanne sven tamara tanja tariq teun theo thijs thomas tim tineke tom ton tomasz truus vincent wendy willem wilma wim wouter yasmina yasmine yusuf youssef yvonne zeynep zoë'.split(
    ' ',
  ),
);
for (const name of [...GIVEN_NAMES_NL, ...ORDINARY_GIVEN_NAMES_NL]) GIVEN_NAMES.add(name.toLowerCase());
/** Given names that are Dutch words too ("Storm", "Maan"): a name only where a word cannot stand. */
const ORDINARY_GIVEN = new Set(ORDINARY_GIVEN_NAMES_NL.map((name) => name.toLowerCase()));

/** A list name as the lists are compared: lower case, without diacritics ("Çelik", "Yilmaz" for "Yılmaz"). */
const nameKey = (word: string): string =>
  word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ı/g, 'i').replace(/ł/g, 'l').replace(/ß/g, 'ss');
/** Names from the generated lists (ADR 0076); those that are a Dutch word or place too count only with a cue. */
const ORDINARY_LISTED = new Set([...ORDINARY_LISTED_GIVEN_NAMES, ...ORDINARY_LISTED_SURNAMES].map(nameKey));
const ORDINARY_LISTED_SURNAME = new Set(ORDINARY_LISTED_SURNAMES.map(nameKey));
const listedKeys = (names: readonly string[]): Set<string> =>
  new Set(names.map(nameKey).filter((key) => !ORDINARY_LISTED.has(key) && !NOT_A_PERSON.has(key)));
const LISTED_GIVEN = listedKeys(LISTED_GIVEN_NAMES);
const LISTED_SURNAME = listedKeys([...LISTED_SURNAMES, ...DICTIONARY_NAMES]);
/** The hand list and the faker nl list, less the names that are a Dutch word ("Roos", "Hoop"). */
const GIVEN_NAMES_ONLY = new Set(
  [...GIVEN_NAMES].filter((name) => !ORDINARY_GIVEN.has(name) && !ORDINARY_LISTED.has(nameKey(name))).map(nameKey),
);
const isGivenName = (word: string): boolean => GIVEN_NAMES.has(word.toLowerCase()) || LISTED_GIVEN.has(nameKey(word));
/** A given name or surname from the lists that is no Dutch word. */
const isListedName = (word: string): boolean =>
  LISTED_SURNAME.has(nameKey(word)) || LISTED_GIVEN.has(nameKey(word)) || GIVEN_NAMES_ONLY.has(nameKey(word));
/** A given name that is no Dutch word. */
const isPlainGivenName = (key: string): boolean => LISTED_GIVEN.has(key) || GIVEN_NAMES_ONLY.has(key);
/**
 * A pet form of a given name that is no Dutch word: "Annetje", "Miekje", "Rinuske", "Priyaatje"
 * (ADR 0076). Names that are words give words ("Roosje", "Maantje"), so they are not taken.
 */
function isPetForm(word: string): boolean {
  const key = nameKey(word);
  for (const suffix of DIMINUTIVE_SUFFIXES) {
    if (!key.endsWith(suffix)) continue;
    const base = key.slice(0, -suffix.length);
    if (base.length < 3) continue;
    if (isPlainGivenName(base) || isPlainGivenName(`${base}e`) || (/(.)\1$/u.test(base) && isPlainGivenName(base.slice(0, -1))))
      return true;
  }
  return false;
}
/** A place of care before a capitalised word makes it the place's name: "afdeling Iris", "paviljoen Roos", "locatie Anna". */
const AFTER_PLACE_OF_CARE = /(?:^|[^\p{L}])(?:afdeling|paviljoen|unit|kliniek|locatie|woonvorm|woongroep|vleugel)\s+$/iu;
const GIVEN_NAME_PERSON: Rule = {
  pattern: new RegExp(`${START}${NAME_WORD}(?:${SP}(?:${PARTICLES_ANY_CASE}${SP})*${NAME_WORD})?${END}`, 'gu'),
  classify: (match) => {
    const [first = '', ...rest] = words(match[0]);
    // Two list names in a row are a full name at the start of a sentence too: "Lonneke Terlouw belde".
    const listedPair = rest.length > 0 && isListedName(first) && isListedName(rest.at(-1)!);
    if (!(isGivenName(first) || isPetForm(first) || listedPair) || !holdsNoPersonWord(match[0])) return null;
    const before = match.input.slice(0, match.index);
    // "De Linde", "een Storm": after an article it is a ward or a thing, not a person; "afdeling Iris" is a ward.
    if (rest.length === 0 && /(?:^|[^\p{L}])(?:de|het|een|De|Het|Een|DE|HET|EEN)\s+$/u.test(before)) return null;
    if (rest.length === 0 && AFTER_PLACE_OF_CARE.test(before)) return null;
    // "Roos" alone at the start of a sentence may be the flower; with a surname or mid-sentence it is a person.
    const midSentence = /[\p{Ll},;)]\s+$/u.test(before);
    if ((isOrdinaryWord(first) || ORDINARY_GIVEN.has(first.toLowerCase())) && rest.length === 0 && !midSentence) return null;
    return { kind: 'PERSOON' };
  },
};

/** Text before a word that puts it mid-sentence: after a lower-case word, a figure, a comma or an opening bracket. */
const MID_SENTENCE_BEFORE = /(?:[\p{Ll}\p{N},;)]|\()\s*$/u;
/** A comma, colon, bracket or dash after a word at the start of a sentence: "Kowalczyk, 45 jr", "Kaya (vader) belde". */
const FOLLOWED_BY_PAUSE = /^\s*[,:;(–—]/u;
const AFTER_ARTICLE = /(?:^|[^\p{L}])(?:de|het|een|De|Het|Een|DE|HET|EEN)\s+$/u;

/**
 * A surname from the lists that is no Dutch word ("Yılmaz", "Kowalczyk", "Kromowidjojo"), capitalised
 * and written alone (ADR 0076): a person in the middle of a sentence, and at its start only as the
 * subject of a verb ("Kaya weigert"). Not after an article, not before a figure (a brand, a dose).
 */
const LISTED_SURNAME_PERSON: Rule = {
  pattern: new RegExp(`${START}${NAME_WORD}${END}(?!${SP}\\p{N})`, 'gu'),
  classify: (match) => {
    const parts = match[0].split('-');
    if (!parts.some((part) => LISTED_SURNAME.has(nameKey(part))) || !holdsNoPersonWord(match[0])) return null;
    const before = match.input.slice(0, match.index);
    if (AFTER_ARTICLE.test(before)) return null;
    if (MID_SENTENCE_BEFORE.test(before)) return { kind: 'PERSOON' };
    const after = match.input.slice(match.index + match[0].length);
    return FOLLOWED_BY_VERB.test(after) || FOLLOWED_BY_PAUSE.test(after) ? { kind: 'PERSOON' } : null;
  },
};

/**
 * A surname as the subject of a verb with no other cue (round 13, ADR 0107): "Bakker heeft het eten opgewarmd", "moet
 * Visser nog bellen", "Rozendaal heeft vannacht gewaakt", "6u, Leihitu gaf dextro", "gaf aan dat Gebremedhin, die …".
 * A surname the lists know, also one that is a Dutch word, or a word no vocabulary of ours holds: after a comma or a
 * conjunction in the middle of a sentence before a verb, or after a finite verb before a word in lower case (the
 * subject put after the verb). Not at a sentence's start, where a capital says nothing ("Zorg blijft nodig"); not a
 * Dutch word the lists do not hold as a surname ("Groot bloedbeeld"), nor a thing after an article.
 */
const FINITE_VERB_BEFORE = new RegExp(
  `(?:^|[^\\p{L}])(?:${SUBJECT_VERBS}|heb|hebben|zijn|gaan|komen|moeten|kunnen|willen|mogen|zal|zullen)${SP}$`,
  'iu',
);
const CLAUSE_OPENS_MID = /(?:[\p{Ll}\p{N}]\s*,\s*|[\p{Ll}\p{N},]\s+(?:dat|omdat|want|maar|toen|terwijl|nadat|zodat|en)\s+)$/u;
/** What follows a subject put after its verb: an adverb or a pronoun, not the object's infinitive ("wil Temesta zn"). */
const AFTER_INVERTED_SUBJECT =
  /^[^\S\n]+(?:nog|al|ook|zijn|haar|hun|het|de|dat|dit|die|morgen|vandaag|vanavond|vannacht|vanmiddag|vanochtend|even|wel|niet|geen|er|hier|daar|toch|weer|zelf|echt|gewoon|inmiddels|dan|nu)(?!\p{L})/u;
const SUBJECT_SURNAME: Rule = {
  pattern: new RegExp(`${START}${NAME_WORD}${END}(?!${SP_OPT}\\p{N})`, 'gu'),
  classify: (match) => {
    const word = match[0];
    const key = word.toLowerCase();
    if (OPENERS.has(key) || NOT_A_PERSON.has(key) || NOT_A_NAME.has(key) || KIN_SET.has(key) || ROLE_SET.has(key)) return null;
    if (MONTH_OR_DAY.has(key) || CARE_SERVICE_WORDS.has(key) || looksLikeVerb(key)) return null;
    const dutchWord = ORDINARY_LISTED_SURNAME.has(nameKey(word)) && !LISTED_SURNAME.has(nameKey(word));
    // Only a surname the lists know: a word no vocabulary holds may as well be a place, a service or a medicine.
    if (!dutchWord && !LISTED_SURNAME.has(nameKey(word))) return null;
    const before = match.input.slice(Math.max(0, match.index - 40), match.index);
    if (AFTER_ARTICLE.test(before)) return null;
    const after = match.input.slice(match.index + word.length, match.index + word.length + 40);
    // A word opening a sentence is capitalised for that alone ("Zorg blijft nodig"): only a clause in the middle of one.
    if (CLAUSE_OPENS_MID.test(before) && (FOLLOWED_BY_VERB.test(after) || /^,\s+die\s/u.test(after))) return { kind: 'PERSOON' };
    if (FINITE_VERB_BEFORE.test(before) && AFTER_INVERTED_SUBJECT.test(after)) return { kind: 'PERSOON' };
    return null;
  },
};

/**
 * A surname that is a Dutch word, after "met de" and capitalised mid-sentence: "ruzie met de Koning",
 * "contact met de Haan, hij is". "met" is how a note meets a person; the capital in mid-sentence
 * says a name, not the king or the rooster. Only a surname the lists know as a Dutch word too, alone
 * (no capitalised word after it: "met de Acute Dienst"). ADR 0107, round three.
 */
const SURNAME_AFTER_MET_DE = rule(
  `(?<=(?:^|[^\\p{L}\\p{M}])[Mm]et${SP})de${SP}\\p{Lu}\\p{Ll}+${END}(?![ \\t]*-|${SP}\\p{Lu})`,
  'PERSOON',
  (surface) => ORDINARY_LISTED_SURNAME.has(nameKey(surface.split(/\s+/u).at(-1) ?? '')),
);

/**
 * Surnames with an Arabic prefix, capitalised or joined by a hyphen: "El Idrissi", "Ben Haddou",
 * "Al-Hamwi", "Ait Taleb", "Abou Zaid" (ADR 0076). "Ben" and "Al" are Dutch words too ("Ben jij …",
 * "Al Jaren"): they count only before a capitalised word that opens no sentence and holds no care word.
 */
const PREFIXED_SURNAME = rule(
  `${START}(?:El|Ben|Al|Abou|Abu|Ait|Aït|Ould|Bou|el|ait|aït|abou|abu)(?:-|${SP})${NAME_WORD}${END}`,
  'PERSOON',
  (surface) => {
    const name = surface.split(/[-\s]+/u).at(-1) ?? '';
    return !SENTENCE_OPENERS.has(name.toLowerCase()) && !STOP_WORDS.has(name.toLowerCase()) && holdsNoPersonWord(surface);
  },
);

/**
 * A name in capitals ("EMRE", "KOWALCZYK WEIGERT"): a word of four letters or more whose lower case
 * is a list name and no Dutch word; abbreviations (GGZ, SEH, ADHD) are in no list.
 */
const CAPITALS_PERSON: Rule = {
  pattern: compiled(`${START}\\p{Lu}[\\p{Lu}\\p{M}]{2,}${END}`, 'gu'),
  classify: (match) => {
    const surface = match[0];
    if (!holdsNoPersonWord(surface)) return null;
    if (surface.length >= 4 && isListedName(surface) && !ORDINARY_GIVEN.has(nameKey(surface))) return { kind: 'PERSOON' };
    // A name that is a Dutch word too, as the subject of a person's verb in capitals: "VOS WEIGERT MEDICATIE", "BAKKER WIL NAAR HUIS".
    const listedWord =
      ORDINARY_LISTED.has(nameKey(surface)) || (isOrdinaryWord(surface) && (isGivenName(surface) || LISTED_SURNAME.has(nameKey(surface))));
    const verb = /^[ \t]+(\p{Lu}+)(?![\p{L}\p{M}\p{N}])/u.exec(match.input.slice(match.index + surface.length))?.[1];
    return listedWord && verb !== undefined && PERSON_VERBS.has(verb.toLowerCase()) ? { kind: 'PERSOON' } : null;
  },
};
/** Verbs only a person does, not "is", "ligt" or "wordt" ("STORM IS VOORBIJ", "ROOS IS ERGER"). */
const NOT_ONLY_A_PERSON = new Set(
  'is was wordt werd lijkt leek blijft bleef staat stond ligt lag zit zat kan kon moet moest mag mocht zou heeft had komt kwam gaat ging'.split(
    ' ',
  ),
);
const PERSON_VERBS = new Set([...SUBJECT_VERBS.split('|')].filter((verb) => !NOT_ONLY_A_PERSON.has(verb)));

/**
 * IBAN of any country, with or without spaces, in any case; only a valid checksum counts. After the
 * bank code every group holds a digit, so a following word ("voor", "te") is not taken along.
 */
const IBAN_RULE = `${START}[A-Za-z]{2}\\d{2}${SP_OPT}[A-Za-z0-9]{4}(?:${SP_OPT}(?=[A-Za-z]{0,3}\\d)[A-Za-z0-9]{4}){1,6}(?:${SP_OPT}(?=[A-Za-z]{0,2}\\d)[A-Za-z0-9]{1,3})?${END}`;
export function isValidIban(text: string): boolean {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return false;
  const digits = (compact.slice(4) + compact.slice(0, 4)).replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}
const IBAN = rule(IBAN_RULE, 'IBAN', isValidIban);

/** A number shortly after an insurance word: polisnummer, verzekerdennummer, "zorgverzekering CZ, nummer …". */
const INSURANCE_WORD = `(?:polis(?:nummer|nr)?|verzekerden(?:nummer|nr)|verzekeringsnummer|zorgverzekering|zorgverzekeraar|verzekeraar|verzekerd|relatienummer|lidnummer|klantnummer)`;
const POLICY_RULE = `(?<=${START}${INSURANCE_WORD}${END}[^\\p{N}\\n]{0,30})${NUM_START}[A-Za-z]{0,3}\\d(?:[ .-]?\\d){4,15}${NUM_END}`;
const POLICY = rule(POLICY_RULE, 'POLISNUMMER', undefined, 'giu');

/** Nine digits in any grouping that pass the eleven test. */
export function passesElevenTest(text: string): boolean {
  const digits = text.replace(/\D/g, '');
  if (digits.length !== 9 || /^0+$/.test(digits)) return false;
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (index === 8 ? -1 : 9 - index), 0);
  return sum % 11 === 0;
}
const BSN_ANY_GROUPING = rule(`${NUM_START}\\d(?:[ .\\u00a0-]?\\d){8}${NUM_END}`, 'BSN', passesElevenTest);

/** "naam(at)domein.nl", "naam [at] domein [dot] nl", "naam at domein punt nl". */
const OBFUSCATED_EMAIL = rule(
  `(?<![\\p{L}\\p{M}\\p{N}._%+-])[\\p{L}\\p{M}\\p{N}._%+-]+(?:${SP_OPT}[([]${SP_OPT}(?:at|a|apenstaartje)${SP_OPT}[)\\]]${SP_OPT}|${SP}(?:at|apenstaartje|@)${SP}|${SP}@|@${SP})[\\p{L}\\p{M}\\p{N}-]+(?:(?:\\.|${SP_OPT}[([]${SP_OPT}(?:dot|punt)${SP_OPT}[)\\]]${SP_OPT}|${SP}(?:dot|punt)${SP})[\\p{L}\\p{M}\\p{N}-]+)*(?:${SP_OPT}\\.${SP_OPT}|${SP_OPT}[([]${SP_OPT}(?:dot|punt)${SP_OPT}[)\\]]${SP_OPT}|${SP}(?:dot|punt)${SP})(?:nl|com|net|org|be|eu|de|info|nu)${END}`,
  'EMAIL',
  undefined,
  'giu',
);

/** The dictated tail of an e-mail address whose first part was replaced already: "[…] apenstaartje ziggo punt n l". */
const DICTATED_MAIL_TAIL: Rule = {
  ...rule(
    `(?:${START}apenstaartje|(?<=${MASK}${SP})at)${SP}[\\p{L}\\p{N}-]+(?:${SP}punt${SP}[\\p{L}\\p{N}-]+)*?${SP}punt${SP}(?:n${SP}l|nl|com|net|org|be|eu|de|info|nu)${END}`,
    'EMAIL',
  ),
  cue: /\spunt\s/u,
};
function siteNameIsNoWord(surface: string): boolean {
  const name = surface.split(/\s+/u)[0]!.toLowerCase();
  return letterCount(name) >= 5 && !(readsAsDutch(name) || STOP_WORDS.has(name) || OPENERS.has(name) || DICTATED_SIGNS.has(name));
}
/** A web address read out: "w w w punt naam punt n l", "linkedin punt com slash in slash naam". */
const DICTATED_WEB_ADDRESS_ANY = rule(
  // After "w w w punt" a name read out may hold spaces: "w w w punt klusbedrijf de vries punt nl".
  `${START}(?:(?:w${SP}w${SP}w|www)${SP}punt${SP}(?:(?!punt${END})[\\p{L}\\p{N}-]+${SP}){0,3})?[\\p{L}\\p{N}-]+(?:${SP}punt${SP}[\\p{L}\\p{N}-]+)*?${SP}punt${SP}(?:n${SP}l|nl|com|net|org|be|eu|info|nu|ee)(?:${SP}(?:slash|schuine${SP}streep)${SP}(?:at${SP}|apenstaartje${SP})?[\\p{L}\\p{N}_-]+)*${END}`,
  'URL',
  // Only with "w w w" or a path: "… punt nl" alone is how dictation ends a sentence ("gaat goed punt nl"); or when
  // the site's name is no Dutch word ("kijk op meesdeboer punt nl", round twelve).
  (surface) =>
    (/^(?:w\s+w\s+w|www)\s/u.test(surface) || /\s(?:slash|schuine\s+streep)\s/u.test(surface) || siteNameIsNoWord(surface)) &&
    !isPublicSite(
      surface
        .replace(/\s+punt\s+/gu, '.')
        .replace(/\s+(?:slash|schuine\s+streep)\s+/gu, '/')
        .replace(/\s+/gu, ''),
    ),
);
/** The part of a dictated e-mail address after "apenstaartje" or "at" is the mail rules' ("… apenstaartje ziggo punt n l"). */
const DICTATED_WEB_ADDRESS: Rule = {
  ...DICTATED_WEB_ADDRESS_ANY,
  classify: (match) =>
    /(?:(?<!\p{L})(?:apenstaartje|at-teken|at)|@)\s*$/iu.test(match.input.slice(Math.max(0, match.index - 14), match.index))
      ? null
      : DICTATED_WEB_ADDRESS_ANY.classify(match),
  cue: /\spunt\s/u,
};

const POSTBUS = rule(`${START}[Pp](?:ostbus|OSTBUS)${SP}\\d{1,6}${NUM_END}`, 'ADRES');

/** A street in lower case still has its number: "kerkstraat 12", "molenweg 3". */
const LOWERCASE_STREET = rule(
  `${START}\\p{Ll}[\\p{L}\\p{M}'’-]*(?:${STREET_SUFFIX})${SP}(?:${HOUSE_NUMBER}${NUM_END}|${SPOKEN_HOUSE_NUMBER}${END}${SPOKEN_ADDRESS_END})`,
  'ADRES',
);

/** A full date written out, far enough back to be a birth date ("11 november 1985", "3 mei '85"). */
const OLD_FULL_DATE = rule(
  `${NUM_START}\\d{1,2}${SP}(?:${MONTHS})\\.?${SP}(?:(?:19|20)\\d{2}|['’]\\d{2})${END}`,
  'GEBOORTEDATUM',
  (surface) => {
    const year = /(\d{2,4})$/.exec(surface)?.[1] ?? '';
    const full = year.length === 2 ? Number(year) + (Number(year) > new Date().getFullYear() % 100 ? 1900 : 2000) : Number(year);
    return full <= new Date().getFullYear() - 12;
  },
  'giu',
);

// ---------------------------------------------------------------------------------------------
// Structure that needs no list of names (issue 42): licence plates, social-media handles, web
// addresses, long numbers, phone numbers written with wide separators, lower-case postcodes,
// IBAN-shaped numbers whose checksum fails, initials before a surname, double surnames.

/** The Dutch licence-plate sidecodes 1–14 (X letter, 9 digit), three groups joined by hyphens. */
const PLATE_SHAPES = new Set([
  'XX-99-99',
  '99-99-XX',
  '99-XX-99',
  'XX-99-XX',
  'XX-XX-99',
  '99-XX-XX',
  '99-XXX-9',
  '9-XXX-99',
  'XX-999-X',
  'X-999-XX',
  'XXX-99-X',
  'X-99-XXX',
  '9-XX-999',
  '999-XX-9',
]);
const plateShape = (text: string): string => text.toUpperCase().replace(/[A-Z]/g, 'X').replace(/\d/g, '9');
const PLATE = rule(`${START}[A-Za-z0-9]{1,3}-[A-Za-z0-9]{1,3}-[A-Za-z0-9]{1,3}${END}(?!-)`, 'KENTEKEN', (surface) =>
  PLATE_SHAPES.has(plateShape(surface)),
);
/** Belgian plates, as Flemish text writes them ("1-GHT-306"): only after the word for a plate. */
const BELGIAN_PLATE_SHAPES = new Set(['9-XXX-999', 'XXX-999']);
/**
 * Groups of a plate: as written when separated by hyphens or spaces ("52 RNB 4"), else the runs of
 * letters and figures, a run of four figures or letters split in two ("AB1234" → AB-12-34).
 */
function plateGroups(surface: string): string {
  const parts = /[\s-]/.test(surface) ? surface.split(/[\s-]+/) : (surface.match(/[A-Za-z]+|\d+/g) ?? []);
  return parts.flatMap((part) => (part.length === 4 ? [part.slice(0, 2), part.slice(2)] : [part])).join('-');
}
/** After "kenteken" or "nummerplaat" a plate may have spaces or no separators: "kenteken 52 RNB 4", "nummerplaat 1-GHT-306". */
const PLATE_AFTER_WORD = rule(
  `(?<=${START}(?:kenteken|kentekenplaat|nummerplaat|nummerbord)(?:nummer)?${END}:?${SP}(?:(?:is|was|van|nr\\.?)${SP})?)[A-Za-z0-9]{1,3}(?:[ -]?[A-Za-z0-9]{1,3}){1,2}${END}(?!-[A-Za-z0-9])`,
  'KENTEKEN',
  (surface) => {
    const shape = plateShape(plateGroups(surface));
    return /\d/.test(surface) && /[A-Za-z]/.test(surface) && (PLATE_SHAPES.has(shape) || BELGIAN_PLATE_SHAPES.has(shape));
  },
  'giu',
);

/** Platforms whose account names the text may give. */
const PLATFORMS = 'instagram|insta|tiktok|snapchat|snap|twitter|facebook|threads|telegram|discord';
/** A platform or the word account just before, in the same sentence. */
const AFTER_PLATFORM = new RegExp(`(?:${PLATFORMS}|account|handle)[^.!?\\n]{0,30}$`, 'iu');
/** "@jorien.x" (an e-mail address is taken before), or the account after the platform's name when it cannot be a word. */
const HANDLE = rule(`(?<![\\p{L}\\p{M}\\p{N}._%+@-])@[\\p{L}\\p{M}\\p{N}_](?:[\\p{L}\\p{M}\\p{N}_.]*[\\p{L}\\p{M}\\p{N}_])?`, 'ACCOUNT');
/**
 * A user name by its shape, wherever it stands: letters joined by an underscore ("jadeke_k", "x_pool_zwolle")
 * or a Discord tag ("larsm#4471"). Dutch words never hold an underscore; a hashtag has no letters before the "#".
 */
const ACCOUNT_SHAPE = rule(
  `${START}(?:[\\p{L}\\p{N}]+(?:[_.][\\p{L}\\p{N}]+)*_[\\p{L}\\p{N}]+(?:[_.][\\p{L}\\p{N}]+)*(?:#\\d{4})?|\\p{L}[\\p{L}\\p{N}_.]{1,31}#\\d{4})${END}`,
  'ACCOUNT',
  (surface) => /\p{L}/u.test(surface.replace(/#\d+$/u, '')) && !/^[A-Z0-9_]+$/u.test(surface),
);
/** A user name read out with "underscore" between its parts, no at sign needed: "kaan underscore gns underscore zeven". */
const DICTATED_UNDERSCORE_HANDLE = rule(
  `${START}[\\p{L}\\p{N}]+(?:${SP}(?:underscore|liggend${SP}streepje)${SP}[\\p{L}\\p{N}]+)+${END}`,
  'ACCOUNT',
  undefined,
  'giu',
);
/** A user name with a figure after a dot ("joeyk.x010", "robinsahin.035") in the sentence of a platform's name. */
const DOTTED_ACCOUNT_NEAR_PLATFORM = rule(
  `(?<=${START}(?:${PLATFORMS})${END}[^.!?\\n]{0,40})${START}\\p{L}[\\p{L}\\p{N}_]{3,}\\.[\\p{L}\\p{N}_]*\\p{N}[\\p{L}\\p{N}_]*${END}`,
  'ACCOUNT',
  undefined,
  'giu',
);
const PLATFORM_ACCOUNT = rule(
  `(?<=${START}(?:${PLATFORMS})(?:-?(?:account|naam|profiel))?${SP_OPT}:?${SP}(?:(?:als|is|heet|onder|met|de|naam|account|handle)${SP}){0,2})` +
    `(?=[\\p{L}\\p{M}\\p{N}_]*(?:[_\\p{N}]|\\.[\\p{L}\\p{N}]))[\\p{L}\\p{M}\\p{N}_](?:[\\p{L}\\p{M}\\p{N}_.]*[\\p{L}\\p{M}\\p{N}_])?${END}`,
  'ACCOUNT',
  undefined,
  'giu',
);

/**
 * A user name of plain letters where only a user name can stand (round twelve, ADR 0107): right after a platform's
 * name or the word for an account, with "is", "heet", "als", "onder", "genaamd" or a colon between ("haar insta is
 * lisavdb", "op TikTok heet hij meesgamer", "gebruikersnaam op discord: MeesOwl", "het account 'darkmees' op
 * Instagram"). No shape gives it away, so it must be no Dutch word: not in the ward's vocabulary or the lists, no
 * verb or participle ("zijn insta is gehackt"), no Dutch ending.
 */
const ACCOUNT_WORDS = 'account|accountnaam|gebruikersnaam|profiel|profielnaam|schermnaam|kanaal|handle|username|nickname';
const PLATFORMS_TOO = `${PLATFORMS}|youtube|twitch|reddit`;
/** A capitalised word after it, with particles between, makes it a person's name: "Facebook: Mees de Boer". */
const NAME_GOES_ON = /^(?:[ \t]+(?:van|de|der|den|ter|ten|el|al))*[ \t]+\p{Lu}/u;
const PLAIN_ACCOUNT: Rule = {
  pattern: compiled(
    `(?<=${START}(?:(?:${PLATFORMS_TOO})(?:-?(?:${ACCOUNT_WORDS}|naam))?|${ACCOUNT_WORDS})(?:${SP}(?:op|van|bij)${SP}(?:${PLATFORMS_TOO}))?` +
      `${SP_OPT}:?${SP}(?:(?:is|was|heet|heette|als|onder|genaamd|naam|hij|ze|zij|de|het|met)${SP}){0,3}['‘"“(]?)` +
      `[\\p{L}\\p{N}](?:[\\p{L}\\p{M}\\p{N}]|[._](?=[\\p{L}\\p{N}])){2,30}${END}(?![.’'-]\\p{L})`,
    'giu',
  ),
  cue: new RegExp(`${PLATFORMS_TOO}|${ACCOUNT_WORDS}`, 'iu'),
  classify: (match) => {
    if (!mayBeAPlainAccount(match[0]) || NAME_GOES_ON.test(match.input.slice(match.index + match[0].length))) return null;
    // "Haar insta is privé": after a bare platform and "is" a quality stands as often; only a user name's shape counts there.
    const bare = PLATFORM_IS.test(match.input.slice(Math.max(0, match.index - 40), match.index));
    return !bare || /[\p{N}._]|\p{Ll}\p{Lu}/u.test(match[0]) ? { kind: 'ACCOUNT' } : null;
  },
};
const PLATFORM_IS = new RegExp(`(?:${PLATFORMS_TOO})[ \t]+(?:is|was)[ \t]+$`, 'iu');
function mayBeAPlainAccount(surface: string): boolean {
  const lower = surface.toLowerCase();
  if (/^\p{N}+$/u.test(lower) || new RegExp(`^(?:${PLATFORMS_TOO}|${ACCOUNT_WORDS})$`, 'u').test(lower)) return false;
  if (/^(?:apenstaartje|at-teken|underscore|streepje|liggend)$/u.test(lower) || DICTATED_SIGNS.has(lower)) return false;
  if (STOP_WORDS.has(lower) || OPENERS.has(lower) || NOT_A_NAME.has(lower) || isOrdinaryWord(lower) || taggerVocabulary().has(lower))
    return false;
  if (/[\p{N}._]/u.test(lower) || /\p{Ll}\p{Lu}/u.test(surface)) return true;
  return !(looksLikeVerb(lower) || PAST_PARTICIPLE.test(lower) || DUTCH_WORD_ENDING.test(lower) || VERB_FORM.test(lower));
}

/**
 * A handle read out: "apenstaartje gio underscore martis", "apenstaartje jorien punt x". Taken when
 * its parts are joined by "underscore", "punt" or "streepje", or a platform is named just before;
 * a dictated e-mail address ("… punt n l") is left to the mail rules.
 */
const DICTATED_TLD = `${SP}(?:n${SP}l|nl|com|net|org|be|eu|de|info|nu)${END}`;
const DICTATED_HANDLE_JOIN = `${SP}(?:underscore|liggend${SP}streepje|streepje|punt(?!${DICTATED_TLD}))${SP}`;
const DICTATED_HANDLE: Rule = {
  pattern: compiled(
    `${START}(?:apenstaartje|at-teken)${SP}[\\p{L}\\p{N}]+(?:${DICTATED_HANDLE_JOIN}[\\p{L}\\p{N}]+)*${END}(?!${SP}punt${DICTATED_TLD})`,
    'giu',
  ),
  cue: /apenstaartje|at-teken/iu,
  classify: (match) => {
    const joined = new RegExp(DICTATED_HANDLE_JOIN, 'iu').test(match[0]);
    const platform = AFTER_PLATFORM.test(match.input.slice(0, match.index));
    return joined || platform ? { kind: 'ACCOUNT' } : null;
  },
};

/** Public sites a clinician may point a patient to; they identify nobody. */
const PUBLIC_SITES = [
  'thuisarts.nl',
  '113.nl',
  'rijksoverheid.nl',
  'government.nl',
  'ggzstandaarden.nl',
  'nhg.org',
  'farmacotherapeutischkompas.nl',
  'apotheek.nl',
  'kinderenvangescheidenouders.nl',
  'mind.nl',
  'trimbos.nl',
  'drugsinfo.nl',
  'alcoholinfo.nl',
  'jellinek.nl',
  'zorgkaartnederland.nl',
  'wikipedia.org',
  'overheid.nl',
  'wetten.overheid.nl',
  'dwangindezorg.nl',
  'cak.nl',
  'uwv.nl',
  'belastingdienst.nl',
  'digid.nl',
  'huisartsenpost.nl',
];
const TLD = 'nl|com|org|net|be|eu|io|de|info|nu|app|me|tv|co|online|site';
/** Any top-level domain when a path follows ("linktr.ee/naam", "wa.me/316…"): the slash says it is an address. */
const URL_WITH_PATH = `${START}[a-z0-9][a-z0-9-]+(?:\\.[a-z0-9-]+)*\\.[a-z]{2,6}\\/[^\\s<>"'’)\\]]*[^\\s<>"'’)\\].,;:!?]`;
const URL_RULE = `${URL_WITH_PATH}|(?:https?:\\/\\/|${START}www\\.)[^\\s<>"'’)\\]]*[^\\s<>"'’)\\].,;:!?]|${START}[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\\.(?:${TLD})(?:\\/[^\\s<>"'’)\\]]*[^\\s<>"'’)\\].,;:!?])?${END}`;
function isPublicSite(surface: string): boolean {
  const host = surface
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .split(/[/?#]/)[0]!;
  // A page of a public site that names one person's post or profile is theirs: a number of five figures or more in
  // its path ("zorgkaartnederland.nl/…/reacties/5512093"), or an @ ("youtube.com/@naam") (round twelve).
  const path = surface.slice(surface.toLowerCase().indexOf(host) + host.length);
  if (/\d{5,}|@/u.test(path)) return false;
  return PUBLIC_SITES.some((site) => host === site || host.endsWith(`.${site}`));
}
const WEB_ADDRESS = rule(URL_RULE, 'URL', (surface) => !isPublicSite(surface), 'giu');

/**
 * Numbers of seven digits and more (patient numbers, AGB, BIG, case numbers); a phone number or BSN was taken before. A
 * part joined to it by a hyphen or slash is the same number ("20261130-55829", round 13), not a range of doses.
 */
const LONG_NUMBER = rule(`${NUM_START}\\d{7,}(?:[-/]\\d{2,})*${NUM_END}`, 'NUMMER');
/**
 * A court's request number: two letters of the court's team, "RK" and year-number ("FA RK 24-3307"), as a
 * care authorisation (zorgmachtiging) cites it beside its case number (ADR 0107, round six).
 */
const COURT_REQUEST_NUMBER = rule(`${START}[A-Z]{2}${SP}RK${SP}\\d{2}-\\d{3,6}${NUM_END}`, 'NUMMER');
/** Any number after a word that names an identifier, in any grouping: "patiëntnummer 12 34 567", "AGB-code 01-234567". */
const ID_WORD = `(?:pati[eë]nt(?:en)?nummer|pati[eë]ntnr|cli[eë]nt(?:en)?nummer|cli[eë]ntnr|dossiernummer|dossiernr|registratienummer|registratienr|zaaknummer|kenmerk|referentie(?:nummer)?|ref\\.?|pasnummer|documentnummer|paspoortnummer|rijbewijsnummer|burgerservicenummer|bsn|agb(?:-code|code)?|big(?:-nummer|-registratie(?:nummer)?|nummer|nr)?|uzi(?:-nummer|nummer)?|vektis|id(?:-nummer)?|nummer|nr\\.?|dossier|paspoort|id-kaart|identiteitskaart|identiteitsbewijs|rijbewijs|(?:cli[eë]nt|klant|pati[eë]nt)-?id)`;
/**
 * Any compound of "nummer" or "nr" names an identifier too ("opnamenr.", "rijksregisternummer",
 * "verzekeringsnummer"); what follows may open with letter groups ("GGZ-LB-552190").
 */
const ID_COMPOUND = `\\p{L}{2,}(?:nummer|nr)`;
const ID_AFTER_WORD_LOOKBEHIND = `(?<=${START}(?:${ID_WORD}|${ID_COMPOUND})${END}\\.?[^\\p{N}\\n.;]{0,32})`;
const ID_AFTER_WORD: Rule = {
  // A figure close ahead is checked first: the look back at the word is tried only where a number may start.
  ...rule(
    `(?=[A-Za-z/-]{0,14}\\d)${ID_AFTER_WORD_LOOKBEHIND}${NUM_START}(?:[A-Za-z]{1,4}[-/]){0,2}[A-Za-z]{0,3}-?\\d(?:[ .\\/-]?\\d){4,15}${NUM_END}`,
    'NUMMER',
    (surface) => !DATE_LIKE.test(surface),
    'giu',
  ),
  cue: cueOf(ID_AFTER_WORD_LOOKBEHIND, 'giu'),
};

/**
 * A code of letters and figures after a word that names an identifier (round twelve, ADR 0107): "paspoort NXB12C3D4",
 * "cliënt-ID 7F3A-22B9". Six characters or more with four figures and a letter; a test's name has fewer figures
 * ("SCL-90", "COVID-19"), a dose or a date a unit or a separator a code does not.
 */
const CODE_AFTER_WORD: Rule = {
  ...rule(
    `${ID_AFTER_WORD_LOOKBEHIND}${START}(?=(?:[\\p{L}-]*\\p{N}){4})(?=[\\p{N}-]*\\p{L})[\\p{L}\\p{N}](?:[\\p{L}\\p{N}]|-(?=[\\p{L}\\p{N}])){5,24}${END}(?![.,/]\\p{N})`,
    'NUMMER',
    (surface) => !DATE_LIKE.test(surface) && !/^\p{N}+(?:mg|ml|kg|mm|cm|uur|keer|x)$/iu.test(surface),
    'giu',
  ),
  cue: cueOf(ID_AFTER_WORD_LOOKBEHIND, 'giu'),
};
/**
 * The issuer's letters right before an identifier the rules took, after the word that names it: "polisnummer … VGZ
 * [number]", "reg.nr. justitie SKN [number]" (ADR 0107, round six). They say whose number it is. Not a label that is
 * the identifier's kind ("BSN", "AGB"), nor an issuer the text names elsewhere too.
 */
const ID_LABELS = new Set(['BSN', 'AGB', 'BIG', 'UZI', 'ID', 'NR', 'IBAN', 'KVK', 'NL']);
const ISSUER_BEFORE_ID: Rule = {
  ...rule(
    `(?<=${START}(?:${ID_WORD}|${ID_COMPOUND})${END}\\.?[^\\p{N}\\n.;${MASK}]{0,24})${START}[A-Z]{2,4}${END}(?=${SP}${MASK})`,
    'NUMMER',
  ),
  cue: compiled(`[A-Z]{2,4}${SP}${MASK}`, 'u'),
  // A text that names the issuer elsewhere ("Het UWV vraagt …, dossiernummer UWV …") hides nothing by replacing it here.
  classify: (match) =>
    ID_LABELS.has(match[0]) || (match.input.match(new RegExp(`(?<![\\p{L}])${match[0]}(?![\\p{L}])`, 'gu')) ?? []).length > 1
      ? null
      : { kind: 'NUMMER' },
};

/** Phone numbers with wide separators ("010 - 466 72 35"), short area numbers ("046-555555"), service numbers ("0800 5555"). */
const WIDE_SEP = `(?:${SP_OPT}[-/\\u2010-\\u2013]${SP_OPT}|[ .\\u00a0])`;
const PHONE_WIDE = rule(
  `(?<![\\p{L}\\p{M}\\p{N}_+.,:])(?:(?:\\+|00)31${WIDE_SEP}?(?:\\(0\\)${WIDE_SEP}?)?[1-9](?:${WIDE_SEP}?\\d){8}|0[1-9](?:${WIDE_SEP}?\\d){7,8}|0[89]0[09](?:${WIDE_SEP}?\\d){4,7})${NUM_END}`,
  'TELEFOON',
  (surface) => !DATE_LIKE.test(surface) && !/^\d{1,2}[-.]\d{1,2}[-.]\d/.test(surface),
);

/** "3021cg" and "3021 cg" after the word postcode: lower case, never a dose unit. */
const UNIT = new Set([
  'mg',
  'ml',
  'kg',
  'cm',
  'mm',
  'dl',
  'cl',
  'ug',
  'ie',
  'gr',
  'st',
  'uu',
  'km',
  'hg',
  'mu',
  'mmol',
  'ms',
  'ng',
  'pg',
  'hz',
  'kj',
]);
// Also with a hyphen ("3021-cg"), as a hurried hand writes it; never a unit or a word ("2024-en").
const LOWER_POSTCODE = rule(`${START}[1-9]\\d{3}-?[a-z]{2}${END}`, 'POSTCODE', (surface) => {
  const letters = surface.slice(-2);
  return !UNIT.has(letters) && !(surface.includes('-') && NOT_POSTCODE_LETTERS.has(letters));
});
/** Two lower-case letters after four figures that are a word or an abbreviation, not a postcode's letters: "in 2025 en", "1500 mg". */
const NOT_POSTCODE_LETTERS = new Set(
  'en in op om of te de af al na zo nu ja ik je we ze uw is ex ok tm tv pm am ca bv dd nr vs wk jr'.split(' '),
);
/**
 * A postcode in lower case with a space ("6412 cn"), where an address stands: right after an
 * address just replaced ("[ADRES_1], 6412 cn"), or in brackets ("(6814 bl)").
 */
/** A capitalised word after a postcode that ends the address: the town ("Beilen", "'s-Hertogenbosch"), then a pause or the end. */
const BEFORE_TOWN = new RegExp(
  `^${SP}(?:['’]s-)?\\p{Lu}\\p{Ll}[\\p{L}\\p{M}'’-]*(?:${SP}\\p{Lu}\\p{Ll}[\\p{L}\\p{M}-]*)?(?=[,.;:)!?]|${SP}(?:\\p{Ll}|\\p{N})|\\s*$|\\n)`,
  'u',
);
const AFTER_ADDRESS_OR_BRACKET = new RegExp(`(?:${MASK}[,;]?${SP_OPT}|\\(${SP_OPT})$`, 'u');
const LIVES_OR_MOVES_BEFORE = /(?:woont|wonen|woon|verhuisd|verhuist|verhuizen|adres|naar|->|→)(?:\s+(?:nu|op|in|naar))?\s*$/iu;
const SPACED_LOWER_POSTCODE: Rule = {
  pattern: new RegExp(`${START}[1-9]\\d{3}${SP}[a-z]{2}${END}`, 'gu'),
  classify: (match) => {
    const letters = match[0].slice(-2);
    if (UNIT.has(letters) || NOT_POSTCODE_LETTERS.has(letters)) return null;
    const before = match.input.slice(0, match.index);
    // Before a town ("9411 pr Beilen") it is a postcode too: a dose or a year is followed by no place name.
    const after = match.input.slice(match.index + match[0].length);
    // Two letters without a vowel that are no unit are no Dutch word either, where someone lives or moves to ("verhuisd
    // -> 3314 xc dordrecht", "te wonen op 2264 ck,"; round 13).
    const noWord = !/[aeiouy]/u.test(letters) && LIVES_OR_MOVES_BEFORE.test(before.slice(-30));
    return AFTER_ADDRESS_OR_BRACKET.test(before) || BEFORE_TOWN.test(after) || noWord ? { kind: 'POSTCODE' } : null;
  },
};
const POSTCODE_AFTER_WORD = rule(
  `(?<=${START}(?:postcode|pc)${END}:?${SP_OPT})[1-9]\\d{3}(?:${SP_OPT}[a-z]{2})?${END}`,
  'POSTCODE',
  undefined,
  'giu',
);

/** A Dutch IBAN by its shape (NL, check digits, bank, ten digits) even when the checksum fails: a typo is still someone's account. */
const IBAN_SHAPED = rule(`${START}[Nn][Ll]${SP_OPT}\\d{2}${SP_OPT}[A-Za-z]{4}(?:${SP_OPT}\\d){9,11}${NUM_END}`, 'IBAN');

/** Capitalised words that open a sentence after an abbreviation or a letter ("vitamine D. Patiënt"), never a surname. */
const SENTENCE_OPENERS = new Set(
  'patiënt patient pt pte cliënt client hij zij ze het de een dit deze die dat er wij we ik en of daarna toen nu ook wel niet geen na om bij op in voor met volgens zie morgen vandaag gisteren vannacht vanavond vanochtend vanmiddag graag afspraak plan beleid advies medicatie status somatiek stemming slaap eten contact overleg gesprek verder tevens wordt is was heeft had zal kan moet mag bel graag telefoon tel mail email adres datum tijd locatie afdeling kamer'.split(
    ' ',
  ),
);
/** Initials before a surname, with or without particles: "J.P. Terlouw", "A. van der Sluis", "J. Th. Bakker", "nachtwacht E. Mulderij". */
/** A past participle, also in a compound ("gecontroleerd", "schoongemaakt", "opgehaald"). */
const PAST_PARTICIPLE = /^\p{L}{0,8}ge\p{L}{2,}[dt]$/u;
const INITIALS_NAME = rule(
  `${START}${INITIAL}(?:${SP_OPT}${INITIAL}){0,4}${SP_OPT}(?:\\(\\p{Lu}\\p{Ll}+\\)${SP})?(?:${PERSON_PARTICLE}${SP})*${CAPITALISED_NAME}(?:-(?:${PERSON_PARTICLE}${SP})*${CAPITALISED_NAME})*${END}`,
  'PERSOON',
  (surface) => {
    const name = /[\p{L}\p{M}'’-]+$/u.exec(surface)?.[0] ?? '';
    const initials = surface.match(/\p{Lu}\p{Ll}{0,3}\./gu)?.length ?? 0;
    const particles = /\s\p{Ll}/u.test(surface);
    // "K. Schoongemaakt", "A. Gecontroleerd": a sentence after a letter, not a surname.
    if (initials === 1 && !particles && PAST_PARTICIPLE.test(name.toLowerCase()) && !isListedName(name)) return false;
    return (initials >= 2 || particles || !SENTENCE_OPENERS.has(name.toLowerCase())) && holdsNoPersonWord(surface);
  },
);

/** First parts of hyphenated words that are places or things, and eponyms: "Noord-Holland", "Guillain-Barré", "De Jong-Schaal". */
const NOT_A_DOUBLE_SURNAME = new Set(
  'noord zuid oost west midden sint st groot klein nieuw oud hoog laag neder boven beneden alzheimer korsakov korsakoff wernicke parkinson huntington creutzfeldt jakob guillain barré barre cotard capgras babinski heimlich ganser asperger tourette munchausen münchhausen lewy pick down cushing addison graves hashimoto crohn raynaud ehlers danlos marfan kahler hodgkin beck hamilton young folstein yale brown bouwman schaal test syndroom ziekte methode score lijst vragenlijst index protocol model interview'.split(
    ' ',
  ),
);
/** A double surname written on its own: "Visser-de Jong", "Jansen-Bakels". */
const DOUBLE_SURNAME = rule(
  `${START}(?!(?:${CAPITALISED_NON_NAMES})${END})\\p{Lu}\\p{M}*\\p{Ll}[\\p{L}\\p{M}'’]*-(?:${PERSON_PARTICLE}${SP})?\\p{Lu}\\p{M}*\\p{Ll}[\\p{L}\\p{M}'’]*${END}(?!-)`,
  'PERSOON',
  (surface) => !surface.split(/[-\s]+/).some((part) => NOT_A_DOUBLE_SURNAME.has(part.toLowerCase())) && holdsNoPersonWord(surface),
);
/**
 * A name written in Cyrillic or Greek script (round twelve, ADR 0107): two capitalised words of that script in a row
 * ("Дмитрий Волков", "Νίκος Παπαδόπουλος"). Dutch ward text quotes no other words so; a place of two words is rare.
 */
const OTHER_SCRIPT_WORD = '[\\p{Script=Cyrillic}\\p{Script=Greek}]';
const OTHER_SCRIPT_NAME = rule(
  `${START}\\p{Lu}${OTHER_SCRIPT_WORD}*\\p{Ll}${OTHER_SCRIPT_WORD}*(?:${SP}\\p{Lu}${OTHER_SCRIPT_WORD}*\\p{Ll}${OTHER_SCRIPT_WORD}*){1,2}${END}`,
  'PERSOON',
  (surface) => /^[\p{Script=Cyrillic}\p{Script=Greek}\s]+$/u.test(surface),
);
/** The second part of a double surname joined to a name just replaced: "[PATIENT_1]-Bakels", "–Hoogers", dictated "streepje bemelmans". */
const SURNAME_CONTINUED = rule(
  `(?<=${MASK})(?:[-–](?:${PERSON_PARTICLE}${SP})?\\p{Lu}\\p{M}*\\p{Ll}[\\p{L}\\p{M}'’]*|${SP}streepje${SP}(?:${LOWERCASE_PARTICLE}${SP})*\\p{L}[\\p{L}\\p{M}'’]+)${END}`,
  'PERSOON',
);

/** A number written in words: "twaalf", "eenendertigste", "negentienhonderdvijfentachtig". */
const ORDINAL_WORDS = 'eerste tweede derde vierde vijfde zesde zevende achtste negende tiende elfde twaalfde'.split(' ');
const NUMBER_WORD = `(?:(?:${[...numberWordParts, ...ORDINAL_WORDS].join('|')})(?:en|ën|ste|de)?)+`;
/**
 * A birth date written in words or in part after a birth word: "geboren op twaalf maart
 * negentien vijfentachtig", "geb. 3 mei negentienachtentachtig", "geboren in 1985" (issue 42).
 */
/** A day in words of a dialect or language the number words do not hold ("fjirtjin maart 1987"), with month and year. */
const DAY_IN_ANY_WORDS =
  '(?!(?:op|in|de|den|van|rond|eind|begin|half|medio|sinds|vanaf|tot|na|voor|per|afgelopen|vorige|volgende|deze|ook|nog|al)(?![\\p{L}]))\\p{Ll}{3,18}';
const BIRTH_DATE_IN_WORDS = rule(
  // Nothing replaced and no figure between: "(geb. 12-03-1980) werd op 25 november gezien" is a visit.
  `(?<=${START}${BIRTH_WORD}[^\\p{N}\\n.!?;${MASK}]{0,24})${START}(?:(?:${NUMBER_WORD}|\\d{1,2}(?:e|de|ste)?)(?:${SP}van)?${SP}(?:${MONTHS})\\.?(?:,?${SP}(?:${NUMBER_WORD}|(?:19|20)\\d{2}|['’]?\\d{2})(?:${SP}${NUMBER_WORD})?)?|(?:19|20)\\d{2}|${NUMBER_WORD}${SP}(?:${NUMBER_WORD})|${DAY_IN_ANY_WORDS}${SP}(?:${MONTHS})${SP}(?:(?:19|20)\\d{2}|${NUMBER_WORD}))${END}`,
  'GEBOORTEDATUM',
  (surface) => letterCount(surface) === 0 || surface.length >= 8,
  'giu',
);
/**
 * A birth date in words with the birth word after it: "drieëntwintig april negenenveertig geboren",
 * "acht maart negentien eenenveertig geboren" (a day, a month and a year in words; an appointment has no year).
 */
const BIRTH_DATE_IN_WORDS_BEFORE = rule(
  `${START}(?:${NUMBER_WORD}|\\d{1,2})${SP}(?:${MONTHS})${SP}(?:${NUMBER_WORD}|(?:19|20)\\d{2}|['’]\\d{2})(?:${SP}${NUMBER_WORD})?${END}(?=[^\\p{N}\\n.!?;]{0,16}(?<![\\p{L}])(?:geboren|gebore)${END})`,
  'GEBOORTEDATUM',
  undefined,
  'giu',
);
/**
 * A number read out figure by figure, as dictation writes it: a phone number ("nul zes twee acht een
 * negen"), a BSN or patient number, an IBAN or a licence plate spelled with letters between ("h t
 * streep drie zeven zes streep r", "n l vierentwintig a b n a zes nul …"). A run of number words,
 * single letters and short capitals, with "eh", "komma", "streep(je)" or a hyphen between, is an
 * identifier when it holds five number words, or two among six parts: ward text counts in twos
 * and threes ("twee of drie keer", "zes a acht"), never in runs like these.
 */
const SPOKEN_FIGURE = `(?:nul|${NUMBER_WORD})`;
const SPOKEN_PART = `(?:${SPOKEN_FIGURE}|[A-Za-z]|[A-Z]{2,4})`;
const SPOKEN_FILLER = 'eh|ehm|komma|streep|streepje|min';
const SPOKEN_BETWEEN = `(?:${SP}|${SP_OPT}[-,]${SP_OPT})(?:(?:${SPOKEN_FILLER})(?:${SP}|${SP_OPT}[-,]${SP_OPT}))?`;
const SPOKEN_FILLER_TEST = new RegExp(`^(?:${SPOKEN_FILLER})$`, 'u');
const SPOKEN_FIGURE_TEST = new RegExp(`^${SPOKEN_FIGURE}$`, 'u');
const DICTATED_NUMBER = rule(
  // It opens on a figure or one letter, and "een" opens it only before another figure ("een BMW" is a car).
  `${START}(?:(?!een${SPOKEN_BETWEEN}(?!${SPOKEN_FIGURE}${END}))${SPOKEN_FIGURE}|[A-Za-z])(?:${SPOKEN_BETWEEN}${SPOKEN_PART}){4,}${END}`,
  'NUMMER',
  (surface) => {
    const parts = surface.split(/[\s,-]+/u).filter((part) => !SPOKEN_FILLER_TEST.test(part));
    const figures = parts.filter((part) => SPOKEN_FIGURE_TEST.test(part)).length;
    return figures >= 5 || (figures >= 2 && parts.length >= 6);
  },
);

/**
 * A postcode read out as two numbers of two figures and two capitals: "twaalf zeventien N H" (1217 NH), as dictation
 * writes it after an address (ADR 0107, round six). Ten to ninety-nine each, so "twee drie A B" is no postcode.
 */
/**
 * An identifier read out in numbers after the word that names it (round 13): "het dossiernummer was drieënveertig,
 * negentien, achtentwintig, drieënzeventig". Three spoken numbers or more.
 */
const ID_WORD_BEFORE = new RegExp(`${START}(?:${ID_WORD}|${ID_COMPOUND})${END}[^\\p{N}\\n.;]{0,32}$`, 'iu');
const SPOKEN_ID_AFTER_WORD: Rule = {
  pattern: compiled(`${START}(?:nul|${NUMBER_WORD})(?:${SP_OPT},?${SP}(?:nul|${NUMBER_WORD})){2,}${END}`, 'giu'),
  classify: (match) => (ID_WORD_BEFORE.test(match.input.slice(Math.max(0, match.index - 60), match.index)) ? { kind: 'NUMMER' } : null),
};
const SPOKEN_TENS = `(?:${numberWordsBetween(10, 99).join('|')})`;
const SPOKEN_POSTCODE = rule(`${START}${SPOKEN_TENS}${SP}${SPOKEN_TENS}${SP}[A-Z]${SP_OPT}[A-Z]${END}`, 'POSTCODE');
/**
 * Read out figure by figure (round 13): four figures and two letters ("zes vijf drie twee AB", "postcode twee vier drie een
 * c d"). The letters in capitals, or in any case right after the word "postcode"; a postcode never opens on nul.
 */
const SPOKEN_DIGIT = '(?:nul|een|één|twee|drie|vier|vijf|zes|zeven|acht|negen)';
const SPOKEN_POSTCODE_BY_FIGURE: Rule = {
  pattern: compiled(
    `${START}(?!nul)${SPOKEN_DIGIT}(?:${SP}${SPOKEN_DIGIT}){3}${SP}(?:[A-Za-z]${SP_OPT}[A-Za-z]|[A-Za-z]${SP}[A-Za-z])${END}`,
    'giu',
  ),
  classify: (match) => {
    const letters = match[0].replace(/^(?:\S+\s+){4}/u, '');
    if (/^[A-Z\s]+$/u.test(letters)) return { kind: 'POSTCODE' };
    return /postcode[:\s]*$/iu.test(match.input.slice(Math.max(0, match.index - 12), match.index)) ? { kind: 'POSTCODE' } : null;
  },
};

/**
 * Round 13 (ADR 0107): where someone was born and lives, said beside what was already taken. A place of birth after a birth
 * word and "te" ("geboren op 3 maart 1999 te Kabul"; "geboren in Marokko" names a country, which the clinician needs); a town written just before an address
 * ("bij haar zoon in Zwijndrecht, [ADRES], [POSTCODE]"); and a letter's street line of a name and a number with the
 * postcode's line under it ("Brink 6\n9531 AG Borger": a line of a postcode's length taken, with a town or nothing
 * after it), a street that has no street's ending; "Kamer 12" above a line that opens on a name stays.
 */
const PLACE_WORD = `(?!(?:${CAPITALISED_NON_NAMES})${END})\\p{Lu}[\\p{L}\\p{M}'’]+(?:-\\p{Lu}?[\\p{L}\\p{M}'’]+)*${END}`;
const BIRTH_PLACE = rule(`(?<=${START}${BIRTH_WORD}[^\\n.;!?]{0,40}${SP}te${SP})${PLACE_WORD}`, 'ADRES', undefined, 'gu');
const TOWN_BEFORE_ADDRESS = rule(
  `(?<=${START}(?:in|te)${SP})${PLACE_WORD}(?=,${SP}${MASK})`,
  'ADRES',
  (surface) => !isOrdinaryWord(surface),
);
const ADDRESS_BLOCK_STREET = rule(
  `(?<=(?:^|\\n)[ \\t]*)\\p{Lu}\\p{Ll}[\\p{L}\\p{M}'’-]*(?:${SP}\\p{Lu}?\\p{Ll}[\\p{L}\\p{M}'’-]*){0,2}${SP}\\d{1,5}${SP_OPT}[a-zA-Z]?(?=[ \\t]*\\n[ \\t]*${MASK}{6,7}(?:[ \\t]+(?:${MASK}+|\\p{Lu}[\\p{L}\\p{M}'’-]+))?[ \\t]*(?:\\n|$))`,
  'ADRES',
);

/** A full date in figures, far enough back to be a birth date ("14-02-1971"): appointments are recent. */
const OLD_NUMERIC_DATE = rule(`${NUM_START}\\d{1,2}[-/.]\\d{1,2}[-/.](?:19|20)\\d{2}${DATE_END}`, 'GEBOORTEDATUM', (surface) => {
  const year = Number(surface.slice(-4));
  return year <= new Date().getFullYear() - 12;
});

/** Ordinary Dutch words that are names too: written in lower case they stay words. */
const ORDINARY_WORDS = new Set([
  'roos',
  'wit',
  'berg',
  'hart',
  'mei',
  'april',
  'juni',
  'augustus',
  'iris',
  'bakker',
  'visser',
  'kok',
  'groot',
  'jong',
  'klein',
  'boer',
  'koning',
  'vos',
  'bos',
  'dijk',
  'hoek',
  'beek',
  'brink',
  'veld',
  'molen',
  'vink',
  'haan',
  'schaap',
  'wolf',
  'beer',
  'storm',
  'winter',
  'zomer',
  'zon',
  'bloem',
  'blom',
  'steen',
  'prins',
  'graaf',
  'ridder',
  'stam',
  'rood',
  'zwart',
  'bruin',
  'groen',
  'lang',
  'lange',
  'kort',
  'sterk',
  'vrij',
  'hoop',
  'engel',
  'ster',
  'els',
  'ton',
  'bas',
  'leeuwen',
  'koster',
  'hof',
  'merel',
  'mees',
  'lelie',
  'jasmijn',
  'vogel',
  'smid',
  'dam',
  'best',
  'goed',
  'blij',
  'wijs',
  'post',
  'kaan',
  'vis',
  'haas',
  'kat',
  'hond',
  'mol',
  'hamer',
  'ploeg',
  'wever',
  'valk',
  'kraai',
  // "Oké, prima.": the listed given name "Oke" is the word with its accent folded away.
  'oké',
  'oke',
]);
function isOrdinaryWord(word: string): boolean {
  const lower = word.toLowerCase();
  return ORDINARY_WORDS.has(lower) || ORDINARY_WORDS.has(lower.replace(/['’]?s$/, ''));
}
/** A Dutch word by our vocabularies or by its form: an ordinary or ward word, a verb, a participle or a Dutch ending. */
function readsAsDutch(word: string): boolean {
  return (
    isOrdinaryWord(word) ||
    taggerVocabulary().has(word) ||
    looksLikeVerb(word) ||
    DUTCH_WORD_ENDING.test(word) ||
    PAST_PARTICIPLE.test(word)
  );
}

/** Family words and what a child calls its parents: a nickname-shaped word that is one names no one ("Mama" for Magdalena). */
const KIN_FORMS = new Set([...RELATION_WORDS.filter((word) => /^\p{L}+$/u.test(word)), ...familyAddressWords]);
/** Only the family's words: what someone is called may be a role's abbreviation ("Co"), never "Mama". */
const FAMILY_WORDS = new Set([...kinWords, ...familyAddressWords]);
/**
 * Where a text says what someone is called: after a form of "noemen" and who is called ("noem me maar Co", "noemt hem
 * steeds Rinus"), or in quotes after "reageert op" or "luistert naar" ("reageert alleen op 'Door'"); and a second name
 * joined to the first ("noemt haar 'Magda' en soms 'Lena'").
 */
const CALLED_BY = new RegExp(
  `(?<![\\p{L}])(?:(?:${callingWords.calls.join('|')})\\s+(?:${callingWords.called.join('|')})\\s+(?:(?:${callingWords.whileCalling.join('|')})\\s+){0,2}["'‘“]?|(?:reageert|reageerde|reageren|luistert|luisterde|luisteren)\\s+(?:(?:alleen|enkel|nog|wel|ook|pas|maar)\\s+){0,2}(?:op|naar)\\s+["'‘“])(?<name>\\p{Lu}\\p{Ll}+)(?![\\p{L}\\p{M}\\p{N}])(?:["'’”]?[^\\S\\n]*,?[^\\S\\n]*(?:en|of)[^\\S\\n]+(?:(?:soms|ook|wel|vaak|meestal|af en toe)[^\\S\\n]+){0,2}["'‘“]?(?<second>\\p{Lu}\\p{Ll}+)(?![\\p{L}\\p{M}\\p{N}]))?`,
  'dgiu',
);
/** A generation written after a name: "senior", "junior", "sr.", "jr.". */
/**
 * A list of people (round 13, ADR 0107): a capitalised word joined by a comma, a slash, "en" or "&" to a person the rules
 * or the tagger took is a person too, on either side and along the list ("MDO: Brink, [P], [P]", "dienst [P], Mulder en
 * Hoek", "vannacht: Wil, [P], [P]"). A list holds one kind of thing, so a name that is a Dutch word counts when the lists
 * know it as a name; a word the ward writes in lower case, a medicine, a service or a word before a figure does not.
 */
const LIST_JOIN = `(?:${SP_OPT}[,/&]${SP_OPT}|${SP}en${SP})`;
const LIST_PARTICLES = `(?:(?:El|Al|Van|De|Den|Ter|Ten|Le|La|Ben|Abu)${SP}(?:(?:de[nr]?|het|['’]t)${SP})?)`;
const LIST_NAME = `${LIST_PARTICLES}?(?:${NAME_WORD})`;
const LIST_ITEM_AFTER = new RegExp(`^${LIST_JOIN}(${LIST_NAME})${END}(?!${SP_OPT}[\\p{N}(]|${SP}\\p{Lu})`, 'u');
const LIST_ITEM_BEFORE = new RegExp(`(?<![\\p{L}\\p{M}'’-])(${LIST_NAME})${LIST_JOIN}$`, 'u');
/** A word no vocabulary of ours holds in any case: no Dutch word, medicine, service or name the lists know. */
function isNoKnownWord(surface: string): boolean {
  const last = words(surface).at(-1) ?? '';
  const key = last.toLowerCase();
  return (
    !isOrdinaryWord(last) && !taggerVocabulary().has(key) && !NOT_A_PERSON.has(key) && !CARE_SERVICE_WORDS.has(key) && !COMPASS.has(key)
  );
}
const LIST_JOIN_ONLY = new RegExp(`^${LIST_JOIN}$`, 'u');
/** `inListOfPeople`: the person it is joined to is in a list with another person already, so the list is one of people. */
function mayBeListedPerson(surface: string, inListOfPeople: boolean): boolean {
  const last = words(surface).at(-1) ?? '';
  const key = last.toLowerCase();
  if (NOT_A_PERSON.has(key) || KIN_SET.has(key) || ROLE_SET.has(key) || MONTH_OR_DAY.has(key) || CARE_SERVICE_WORDS.has(key)) return false;
  if (!holdsNoPersonWord(surface)) return false;
  // Capitalised in the middle of a list of people, "Wil" and "Dien" are the names the lists know, not the verbs.
  if (isListedName(last) || isGivenName(last) || isPetForm(last) || ORDINARY_LISTED.has(nameKey(last))) return true;
  if (OPENERS.has(key) || taggerVocabulary().has(key)) return false;
  // A word no list knows as a name, or a Dutch word ("Brink", "Hoek"), only in a list that is evidently one of people.
  return inListOfPeople && !NOT_A_NAME.has(key) && !looksLikeVerb(key);
}
/** Verbs in the plural: two names joined by "en" before one are the subject ("Zoutenbier en Sewnath zaten samen"). */
const PLURAL_VERBS =
  'zijn|waren|hebben|hadden|zitten|zaten|gaan|gingen|komen|kwamen|willen|wilden|mogen|mochten|moeten|moesten|kunnen|konden|' +
  'zullen|zouden|blijven|bleven|lopen|liepen|doen|deden|maken|maakten|zien|zagen|krijgen|kregen|staan|stonden|liggen|lagen|' +
  'worden|werden|praten|praatten|spraken|spelen|speelden|eten|aten|helpen|hielpen|nemen|namen|geven|gaven|bellen|belden|' +
  'vinden|vonden|vertellen|vertelden|zeggen|zeiden|kijken|keken|wandelen|wandelden|rookten|roken|slapen|sliepen|' +
  // Regional plurals: "Zwart en Hummel hebt …", "binne", "zatte".
  'hebt|hebbe|bint|binne|benne|zatte|gienge|kwamme|wazze';
/** Two capitalised words joined by "en" at a sentence's start, before a plural verb; each may be a person of a list. */
const PAIR_BEFORE_PLURAL_VERB = new RegExp(
  `(?<=^|[.!?:;]${SP}|\\n[^\\S\\n]*)(${LIST_NAME})${SP}(?:en|&)${SP}(${LIST_NAME})(?=${SP}(?:${PLURAL_VERBS})${END})`,
  'gu',
);
const LIST_RUN = new RegExp(`${START}${LIST_NAME}(?:${LIST_JOIN}${LIST_NAME}${END}){2,}`, 'gu');
const LIST_RUN_ITEM = new RegExp(`${LIST_NAME}`, 'gu');
/** Three or more capitalised words joined by slashes, each a name the lists know ("dienst: Roos/Bakker/Mulder"). */
const SLASH_LIST = new RegExp(`${START}${NAME_WORD}(?:/${NAME_WORD}){2,}${END}`, 'gu');
function listedWithAPerson(text: string, hits: Hit[]): void {
  const isPerson = (hit: Hit) => hit.target.kind === 'PERSOON' || hit.target.kind === 'PATIENT';
  const taken = (start: number, end: number) => hits.some((hit) => hit.start < end && hit.end > start);
  const seed = (start: number, surface: string) => {
    if (!taken(start, start + surface.length)) hits.push({ start, end: start + surface.length, target: { kind: 'PERSOON' } });
  };
  // Cheap tests first: most texts hold no "en" between capitals, no slash, no person.
  for (const pair of / (?:en|&) \p{Lu}/u.test(text) ? text.matchAll(PAIR_BEFORE_PLURAL_VERB) : []) {
    const [, first, second] = pair as unknown as [string, string, string];
    // Unknown words both, or a name the lists know beside one: "Haldol en Akineton werden gestart" stays (medicines).
    if (!mayBeListedPerson(first, true) || !mayBeListedPerson(second, true)) continue;
    if (!mayBeListedPerson(first, false) && !mayBeListedPerson(second, false)) continue;
    seed(pair.index, first);
    seed(pair.index + pair[0].length - second.length, second);
  }
  // A list of three or more ("Geessien, Hillechien en Roelfien") that holds one person is a list of people.
  for (const run of hits.some(isPerson) ? text.matchAll(LIST_RUN) : []) {
    if (!hits.some((hit) => isPerson(hit) && hit.start >= run.index && hit.end <= run.index + run[0].length)) continue;
    for (const item of run[0].matchAll(LIST_RUN_ITEM)) if (mayBeListedPerson(item[0], true)) seed(run.index + item.index, item[0]);
  }
  for (const list of text.includes('/') ? text.matchAll(SLASH_LIST) : []) {
    const items = list[0].split('/');
    if (!items.every((item) => mayBeListedPerson(item, false))) continue;
    let at = list.index;
    for (const item of items) {
      seed(at, item);
      at += item.length + 1;
    }
  }
  const joined = (a: Hit, b: Hit) => LIST_JOIN_ONLY.test(text.slice(a.end, b.start)) || LIST_JOIN_ONLY.test(text.slice(b.end, a.start));
  let added = true;
  for (let round = 0; added && round < 8; round++) {
    added = false;
    const persons = hits.filter(isPerson);
    for (const hit of persons) {
      const inList = persons.some((other) => other !== hit && joined(hit, other));
      const after = LIST_ITEM_AFTER.exec(text.slice(hit.end, hit.end + 60));
      if (after) {
        const start = hit.end + after[0].length - after[1]!.length;
        const end = hit.end + after[0].length;
        if (!taken(start, end) && mayBeListedPerson(after[1]!, inList)) {
          hits.push({ start, end, target: { kind: 'PERSOON' } });
          added = true;
        }
      }
      const before = LIST_ITEM_BEFORE.exec(text.slice(Math.max(0, hit.start - 60), hit.start));
      if (before) {
        const start = hit.start - before[0].length;
        const end = start + before[1]!.length;
        // "Kroeze en [P] …" is "[P] en Kroeze" read backwards: a name joined by "en" to a person is one (COORDINATED_PERSON).
        const coordinated = /^\s+(?:en|&)\s+$/u.test(before[0].slice(before[1]!.length));
        if (!taken(start, end) && mayBeListedPerson(before[1]!, inList || coordinated)) {
          hits.push({ start, end, target: { kind: 'PERSOON' } });
          added = true;
        }
      }
    }
  }
  hits.sort((a, b) => a.start - b.start);
}

const GENERATION_AFTER = /^[^\S\n]+(?:senior|junior|sr\.|jr\.)(?![\p{L}\p{N}])/iu;
/** A word written with a capital and then small letters: where a nickname may stand. */
const CAPITALISED_WORD = /(?<![\p{L}\p{M}\p{N}])\p{Lu}\p{M}*\p{Ll}[\p{Ll}\p{M}]+(?![\p{L}\p{M}\p{N}])/gu;

const NAMES = Symbol('known names');
/** Others with a known person's surname ("Rachid Bouzid", "moeder Haddad"), before the names themselves. */
const RELATIVES = Symbol('relatives sharing a surname');
/** Known names disguised: look-alike letters, digits for letters, letters spaced out (issue 42). */
const DISGUISED_NAMES = Symbol('known names disguised');
/** The values and towns of the people of a call: their rules are made per text (`knownValueRules`). */
const KNOWN_VALUES = Symbol('known values');
const KNOWN_CITIES = Symbol('known cities');

export class Pseudonymiser {
  /** `NAMES` stands for the known names, compiled per text from those it may hold. */
  private readonly rules: (Rule | typeof NAMES | typeof RELATIVES | typeof DISGUISED_NAMES | typeof KNOWN_VALUES | typeof KNOWN_CITIES)[];
  private readonly known: KnownPerson[];
  private readonly originals = new Map<string, string>(); // placeholder → surface text
  private readonly placeholders = new Map<string, string>(); // surface text → placeholder
  private readonly counters = new Map<string, number>();
  private readonly personNumbers = new Map<number, number>();
  private patientOneGiven = false;
  private readonly variantCounts = new Map<string, number>();
  /** Numbers used by placeholder-like text that we did not create, so we never reuse them. */
  private readonly foreign = new Map<string, Set<number>>();

  private readonly gate: (text: string) => IdentifierKind[];
  private readonly names: NameIndex[];

  /** `known`: the people of this call; `groups`: large groups prepared before (an organisation's staff), looked up by word. */
  constructor(known: KnownPerson[] = [], groups: readonly KnownGroup[] = []) {
    this.known = known;
    this.gate = leftoverCheck(known, groups);
    this.names = [new NameIndex(known, (index) => index), ...groups.map((group) => group.names)];
    // Order matters: earlier rules claim their text first. E-mail addresses contain names and
    // digits; phone numbers contain nine-digit runs; known names must win over the street and
    // honorific heuristics, which would otherwise take only part of them.
    this.rules = [
      EMAIL,
      OBFUSCATED_EMAIL,
      WEB_ADDRESS,
      DICTATED_WEB_ADDRESS,
      HANDLE,
      PLATFORM_ACCOUNT,
      ACCOUNT_SHAPE,
      DOTTED_ACCOUNT_NEAR_PLATFORM,
      DICTATED_HANDLE,
      DICTATED_UNDERSCORE_HANDLE,
      PLAIN_ACCOUNT,
      KNOWN_VALUES,
      IBAN,
      IBAN_SHAPED,
      POLICY,
      PHONE,
      PHONE_WIDE,
      FOREIGN_PHONE,
      BSN,
      BSN_ANY_GROUPING,
      ID_AFTER_WORD,
      LONG_NUMBER,
      COURT_REQUEST_NUMBER,
      CODE_AFTER_WORD,
      ISSUER_BEFORE_ID,
      PLATE,
      PLATE_AFTER_WORD,
      STREET_BY_PLACE,
      STREET_BY_LIVING,
      POSTCODE,
      LOWER_POSTCODE,
      POSTCODE_AFTER_WORD,
      BIRTH_DATE,
      BIRTHDAY,
      BIRTH_DATE_IN_WORDS,
      BIRTH_DATE_IN_WORDS_BEFORE,
      BIRTH_PLACE,
      SPOKEN_POSTCODE,
      SPOKEN_POSTCODE_BY_FIGURE,
      DICTATED_NUMBER,
      SPOKEN_ID_AFTER_WORD,
      OLD_FULL_DATE,
      OLD_NUMERIC_DATE,
      RELATIVES,
      NAMES,
      DISGUISED_NAMES,
      DICTATED_MAIL_TAIL,
      // After the known people (a patient who is called so is still replaced), before every guess.
      NAMED_ORGANISATION,
      EPONYM,
      SURNAME_CONTINUED,
      POSTBUS,
      STREET,
      LOWERCASE_STREET,
      KNOWN_CITIES,
      TOWN_BEFORE_ADDRESS,
      ADDRESS_BLOCK_STREET,
      SPACED_LOWER_POSTCODE,
      INITIALS_NAME,
      PERSON,
      TITLED_LOWERCASE_FULL,
      TITLED_PERSON,
      RELATION_PERSON,
      COMPOUND_ROLE_PERSON,
      LOWERCASE_RELATION_PERSON,
      DICTATED_APPOSITION_PERSON,
      DICTATED_INITIALS_PERSON,
      DICTATED_GIVEN_NAME,
      DICTATED_CALLED_NAME,
      DICTATED_HYPHEN_SURNAME,
      SAID_WHO,
      LOWERCASE_ROLE_FULL_NAME,
      LOWERCASE_ROLE_PERSON,
      LOWERCASE_NAME_BEFORE_RELATION,
      LOWERCASE_NAME_AFTER_PATIENT,
      COORDINATED_PERSON,
      NAME_BEFORE_ROLE,
      DOUBLE_SURNAME,
      FULL_NAME,
      PREFIXED_SURNAME,
      SURNAME_AFTER_MET_DE,
      GIVEN_NAME_PERSON,
      LISTED_SURNAME_PERSON,
      SUBJECT_SURNAME,
      CAPITALS_PERSON,
      OTHER_SCRIPT_NAME,
      // Once more after the guesses: "mw. Jansen–Hoogers" continues a name guessed above.
      SURNAME_CONTINUED,
    ];
  }

  /** Replaces personal data in text by placeholders; the same value always gets the same placeholder within this instance. */
  pseudonymise(text: string): string {
    const { working, hits, kept } = this.applyRules(text);
    // The learned tagger reads what the rules left (ADR 0103): a capitalised word it takes for a name is a person too.
    const guessed = hits.some((hit) => hit.target.kind === 'PERSOON');
    if (nameTaggerActive() && (guessed || holdsCapitalisedWord(working))) {
      const reading = readingOf(text, working, maskedAtOf(hits, kept));
      // A guess of the rules the tagger reads as no name at all stays as written; then the names the rules left.
      const doubted = new Set(hits.filter((hit) => hit.target.kind === 'PERSOON' && doubtedGuess(reading, wordClasses, hit)));
      const tagged = taggedNames(reading, wordClasses);
      if (doubted.size > 0) hits.splice(0, hits.length, ...hits.filter((hit) => !doubted.has(hit)));
      for (const span of tagged) hits.push({ ...span, target: { kind: 'PERSOON' } });
    }
    // Placeholders are numbered in reading order, not in the order the rules ran.
    hits.sort((a, b) => a.start - b.start);
    listedWithAPerson(text, hits);
    this.wholePersons(text, hits);
    let result = '';
    let position = 0;
    for (const hit of hits) {
      result += text.slice(position, hit.start) + this.placeholderFor(text.slice(hit.start, hit.end), hit.target);
      position = hit.end;
    }
    return result + text.slice(position);
  }

  /**
   * A person the rules or the tagger took, whole (ADR 0107 round nine): with a generation after the name ("meneer zhang
   * senior", "Bakker jr."), which says who of a family it is; and one sense in one text, so a name word that is no Dutch
   * word is that person wherever it is written so again ("toontje zegt …, hem toontje blijven noemen"). `hits` is
   * sorted and stays so.
   */
  private wholePersons(text: string, hits: Hit[]): void {
    const persons = hits.filter((hit) => hit.target.kind === 'PERSOON');
    if (persons.length === 0) return;
    for (const [at, hit] of hits.entries()) {
      if (hit.target.kind !== 'PERSOON') continue;
      const generation = GENERATION_AFTER.exec(text.slice(hit.end, hit.end + 12));
      if (generation && (hits[at + 1]?.start ?? Infinity) >= hit.end + generation[0].length) hit.end += generation[0].length;
    }
    const taken = (start: number, end: number) => hits.some((hit) => hit.start < end && hit.end > start);
    const again: Hit[] = [];
    for (const surface of new Set(persons.map((hit) => text.slice(hit.start, hit.end)))) {
      const key = surface.toLowerCase();
      if (!/^\p{L}[\p{L}\p{M}'’-]{2,}$/u.test(surface) || isOrdinaryWord(surface) || taggerVocabulary().has(key)) continue;
      if (STOP_WORDS.has(key) || NOT_A_NAME.has(key) || OPENERS.has(key) || looksLikeVerb(key)) continue;
      for (const other of text.matchAll(compiled(`${START}${escapeRegExp(surface)}${END}`, 'gu')))
        if (!taken(other.index, other.index + surface.length))
          again.push({ start: other.index, end: other.index + surface.length, target: { kind: 'PERSOON' } });
    }
    if (again.length === 0) return;
    hits.push(...again);
    hits.sort((a, b) => a.start - b.start);
  }

  /**
   * What the rules alone make of a text, for the tagger's training (`scripts/train-pseudonymise.ts`):
   * the working copy with every replaced or kept stretch masked, and what masked each position.
   */
  readByRules(text: string): { working: string; maskedAt: (position: number) => Masked; guesses: { start: number; end: number }[] } {
    const { working, hits, kept } = this.applyRules(text);
    const guesses = hits.filter((hit) => hit.target.kind === 'PERSOON').map(({ start, end }) => ({ start, end }));
    return { working, maskedAt: maskedAtOf(hits, kept), guesses };
  }

  /**
   * The nicknames in a text of the patient and the people known by their relation to them, as name variants of
   * their given name ("Lexie" for Alexandra, "Kees" for Cornelis; `nicknames.ts`). Staff are known by the names they
   * work under and are not looked for. A word that is someone's own given name is theirs; one that is a nickname of
   * several people is the one whose first given name it comes from ("Gijsje" for the father Gijsbert, not for the
   * patient whose second name is Gijsbert), then the patient.
   */
  private nicknameVariants(text: string): NameVariant[] {
    const family = this.known
      .flatMap((person, index) =>
        index === 0 || person.relation ? [{ index, given: nameParts(person).given, gender: person.gender }] : [],
      )
      .filter(({ given }) => given.length > 0);
    if (family.length === 0) return [];
    const ownGiven = new Set(family.flatMap(({ given }) => given.map(fold)));
    const variants: NameVariant[] = [];
    const seen = new Set<string>();
    // What the text says someone is called by is a name, even a Dutch word or two letters ("noem me maar Co", "reageert
    // alleen op 'Door'"): only the word in that place, and only when it is a form of a known given name.
    const calledNames = [...text.matchAll(CALLED_BY)].flatMap((match) =>
      (['name', 'second'] as const).flatMap((group) => {
        const token = match.groups![group];
        if (token === undefined) return [];
        return [{ token, cue: text.slice(match.index, match.indices!.groups![group]![0]) }];
      }),
    );
    for (const { token, cue } of calledNames) {
      const key = fold(token);
      if (seen.has(key) || ownGiven.has(key) || FAMILY_WORDS.has(key)) continue;
      const owner = family.find(({ given, gender }) => given.some((name) => isCalledFormOf(token, name, gender)));
      if (!owner) continue;
      seen.add(key);
      variants.push({
        source: `(?<=${literal(cue.trimEnd())}${/\s$/u.test(cue) ? '\\s+' : ''})${literal(token)}`,
        length: key.length,
        anchor: key,
        person: owner.index,
        form: 'given',
        capitalToken: 0,
        capitalOnly: true,
        nickname: true,
        called: true,
      });
    }
    for (const [token] of text.matchAll(CAPITALISED_WORD)) {
      const key = fold(token);
      // "Mama", "Opa", "Tante" are what a relative is called, not a name of theirs.
      // A word of the ward's own writing ("Neem", "Nou", "Alle") is that word, whatever name it is a piece of.
      if (
        seen.has(key) ||
        ownGiven.has(key) ||
        STOP_WORDS.has(key) ||
        NOT_A_NAME.has(key) ||
        KIN_FORMS.has(key) ||
        taggerVocabulary().has(key)
      )
        continue;
      seen.add(key);
      let best: { person: number; rank: number } | undefined;
      for (const { index, given, gender } of family) {
        const rank = given.findIndex((name) => {
          const how = nicknameOf(token, name, gender);
          return how !== null && (how !== 'short' || isGivenName(token) || isListedName(token) || ORDINARY_GIVEN.has(key));
        });
        if (rank >= 0 && (best === undefined || rank < best.rank)) best = { person: index, rank };
      }
      if (best)
        variants.push({
          source: literal(token),
          length: key.length,
          anchor: key,
          person: best.person,
          form: 'given',
          capitalToken: 0,
          capitalOnly: true,
          nickname: true,
        });
    }
    return variants;
  }

  private applyRules(text: string): { working: string; hits: Hit[]; kept: Hit[] } {
    let working = this.maskExistingPlaceholders(text);
    const kept: Hit[] = [];
    const hits: Hit[] = [];
    const words = wordsOf(text);
    const haystack = haystackOf(text);
    const rulesOf = (each: (typeof this.rules)[number]): (Rule | null)[] => {
      if (each === NAMES) return [nameRule([...this.names.flatMap((index) => index.candidates(words)), ...this.nicknameVariants(text)])];
      if (each === RELATIVES) return [relativesRule(this.names[0]!.candidates(words))];
      if (each === DISGUISED_NAMES) return this.disguisedNameRules(working);
      if (each === KNOWN_VALUES) return knownValueRules(this.known, haystack);
      if (each === KNOWN_CITIES) return [cityRule(this.known, haystack)];
      return [each];
    };
    for (const rule of this.rules.flatMap(rulesOf)) {
      if (!rule || rule.cue?.test(working) === false) continue;
      const { pattern, classify } = rule;
      const found: Hit[] = [];
      for (const match of (rule.view?.(working) ?? working).matchAll(pattern)) {
        const target = classify(match);
        if (!target) continue;
        // A guessed person ends before a service, language or thing named after it (`personSpan`).
        const length = target.kind === 'PERSOON' ? personSpan(match[0]) || match[0].length : match[0].length;
        found.push({ start: match.index, end: match.index + length, target });
      }
      if (found.length > 0) {
        working = mask(working, found);
        (rule.keep ? kept : hits).push(...found);
      }
    }
    for (const hit of hits) hit.target = this.relativeBySurname(text, hit);
    return { working, hits, kept };
  }

  /**
   * A patient's surname alone after a title that names a relative, not the patient (issue 42: the
   * patient is [PATIENT_1], others never carry a patient label): after a family word and a title in
   * the same sentence ("moeder van Youssef belde, mevrouw El Amrani", "de moeder komma mevrouw
   * lensink"), or in a letter's salutation when the letter calls the patient "uw zoon" or "uw
   * dochter" ("Geachte heer Bakker, … uw dochter Nienke"). A relative the call knows by that surname
   * keeps their own label.
   */
  private relativeBySurname(text: string, hit: Hit): Target {
    const { target } = hit;
    if (target.kind !== 'PATIENT' || target.form !== 'family' || this.known[target.person]?.relation) return target;
    const before = text.slice(Math.max(0, hit.start - 80), hit.start);
    // A title says a gender: a family word of the other gender before it is not the one it names ("echtgenote …, dhr.
    // de Wit"), and a title of the other gender than the record's patient is someone else with that surname ("mw.
    // Bakker" for a male patient).
    const title = TITLE_BEFORE.exec(before)?.[1];
    const titleGender = title === undefined ? undefined : genderOfTitle(title);
    const gender = this.known[target.person]?.gender;
    const otherGender = titleGender !== undefined && (gender === 'male' || gender === 'female') && titleGender !== gender;
    const kinWord = RELATIVE_BEFORE_TITLE.exec(before)?.[1];
    const kinAgrees = kinWord !== undefined && (KIN_GENDER.get(kinWord.toLowerCase()) ?? titleGender) === titleGender;
    const kin = kinAgrees ? kinWord : otherGender || (LETTER_SALUTATION.test(before) && ADDRESSES_A_RELATIVE.test(text)) ? '' : null;
    if (kin === null) return target;
    const family = fold(text.slice(hit.start, hit.end));
    const relatives = this.known
      .map((person, index) => ({ person, index }))
      .filter(
        ({ person }) => person.relation && person.family && fold([person.prefix, person.family].filter(Boolean).join(' ')).endsWith(family),
      );
    const relative =
      relatives.find(({ person }) => fold(person.relation!) === fold(kin)) ?? (relatives.length === 1 ? relatives[0] : undefined);
    return relative ? { kind: 'PATIENT', person: relative.index, form: 'family' } : { kind: 'PERSOON' };
  }

  /** Rules for known names this text may hold in disguise; none for a text without look-alikes or spaced letters. */
  private disguisedNameRules(working: string): (Rule | null)[] {
    const rules: (Rule | null)[] = [];
    // A name written backwards ("gnahz oah"): each word read reversed, only the call's own people.
    const reversed = reversedWords(working);
    const backwards = this.names[0]!.candidates(wordsOf(reversed)).filter((variant) => variant.length >= 3);
    if (backwards.length > 0) {
      const rule = nameRule(backwards);
      if (rule) rules.push({ ...rule, view: reversedWords });
    }
    if (LOOKALIKE.test(working)) {
      const read = lookalikesRead(working);
      const rule = nameRule(this.names.flatMap((index) => index.candidates(wordsOf(read))));
      if (rule) rules.push({ ...rule, view: lookalikesRead });
    }
    for (const [has, pattern, readOf] of [
      [HAS_SPACED_LETTERS, SPACED_LETTERS, spacedLettersRead],
      [HAS_SYLLABLES, SYLLABLES, (run: string) => run.replace(/-/g, '')],
    ] as const) {
      if (!has.test(working)) continue;
      rules.push({
        pattern,
        classify: (match) => {
          const read = readOf(match[0]);
          const rule = nameRule(this.names.flatMap((index) => index.candidates(wordsOf(read))));
          if (!rule) return null;
          for (const found of read.matchAll(rule.pattern)) {
            const target = rule.classify(found);
            if (target) return target;
          }
          return null;
        },
      });
    }
    // Last: a look-alike letter is one letter off too, and is read as the name it disguises above.
    rules.push(this.misspelledNameRule(working));
    return rules;
  }

  /**
   * A known name of six letters or more written one letter off, capitalised (ADR 0107, round six): "Sluiter" for
   * Sluijter, "Hoogstratn". Only the record's patient and the people with a relation to them, only a word no list or
   * the ward knows as Dutch.
   */
  private misspelledNameRule(working: string): Rule | null {
    const names: { name: string; person: number; form: NameForm }[] = [];
    this.known.forEach((person, index) => {
      // The record's patient and the people around them, not a ward's staff passed along in the list (issue 38's cost).
      if (index > 0 && !person.relation) return;
      const { given, family } = nameParts(person);
      for (const name of [family, ...given])
        if (letterCount(name) >= 6 && /^\p{L}+$/u.test(name))
          names.push({ name: fold(name), person: index, form: name === family ? 'family' : 'given' });
    });
    if (names.length === 0) return null;
    const found = new Map<string, Target>();
    for (const [word] of working.matchAll(/(?<![\p{L}\p{M}\p{N}])\p{Lu}[\p{L}\p{M}]{4,}(?![\p{L}\p{M}\p{N}])/gu)) {
      if (found.has(word)) continue;
      const folded = fold(word);
      const near = names.find(({ name }) => name !== folded && oneEditApart(name, folded));
      if (
        !near ||
        isOrdinaryWord(word) ||
        taggerVocabulary().has(folded) ||
        NOT_A_NAME.has(folded) ||
        isListedName(word) ||
        isGivenName(word)
      )
        continue;
      found.set(word, { kind: 'PATIENT', person: near.person, form: near.form });
    }
    if (found.size === 0) return null;
    return {
      pattern: new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])(?:${[...found.keys()].map(escapeRegExp).join('|')})(?![\\p{L}\\p{M}\\p{N}])`, 'gu'),
      classify: (match) => found.get(match[0]) ?? null,
    };
  }

  /**
   * The last gate: which kinds of identifier of a known person are still in text that was already
   * pseudonymised (never the values themselves). A call whose request has any is not made.
   */
  leftovers(text: string): IdentifierKind[] {
    return this.gate(text);
  }

  /** Puts the original values back in a model's answer (unknown placeholders are left as they are). */
  reidentify(text: string): string {
    return text.replace(PLACEHOLDER, (placeholder) => this.originals.get(placeholder) ?? placeholder);
  }

  /** reidentify applied to every string inside a JSON-like value (objects, arrays), returning a new value. */
  reidentifyDeep<T>(value: T): T {
    return this.restore(value) as T;
  }

  /** How many distinct values were replaced (for logging counts, never the values). */
  get replacements(): number {
    return this.originals.size;
  }

  private restore(value: unknown): unknown {
    if (typeof value === 'string') return this.reidentify(value);
    if (Array.isArray(value)) return value.map((item: unknown) => this.restore(item));
    if (isPlainObject(value)) {
      // Keys too: a model may key a map by a person or value it was given as a placeholder.
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [this.reidentify(key), this.restore(item)]));
    }
    return value;
  }

  private maskExistingPlaceholders(text: string): string {
    return text.replace(PLACEHOLDER, (placeholder: string, kind: string, number: string) => {
      if (!this.originals.has(placeholder)) {
        const numbers = this.foreign.get(kind) ?? new Set<number>();
        numbers.add(Number(number));
        this.foreign.set(kind, numbers);
      }
      return MASK.repeat(placeholder.length);
    });
  }

  private placeholderFor(surface: string, target: Target): string {
    // One surface may be two people ("Bouzid" the patient, "moeder Bouzid" not): kept apart by who it is.
    const key = target.kind === 'PATIENT' ? `${target.person}\u0000${surface}` : surface;
    const existing = this.placeholders.get(key);
    if (existing) return existing;
    let label: string;
    if (target.kind === 'PATIENT') {
      // Only patients carry a patient label: a relative, GP or colleague the record knows is a person (issue 42).
      const person = target.person >= 0 ? this.known[target.person] : undefined;
      const kind = person && !person.relation ? 'PATIENT' : 'PERSOON';
      let number = this.personNumbers.get(target.person);
      if (number === undefined) {
        // The record's patient (the first person known) is always [PATIENT_1], whoever is named first.
        const first = kind === 'PATIENT' && target.person === 0 && this.reservesPatientOne();
        number = first ? 1 : this.nextNumber(kind, kind === 'PATIENT' && this.reservesPatientOne());
        if (first) {
          this.patientOneGiven = true;
          this.counters.set('PATIENT', Math.max(this.counters.get('PATIENT') ?? 0, 1));
        }
        this.personNumbers.set(target.person, number);
      }
      // Every way of writing one person shares the number; the suffix says which part of the name
      // it is, and a counter separates spellings ("Jan de Vries" and "JAN DE VRIES").
      const base = `${kind}_${number}${FORM_SUFFIX[target.form]}`;
      const variant = (this.variantCounts.get(base) ?? 0) + 1;
      this.variantCounts.set(base, variant);
      label = variant === 1 ? base : `${base}_${variant}`;
    } else {
      label = `${target.kind}_${this.nextNumber(target.kind)}`;
    }
    const placeholder = `[${label}]`;
    this.placeholders.set(key, placeholder);
    this.originals.set(placeholder, surface);
    return placeholder;
  }

  /** Whether number 1 of the patient labels is still kept for the record's patient. */
  private reservesPatientOne(): boolean {
    const patient = this.known[0];
    return Boolean(patient && !patient.relation && !this.patientOneGiven && !this.foreign.get('PATIENT')?.has(1));
  }

  private nextNumber(kind: Kind, skipOne = false): number {
    let number = (this.counters.get(kind) ?? 0) + 1;
    while (this.foreign.get(kind)?.has(number) || (skipOne && number === 1)) number++;
    this.counters.set(kind, number);
    return number;
  }
}

/** What masked a position of the working copy: a person, another identifier, or a name kept as written (an organisation, an eponym). */
function maskedAtOf(hits: Hit[], kept: Hit[]): (position: number) => Masked {
  return (position) => {
    const hit = hits.find((each) => each.start <= position && position < each.end);
    if (hit) return hit.target.kind === 'PATIENT' || hit.target.kind === 'PERSOON' ? 'person' : 'other';
    return kept.some((each) => each.start <= position && position < each.end) ? 'kept' : 'other';
  };
}

function mask(text: string, hits: Hit[]): string {
  let result = '';
  let position = 0;
  for (const { start, end } of hits) {
    result += text.slice(position, start) + MASK.repeat(end - start);
    position = end;
  }
  return result + text.slice(position);
}

// ---------------------------------------------------------------------------------------------
// The last gate. Independent of the rules above: it looks for each known person's identifiers
// in a form no rule has to anticipate (separators between digits dropped, invisible characters
// removed, e-mail de-obfuscated), so a text the rules missed is stopped rather than sent.

export type IdentifierKind = 'naam' | 'bsn' | 'telefoon' | 'email' | 'geboortedatum' | 'adres' | 'postcode';

function normalisedForGate(text: string): string {
  return text
    .replace(PLACEHOLDER, ' ')
    .normalize('NFKC')
    .replace(/[\p{Cf}\u00ad]/gu, '')
    .replace(/\s*[([]\s*(?:at|apenstaartje)\s*[)\]]\s*|\s+(?:at|apenstaartje)\s+|\s*@\s*/giu, '@')
    .replace(/\s*[([]\s*(?:dot|punt)\s*[)\]]\s*|(?<=@[^\s]*)\s+(?:dot|punt)\s+/giu, '.');
}

/** Digits with whatever stood between them removed ("123 / 45.67-82" → "1234567 82" → "123456782"). */
const digitsJoined = (text: string): string => text.replace(/(?<=\p{N})[^\p{L}\p{N}\n]{1,3}(?=\p{N})/gu, '');

/** The words of a person's name the last gate looks for. */
function nameWordsForGate(person: Pick<KnownPerson, 'name' | 'given' | 'prefix' | 'family'>): string[] {
  return rememberedName(person).gateWords;
}

function wordsForGate(person: Pick<KnownPerson, 'name' | 'given' | 'prefix' | 'family'>): string[] {
  const { given, prefix, family } = nameParts(person);
  // Ordinary words and particles decide nothing here; the rules above judge them in context.
  return [...given, ...words(family), ...words(person.name)].filter((word) => {
    const lower = word.toLowerCase();
    return (
      letterCount(word) >= 3 &&
      !NOT_A_NAME.has(lower) &&
      !isOrdinaryWord(lower) &&
      !NAME_PARTICLES.has(lower) &&
      !words(prefix).includes(word)
    );
  });
}

function leftoverCheck(people: KnownPerson[], groups: readonly KnownGroup[]): (text: string) => IdentifierKind[] {
  const checks: { kind: IdentifierKind; test: (text: string, digits: string, compact: () => string) => boolean }[] = [];
  const nameWords = new GateWords();
  const emails = new EmailIndex();
  // Per kind, the sources of everyone known, tested as one alternation: one scan of the text per
  // kind, not one per person (issue 38: the cost must not grow with the people a record knows).
  const sources = {
    bsn: [] as string[],
    phone: [] as string[],
    date: [] as string[],
    joinedDate: [] as string[],
    street: [] as string[],
    postcode: [] as string[],
  };
  const streetForms: string[] = [];
  const postcodeForms: string[] = [];
  for (const person of people) {
    for (const word of nameWordsForGate(person)) nameWords.add(word);
    const bsn = person.bsn?.replace(/\D/g, '');
    if (bsn?.length === 9) sources.bsn.push(bsn);
    const phone = person.phone?.replace(/\D/g, '').replace(/^(?:00)?31|^0/, '');
    if (phone && phone.length >= 6) sources.phone.push(phone);
    const email = person.email?.trim().toLowerCase();
    if (email) emails.add(email);
    const date = person.birthDate ? birthDateSource(person.birthDate) : null;
    const compactDate = /^(\d{4})-(\d{2})-(\d{2})$/.exec(person.birthDate ?? '');
    if (date && compactDate) {
      const [, year, month, day] = compactDate;
      sources.date.push(date);
      sources.joinedDate.push(`${day}${month}${year}|${year}${month}${day}`);
    }
    const street = /^(.*?\p{L})\s*(\d+)/u.exec(person.street ?? '');
    if (street?.[1] && street[2]) {
      sources.street.push(`${literal(street[1])}\\s*${street[2]}`);
      streetForms.push(compactForm(`${street[1]}${street[2]}`));
    }
    const postcode = /^\s*(\d{4})\s*([a-z]{2})\s*$/i.exec(person.postalCode ?? '');
    if (postcode) {
      sources.postcode.push(`${postcode[1]}\\s*${postcode[2]}`);
      postcodeForms.push(compactForm(`${postcode[1]}${postcode[2]}`));
    }
  }
  const anyOf = (list: string[]) => list.map((source) => `(?:${source})`).join('|');
  // The sources whose value is in the text at all (`Haystack`): only those go into a pattern, one
  // compiled per distinct set, so most texts are checked without building or running one.
  const present = (list: string[], forms: string[], within: string) => list.filter((_, index) => within.includes(forms[index]!));
  if (sources.bsn.length) {
    checks.push({
      kind: 'bsn',
      test: (_, digits) => {
        const found = present(sources.bsn, sources.bsn, digits);
        return found.length > 0 && compiled(`(?<!\\d)(?:${anyOf(found)})(?!\\d)`, '').test(digits);
      },
    });
  }
  if (sources.phone.length) {
    checks.push({
      kind: 'telefoon',
      test: (_, digits) => {
        const found = present(sources.phone, sources.phone, digits);
        return found.length > 0 && compiled(`(?<!\\d)(?:0|31|0031)?(?:${anyOf(found)})(?!\\d)`, '').test(digits);
      },
    });
  }
  if (sources.date.length) {
    const pattern = new RegExp(`${NUM_START}(?:${anyOf(sources.date)})${DATE_END}`, 'iu');
    const joined = new RegExp(`(?<!\\d)(?:${anyOf(sources.joinedDate)})(?!\\d)`);
    checks.push({ kind: 'geboortedatum', test: (text, digits) => pattern.test(text) || joined.test(digits) });
  }
  if (sources.street.length) {
    checks.push({
      kind: 'adres',
      test: (text, _, compact) => {
        const found = present(sources.street, streetForms, compact());
        return found.length > 0 && compiled(`${START}(?:${anyOf(found)})${NUM_END}`, 'iu').test(text);
      },
    });
  }
  if (sources.postcode.length) {
    checks.push({
      kind: 'postcode',
      test: (text, _, compact) => {
        const found = present(sources.postcode, postcodeForms, compact());
        return found.length > 0 && compiled(`${START}(?:${anyOf(found)})${END}`, 'iu').test(text);
      },
    });
  }
  const allEmails = [emails, ...groups.map((group) => group.emails)];
  checks.push({
    kind: 'email',
    test: (text) => {
      const lower = text.toLowerCase();
      return allEmails.some((each) => each.foundIn(lower));
    },
  });
  const allWords = [nameWords, ...groups.map((group) => group.gateWords)];
  checks.push({
    kind: 'naam',
    test: (text) => {
      const folded = fold(text);
      return allWords.some((each) => each.foundIn(folded));
    },
  });
  return (text) => {
    const normalised = normalisedForGate(text);
    const digits = digitsJoined(normalised);
    // The compact form once per text, and only when a street or postcode is to be looked for.
    let compact: string | undefined;
    const compactOf = () => (compact ??= compactForm(normalised));
    return [...new Set(checks.filter(({ test }) => test(normalised, digits, compactOf)).map(({ kind }) => kind))];
  };
}

// ---------------------------------------------------------------------------------------------
// The rules' word lists, as classes of a word for the learned tagger (ADR 0103).

const TITLE_WORDS = new Set([
  'mw',
  'mevr',
  'mvr',
  'mevrouw',
  'dhr',
  'hr',
  'heer',
  'meneer',
  'mr',
  'dr',
  'drs',
  'ir',
  'prof',
  'fam',
  'familie',
  'dokter',
  'zuster',
  'broeder',
]);
const KIN_SET = new Set(KIN_WORDS);
const ROLE_SET = new Set(RELATION_WORDS.filter((word) => !word.includes('\\') && !KIN_SET.has(word)));
const OPENERS = new Set([...SENTENCE_OPENERS, ...STOP_WORDS, ...CAPITALISED_NON_NAMES.toLowerCase().split('|')]);
const MONTH_OR_DAY = new Set([...MONTHS.split('|'), 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag']);
const SUBJECT_VERB_SET = new Set(SUBJECT_VERBS.split('|'));
const wordClassCache = new Map<string, readonly string[]>();

/** What the rules' lists know of a word: 'given', 'surname', 'listed', 'ordinary', 'kin', 'role', 'title', 'opener', … */
export function wordClasses(word: string): readonly string[] {
  const cached = wordClassCache.get(word);
  if (cached) return cached;
  const lower = word.toLowerCase();
  const key = nameKey(word);
  const classes: string[] = [];
  if (isGivenName(word)) classes.push('given');
  if (LISTED_SURNAME.has(key)) classes.push('surname');
  if (isListedName(word)) classes.push('listed');
  if (ORDINARY_LISTED.has(key) || ORDINARY_GIVEN.has(lower)) classes.push('nameWord');
  if (isOrdinaryWord(word)) classes.push('ordinary');
  if (isPetForm(word)) classes.push('pet');
  if (NOT_A_PERSON.has(lower)) classes.push('notPerson');
  if (KIN_SET.has(lower)) classes.push('kin');
  else if (ROLE_SET.has(lower) || COMPOUND_ROLE.test(lower)) classes.push('role');
  if (TITLE_WORDS.has(lower)) classes.push('title');
  if (OPENERS.has(lower)) classes.push('opener');
  if (MONTH_OR_DAY.has(lower)) classes.push('date');
  if (COMPASS.has(lower)) classes.push('compass');
  if (LANGUAGES_TOO.has(lower)) classes.push('language');
  if (NAME_PARTICLES.has(lower) || CAPITAL_PARTICLES.has(lower)) classes.push('particle');
  if (SUBJECT_VERB_SET.has(lower) || STRONG_PAST.has(lower)) classes.push('verb');
  else if (letterCount(lower) >= 4 && VERB_FORM.test(lower)) classes.push('verbForm');
  if (DUTCH_WORD_ENDING.test(lower)) classes.push('dutchEnding');
  if (PAST_PARTICIPLE.test(lower)) classes.push('participle');
  if (wordClassCache.size > 50_000) wordClassCache.clear();
  wordClassCache.set(word, classes);
  return classes;
}
