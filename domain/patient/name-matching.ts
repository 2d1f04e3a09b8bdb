import { dottedInitials, foldAccents, initialsBeforeName, nameParticles, particleAbbreviations } from '../shared/text';
/**
 * Fuzzy name matching for patient search. PostgreSQL (pg_trgm and the phonetic keys below, both
 * indexed) finds candidates; these pure functions rank them. Trigrams alone tie "jna de vires"
 * between Jan de Vries and Johan de Vos; token-wise edit distance and a Dutch phonetic key do not.
 */

/** Dutch name particles: matched like any word, but too common to serve as a phonetic key. */
const particles = new Set([...nameParticles, ...particleAbbreviations]);

export function normalizeName(value: string): string {
  return foldAccents(value)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function tokens(value: string): string[] {
  // Stored search names are normalised already; skip the Unicode work for them.
  const normalized = /^[a-z0-9]+( [a-z0-9]+)*$/.test(value) ? value : normalizeName(value);
  return normalized ? normalized.split(' ') : [];
}

export interface NameParts {
  nameGiven: readonly string[];
  namePrefix?: string | null;
  familyName: string;
}

/** "Jan Pieter" + "van der" + "Berg" → "jan pieter van der berg": what the trigram index sees. */
export function searchNameOf(name: NameParts): string {
  return normalizeName([...name.nameGiven, name.namePrefix ?? '', name.familyName].join(' '));
}

/** A rough Dutch sound-alike key: ij/ei, ch/g, v/f, z/s, c/k sound alike; vowels after the first letter drop. */
export function phoneticKey(token: string): string {
  const mapped = normalizeName(token)
    .replace(/sch/g, 's')
    .replace(/ch/g, 'g')
    .replace(/ph/g, 'f')
    .replace(/th/g, 't')
    .replace(/eij|ij|ei|y/g, 'y')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/[cq]/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/z/g, 's')
    .replace(/v/g, 'f')
    .replace(/w/g, 'f')
    .replace(/dt|d$/g, 't');
  if (!mapped) return '';
  const rest = mapped.slice(1).replace(/[aeiouy ]/g, '');
  return (mapped[0] + rest).replace(/(.)\1+/g, '$1');
}

/**
 * Index keys of a name, per word: its sound-alike key and its first two and three letters, so a
 * typo ("jna"), a partial name ("amra") and a prefix ("van der", key `x:van der`) all hit the index.
 */
export function searchKeysOf(searchName: string, namePrefix?: string | null): string[] {
  const keys = tokens(searchName)
    .filter((token) => !particles.has(token) && !/^\d+$/.test(token))
    .flatMap((token) => [
      ...(token.length >= 3 ? [phoneticKey(token)] : []),
      `p:${token.slice(0, 2)}`,
      ...(token.length >= 3 ? [`p:${token.slice(0, 3)}`] : []),
    ]);
  const prefix = namePrefix ? normalizeName(namePrefix) : '';
  return [...new Set([...keys, ...(prefix ? [`x:${prefix}`] : [])])];
}

/**
 * The keys to look up for a query, one group per word: a patient must match every group (any key
 * within it). A query of particles only ("van der") looks up the whole prefix.
 */
export function queryKeyGroups(query: string): string[][] {
  const words = tokens(query).filter((token) => !/^\d+$/.test(token));
  const significant = words.filter((token) => !particles.has(token) && token.length >= 2);
  if (significant.length === 0) return words.length ? [[`x:${words.join(' ')}`]] : [];
  return significant.map((token) => [...(token.length >= 3 ? [phoneticKey(token)] : []), `p:${token.slice(0, 3)}`]);
}

/**
 * Optimal string alignment distance: Levenshtein plus adjacent transpositions ("jna" → "jan" is 1).
 * With a `limit`, it stops as soon as a whole row is past it and answers `limit + 1`.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  const cols = b.length + 1;
  // Three rolling rows: the transposition looks two rows back.
  let before = new Int32Array(cols);
  let previous = Int32Array.from({ length: cols }, (_, j) => j);
  let current = new Int32Array(cols);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      current[j] = best;
    }
    if (limit !== Infinity && Math.min(...current) > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

// Names repeat a lot (Jan, de Vries): their keys are computed once per process.
const phoneticCache = new Map<string, string>();
function cachedPhoneticKey(token: string): string {
  let key = phoneticCache.get(token);
  if (key === undefined) {
    if (phoneticCache.size > 50_000) phoneticCache.clear();
    key = phoneticKey(token);
    phoneticCache.set(token, key);
  }
  return key;
}

function tokenScore(query: string, name: string): number {
  if (query === name) return 1;
  // A partial name the clinician is still typing ("vri" → "vries").
  if (query.length >= 2 && name.startsWith(query)) return 0.85 + 0.1 * (query.length / name.length);
  const soundsAlike = query.length >= 3 && cachedPhoneticKey(query) === cachedPhoneticKey(name);
  if (soundsAlike) return Math.max(0.85, 1 - editDistance(query, name) / Math.max(query.length, name.length));
  return 1 - editDistance(query, name) / Math.max(query.length, name.length);
}

/**
 * "J.P. de Wit" → initials `j`, `p` and the name "de Wit"; "a. el amrani", "dhr. J. Th. Bakker" alike. A trailing "v.", "d."
 * or "v.d." is the particle it abbreviates ("A. v.d. Berg"), unless a particle follows it ("D. de Wit"): the reflex reads
 * initials in a sentence with the same rule (`initialsBeforeName`).
 */
export function splitInitials(term: string): { initials: string[]; name: string } {
  const run = dottedInitials.exec(term)?.[1];
  if (!run) return { initials: [], name: term };
  const letters = run
    .split('.')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  let rest = term.slice(term.indexOf(run) + run.length);
  const keep = initialsBeforeName(letters, particles.has(tokens(rest)[0] ?? ''));
  rest = `${letters.slice(keep).join(' ')} ${rest}`.trim();
  if (keep === 0 || !tokens(rest).some((token) => !particles.has(token))) return { initials: [], name: term };
  return { initials: letters.slice(0, keep), name: rest };
}

/** How much a name keeps of its score when the initials typed are not those of its given names. */
const otherInitials = 0.75;

/**
 * Scores names against one query: 0..1, how well every word the clinician typed matches some word
 * of the name, weighted a little by how much of the name was matched, so "jan" ranks Jan de Vries
 * above Jan Pieter van der Berg. Initials typed before the name ("J.P. de Wit", see `splitInitials`)
 * are the first letters of the given names (`nameGiven`, which lead the search name): given names
 * they fit count as matched, so Johannes Pieter de Wit ranks above Anna de Wit, who keeps only part
 * of her score (a typo in an initial still finds her, but never resolves to her on its own).
 */
export function nameMatcher(
  query: string,
  initials: readonly string[] = [],
): (searchName: string, nameGiven?: readonly string[]) => number {
  const queryTokens = tokens(query);
  return (searchName, nameGiven = []) => {
    const nameTokens = tokens(searchName);
    if (queryTokens.length === 0 || nameTokens.length === 0) return 0;
    const given = tokens(nameGiven.join(' '));
    const initialsFit =
      initials.length > 0 && initials.length <= given.length && initials.every((letter, i) => given[i]!.startsWith(letter));
    const scores = queryTokens.map((token) => nameTokens.map((name) => tokenScore(token, name)));
    const total = scores.reduce((sum, row) => sum + Math.max(...row), 0);
    let words = 0;
    let covered = 0;
    nameTokens.forEach((name, j) => {
      if (particles.has(name)) return;
      words++;
      if ((initialsFit && j < initials.length) || scores.some((row) => row[j]! >= 0.8)) covered++;
    });
    const coverage = words ? covered / words : 1;
    const score = (total / queryTokens.length) * (0.85 + 0.15 * coverage);
    return initials.length > 0 && given.length > 0 && !initialsFit ? score * otherInitials : score;
  };
}

export function nameScore(query: string, searchName: string): number {
  return nameMatcher(query)(searchName);
}
