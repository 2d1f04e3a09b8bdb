import { describe, expect, it } from 'vitest';
import { shiftOf } from './shift';

describe('shift of a report (Europe/Amsterdam)', () => {
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
