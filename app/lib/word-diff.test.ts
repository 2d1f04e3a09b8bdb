import { describe, expect, it } from 'vitest';
import { diffStats, wordDiff } from './word-diff';

describe('word diff of a letter', () => {
  const original = 'Geachte collega,\n\nDe heer De Vries is stabiel.\n\nMet collegiale groet,';
  const revised = 'Geachte collega,\n\nDe heer De Vries is wisselend stabiel.\n\nHij is niet verschenen.\n\nMet collegiale groet,';

  it('rebuilds both texts exactly, line breaks included', () => {
    const parts = wordDiff(original, revised);
    expect(
      parts
        .filter((part) => part.kind !== 'added')
        .map((part) => part.text)
        .join(''),
    ).toBe(original);
    expect(
      parts
        .filter((part) => part.kind !== 'removed')
        .map((part) => part.text)
        .join(''),
    ).toBe(revised);
  });

  it('marks whole words, not characters', () => {
    const parts = wordDiff('Hij kwam op tijd.', 'Hij kwam niet op tijd.');
    expect(parts.filter((part) => part.kind === 'added').map((part) => part.text.trim())).toEqual(['niet']);
    expect(parts.some((part) => part.kind === 'removed')).toBe(false);
  });

  it('counts added and removed words', () => {
    expect(diffStats(wordDiff('een twee drie', 'een vier drie vijf'))).toEqual({ added: 2, removed: 1 });
    expect(diffStats(wordDiff(original, original))).toEqual({ added: 0, removed: 0 });
  });
});
