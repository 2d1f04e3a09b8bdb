import { formatDate, formatDateTime } from '../shared/clinical-time';
import { describe, expect, it } from 'vitest';
import { maskBsn } from './bsn';
import { ageOn } from './patient.format';

describe('patient display', () => {
  it('counts an age in whole years, birthday included', () => {
    expect(ageOn('1980-11-22', '2026-11-22')).toBe(46);
    expect(ageOn('1980-11-23', '2026-11-22')).toBe(45);
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOn(null)).toBeNull();
  });

  it('shows only the last three BSN digits', () => {
    expect(maskBsn('123456782')).toBe('••••••782');
    expect(maskBsn(null)).toBe('');
  });

  it('writes dates the Dutch way', () => {
    expect(formatDate('1980-03-02')).toBe('2 maart 1980');
    expect(formatDateTime('2026-03-29T01:30:00Z')).toBe('29 mrt 2026, 03:30');
  });
});
