import { describe, expect, it } from 'vitest';
import { hourWord, numberWord, numberWordsUpTo } from './number-words';

describe('Dutch number words', () => {
  it('reads units, teens, tens, joined forms and a hundred', () => {
    expect(
      ['een', 'één', 'twaalf', 'twintig', 'eenentwintig', 'tweeëntwintig', 'tweeentwintig', 'negenennegentig', 'honderd'].map(numberWord),
    ).toEqual([1, 1, 12, 20, 21, 22, 22, 99, 100]);
    expect(numberWord('Dertig')).toBe(30);
    expect(numberWord('tweede')).toBeNull();
    expect(numberWord('entwintig')).toBeNull();
  });

  it('lists the words up to a bound, longest first', () => {
    const days = numberWordsUpTo(31);
    expect(days).toContain('eenendertig');
    expect(days).not.toContain('tweeëndertig');
    expect(days.indexOf('eenentwintig')).toBeLessThan(days.indexOf('een'));
  });

  it('reads an hour on a twelve-hour clock, and nothing past twelve', () => {
    expect(['één', 'een', 'drie', 'Twaalf'].map(hourWord)).toEqual([1, 1, 3, 12]);
    expect(hourWord('dertien')).toBeNull();
    expect(hourWord('uur')).toBeNull();
  });
});
