import { describe, expect, it } from 'vitest';
import { clinicalTimeZone, clockChangeOn, formatTime, isoDay } from './clinical-time';

/**
 * The ward's date and time are worked out from the clock's offset, looked up once per quarter of
 * an hour (issue 38). They must read exactly as Intl reads the ward's time zone: on the nights the
 * clocks change, at midnight, and on any instant of any year a record can hold.
 */
const reference = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: clinicalTimeZone,
});
const expected = (ms: number) => {
  const part = Object.fromEntries(reference.formatToParts(new Date(ms)).map(({ type, value }) => [type, value]));
  return { day: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
};
const read = (ms: number) => ({ day: isoDay(ms), time: formatTime(ms) });

describe("the ward's wall clock (issue 38)", () => {
  it.each([
    ['summer time starts', '2026-03-29T00:00:00Z'],
    ['summer time ends', '2026-10-25T00:00:00Z'],
    ['summer time starts, 2027', '2027-03-28T00:00:00Z'],
    ['new year', '2026-12-31T22:00:00Z'],
  ])('reads every minute of the hours around %s as Intl does', (_moment, from) => {
    const start = Date.parse(from);
    for (let minute = 0; minute <= 4 * 60; minute++) {
      const ms = start + minute * 60_000 + 59_999 * (minute % 2);
      expect(read(ms), new Date(ms).toISOString()).toEqual(expected(ms));
    }
  });

  it('reads instants spread over 1900–2100 as Intl does, from numbers, strings and dates', () => {
    let ms = Date.parse('1900-01-01T00:00:00Z');
    const end = Date.parse('2100-01-01T00:00:00Z');
    while (ms < end) {
      expect(read(ms)).toEqual(expected(ms));
      expect(isoDay(new Date(ms).toISOString())).toBe(expected(ms).day);
      expect(formatTime(new Date(ms))).toBe(expected(ms).time);
      ms += 7 * 24 * 3600_000 + 3 * 3600_000 + 17 * 60_000 + 13_000;
    }
  });

  it('refuses an impossible instant as Intl does', () => {
    expect(() => isoDay('geen datum')).toThrow(RangeError);
    expect(() => formatTime(Number.NaN)).toThrow(RangeError);
  });
});

describe('the clock change on a date (issue 44: the agenda draws it)', () => {
  it('names the missing hour on the spring night and the doubled hour on the autumn night', () => {
    expect(clockChangeOn('2027-03-28')).toEqual({ direction: 'vooruit', hour: 2 });
    expect(clockChangeOn('2026-10-25')).toEqual({ direction: 'terug', hour: 2 });
  });

  it('is null on the days around them and on a date that does not exist', () => {
    for (const date of ['2027-03-27', '2027-03-29', '2026-10-24', '2026-10-26', '2026-11-29', '2026-02-30']) {
      expect(clockChangeOn(date)).toBeNull();
    }
  });
});
