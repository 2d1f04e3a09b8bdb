import { describe, expect, it } from 'vitest';
import { Recent } from './recent';

describe('Recent', () => {
  it('keeps what was used last and lets the least recently used go first', () => {
    const recent = new Recent<string>(2);
    recent.set('a', 'eerste');
    recent.set('b', 'tweede');
    expect(recent.get('a')).toBe('eerste');
    recent.set('c', 'derde');
    expect(recent.get('b')).toBeUndefined();
    expect(recent.get('a')).toBe('eerste');
    expect(recent.get('c')).toBe('derde');
  });

  it('stays within its budget by weight, and counts an empty entry as one', () => {
    const recent = new Recent<number[]>(100, (list) => list.length);
    recent.set(
      'zwaar',
      Array.from({ length: 90 }, (_, i) => i),
    );
    for (let i = 0; i < 10_000; i++) recent.set(`leeg-${i}`, []);
    expect(recent.weightUsed).toBeLessThanOrEqual(100);
    expect(recent.size).toBe(100);
    expect(recent.get('zwaar')).toBeUndefined();
  });

  it('replaces an entry under the same key without counting it twice', () => {
    const recent = new Recent<number[]>(10, (list) => list.length);
    recent.set('week', [1, 2, 3, 4, 5, 6]);
    recent.set('week', [1, 2, 3, 4, 5, 6, 7]);
    expect(recent.weightUsed).toBe(7);
    expect(recent.get('week')).toHaveLength(7);
  });

  it('drops an entry heavier than the whole budget at once', () => {
    const recent = new Recent<number[]>(5, (list) => list.length);
    recent.set('te groot', [1, 2, 3, 4, 5, 6]);
    expect(recent.size).toBe(0);
    expect(recent.weightUsed).toBe(0);
  });
});
