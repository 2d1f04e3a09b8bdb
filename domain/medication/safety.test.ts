import { describe, expect, it } from 'vitest';
import { productByCode, type Product } from './products';
import { atcCoveredBy, highRiskOf, intervalText, prescriptionWarnings, prnIndication, tooSoon } from './safety';

const product = (code: string): Product => productByCode.get(code)!;
const recorded = (substance: string, severity = 'matig', reaction: string | null = null) => ({
  status: 'vastgelegd' as const,
  active: [{ substance, severity, reaction }],
});
const none = { status: 'geen-bekende' as const, active: [] };

describe('the allergy check', () => {
  it('matches an allergy by product substance, by class and by brand name, folded', () => {
    expect(prescriptionWarnings(product('haloperidol-5'), recorded('Haloperidol', 'matig', 'Acute dystonie'), [])).toEqual([
      {
        code: 'allergie',
        blocking: true,
        message: 'Allergie voor Haloperidol (matig: Acute dystonie): Haloperidol 5 mg valt daaronder (ATC N05AD01).',
      },
    ]);
    // The class covers the depot too; a brand name is known; accents and case do not matter.
    expect(prescriptionWarnings(product('haloperidol-dec-50'), recorded('butyrofenonen'), [])).toHaveLength(1);
    expect(prescriptionWarnings(product('olanzapine-10'), recorded('ZYPREXA'), [])).toHaveLength(1);
    expect(prescriptionWarnings(product('lorazepam-1'), recorded('Benzodiazepinen'), [])).toHaveLength(1);
    expect(prescriptionWarnings(product('lithium-400'), recorded('lithiumcarbonaat'), [])).toHaveLength(1);
    expect(prescriptionWarnings(product('valproinezuur-500'), recorded('valproinezuur'), [])).toHaveLength(1);
  });

  it('stays quiet for an allergy that does not cover the product', () => {
    expect(prescriptionWarnings(product('olanzapine-10'), recorded('Penicilline'), [])).toEqual([]);
    expect(prescriptionWarnings(product('sertraline-50'), recorded('Lactose'), [])).toEqual([]);
    expect(prescriptionWarnings(product('quetiapine-100'), recorded('Haloperidol'), [])).toEqual([]);
    expect(atcCoveredBy('Pinda’s')).toEqual([]);
  });

  it('warns, without blocking, when allergies are not recorded; "geen bekende allergieën" is quiet', () => {
    expect(prescriptionWarnings(product('sertraline-50'), { status: 'niet-vastgelegd', active: [] }, [])).toEqual([
      expect.objectContaining({ code: 'allergieen-niet-vastgelegd', blocking: false, message: expect.stringContaining('niet vastgelegd') }),
    ]);
    expect(prescriptionWarnings(product('sertraline-50'), none, [])).toEqual([]);
  });
});

describe('the duplicate-therapy check', () => {
  it('warns for a second antipsychotic (olanzapine beside haloperidol), naming both', () => {
    const [warning] = prescriptionWarnings(product('olanzapine-10'), none, [
      { productCode: 'haloperidol-5', productName: 'Haloperidol 5 mg' },
    ]);
    expect(warning).toEqual({
      code: 'dubbele-therapie',
      blocking: true,
      message: 'Dubbele therapie: Olanzapine 10 mg en Haloperidol 5 mg zijn allebei antipsychotica (ATC N05A).',
    });
    expect(
      prescriptionWarnings(product('escitalopram-10'), none, [{ productCode: 'sertraline-50', productName: 'Sertraline 50 mg' }]),
    ).toHaveLength(1);
  });

  it('leaves lithium beside an antipsychotic, and a benzodiazepine beside one, alone', () => {
    expect(prescriptionWarnings(product('lithium-400'), none, [{ productCode: 'olanzapine-10', productName: 'Olanzapine 10 mg' }])).toEqual(
      [],
    );
    expect(prescriptionWarnings(product('olanzapine-10'), none, [{ productCode: 'lithium-400', productName: 'Lithium' }])).toEqual([]);
    expect(prescriptionWarnings(product('lorazepam-1'), none, [{ productCode: 'haloperidol-5', productName: 'Haloperidol 5 mg' }])).toEqual(
      [],
    );
  });
});

describe('high-risk products', () => {
  it('are clozapine, lithium, insulin and opioids, each with why; others are not', () => {
    for (const code of ['clozapine-100', 'lithium-400', 'insuline-aspart', 'morfine-inj-10', 'methadon-5'])
      expect(highRiskOf(product(code)), code).toEqual({ label: expect.any(String), why: expect.any(String) });
    for (const code of ['olanzapine-10', 'lorazepam-1', 'sertraline-50', 'paracetamol-500'])
      expect(highRiskOf(product(code)), code).toBeNull();
  });
});

describe('the zo-nodig minimum interval', () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 28, 12, minutes));
  it('finds the nearest dose within the interval, before or after the new one', () => {
    expect(tooSoon([at(0)], at(1), 60)).toEqual(at(0));
    expect(tooSoon([at(0), at(50)], at(30), 60)).toEqual(at(50));
    expect(tooSoon([at(0)], at(60), 60)).toBeNull();
    expect(tooSoon([at(90)], at(45), 60)).toEqual(at(90));
    expect(tooSoon([at(0)], at(1), 0)).toBeNull();
  });

  it('writes the interval and the indication as the ward says them', () => {
    expect(intervalText(60)).toBe('1 uur');
    expect(intervalText(90)).toBe('1,5 uur');
    expect(intervalText(240)).toBe('4 uur');
    expect(intervalText(45)).toBe('45 minuten');
    expect(prnIndication('Bij onrust')).toBe('bij onrust');
    expect(prnIndication('onrust of angst')).toBe('bij onrust of angst');
  });
});
