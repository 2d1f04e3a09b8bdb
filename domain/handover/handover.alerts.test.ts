import { describe, expect, it } from 'vitest';
import { alertCounts, alertParts, isCriticalVital, isIncidentReport } from './handover.alerts';

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

  it('marks only critical values that were not corrected', () => {
    expect(isCriticalVital({ interpretation: 'HH' })).toBe(true);
    expect(isCriticalVital({ interpretation: 'LL', correctedAt: null })).toBe(true);
    expect(isCriticalVital({ interpretation: 'H' })).toBe(false);
    expect(isCriticalVital({ interpretation: 'HH', correctedAt: '2026-11-25T08:00:00.000Z' })).toBe(false);
  });

  it('totals each event once (crises are among the incidents) and says each kind in Dutch', () => {
    const alerts = alertCounts({ incident_count: 3, crisis_count: 1, abnormal_vitals: 2, high_risks: 1, high_bvc: 0, open_measures: 1 });
    expect(alerts.total).toBe(7);
    expect(
      alertParts(alerts)
        .filter((part) => part.count > 0)
        .map((part) => part.label),
    ).toEqual(['1 crisis', '2 incidenten', '2 kritieke metingen', '1 hoog risico', '1 maatregel verplichte zorg']);
  });
});
