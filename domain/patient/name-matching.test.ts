import { describe, expect, it } from 'vitest';
import { editDistance, nameScore, phoneticKey, queryKeyGroups, searchKeysOf, searchNameOf } from './name-matching';

describe('name matching', () => {
  it('builds the searchable name from given names, prefix and family name', () => {
    expect(searchNameOf({ nameGiven: ['Jan', 'Pieter'], namePrefix: 'van der', familyName: 'Berg' })).toBe('jan pieter van der berg');
    expect(searchNameOf({ nameGiven: ['Zoë'], familyName: "d'Ancona" })).toBe('zoe d ancona');
  });

  it('gives sound-alike Dutch spellings one key', () => {
    expect(phoneticKey('jna')).toBe(phoneticKey('jan'));
    expect(phoneticKey('vires')).toBe(phoneticKey('vries'));
    expect(phoneticKey('Meijer')).toBe(phoneticKey('Meyer'));
    expect(phoneticKey('Claasen')).toBe(phoneticKey('Klaasen'));
    expect(phoneticKey('johan')).not.toBe(phoneticKey('jan'));
  });

  it('indexes each word by sound and by its first letters, and the prefix as a whole', () => {
    expect(searchKeysOf('jan van der berg', 'van der')).toEqual(['jn', 'p:ja', 'p:jan', 'brg', 'p:be', 'p:ber', 'x:van der']);
  });

  it('looks up one key group per significant word of the query', () => {
    expect(queryKeyGroups('jna de vires')).toEqual([
      ['jn', 'p:jna'],
      ['frs', 'p:vir'],
    ]);
    expect(queryKeyGroups('Van der')).toEqual([['x:van der']]);
    expect(queryKeyGroups('ja')).toEqual([['p:ja']]);
  });

  it('finds typos, partial names and prefixes through shared keys', () => {
    const stored = new Set(searchKeysOf('jan de vries', 'de'));
    for (const query of ['jna de vires', 'vri', 'jan', 'ja vr']) {
      for (const group of queryKeyGroups(query))
        expect(
          group.some((key) => stored.has(key)),
          query,
        ).toBe(true);
    }
    expect(queryKeyGroups('amra')[0]).toContain(searchKeysOf('fatima el amrani').find((key) => key === 'p:amr'));
  });

  it('counts a swapped pair of letters as one edit', () => {
    expect(editDistance('jna', 'jan')).toBe(1);
    expect(editDistance('vires', 'vries')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('ranks the intended patient first for typos, partial and single names', () => {
    const jan = 'jan de vries';
    const others = ['johan de vos', 'janneke de wit', 'jan pieter van der berg', 'fatima el amrani'];
    for (const query of ['jan', 'de vries', 'vries', 'jna de vires', 'Jan de Vries']) {
      const best = Math.max(...others.map((name) => nameScore(query, name)));
      expect(nameScore(query, jan), query).toBeGreaterThan(best);
    }
    expect(nameScore('Jan de Vries', jan)).toBe(1);
    expect(nameScore('jna de vires', jan)).toBeGreaterThan(0.8);
    expect(nameScore('vri', jan)).toBeGreaterThan(0.8);
    expect(nameScore('van der', 'jan pieter van der berg')).toBeGreaterThan(nameScore('van der', jan));
  });
});
