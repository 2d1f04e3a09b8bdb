/*
 * Nicknames and short forms of a known person's given name (issue 42, ADR 0107 round eight): "Lexie" for Alexandra,
 * "Gonnie" for Gonda, "Suus" for Susanna, "Kees" for Cornelis. A form is that person's when it is derived from the
 * given name (a piece of it of three letters or more that starts where a syllable may start, with or without a pet
 * ending, a doubled consonant or a long vowel) or when the table below lists it for that name.
 *
 * HYPOCORISMS: common knowledge of Dutch naming, written by the team (no outside list was copied). It holds only
 * the forms that are not a piece of the name ("Hans" for Johannes, "Kees" for Cornelis, "Truus" for Geertruida);
 * the pieces are derived. Forms of two letters ("Co", "Ad", "Jo") are left out: as words they are abbreviations too.
 */

const HYPOCORISMS_BY_NAME = `
Abraham: Bram
Adriana: Janny Jaantje Adrie
Adrianus: Arie Janus Adrie Aad
Albertus: Bert Appie
Aleida Alida: Aly Lida Leida
Alexander: Sander Xander
Alexandra: Sandra Sanne
Antonius Anthonius: Toon Teun Tonnie
Antonia: Toos Tonny Toni
Apollonia: Pleun Loonie
Arnoldus: Noud Nol Arnold
Bartholomeus: Bart Mees
Bernardus: Ben Bernard Nard Bernie
Catharina Catharine: Toos Tiny Trijntje Rina Kaat Katrien Ineke
Christiaan: Chris Krijn Stijn
Constantijn: Stijn Tijn
Cornelia: Corrie Neeltje Nel Cora
Cornelis: Kees Cor Neel
Dorothea: Dorien Thea Doortje
Elisabeth Elizabeth: Liesbeth Lies Betty Bep Els Elsje Lisa Lizzy Beth
Engelbertus: Bert Engel
Everardus: Evert Eef
Franciscus: Frans Sus
Frederik Frederikus: Freek Fred Frits Rik
Frederika: Frieda Rika Riek
Geertruida Gertrude Geertruid: Truus Trudy Trui Geert Truitje
Gerardus: Gerard Gert Geert Ger Gerrit Sjaak
Gerarda: Gerda Ger
Gijsbertus Gijsbert: Gijs Bert
Helena: Leni Lenie Heleen
Hendrik Hendricus Hendrikus: Henk Rik Hein Hennie Harry
Hendrika Hendrikje: Riek Rika Drika Henny Hennie
Henriëtte Henriette: Jet Jetje Riet Hennie
Hermanus: Herman Manus Harm
Hubertus: Huub Huib Bert
Jacobus Jacob: Koos Jaap Sjaak Kobus Cobus
Jacoba: Coby Koosje Jaapje
Johanna: Hanna Jopie Hanneke Joke Annie Jo Jannie
Johannes: Hans Jan Joop Hannes Johan
Josephus Joseph Jozef: Jos Sjef Jef Joop
Josephina Josephine: Fien Fientje Josje
Lambertus: Bert Lambert
Leonardus: Leo Leen Nard
Magdalena: Lenie Leen Magda Lena
Margaretha Margaretta Margriet: Greet Grietje Greetje Margriet Greta Marga Gré
Maria: Marie Mies Mieke Mia Ria Rietje Marietje Miep
Marinus: Rinus Rien
Martinus: Tinus Martin Tiny
Mohammed Mohamed Muhammad: Momo
Nicolaas Nikolaas Nicolaus: Klaas Niek Nico Claas
Paulus: Paul
Petronella: Nel Nelly Pietje Toos
Petrus Pieter: Piet Peter Pier
Reinier: Rein Rien
Sebastiaan: Bas Bastiaan
Susanna: Suus Sanne Suze Sanneke
Theodorus: Theo Dorus Door
Theresia: Trees Treesje Resi Thea
Wilhelmina: Mien Mientje Willy Wil Mina Helmi
Wilhelmus Willem: Wim Willem Wil Pim
`;

/** Given name, in the shape nicknames are compared in → its listed nicknames in that shape. */
const HYPOCORISMS = new Map<string, string[]>();
for (const line of HYPOCORISMS_BY_NAME.trim().split('\n')) {
  const [names, forms] = line.split(':') as [string, string];
  for (const name of names.trim().split(/\s+/))
    HYPOCORISMS.set(
      shape(name),
      forms
        .trim()
        .split(/\s+/)
        .filter((form) => form.length >= 3)
        .map(shape),
    );
}

/**
 * A name as nicknames are compared: lower case, no accents, "ie" as "i", "y" as "i", "ph" as "f", "th" as "t", a
 * hard "c" as "k" and a soft one as "s", and every doubled letter single. "Suus" and "Sus", "Bassie" and "Basie",
 * "Koosje" and "Kosje", "Cisca" and Francisca's "sisca" then compare equal.
 */
export function shape(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ph/g, 'f')
    .replace(/th/g, 't')
    .replace(/ch/g, 'χ')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/c/g, 'k')
    .replace(/χ/g, 'ch')
    .replace(/ie/g, 'i')
    .replace(/y/g, 'i')
    .replace(/(\p{L})\1+/gu, '$1');
}

const VOWEL = /[aeiou]/;

/** What a given name's nicknames may be, in their shape: `pieces` of three letters or more, `heads` of two. */
interface NicknameKeys {
  pieces: Set<string>;
  heads: Set<string>;
  /** The table's forms for the name. */
  listed: Set<string>;
}

const keysByName = new Map<string, NicknameKeys>();
const maxRememberedKeys = 5_000;

/**
 * The shapes a nickname of this given name may have: every piece of three letters or more that starts the name or
 * starts on a consonant ("Lex" in Alexandra, "Tijn" in Martijn, "Nel" in Petronella; not "Anne" in Johannes),
 * the listed hypocorisms, and the name's first two letters, which count only with a pet ending ("Dootje").
 */
export function nicknameKeys(given: string): NicknameKeys {
  const known = keysByName.get(given);
  if (known) return known;
  const name = shape(given);
  const letters = [...name];
  const listed = new Set<string>(HYPOCORISMS.get(name) ?? []);
  const pieces = new Set<string>(listed);
  for (let start = 0; start < letters.length - 2; start++) {
    if (start > 0 && VOWEL.test(letters[start]!)) continue;
    for (let end = start + 3; end <= letters.length; end++) pieces.add(letters.slice(start, end).join(''));
  }
  const heads = new Set(letters.length > 2 ? [letters.slice(0, 2).join('')] : []);
  const keys = { pieces, heads, listed };
  if (keysByName.size >= maxRememberedKeys) keysByName.clear();
  keysByName.set(given, keys);
  return keys;
}

/** Pet endings of Dutch and Frisian names: "Gonnie", "Mientje", "Willy", "Mineke", "Hiltsje", "Drieka", "Bertina". */
const PET_ENDINGS = ['tje', 'tsje', 'pje', 'kje', 'je', 'sje', 'ske', 'eke', 'ke', 'ka', 'ie', 'y', 'ina'];

const FEMININE_ENDING = /(?:eke|ina|ka)$/iu;

/**
 * Whether a written word is a nickname of this given name: its shape, or its shape without a pet ending, is a piece
 * of the name or a listed hypocorism ("Lexie" → "lex"); with a pet ending the name's first two letters before any
 * pet ending but "-ie" are enough ("Dootje" → "do" of Dorothea).
 */
export function isNicknameOf(word: string, given: string, gender?: string | null): boolean {
  return nicknameOf(word, given, gender) !== null;
}

/**
 * How a written word is a nickname of this given name, or null: `listed` in the table, `derived` from the name, or
 * `short`, a bare piece of three letters ("Rob" of Robert, "Bar" of Bartholomeus). A short piece is as often a Dutch
 * word ("Bar", "Kar"), so the caller takes it only when the name lists know it as a name.
 */
export function nicknameOf(word: string, given: string, gender?: string | null): 'listed' | 'derived' | 'short' | null {
  // "Hanneke", "Mientje"-like girls' forms ("-eke", "-ina", "-ka") are no man's: a woman is named after a man's name so.
  if (gender === 'male' && FEMININE_ENDING.test(word)) return null;
  const { pieces, heads, listed } = nicknameKeys(given);
  const whole = shape(word);
  if (listed.has(whole)) return 'listed';
  if (whole.length >= 3 && pieces.has(whole)) return whole.length === 3 ? 'short' : 'derived';
  const lower = word.toLowerCase();
  for (const ending of PET_ENDINGS) {
    if (!lower.endsWith(ending) || [...lower].length - ending.length < 2) continue;
    const stem = shape(lower.slice(0, -ending.length));
    // Two letters are a name's head before a pet ending, though not before "-ie": "Dootje", "Geeske", "Aly", not "Mooie".
    if (pieces.has(stem) || (heads.has(stem) && ending !== 'ie')) return 'derived';
  }
  return null;
}

/**
 * Whether a word the text says someone is called by ("noem me maar Co", "hij reageert alleen op 'Door'") is a form of
 * this given name. The text says it is a name, so besides every nickname a piece of two letters counts ("Co" of
 * Jacoba, "Jo" of Johanna): as a bare word it would as often be an abbreviation, here it is not.
 */
export function isCalledFormOf(word: string, given: string, gender?: string | null): boolean {
  if (nicknameOf(word, given, gender) !== null) return true;
  const whole = shape(word);
  if ([...whole].length !== 2) return false;
  const letters = [...shape(given)];
  for (let start = 0; start + 2 <= letters.length; start++)
    if ((start === 0 || !VOWEL.test(letters[start]!)) && letters[start]! + letters[start + 1]! === whole) return true;
  return false;
}
