import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { news2, type News2Input } from './news2';
import { interpretationOf, referenceRanges } from './reference-ranges';

/** A patient with nothing abnormal: every parameter in chart 1's 0 column. */
const calm: News2Input = {
  respiration: 16,
  saturation: 97,
  oxygen: false,
  systolic: 124,
  pulse: 72,
  consciousness: 'A',
  temperature: 36.8,
};

describe('NEWS2 (RCP 2017), chart 1: every band edge of every parameter', () => {
  it.each([
    // respiration ≤8 | 9–11 | 12–20 | 21–24 | ≥25
    ['respiration', 8, 3],
    ['respiration', 9, 1],
    ['respiration', 11, 1],
    ['respiration', 12, 0],
    ['respiration', 20, 0],
    ['respiration', 21, 2],
    ['respiration', 24, 2],
    ['respiration', 25, 3],
    // SpO2 scale 1: ≤91 | 92–93 | 94–95 | ≥96
    ['saturation', 91, 3],
    ['saturation', 92, 2],
    ['saturation', 93, 2],
    ['saturation', 94, 1],
    ['saturation', 95, 1],
    ['saturation', 96, 0],
    // systolic ≤90 | 91–100 | 101–110 | 111–219 | ≥220
    ['systolic', 90, 3],
    ['systolic', 91, 2],
    ['systolic', 100, 2],
    ['systolic', 101, 1],
    ['systolic', 110, 1],
    ['systolic', 111, 0],
    ['systolic', 219, 0],
    ['systolic', 220, 3],
    // pulse ≤40 | 41–50 | 51–90 | 91–110 | 111–130 | ≥131
    ['pulse', 40, 3],
    ['pulse', 41, 1],
    ['pulse', 50, 1],
    ['pulse', 51, 0],
    ['pulse', 90, 0],
    ['pulse', 91, 1],
    ['pulse', 110, 1],
    ['pulse', 111, 2],
    ['pulse', 130, 2],
    ['pulse', 131, 3],
    // temperature ≤35.0 | 35.1–36.0 | 36.1–38.0 | 38.1–39.0 | ≥39.1
    ['temperature', 35.0, 3],
    ['temperature', 35.1, 1],
    ['temperature', 36.0, 1],
    ['temperature', 36.1, 0],
    ['temperature', 38.0, 0],
    ['temperature', 38.1, 1],
    ['temperature', 39.0, 1],
    ['temperature', 39.1, 2],
  ] as const)('%s %d scores %d', (parameter, value, expected) => {
    const result = news2({ ...calm, [parameter]: value });
    expect(result.parts[parameter]).toBe(expected);
    expect(result.score).toBe(expected);
  });

  it('adds 2 for supplemental oxygen and 3 for anything but Alert (new confusion included)', () => {
    expect(news2({ ...calm, oxygen: true }).score).toBe(2);
    for (const level of ['C', 'V', 'P', 'U'] as const) expect(news2({ ...calm, consciousness: level }).parts.consciousness).toBe(3);
  });
});

describe('NEWS2, chart 3: risk and response', () => {
  it('0: routine, at least every 12 hours', () => {
    expect(news2(calm)).toMatchObject({ score: 0, risk: 'laag', advice: 'Minimaal elke 12 uur meten; routinematige controle.' });
  });

  it('1–4: low, the nurse assesses; a 3 in one parameter: low-medium, the doctor is called at once', () => {
    const four = news2({ ...calm, respiration: 22, pulse: 95, temperature: 38.4 }); // 2 + 1 + 1
    expect(four).toMatchObject({ score: 4, risk: 'laag' });
    expect(four.advice).toMatch(/^Minimaal elke 4 tot 6 uur meten/);
    const red = news2({ ...calm, consciousness: 'V' }); // 3 in one parameter
    expect(red).toMatchObject({ score: 3, risk: 'laag-gemiddeld' });
    expect(red.advice).toMatch(/^Minimaal elk uur meten\. Informeer direct de arts/);
  });

  it('5–6: medium, urgent response; 7 or more: high, emergency response', () => {
    expect(news2({ ...calm, respiration: 22, saturation: 94, oxygen: true })).toMatchObject({ score: 5, risk: 'gemiddeld' });
    const high = news2({ ...calm, respiration: 26, saturation: 92, systolic: 105, pulse: 115 }); // 3 + 2 + 1 + 2
    expect(high).toMatchObject({ score: 8, risk: 'hoog' });
    expect(high.advice).toMatch(/^Continu bewaken/);
    // The highest possible: 3 on every parameter, 2 for oxygen, 2 for the highest temperature band.
    expect(
      news2({ respiration: 30, saturation: 85, oxygen: true, systolic: 80, pulse: 140, consciousness: 'U', temperature: 34 }).score,
    ).toBe(20);
  });
});

describe('reference ranges', () => {
  const news2Parameter = {
    hartfrequentie: 'pulse',
    ademhaling: 'respiration',
    saturatie: 'saturation',
  } as const;

  it('agree with NEWS2 for pulse, respiration and saturation: 3 is critical, 1 or 2 is outside normal, 0 is normal', () => {
    for (const [code, parameter] of Object.entries(news2Parameter)) {
      const { plausible, low } = referenceRanges[code]!;
      fc.assert(
        fc.property(fc.integer({ min: plausible.min, max: plausible.max }), (value) => {
          const part = news2({ ...calm, [parameter]: value }).parts[parameter];
          const below = low !== null && value <= low;
          const expected = part === 0 ? 'N' : part === 3 ? (below ? 'LL' : 'HH') : below ? 'L' : 'H';
          expect(interpretationOf(code, value), `${code} ${value}`).toBe(expected);
        }),
      );
    }
  });

  it('interprets temperature by the same bands, its highest band as critically high', () => {
    expect([35.0, 35.1, 36.0, 36.1, 38.0, 38.1, 39.0, 39.1].map((value) => interpretationOf('temperatuur', value))).toEqual([
      'LL',
      'L',
      'L',
      'N',
      'N',
      'H',
      'H',
      'HH',
    ]);
  });

  it('interprets glucose and diastolic pressure, never weight, and knows no other measure', () => {
    expect([2.5, 3.5, 5.6, 9.0, 14.2].map((value) => interpretationOf('glucose', value))).toEqual(['LL', 'L', 'N', 'H', 'HH']);
    expect([45, 55, 80, 95, 115].map((value) => interpretationOf('bloeddruk-diastolisch', value))).toEqual(['LL', 'L', 'N', 'H', 'HH']);
    // Systolic: hypertension is H from 140 (NHG) although NEWS2 scores it 0; NEWS2's 3 at 90 and below is LL here too.
    expect([90, 95, 120, 168, 185].map((value) => interpretationOf('bloeddruk-systolisch', value))).toEqual(['LL', 'L', 'N', 'H', 'HH']);
    expect(interpretationOf('gewicht', 180)).toBe('N');
    expect(interpretationOf('cholesterol', 9)).toBeNull();
  });
});
