import { readFileSync } from 'node:fs';
import type { KnownPerson } from '../../domain/ai/pseudonymise';

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
  role?: string;
  bsn?: string | null;
  birthDate?: string | null;
  street?: string | null;
  postalCode?: string | null;
  city?: string | null;
  phone?: string | null;
  email?: string | null;
  gender?: KnownPerson['gender'];
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

const RECORD_GENDER: Record<string, KnownPerson['gender']> = { man: 'male', vrouw: 'female' };
const withRecordGender = (person: CorpusPerson): CorpusPerson =>
  person.gender && RECORD_GENDER[person.gender] ? { ...person, gender: RECORD_GENDER[person.gender] } : person;

export function readCorpus(path: string): CorpusItem[] {
  return (
    readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as CorpusItem)
      // Sets j and k write a known person's relation as `role`, as the CLI also reads it; set y writes the gender in
      // Dutch ("man", "vrouw") where the record holds `male` and `female`.
      .map((item) => ({
        ...item,
        patient: withRecordGender(item.patient),
        people: item.people.map((person) => withRecordGender({ ...person, relation: person.relation ?? person.role })),
      }))
  );
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

/** What an identifier is, by its shape: the figures of a held-out set are given per category. */
export type IdentifierCategory = 'naam' | 'telefoon' | 'email' | 'url' | 'handle' | 'kenteken' | 'iban' | 'postcode' | 'nummer';

export function categoryOf(identifier: string): IdentifierCategory {
  const text = identifier.trim();
  if (/^@/.test(text) || /^(?:instagram|tiktok|snapchat|insta)\b/i.test(text)) return 'handle';
  if (/\S@\S|\s(?:at|apenstaartje)\s|\((?:at|dot)\)|\[at\]/i.test(text)) return 'email';
  if (/https?:|www\.|\/|\.(?:nl|com|org|be|eu|net|io)\b/i.test(text)) return 'url';
  if (/^[a-z]{2}\s?\d{2}\s?[a-z]{4}/i.test(text)) return 'iban';
  if (/^\d{4}\s?[a-z]{2}$/i.test(text)) return 'postcode';
  const digits = text.replace(/\D/g, '');
  if (/^[A-Z0-9]{1,3}-[A-Z0-9]{1,3}-[A-Z0-9]{1,3}$/i.test(text) && /\d/.test(text) && /[a-z]/i.test(text)) return 'kenteken';
  if (/^(?:\+|00|0)/.test(text) && !/\p{L}/u.test(text) && digits.length >= 7 && digits.length <= 13 && /[\s.()-]|^0[1-9]/.test(text))
    return 'telefoon';
  if (/\d/.test(text)) return 'nummer';
  return 'naam';
}

export interface HeldOutScore extends CorpusScore {
  /** Per category of identifier: how many there are and how many are fully gone. */
  caught: Record<string, { identifiers: number; caught: number }>;
  /** Texts without personal data (`no-pii`) whose output differs from the input at all. */
  cleanChanged: number;
  /** Texts with `labels`: the patient not labelled as the record's patient, or someone else labelled as a patient. */
  labels: { texts: number; patientWrong: number; otherAsPatient: number };
}

interface LabelledItem extends CorpusItem {
  labels?: { patient: string[]; others: string[] };
}

/** Spans of the input replaced by a placeholder, with the placeholder, from the output and the surfaces it stands for. */
function replacedSpans(input: string, output: string, surfaceOf: (placeholder: string) => string) {
  const spans: { start: number; end: number; label: string }[] = [];
  let inInput = 0;
  let inOutput = 0;
  for (const match of output.matchAll(/\[[A-Z]+_\d+(?:_[A-Z0-9]+)*\]/g)) {
    inInput += match.index - inOutput;
    const surface = surfaceOf(match[0]);
    spans.push({ start: inInput, end: inInput + surface.length, label: match[0] });
    inInput += surface.length;
    inOutput = match.index + match[0].length;
  }
  return spans;
}

function occurrences(text: string, part: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  for (let at = text.indexOf(part); at >= 0 && part; at = text.indexOf(part, at + 1)) found.push({ start: at, end: at + part.length });
  return found;
}

/**
 * A held-out set scored by aggregate only (its failing texts are never shown): leaking texts per
 * kind, catch rate per identifier category, clean texts changed, and patient labels.
 */
export function scoreHeldOut(
  items: CorpusItem[],
  run: (item: CorpusItem) => { output: string; surfaceOf: (placeholder: string) => string },
): HeldOutScore {
  const outputs = new Map<string, ReturnType<typeof run>>();
  for (const item of items) outputs.set(item.id, run(item));
  const base = scoreCorpus(items, (item) => outputs.get(item.id)!.output);
  const caught: HeldOutScore['caught'] = {};
  let cleanChanged = 0;
  const labels = { texts: 0, patientWrong: 0, otherAsPatient: 0 };
  for (const item of items as LabelledItem[]) {
    const { output, surfaceOf } = outputs.get(item.id)!;
    if (item.kind === 'no-pii' && output !== item.text) cleanChanged++;
    for (const identifier of new Set(item.mustNotContain)) {
      const category = (caught[categoryOf(identifier)] ??= { identifiers: 0, caught: 0 });
      category.identifiers++;
      if (scoreItem({ ...item, mustNotContain: [identifier] }, output).leaked.length === 0) category.caught++;
    }
    if (!item.labels) continue;
    labels.texts++;
    const spans = replacedSpans(item.text, output, surfaceOf);
    const overlapping = (range: { start: number; end: number }) => spans.filter((span) => span.start < range.end && span.end > range.start);
    const otherRanges = item.labels.others.flatMap((other) => occurrences(item.text, other));
    const insideOther = (range: { start: number; end: number }) =>
      otherRanges.some(
        (other) => other.start <= range.start && other.end >= range.end && other.end - other.start > range.end - range.start,
      );
    const patientOk = item.labels.patient.every((name) =>
      occurrences(item.text, name)
        .filter((range) => !insideOther(range))
        .every((range) => {
          const found = overlapping(range);
          return found.length > 0 && found.every((span) => /^\[PATIENT_1(?:_|\])/.test(span.label));
        }),
    );
    if (!patientOk) labels.patientWrong++;
    if (otherRanges.some((range) => overlapping(range).some((span) => span.label.startsWith('[PATIENT_')))) labels.otherAsPatient++;
  }
  return { ...base, caught, cleanChanged, labels };
}
