import { describe, expect, it } from 'vitest';
import { classifyReflex } from './reflex';

/**
 * Every day phrase of issue 43 and this round, through the whole reflex, on a fixed Saturday
 * morning, a Sunday a minute before midnight, and the weekends summer time starts and ends
 * (2026-03-29 02:00 → 03:00, 2026-10-25 03:00 → 02:00). Each expected moment is written out by
 * hand from a calendar, with the offset the ward's clock has on that day (ADR 64).
 */
const phrases = {
  'volgende week dinsdag': 'om 10:30',
  'over twee weken': 'om 10:30',
  'de 3e': 'om 10:30',
  '3 december': 'om 10:30',
  'na het weekend': 'om 10:30',
  morgenochtend: 'om 7 uur',
  vanavond: 'om 7:30',
  vannacht: 'om 3 uur',
  overmorgen: 'om 10:30',
  'aanstaande dinsdag': 'om 10:30',
  'komende zaterdag': 'om 10:30',
} as const;
type Phrase = keyof typeof phrases;

const moments: { at: string; name: string; expected: Record<Phrase, string> }[] = [
  {
    at: '2026-11-28T10:00:00+01:00',
    name: 'zaterdag 28 november 2026 10:00',
    expected: {
      'volgende week dinsdag': '2026-12-01T10:30:00+01:00',
      'over twee weken': '2026-12-12T10:30:00+01:00',
      'de 3e': '2026-12-03T10:30:00+01:00',
      '3 december': '2026-12-03T10:30:00+01:00',
      'na het weekend': '2026-11-30T10:30:00+01:00',
      morgenochtend: '2026-11-29T07:00:00+01:00',
      vanavond: '2026-11-28T19:30:00+01:00',
      vannacht: '2026-11-29T03:00:00+01:00',
      overmorgen: '2026-11-30T10:30:00+01:00',
      'aanstaande dinsdag': '2026-12-01T10:30:00+01:00',
      'komende zaterdag': '2026-12-05T10:30:00+01:00',
    },
  },
  {
    at: '2026-11-29T23:59:00+01:00',
    name: 'zondag 29 november 2026 23:59',
    expected: {
      'volgende week dinsdag': '2026-12-01T10:30:00+01:00',
      'over twee weken': '2026-12-13T10:30:00+01:00',
      'de 3e': '2026-12-03T10:30:00+01:00',
      '3 december': '2026-12-03T10:30:00+01:00',
      'na het weekend': '2026-11-30T10:30:00+01:00',
      morgenochtend: '2026-11-30T07:00:00+01:00',
      vanavond: '2026-11-29T19:30:00+01:00',
      vannacht: '2026-11-30T03:00:00+01:00',
      overmorgen: '2026-12-01T10:30:00+01:00',
      'aanstaande dinsdag': '2026-12-01T10:30:00+01:00',
      'komende zaterdag': '2026-12-05T10:30:00+01:00',
    },
  },
  {
    at: '2026-03-28T10:00:00+01:00',
    name: 'zaterdag 28 maart 2026 10:00 (de nacht naar zomertijd)',
    expected: {
      'volgende week dinsdag': '2026-03-31T10:30:00+02:00',
      'over twee weken': '2026-04-11T10:30:00+02:00',
      'de 3e': '2026-04-03T10:30:00+02:00',
      '3 december': '2026-12-03T10:30:00+01:00',
      'na het weekend': '2026-03-30T10:30:00+02:00',
      morgenochtend: '2026-03-29T07:00:00+02:00',
      vanavond: '2026-03-28T19:30:00+01:00',
      vannacht: '2026-03-29T03:00:00+02:00',
      overmorgen: '2026-03-30T10:30:00+02:00',
      'aanstaande dinsdag': '2026-03-31T10:30:00+02:00',
      'komende zaterdag': '2026-04-04T10:30:00+02:00',
    },
  },
  {
    at: '2026-03-29T23:59:00+02:00',
    name: 'zondag 29 maart 2026 23:59 (eerste dag zomertijd)',
    expected: {
      'volgende week dinsdag': '2026-03-31T10:30:00+02:00',
      'over twee weken': '2026-04-12T10:30:00+02:00',
      'de 3e': '2026-04-03T10:30:00+02:00',
      '3 december': '2026-12-03T10:30:00+01:00',
      'na het weekend': '2026-03-30T10:30:00+02:00',
      morgenochtend: '2026-03-30T07:00:00+02:00',
      vanavond: '2026-03-29T19:30:00+02:00',
      vannacht: '2026-03-30T03:00:00+02:00',
      overmorgen: '2026-03-31T10:30:00+02:00',
      'aanstaande dinsdag': '2026-03-31T10:30:00+02:00',
      'komende zaterdag': '2026-04-04T10:30:00+02:00',
    },
  },
  {
    at: '2026-10-24T10:00:00+02:00',
    name: 'zaterdag 24 oktober 2026 10:00 (de nacht naar wintertijd)',
    expected: {
      'volgende week dinsdag': '2026-10-27T10:30:00+01:00',
      'over twee weken': '2026-11-07T10:30:00+01:00',
      'de 3e': '2026-11-03T10:30:00+01:00',
      '3 december': '2026-12-03T10:30:00+01:00',
      'na het weekend': '2026-10-26T10:30:00+01:00',
      morgenochtend: '2026-10-25T07:00:00+01:00',
      vanavond: '2026-10-24T19:30:00+02:00',
      vannacht: '2026-10-25T03:00:00+01:00',
      overmorgen: '2026-10-26T10:30:00+01:00',
      'aanstaande dinsdag': '2026-10-27T10:30:00+01:00',
      'komende zaterdag': '2026-10-31T10:30:00+01:00',
    },
  },
  {
    at: '2026-10-25T23:59:00+01:00',
    name: 'zondag 25 oktober 2026 23:59 (eerste dag wintertijd)',
    expected: {
      'volgende week dinsdag': '2026-10-27T10:30:00+01:00',
      'over twee weken': '2026-11-08T10:30:00+01:00',
      'de 3e': '2026-11-03T10:30:00+01:00',
      '3 december': '2026-12-03T10:30:00+01:00',
      'na het weekend': '2026-10-26T10:30:00+01:00',
      morgenochtend: '2026-10-26T07:00:00+01:00',
      vanavond: '2026-10-25T19:30:00+01:00',
      vannacht: '2026-10-26T03:00:00+01:00',
      overmorgen: '2026-10-27T10:30:00+01:00',
      'aanstaande dinsdag': '2026-10-27T10:30:00+01:00',
      'komende zaterdag': '2026-10-31T10:30:00+01:00',
    },
  },
];

const planned = (input: string, at: string) => {
  const [action] = classifyReflex(input, {}, new Date(at)).actions;
  return action!;
};

describe('every day phrase on the ward clock, through the reflex', () => {
  for (const { at, name, expected } of moments)
    describe(`on ${name}`, () => {
      it.each(Object.entries(phrases) as [Phrase, string][])('"%s %s" is planned on the moment meant, not guessed', (phrase, time) => {
        const action = planned(`plan een gesprek met Joris Blom ${phrase} ${time}`, at);
        expect(action.intent).toBe('create_appointment');
        expect(action.entities.patientName).toBe('Joris Blom');
        expect(action.entities.datetime).toBe(expected[phrase]);
        expect(action.entities.assumedTime).toBeUndefined();
      });
    });
});

describe('a written clock time is the time written', () => {
  const saturday = '2026-11-28T10:00:00+01:00';

  it.each([
    ['plan een afspraak met mw. Bakker morgen om 07:30', '2026-11-29T07:30:00+01:00'],
    ['plan een afspraak met mw. Bakker morgen om 7:30', '2026-11-29T07:30:00+01:00'],
    ['plan een afspraak met mw. Bakker morgen om 7.30', '2026-11-29T07:30:00+01:00'],
    ['plan om 06:00 bloedafname bij dhr. Smit', '2026-11-28T06:00:00+01:00'],
    ['plan een gesprek met Kees de Wit om 1:15', '2026-11-28T01:15:00+01:00'],
    // A leading zero is that hour, whatever part of the day is said with it.
    ['plan een gesprek met Kees de Wit vanavond om 07:30', '2026-11-28T07:30:00+01:00'],
    // Without one, the evening or night said decides: "vanavond 7.30" is half past seven in the evening.
    ['plan een gesprek met Kees de Wit vanavond 7.30', '2026-11-28T19:30:00+01:00'],
    ['plan een gesprek met Kees de Wit vannacht om 11:30', '2026-11-28T23:30:00+01:00'],
    ['plan een gesprek met Kees de Wit vanmiddag om 11 uur', '2026-11-28T11:00:00+01:00'],
  ])('%s', (input, datetime) => {
    const action = planned(input, saturday);
    expect(action.intent).toBe('create_appointment');
    expect(action.entities.datetime).toBe(datetime);
    expect(action.entities.assumedTime).toBeUndefined();
  });

  it.each([
    ['plan een gesprek met mw. Bakker morgen om 3 uur', '2026-11-29T15:00:00+01:00', '“3 uur” gelezen als 15:00'],
    ['plan een gesprek met mw. Bakker morgen om 3', '2026-11-29T15:00:00+01:00', '“3” gelezen als 15:00'],
    ['plan een gesprek met mw. Bakker overmorgen om half 4', '2026-11-30T15:30:00+01:00', '“half 4” gelezen als 15:30'],
  ])('only a bare hour is guessed, and says so: %s', (input, datetime, assumedTime) => {
    expect(planned(input, saturday).entities).toMatchObject({ datetime, assumedTime });
  });

  it('plans the intake of issue 43 on Tuesday 1 December as an intake', () => {
    const action = planned('plan intake voor mevrouw Bakker volgende week dinsdag 10 uur', saturday);
    expect(action.intent).toBe('create_appointment');
    expect(action.entities).toMatchObject({ patientName: 'Bakker', identifier: 'intake', datetime: '2026-12-01T10:00:00+01:00' });
  });
});

describe('the night that "vannacht" means', () => {
  it.each([
    // Before the day shift starts (07:00) it is the night that is going on; from then on, the coming night.
    ['2026-11-29T02:00:00+01:00', '2026-11-29T04:00:00+01:00'],
    ['2026-11-29T06:59:00+01:00', '2026-11-29T04:00:00+01:00'],
    ['2026-11-29T07:00:00+01:00', '2026-11-30T04:00:00+01:00'],
    ['2026-11-28T23:30:00+01:00', '2026-11-29T04:00:00+01:00'],
  ])('said at %s, "vannacht om 4 uur" is %s', (at, datetime) => {
    expect(planned('plan een gesprek met Joris Blom vannacht om 4 uur', at).entities.datetime).toBe(datetime);
  });
});

describe('a time the clock change moves or doubles is shown, not silently changed', () => {
  it('says that 02:30 does not exist on the spring night, and which time is planned instead', () => {
    expect(planned('plan een gesprek met Joris Blom morgen om 02:30', '2026-03-28T10:00:00+01:00').entities).toMatchObject({
      datetime: '2026-03-29T03:30:00+02:00',
      assumedTime: '02:30 bestaat die nacht niet (zomertijd), gelezen als 03:30',
    });
  });

  it('says that 02:30 comes twice on the autumn night, and that winter time is planned', () => {
    expect(planned('plan een gesprek met Joris Blom morgen om 02:30', '2026-10-24T10:00:00+02:00').entities).toMatchObject({
      datetime: '2026-10-25T02:30:00+01:00',
      assumedTime: '02:30 komt die nacht twee keer voor, gelezen als wintertijd',
    });
    expect(planned('plan een gesprek met Joris Blom morgen om 01:59', '2026-10-24T10:00:00+02:00').entities).toEqual(
      expect.not.objectContaining({ assumedTime: expect.anything() }),
    );
  });
});
