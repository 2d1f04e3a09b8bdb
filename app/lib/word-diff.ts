import { diffWordsWithSpace } from 'diff';

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/**
 * Word-level comparison of two letter texts. White space and line breaks are tokens of their own,
 * so both sides are rebuilt exactly as written: the original from `same` + `removed`, the new text
 * from `same` + `added`.
 */
export function wordDiff(original: string, revised: string): DiffPart[] {
  return diffWordsWithSpace(original, revised).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}

const wordCount = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

/** "12 woorden toegevoegd, 3 verwijderd" for the reviewer's summary line. */
export function diffStats(parts: DiffPart[]): { added: number; removed: number } {
  return parts.reduce(
    (stats, part) => ({
      added: stats.added + (part.kind === 'added' ? wordCount(part.text) : 0),
      removed: stats.removed + (part.kind === 'removed' ? wordCount(part.text) : 0),
    }),
    { added: 0, removed: 0 },
  );
}
