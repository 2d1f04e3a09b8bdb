import { describe, expect, it } from 'vitest';
import { formatMeasurement, formatNumber } from './text';

describe('numbers as the ward writes them (docs/style-guide.md, "Getallen en eenheden")', () => {
  it.each([
    [39.4, '°C', '39,4 °C'],
    [2.6, 'mmol/l', '2,6 mmol/l'],
    [120, 'mmHg', '120 mmHg'],
    [97, '%', '97%'],
    [1250, 'ml', '1250 ml'],
    [0.125, 'mg', '0,13 mg'],
  ])('%d %s → %s', (value, unit, written) => {
    expect(formatMeasurement(value, unit)).toBe(written);
  });

  it('writes a bare number with a decimal comma and no grouping point', () => {
    expect(formatNumber(36.85, 1)).toBe('36,9');
    expect(formatNumber(12345.5)).toBe('12345,5');
    expect(formatMeasurement(7, null)).toBe('7');
  });
});
