import { describe, expect, it } from 'vitest';
import { news2 } from '../measurements/news2';
import { type noTimedAlerts, spanLabel, timedAlerts, timeLeftLabel, urgencyOf, warningsOf, type WarningFacts } from './warnings';

// A fixed moment: Sunday 29 November 2026, 14:00 in Amsterdam (13:00 UTC).
const now = new Date('2026-11-29T13:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
const none: WarningFacts = { news2: null, bvc: null, legalEnd: null, measures: [], reviews: null };
const labels = (facts: WarningFacts) => warningsOf(timedAlerts(facts, now)).map((warning) => `${warning.level}: ${warning.label}`);

describe('early warning: NEWS2 rounds by band (RCP 2017, chart 3)', () => {
  it.each([
    // score, risk, hours since the round, expected warnings
    [0, 'laag', 11.9, []],
    [0, 'laag', 12.5, ['let-op: NEWS2-controle 30 min te laat (minimaal elke 12 uur meten)']],
    [3, 'laag', 5.9, []],
    [3, 'laag', 7, ['let-op: NEWS2-controle 1 uur te laat (elke 4 tot 6 uur meten)']],
    [3, 'laag-gemiddeld', 0.5, ['let-op: NEWS2 3 (laag-gemiddeld risico): minimaal elk uur meten']],
    [5, 'gemiddeld', 0.5, ['kritiek: NEWS2 5 (gemiddeld risico): minimaal elk uur meten']],
    [
      6,
      'gemiddeld',
      2,
      ['kritiek: NEWS2 6 (gemiddeld risico): minimaal elk uur meten', 'kritiek: NEWS2-controle 1 uur te laat (minimaal elk uur meten)'],
    ],
    [7, 'hoog', 0.25, ['kritiek: NEWS2 7 (hoog risico): continu bewaken']],
    [
      10,
      'hoog',
      10,
      ['kritiek: NEWS2 10 (hoog risico): continu bewaken', 'kritiek: NEWS2-controle 9 uur 30 min te laat (continu bewaken)'],
    ],
  ] as const)('NEWS2 %s (%s) measured %s h ago', (score, risk, hours, expected) => {
    expect(labels({ ...none, news2: { score, risk, observedAt: hoursAgo(hours) } })).toEqual(expected);
  });

  it('takes the band from the published score, a 3 in one parameter asking hourly rounds', () => {
    const red = news2({ respiration: 16, saturation: 97, oxygen: false, systolic: 120, pulse: 70, consciousness: 'C', temperature: 37 });
    expect(red).toMatchObject({ score: 3, risk: 'laag-gemiddeld' });
    expect(labels({ ...none, news2: { ...red, observedAt: hoursAgo(1.5) } })).toContain(
      'kritiek: NEWS2-controle 30 min te laat (minimaal elk uur meten)',
    );
  });

  it('no longer asks for rounds after a week without measuring', () => {
    expect(labels({ ...none, news2: { score: 6, risk: 'gemiddeld', observedAt: hoursAgo(24 * 7 + 1) } })).toEqual([]);
  });

  it('a BVC of 3 or more is a warning and asks to be scored again within a shift', () => {
    expect(labels({ ...none, bvc: { score: 2, observedAt: hoursAgo(9) } })).toEqual([]);
    expect(labels({ ...none, bvc: { score: 3, observedAt: hoursAgo(2) } })).toEqual(['kritiek: BVC 3 (risico op geweld zeer hoog)']);
    expect(labels({ ...none, bvc: { score: 4, observedAt: hoursAgo(9) } })).toEqual([
      'kritiek: BVC 4 (risico op geweld zeer hoog)',
      'let-op: BVC opnieuw scoren: 1 uur te laat',
    ]);
  });
});

describe('deadlines', () => {
  it('a legal status ending within 48 hours, with the time left to the end of its last day', () => {
    // Ends on Monday 30 November: at Tuesday 00:00 in Amsterdam, 34 hours after Sunday 14:00.
    expect(labels({ ...none, legalEnd: { kind: 'wvggz-crisismaatregel', endsOn: '2026-11-30' } })).toEqual([
      'let-op: Crisismaatregel eindigt over 1 d 10 uur',
    ]);
    expect(labels({ ...none, legalEnd: { kind: 'wvggz-crisismaatregel', endsOn: '2026-11-29' } })).toEqual([
      'kritiek: Crisismaatregel eindigt over 10 uur',
    ]);
    expect(labels({ ...none, legalEnd: { kind: 'wvggz-zorgmachtiging', endsOn: '2026-12-01' } })).toEqual([]);
  });

  it('the evaluation of a measure: due within the hour, or late', () => {
    expect(labels({ ...none, measures: [{ kind: 'separatie', since: hoursAgo(0.5) }] })).toEqual([]);
    expect(labels({ ...none, measures: [{ kind: 'separatie', since: hoursAgo(1.25) }] })).toEqual([
      'let-op: Evaluatie separatie over 45 min',
    ]);
    expect(
      labels({
        ...none,
        measures: [
          { kind: 'toezicht', since: hoursAgo(3) },
          { kind: 'separatie', since: hoursAgo(2.5) },
        ],
      }),
    ).toEqual(['kritiek: Evaluatie separatie 30 min te laat']);
  });

  it('risk reviews whose date has passed', () => {
    expect(labels({ ...none, reviews: { count: 2, oldest: '2026-11-26' } })).toEqual([
      'let-op: 2 risico-evaluaties verlopen (3 d over de datum)',
    ]);
  });

  it('across the spring DST change a legal status still ends at midnight on the ward clock', () => {
    const sunday = new Date('2026-03-29T00:30:00Z'); // 01:30 CET, before the clocks go forward
    const alerts = timedAlerts({ ...none, legalEnd: { kind: 'wvggz-crisismaatregel', endsOn: '2026-03-29' } }, sunday);
    // Midnight CEST is 22:00 UTC: 21 h 30 min later.
    expect(alerts.legal_end_minutes).toBe(21 * 60 + 30);
  });
});

describe('the wording and the order', () => {
  it('says spans the ward way', () => {
    expect([45, 60, 125, 24 * 60, 24 * 60 + 180].map(spanLabel)).toEqual(['45 min', '1 uur', '2 uur 5 min', '1 d', '1 d 3 uur']);
    expect(timeLeftLabel(-30)).toBe('30 min te laat');
    expect(timeLeftLabel(90)).toBe('over 1 uur 30 min');
  });

  it('puts critical warnings first and weighs them above every count', () => {
    const alerts = timedAlerts(
      { ...none, reviews: { count: 1, oldest: '2026-11-28' }, news2: { score: 7, risk: 'hoog', observedAt: hoursAgo(0.1) } },
      now,
    );
    expect(warningsOf(alerts).map((warning) => warning.kind)).toEqual(['news2', 'risico-evaluatie']);
    expect(urgencyOf(warningsOf(alerts), 0)).toBeGreaterThan(urgencyOf([], 50));
  });

  it('summaries stored before warnings existed have none', () => {
    expect(warningsOf({} as typeof noTimedAlerts)).toEqual([]);
  });
});
