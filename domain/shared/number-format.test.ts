import { describe, expect, it } from 'vitest';
import { dutchMeasurementsIn, formatMeasurement, formatNumber } from './text';

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

describe('measurements in generated text', () => {
  it.each([
    ['Temp 39.4 °C, rillerig', 'Temp 39,4 °C, rillerig'],
    ['temp 39.4°C', 'temp 39,4 °C'],
    ['glucose 2.6 mmol/l na het ontbijt', 'glucose 2,6 mmol/l na het ontbijt'],
    ['gewicht 71.5kg', 'gewicht 71,5kg'],
    ['saturatie 96.5%', 'saturatie 96,5%'],
    ['39,4°C', '39,4 °C'],
  ])('%s → %s', (text, written) => {
    expect(dutchMeasurementsIn(text)).toBe(written);
  });

  it('leaves numbers without a unit, versions and dates alone', () => {
    const text = 'Versie 1.2 van 23.11.2026, om 14.30 uur, NEWS2 5, temp 38';
    expect(dutchMeasurementsIn(text)).toBe(text);
  });
});
