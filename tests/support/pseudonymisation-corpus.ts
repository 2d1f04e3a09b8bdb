import { readFileSync } from 'node:fs';

/*
 * Scoring a pseudonymisation corpus: JSON lines of a ward text, the people the record knows for it,
 * what must not survive and what must. Used by the corpus test (our fixtures, written by someone
 * who never saw the rules) and by `npm run bench:pseudonymise`, which also scores held-out sets
 * kept outside the repository.
 */

export interface CorpusPerson {
  name: string;
  given?: string[];
  prefix?: string | null;
  family?: string | null;
  relation?: string;
  bsn?: string | null;
  birthDate?: string | null;
  street?: string | null;
  postalCode?: string | null;
  city?: string | null;
  phone?: string | null;
  email?: string | null;
}

export interface CorpusItem {
  id: string;
  kind: string;
  text: string;
  patient: CorpusPerson;
  people: CorpusPerson[];
  mustNotContain: string[];
  mustKeep: string[];
}

export function readCorpus(path: string): CorpusItem[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as CorpusItem);
}

/** Pieces of an identifier that say nothing on their own: particles, e-mail and obfuscation words. */
const GENERIC = new Set([
  'de',
  'van',
  'der',
  'den',
  'het',
  'te',
  'ter',
  'ten',
  'el',
  'al',
  'ben',
  'bin',
  'la',
  'le',
  'da',
  'di',
  'du',
  'von',
  'at',
  'dot',
  'punt',
  'nl',
  'com',
  'org',
  'net',
  'be',
  'eu',
  'info',
  'mail',
]);

/** What of an identifier must be gone: each name word and each number of three or more digits, as written. */
export function identifyingPieces(identifier: string): string[] {
  return (identifier.match(/[\p{L}\p{M}]+|\p{N}+/gu) ?? []).filter((piece) =>
    /^\p{N}+$/u.test(piece) ? piece.length >= 3 : piece.length >= 2 && !GENERIC.has(piece.toLowerCase()),
  );
}

const escape = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** A piece still in the output as a whole word (names: same case as written; numbers: the digits in sequence). */
function survives(output: string, piece: string): boolean {
  if (/^\p{N}+$/u.test(piece)) return new RegExp(`(?<!\\p{N})${escape(piece)}(?!\\p{N})`, 'u').test(output);
  return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${escape(piece)}(?![\\p{L}\\p{M}\\p{N}])`, 'u').test(output);
}

export interface ItemScore {
  id: string;
  kind: string;
  /** Pieces of identifiers still in the output. */
  leaked: string[];
  /** Clinical text changed or removed. */
  lost: string[];
}

export function scoreItem(item: CorpusItem, output: string): ItemScore {
  const keptPieces = new Set(item.mustKeep.flatMap(identifyingPieces));
  const leaked = [...new Set(item.mustNotContain.flatMap(identifyingPieces))].filter(
    (piece) => !keptPieces.has(piece) && survives(output, piece),
  );
  const lost = item.mustKeep.filter((kept) => !output.includes(kept));
  return { id: item.id, kind: item.kind, leaked, lost };
}

export interface CorpusScore {
  items: number;
  /** Texts with at least one identifier left. */
  leakingTexts: number;
  leakedPieces: number;
  /** Texts with clinical words changed. */
  damagedTexts: number;
  byKind: Record<string, { items: number; leaking: number; damaged: number }>;
  failures: ItemScore[];
}

export function scoreCorpus(items: CorpusItem[], pseudonymise: (item: CorpusItem) => string): CorpusScore {
  const score: CorpusScore = { items: items.length, leakingTexts: 0, leakedPieces: 0, damagedTexts: 0, byKind: {}, failures: [] };
  for (const item of items) {
    const result = scoreItem(item, pseudonymise(item));
    const kind = (score.byKind[item.kind] ??= { items: 0, leaking: 0, damaged: 0 });
    kind.items++;
    if (result.leaked.length > 0) {
      score.leakingTexts++;
      score.leakedPieces += result.leaked.length;
      kind.leaking++;
    }
    if (result.lost.length > 0) {
      score.damagedTexts++;
      kind.damaged++;
    }
    if (result.leaked.length > 0 || result.lost.length > 0) score.failures.push(result);
  }
  return score;
}
