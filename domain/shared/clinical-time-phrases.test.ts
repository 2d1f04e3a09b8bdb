import { describe, expect, it } from 'vitest';
import { clinicalInstant, dayOfPhrase, readClock, wallClockToIso } from './clinical-time';

// Each reference day at 09:00 and at 23:59 on the ward's clock: a Saturday, a Sunday, and the day
// before, of and after each change to and from summer time in 2026 and 2027.
const phrases = [
  'volgende week dinsdag',
  'over twee weken',
  'de 3e',
  '3 december',
  'na het weekend',
  'morgenochtend',
  'vanavond',
  'vannacht',
];
const expected: [string, string, string[]][] = [
  [
    '2026-11-28',
    'zaterdag',
    ['2026-12-01', '2026-12-12', '2026-12-03', '2026-12-03', '2026-11-30', '2026-11-29', '2026-11-28', '2026-11-28'],
  ],
  [
    '2026-11-29',
    'zondag',
    ['2026-12-01', '2026-12-13', '2026-12-03', '2026-12-03', '2026-11-30', '2026-11-30', '2026-11-29', '2026-11-29'],
  ],
  [
    '2026-03-28',
    'zaterdag',
    ['2026-03-31', '2026-04-11', '2026-04-03', '2026-12-03', '2026-03-30', '2026-03-29', '2026-03-28', '2026-03-28'],
  ],
  [
    '2026-03-29',
    'zondag (zomertijd)',
    ['2026-03-31', '2026-04-12', '2026-04-03', '2026-12-03', '2026-03-30', '2026-03-30', '2026-03-29', '2026-03-29'],
  ],
  [
    '2026-03-30',
    'maandag',
    ['2026-04-07', '2026-04-13', '2026-04-03', '2026-12-03', '2026-04-06', '2026-03-31', '2026-03-30', '2026-03-30'],
  ],
  [
    '2026-10-24',
    'zaterdag',
    ['2026-10-27', '2026-11-07', '2026-11-03', '2026-12-03', '2026-10-26', '2026-10-25', '2026-10-24', '2026-10-24'],
  ],
  [
    '2026-10-25',
    'zondag (wintertijd)',
    ['2026-10-27', '2026-11-08', '2026-11-03', '2026-12-03', '2026-10-26', '2026-10-26', '2026-10-25', '2026-10-25'],
  ],
  [
    '2026-10-26',
    'maandag',
    ['2026-11-03', '2026-11-09', '2026-11-03', '2026-12-03', '2026-11-02', '2026-10-27', '2026-10-26', '2026-10-26'],
  ],
  [
    '2027-03-27',
    'zaterdag',
    ['2027-03-30', '2027-04-10', '2027-04-03', '2027-12-03', '2027-03-29', '2027-03-28', '2027-03-27', '2027-03-27'],
  ],
  [
    '2027-03-28',
    'zondag (zomertijd)',
    ['2027-03-30', '2027-04-11', '2027-04-03', '2027-12-03', '2027-03-29', '2027-03-29', '2027-03-28', '2027-03-28'],
  ],
  [
    '2027-03-29',
    'maandag',
    ['2027-04-06', '2027-04-12', '2027-04-03', '2027-12-03', '2027-04-05', '2027-03-30', '2027-03-29', '2027-03-29'],
  ],
  [
    '2027-10-30',
    'zaterdag',
    ['2027-11-02', '2027-11-13', '2027-11-03', '2027-12-03', '2027-11-01', '2027-10-31', '2027-10-30', '2027-10-30'],
  ],
  [
    '2027-10-31',
    'zondag (wintertijd)',
    ['2027-11-02', '2027-11-14', '2027-11-03', '2027-12-03', '2027-11-01', '2027-11-01', '2027-10-31', '2027-10-31'],
  ],
  [
    '2027-11-01',
    'maandag',
    ['2027-11-09', '2027-11-15', '2027-11-03', '2027-12-03', '2027-11-08', '2027-11-02', '2027-11-01', '2027-11-01'],
  ],
];
const at = (date: string, time: string) => new Date(wallClockToIso(`${date}T${time}`)!);

describe('day phrases on the ward clock', () => {
  for (const [date, weekday, dates] of expected)
    for (const time of ['09:00', '23:59'])
      it.each(phrases.map((phrase, index) => [phrase, dates[index]!] as const))(
        `on ${weekday} ${date} ${time}, "%s" is %s`,
        (phrase, day) => {
          expect(dayOfPhrase(`plan een gesprek ${phrase} om 10 uur`, at(date, time))?.date).toBe(day);
        },
      );

  it('reads the part of the day of morgenochtend, vanavond and vannacht', () => {
    const now = at('2026-11-28', '14:00');
    expect(dayOfPhrase('morgenochtend', now)?.partOfDay).toBe('ochtend');
    expect(dayOfPhrase('morgen ochtend', now)).toMatchObject({ date: '2026-11-29', partOfDay: 'ochtend' });
    expect(dayOfPhrase('vanavond', now)?.partOfDay).toBe('avond');
    expect(dayOfPhrase('vannacht', now)?.partOfDay).toBe('nacht');
    expect(dayOfPhrase("'s morgens vroeg", now)).toBeNull();
  });

  it('reads "vannacht" before the day shift as the night that is going on', () => {
    expect(dayOfPhrase('vannacht', at('2026-11-29', '03:00'))?.date).toBe('2026-11-28');
  });

  it('prefers the longest phrase: "dinsdag volgende week" is not the coming Tuesday', () => {
    expect(dayOfPhrase('dinsdag volgende week', at('2026-11-28', '09:00'))?.date).toBe('2026-12-01');
    expect(dayOfPhrase('dinsdag', at('2026-11-28', '09:00'))?.date).toBe('2026-12-01');
    expect(dayOfPhrase('volgende week dinsdag', at('2026-11-24', '09:00'))?.date).toBe('2026-12-01');
    expect(dayOfPhrase('dinsdag', at('2026-11-24', '09:00'))?.date).toBe('2026-11-24');
  });

  it('lets a date said in full decide over the weekday beside it: "maandag de 7e", "dinsdag 8 december"', () => {
    for (const time of ['09:00', '23:59']) {
      expect(dayOfPhrase('afspraak op maandag de 7e om 10 uur', at('2026-11-28', time))?.date).toBe('2026-12-07');
      expect(dayOfPhrase('plan mw. Bos dinsdag 8 december 14:00', at('2026-11-29', time))?.date).toBe('2026-12-08');
    }
    // Across the change to summer time: Saturday 28 March 2026, "vrijdag de 3e" is 3 April.
    expect(dayOfPhrase('vrijdag de 3e om 9:00', at('2026-03-28', '09:00'))?.date).toBe('2026-04-03');
  });

  it('reads "over twee weken dinsdag" as the Tuesday in the week two weeks on', () => {
    expect(dayOfPhrase('over twee weken dinsdag 10u', at('2026-11-28', '09:00'))?.date).toBe('2026-12-08');
    expect(dayOfPhrase('over 2 weken woensdag om 9:00', at('2026-11-29', '23:59'))?.date).toBe('2026-12-09');
    // The week after this one, as "volgende week maandag": on Wednesday 25 March, Monday 30 March (summer time).
    expect(dayOfPhrase('over een week maandag', at('2026-03-25', '09:00'))?.date).toBe('2026-03-30');
    // Without a weekday it stays so many days on.
    expect(dayOfPhrase('over twee weken', at('2026-11-28', '09:00'))?.date).toBe('2026-12-12');
  });
});

describe('clock times as said', () => {
  it('keeps a written time: 07:30, 7.30 and 06:00 are morning times', () => {
    expect(readClock(7, 30, { written: true, partOfDay: null })).toEqual({ time: '07:30', guessed: false });
    expect(readClock(6, 0, { written: true, partOfDay: null })).toEqual({ time: '06:00', guessed: false });
    expect(readClock(0, 15, { written: true, partOfDay: null })).toEqual({ time: '00:15', guessed: false });
  });

  it('guesses a bare hour 1–7 as the afternoon and says so; a part of the day decides it', () => {
    expect(readClock(3, 0, { written: false, partOfDay: null })).toEqual({ time: '15:00', guessed: true });
    expect(readClock(10, 0, { written: false, partOfDay: null })).toEqual({ time: '10:00', guessed: false });
    expect(readClock(7, 0, { written: false, partOfDay: 'ochtend' })).toEqual({ time: '07:00', guessed: false });
    expect(readClock(3, 0, { written: false, partOfDay: 'nacht' })).toEqual({ time: '03:00', guessed: false });
    expect(readClock(11, 0, { written: false, partOfDay: 'nacht' })).toEqual({ time: '23:00', guessed: false });
    expect(readClock(8, 0, { written: false, partOfDay: 'avond' })).toEqual({ time: '20:00', guessed: false });
  });

  it('puts a night time after midnight on the next date, with that date’s offset across a DST change', () => {
    expect(clinicalInstant({ date: '2026-03-28', partOfDay: 'nacht' }, '03:00')).toBe('2026-03-29T03:00:00+02:00');
    expect(clinicalInstant({ date: '2026-10-24', partOfDay: 'nacht' }, '03:00')).toBe('2026-10-25T03:00:00+01:00');
    expect(clinicalInstant({ date: '2027-03-27', partOfDay: 'nacht' }, '23:30')).toBe('2027-03-27T23:30:00+01:00');
    expect(clinicalInstant({ date: '2027-10-31', partOfDay: 'ochtend' }, '07:30')).toBe('2027-10-31T07:30:00+01:00');
  });
});

describe('aanstaande, komende and volgende with a weekday (ADR 64)', () => {
  it('is the next such day after today: said on that weekday, a week later', () => {
    const tuesday = at('2026-12-01', '10:00');
    expect(dayOfPhrase('aanstaande dinsdag', tuesday)).toMatchObject({ date: '2026-12-08', label: null });
    expect(dayOfPhrase('komende dinsdag', tuesday)?.date).toBe('2026-12-08');
    expect(dayOfPhrase('volgende dinsdag', tuesday)?.date).toBe('2026-12-08');
    expect(dayOfPhrase('a.s. dinsdag', tuesday)?.date).toBe('2026-12-08');
    expect(dayOfPhrase('aanstaande vrijdag', tuesday)).toMatchObject({ date: '2026-12-04', label: 'vrijdag' });
    // A bare weekday keeps the agenda's reading: today.
    expect(dayOfPhrase('dinsdag', tuesday)?.date).toBe('2026-12-01');
    // "volgende week dinsdag" is still next week's Tuesday, the longer phrase.
    expect(dayOfPhrase('volgende week dinsdag', tuesday)?.date).toBe('2026-12-08');
  });
});

describe('a written time with a part of the day (ADR 64)', () => {
  it('reads an unpadded written hour in the afternoon, evening or night said; a leading zero is kept', () => {
    expect(readClock(7, 30, { written: true, partOfDay: 'avond' })).toEqual({ time: '19:30', guessed: false });
    expect(readClock(7, 30, { written: true, padded: true, partOfDay: 'avond' })).toEqual({ time: '07:30', guessed: false });
    expect(readClock(2, 0, { written: true, partOfDay: 'middag' })).toEqual({ time: '14:00', guessed: false });
    expect(readClock(11, 30, { written: true, partOfDay: 'middag' })).toEqual({ time: '11:30', guessed: false });
    expect(readClock(11, 30, { written: true, partOfDay: 'nacht' })).toEqual({ time: '23:30', guessed: false });
    expect(readClock(2, 30, { written: true, partOfDay: 'nacht' })).toEqual({ time: '02:30', guessed: false });
    expect(readClock(7, 30, { written: true, partOfDay: 'ochtend' })).toEqual({ time: '07:30', guessed: false });
  });
});
