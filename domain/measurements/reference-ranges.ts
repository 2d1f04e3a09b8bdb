import type { Interpretation } from './vitals.entity';

/*
 * Reference ranges for adults on a GGZ ward, as data: the server computes a measurement's
 * interpretation (HH/H/N/L/LL) from these; the nurse never types it (ADR 33). Where NEWS2 scores
 * a measure for deterioration (pulse, respiration, saturation, temperature), its bands are NEWS2's (Royal College of Physicians 2017, chart 1): the value that
 * scores 3 is critical (LL/HH), one that scores 1 or 2 is outside normal (L/H); a temperature in
 * NEWS2's highest band (≥ 39.1 °C, which scores 2) counts as critically high too. The others follow
 * the Dutch adult values used in general practice (NHG) and are marked so.
 */
export interface ReferenceRange {
  /** At or below: critically low (LL). */
  criticalLow: number | null;
  /** At or below: low (L). */
  low: number | null;
  /** Above: high (H). */
  high: number | null;
  /** Above: critically high (HH). */
  criticalHigh: number | null;
  /** What a value must lie within to be a measurement at all (a typo is refused, not interpreted). */
  plausible: { min: number; max: number };
  /** How many decimals the measure is recorded with. */
  decimals: number;
  source: 'NEWS2' | 'NHG';
}

export const referenceRanges: Record<string, ReferenceRange> = {
  // NEWS2: ≤40 scores 3, 41–50 scores 1, 51–90 scores 0, 91–110 scores 1, 111–130 scores 2, ≥131 scores 3.
  hartfrequentie: { criticalLow: 40, low: 50, high: 90, criticalHigh: 130, plausible: { min: 20, max: 250 }, decimals: 0, source: 'NEWS2' },
  // Not NEWS2's bands: NEWS2 watches for shock and scores nothing below 220, but 140 and up is
  // hypertension (NHG) and 180 and up needs a doctor today; 90 and below is NEWS2's 3 too.
  'bloeddruk-systolisch': {
    criticalLow: 90,
    low: 100,
    high: 139,
    criticalHigh: 179,
    plausible: { min: 40, max: 300 },
    decimals: 0,
    source: 'NHG',
  },
  'bloeddruk-diastolisch': {
    criticalLow: 49,
    low: 59,
    high: 89,
    criticalHigh: 109,
    plausible: { min: 20, max: 200 },
    decimals: 0,
    source: 'NHG',
  },
  // NEWS2: ≤35.0 scores 3, 35.1–36.0 scores 1, 36.1–38.0 scores 0, 38.1–39.0 scores 1, ≥39.1 scores 2.
  temperatuur: { criticalLow: 35, low: 36, high: 38, criticalHigh: 39, plausible: { min: 25, max: 45 }, decimals: 1, source: 'NEWS2' },
  // NEWS2: ≤8 scores 3, 9–11 scores 1, 12–20 scores 0, 21–24 scores 2, ≥25 scores 3.
  ademhaling: { criticalLow: 8, low: 11, high: 20, criticalHigh: 24, plausible: { min: 2, max: 80 }, decimals: 0, source: 'NEWS2' },
  // NEWS2 scale 1: ≤91 scores 3, 92–93 scores 2, 94–95 scores 1, ≥96 scores 0.
  saturatie: { criticalLow: 91, low: 95, high: null, criticalHigh: null, plausible: { min: 50, max: 100 }, decimals: 0, source: 'NEWS2' },
  // Weight alone says nothing (that needs height and the trend): always N.
  gewicht: { criticalLow: null, low: null, high: null, criticalHigh: null, plausible: { min: 20, max: 400 }, decimals: 1, source: 'NHG' },
  // Non-fasting glucose: below 3.0 a hypo that needs action, 4.0–7.8 normal, above 11.0 a hyper to act on.
  glucose: { criticalLow: 2.9, low: 3.9, high: 7.8, criticalHigh: 11, plausible: { min: 0.5, max: 50 }, decimals: 1, source: 'NHG' },
};

/** The interpretation of a value by its measure's range; null for a measure the record does not know. */
export function interpretationOf(code: string, value: number): Interpretation | null {
  const range = referenceRanges[code];
  if (!range) return null;
  if (range.criticalLow !== null && value <= range.criticalLow) return 'LL';
  if (range.low !== null && value <= range.low) return 'L';
  if (range.criticalHigh !== null && value > range.criticalHigh) return 'HH';
  if (range.high !== null && value > range.high) return 'H';
  return 'N';
}
