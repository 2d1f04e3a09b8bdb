import { describe, expect, it } from 'vitest';
import {
  addClinicalDays,
  addDaysToIsoDate,
  clinicalToday,
  clockTime,
  formatDateTime,
  formatTime,
  formatWhen,
  isoDay,
  minutesIntoDay,
  relativeDay,
  shiftOf,
  startOfClinicalDay,
  wallClockOf,
  wallClockToIso,
  weekdayOf,
} from './clinical-time';

// 2026's daylight-saving days in Amsterdam: 29 March has 23 hours (02:00 → 03:00), 25 October 25 (03:00 → 02:00).
const hours = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 3600_000;

describe('shift of a moment (Europe/Amsterdam)', () => {
  it.each([
    // winter time, UTC+1
    ['2026-03-02T05:59:00Z', 'nacht', '2026-03-01'], // 06:59
    ['2026-03-02T06:00:00Z', 'dag', '2026-03-02'], // 07:00
    ['2026-03-02T13:59:00Z', 'dag', '2026-03-02'], // 14:59
    ['2026-03-02T14:00:00Z', 'avond', '2026-03-02'], // 15:00
    ['2026-03-02T21:59:00Z', 'avond', '2026-03-02'], // 22:59
    ['2026-03-02T22:00:00Z', 'nacht', '2026-03-02'], // 23:00
    ['2026-03-02T02:00:00Z', 'nacht', '2026-03-01'], // 03:00 on 2 March belongs to 1 March
    // summer time, UTC+2
    ['2026-07-10T04:59:00Z', 'nacht', '2026-07-09'], // 06:59
    ['2026-07-10T05:00:00Z', 'dag', '2026-07-10'], // 07:00
    ['2026-07-10T21:00:00Z', 'nacht', '2026-07-10'], // 23:00
  ])('%s is %s of %s', (instant, shift, shiftDate) => {
    expect(shiftOf(new Date(instant))).toEqual({ shift, shiftDate });
  });

  it('keeps the night of the spring DST change (02:00 → 03:00) on the evening date', () => {
    expect(shiftOf(new Date('2026-03-28T22:30:00Z'))).toEqual({ shift: 'nacht', shiftDate: '2026-03-28' }); // 23:30 CET
    expect(shiftOf(new Date('2026-03-29T00:59:00Z'))).toEqual({ shift: 'nacht', shiftDate: '2026-03-28' }); // 01:59 CET
    expect(shiftOf(new Date('2026-03-29T01:00:00Z'))).toEqual({ shift: 'nacht', shiftDate: '2026-03-28' }); // 03:00 CEST
    expect(shiftOf(new Date('2026-03-29T04:59:00Z'))).toEqual({ shift: 'nacht', shiftDate: '2026-03-28' }); // 06:59 CEST
    expect(shiftOf(new Date('2026-03-29T05:00:00Z'))).toEqual({ shift: 'dag', shiftDate: '2026-03-29' }); // 07:00 CEST
  });

  it('keeps the autumn night (03:00 → 02:00, one hour twice) on the evening date', () => {
    expect(shiftOf(new Date('2026-10-25T00:30:00Z'))).toEqual({ shift: 'nacht', shiftDate: '2026-10-24' }); // 02:30 CEST
    expect(shiftOf(new Date('2026-10-25T01:30:00Z'))).toEqual({ shift: 'nacht', shiftDate: '2026-10-24' }); // 02:30 CET
    expect(shiftOf(new Date('2026-10-25T05:59:00Z'))).toEqual({ shift: 'nacht', shiftDate: '2026-10-24' }); // 06:59 CET
    expect(shiftOf(new Date('2026-10-25T06:00:00Z'))).toEqual({ shift: 'dag', shiftDate: '2026-10-25' }); // 07:00 CET
  });
});

describe('day boundaries on daylight-saving days', () => {
  it('starts a day at local midnight and makes 29 March 23 hours and 25 October 25 hours long', () => {
    const spring = startOfClinicalDay('2026-03-29')!;
    const autumn = startOfClinicalDay('2026-10-25')!;
    expect(spring.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(hours(spring, startOfClinicalDay('2026-03-29', { dayAfter: true })!)).toBe(23);
    expect(autumn.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(hours(autumn, startOfClinicalDay('2026-10-25', { dayAfter: true })!)).toBe(25);
    expect(startOfClinicalDay('2026-03-30')!.toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('rejects what is no calendar date', () => {
    expect(startOfClinicalDay('2026-02-30')).toBeNull();
    expect(startOfClinicalDay('29-03-2026')).toBeNull();
  });

  it('names the local date of instants around midnight on both days', () => {
    expect(isoDay(new Date('2026-03-28T22:59:00Z'))).toBe('2026-03-28'); // 23:59 CET
    expect(isoDay(new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29'); // 00:00 CET
    expect(isoDay(new Date('2026-03-29T21:59:00Z'))).toBe('2026-03-29'); // 23:59 CEST
    expect(isoDay(new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30'); // 00:00 CEST
    expect(isoDay(new Date('2026-10-25T22:59:00Z'))).toBe('2026-10-25'); // 23:59 CET
    expect(clinicalToday(new Date('2026-10-24T22:00:00Z'))).toBe('2026-10-25');
    expect(weekdayOf(new Date('2026-03-28T23:30:00Z'))).toBe('zondag');
  });

  it('moves by calendar days, keeping the clock time across the change', () => {
    const saturdayMorning = new Date('2026-03-28T08:00:00Z'); // 09:00 CET
    expect(addClinicalDays(saturdayMorning, 1).toISOString()).toBe('2026-03-29T07:00:00.000Z'); // 09:00 CEST
    expect(addClinicalDays(new Date('2026-10-25T08:00:00Z'), -1).toISOString()).toBe('2026-10-24T07:00:00.000Z');
    expect(addDaysToIsoDate('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDaysToIsoDate('2026-10-26', -1)).toBe('2026-10-25');
  });

  it('reads clock times as the clock on the ward shows them', () => {
    expect(minutesIntoDay(new Date('2026-03-29T01:00:00Z'))).toBe(3 * 60); // 03:00 CEST, 2 hours after midnight
    expect(formatTime(new Date('2026-10-25T01:30:00Z'))).toBe('02:30'); // the second 02:30
    expect(formatTime('2026-10-25T00:30:00Z')).toBe('02:30'); // the first one
    expect(clockTime(9 * 60 + 5)).toBe('09:05');
    expect(formatDateTime('2026-03-29T01:00:00Z')).toBe('29 mrt 2026, 03:00');
  });

  it('says vandaag and gisteren by calendar day, not by 24 hours', () => {
    const justAfterMidnight = new Date('2026-03-29T22:30:00Z'); // Monday 30 March 00:30 CEST
    expect(relativeDay(new Date('2026-03-28T23:30:00Z'), justAfterMidnight)).toBe('gisteren'); // Sunday 00:30 CET, 23 hours earlier
    expect(relativeDay(new Date('2026-03-29T21:59:00Z'), justAfterMidnight)).toBe('gisteren');
    expect(relativeDay(new Date('2026-03-29T22:00:00Z'), justAfterMidnight)).toBe('vandaag');
    const autumnEvening = new Date('2026-10-25T22:30:00Z'); // 23:30 CET on 25 October
    expect(relativeDay(new Date('2026-10-24T22:30:00Z'), autumnEvening)).toBe('vandaag'); // 00:30 CEST on 25 October, 25 hours earlier
    expect(formatWhen(new Date('2026-10-24T21:30:00Z'), autumnEvening)).toBe('gisteren 23:30');
    expect(formatWhen(new Date('2026-10-20T10:00:00Z'), autumnEvening)).toBe('20 okt 2026, 12:00');
  });

  it('turns a datetime-local value into the instant the ward means, with its own offset', () => {
    expect(wallClockToIso('2026-03-29T01:59')).toBe('2026-03-29T01:59:00+01:00');
    expect(wallClockToIso('2026-03-29T03:00')).toBe('2026-03-29T03:00:00+02:00');
    // 02:30 does not exist on 29 March: the clock jumps from 02:00 to 03:00, so it is 03:30.
    expect(wallClockToIso('2026-03-29T02:30')).toBe('2026-03-29T03:30:00+02:00');
    expect(wallClockToIso('2026-11-27T10:00')).toBe('2026-11-27T10:00:00+01:00');
    expect(wallClockToIso('2026-02-30T10:00')).toBeNull();
    expect(wallClockToIso('morgen 10:00')).toBeNull();
    expect(wallClockOf('2026-03-29T01:00:00Z')).toBe('2026-03-29T03:00');
    expect(wallClockOf(new Date(wallClockToIso('2026-10-25T03:00')!))).toBe('2026-10-25T03:00');
  });

  it('reads 02:30 on the night summer time ends as now: the first 02:30 while it is the first hour, the second after', () => {
    const firstHour = new Date('2026-10-25T00:40:00Z'); // 02:40 summer time
    const secondHour = new Date('2026-10-25T01:40:00Z'); // 02:40 winter time
    expect(wallClockToIso('2026-10-25T02:30', firstHour)).toBe('2026-10-25T02:30:00+02:00');
    expect(wallClockToIso('2026-10-25T02:30', secondHour)).toBe('2026-10-25T02:30:00+01:00');
    expect(wallClockToIso('2026-10-25T01:30', secondHour)).toBe('2026-10-25T01:30:00+02:00');
    expect(wallClockToIso('2026-10-25T03:30', firstHour)).toBe('2026-10-25T03:30:00+01:00');
    // A later day is not the changing night: the winter offset whatever the clock says.
    expect(wallClockToIso('2026-11-27T10:00', firstHour)).toBe('2026-11-27T10:00:00+01:00');
  });
});
