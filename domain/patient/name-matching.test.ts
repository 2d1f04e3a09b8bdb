import { describe, expect, it } from 'vitest';
import {
  editDistance,
  nameMatcher,
  nameScore,
  phoneticKey,
  queryKeyGroups,
  searchKeysOf,
  searchNameOf,
  splitInitials,
} from './name-matching';

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

describe('initials before a name (ADR 0105, round nine)', () => {
  const rank = (term: string, people: { given: string[]; family: string; prefix?: string }[]) => {
    const { initials, name } = splitInitials(term);
    const score = nameMatcher(name, initials);
    return people
      .map((person) => ({
        who: `${person.given.join(' ')} ${person.prefix ? `${person.prefix} ` : ''}${person.family}`,
        score: score(searchNameOf({ nameGiven: person.given, namePrefix: person.prefix, familyName: person.family }), person.given),
      }))
      .sort((a, b) => b.score - a.score);
  };
  const deWits = [
    { given: ['Anna'], prefix: 'de', family: 'Wit' },
    { given: ['Johannes', 'Pieter'], prefix: 'de', family: 'Wit' },
  ];

  it('splits the initials as typed from the name', () => {
    expect(splitInitials('J.P. de Wit')).toEqual({ initials: ['j', 'p'], name: 'de Wit' });
    expect(splitInitials('a. el amrani')).toEqual({ initials: ['a'], name: 'el amrani' });
    expect(splitInitials('J. Th. Bakker')).toEqual({ initials: ['j', 'th'], name: 'Bakker' });
    expect(splitInitials('j. th. bakker')).toEqual({ initials: ['j', 'th'], name: 'bakker' });
    expect(splitInitials('j.p. v. dijk')).toEqual({ initials: ['j', 'p'], name: 'v dijk' });
    // "v.d." is the particle it abbreviates, unless a particle follows it.
    expect(splitInitials('A. v.d. Wijngaart')).toEqual({ initials: ['a'], name: 'v d Wijngaart' });
    expect(splitInitials('v.d. Berg')).toEqual({ initials: [], name: 'v.d. Berg' });
    expect(splitInitials('D. de Wit')).toEqual({ initials: ['d'], name: 'de Wit' });
    expect(splitInitials('de Wit')).toEqual({ initials: [], name: 'de Wit' });
  });

  it('ranks the patient whose given names the initials fit first', () => {
    expect(rank('J.P. de Wit', deWits).map(({ who }) => who)).toEqual(['Johannes Pieter de Wit', 'Anna de Wit']);
    expect(rank('J. de Wit', deWits).map(({ who }) => who)).toEqual(['Johannes Pieter de Wit', 'Anna de Wit']);
    expect(rank('A. de Wit', deWits).map(({ who }) => who)).toEqual(['Anna de Wit', 'Johannes Pieter de Wit']);
  });

  it('scores a name with fitting initials as high as the full name, and other initials well below', () => {
    const [first, second] = rank('J.P. de Wit', deWits);
    expect(first!.score).toBeGreaterThanOrEqual(nameScore('johannes pieter de wit', 'johannes pieter de wit') - 0.01);
    expect(first!.score - second!.score).toBeGreaterThan(0.2);
    // Without initials the name alone still finds both.
    expect(rank('de Wit', deWits).every(({ score }) => score >= 0.8)).toBe(true);
  });
});
