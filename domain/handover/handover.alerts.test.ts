import { describe, expect, it } from 'vitest';
import { alertsOf, isIncidentReport } from './handover.alerts';

describe('handover alerts', () => {
  it.each([
    ['incident', 'incident', true],
    ['incident', null, true],
    ['crisis', null, true],
    ['crisis', 'incident', true],
    ['verpleegkundig', 'incident', true],
    ['verpleegkundig', 'gedrag', false],
    ['verpleegkundig', null, false],
    ['dagnotitie', 'medicatie', false],
    ['behandeling', 'incident', false],
  ] as const)('a %s report with category %s is an incident: %s', (type, category, expected) => {
    expect(isIncidentReport({ type, category })).toBe(expected);
  });

  it('counts each report once, crises within the incidents, and only critical vitals and high current risks', () => {
    const alerts = alertsOf({
      reports: [
        { type: 'crisis', category: 'incident' },
        { type: 'incident', category: 'incident' },
        { type: 'verpleegkundig', category: 'incident' },
        { type: 'verpleegkundig', category: 'observatie' },
      ],
      vitals: [{ interpretation: 'HH' }, { interpretation: 'H' }, { interpretation: 'LL' }, { interpretation: 'N' }],
      risks: [{ riskLevel: 'zeer hoog' }, { riskLevel: 'hoog' }, { riskLevel: 'gemiddeld' }],
      bvc: [],
      measures: [],
    });
    expect(alerts).toEqual({
      incident_count: 3,
      crisis_count: 1,
      abnormal_vitals: 2,
      high_risks: 2,
      high_bvc: 0,
      open_measures: 0,
      total: 7,
    });
  });

  it('leaves corrected vitals out, and counts BVC scores from 3 that were not corrected', () => {
    const alerts = alertsOf({
      reports: [],
      vitals: [
        { interpretation: 'HH', correctedAt: '2026-11-25T08:00:00.000Z' },
        { interpretation: 'LL', correctedAt: null },
      ],
      risks: [],
      bvc: [
        { score: 2, correctedAt: null },
        { score: 3, correctedAt: null },
        { score: 6, correctedAt: '2026-11-25T08:00:00.000Z' },
        { score: 4, correctedAt: null },
      ],
      measures: [],
    });
    expect(alerts).toEqual({
      incident_count: 0,
      crisis_count: 0,
      abnormal_vitals: 1,
      high_risks: 0,
      high_bvc: 2,
      open_measures: 0,
      total: 3,
    });
  });

  it('counts a measure of compulsory care while no end is recorded, and no longer once it has one', () => {
    const alerts = alertsOf({
      reports: [],
      vitals: [],
      risks: [],
      bvc: [],
      measures: [{ endedAt: null }, { endedAt: '2026-11-25T10:00:00+01:00' }],
    });
    expect(alerts).toMatchObject({ open_measures: 1, total: 1 });
  });
});
