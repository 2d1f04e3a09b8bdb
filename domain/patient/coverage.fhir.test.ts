import { describe, expect, it } from 'vitest';
import type { Patient } from './patient.entity';
import { toFhirCoverage, uzoviInsurerOf } from './coverage.fhir';
import { uzoviInsurers } from './uzovi.vocabulary';

const patient = (insuranceCompany: string | null, insurancePolicyNumber: string | null) =>
  ({
    id: '0b6f6c5e-8d1e-4a57-9a57-2f1f4f0b7a11',
    version: 3,
    updatedAt: new Date('2026-11-30T08:15:30.123Z'),
    insuranceCompany,
    insurancePolicyNumber,
  }) as Patient;

describe('the insurer’s UZOVI number', () => {
  it('is found by the name clinicians type, with or without legal form, case or accents', () => {
    expect(uzoviInsurerOf('Zilveren Kruis')?.uzovi).toBe('3311');
    expect(uzoviInsurerOf('zilveren kruis zorgverzekeringen n.v.')?.uzovi).toBe('3311');
    expect(uzoviInsurerOf('VGZ Zorgverzekeraar N.V.')?.uzovi).toBe('7095');
    expect(uzoviInsurerOf('  CZ ')?.uzovi).toBe('7119');
    expect(uzoviInsurerOf('De Friesland Zorgverzekeraar')?.uzovi).toBe('3358');
  });

  it('is not guessed for a company the table does not hold, nor from part of a name', () => {
    for (const company of ['DSW', 'Zorg en Zekerheid', 'a.s.r.', 'CZ Direct Plus', 'Zilveren', ''])
      expect(uzoviInsurerOf(company), company).toBeUndefined();
  });

  it('has four digits per insurer, each number once', () => {
    for (const insurer of uzoviInsurers) expect(insurer.uzovi).toMatch(/^\d{4}$/);
    expect(new Set(uzoviInsurers.map((insurer) => insurer.uzovi)).size).toBe(uzoviInsurers.length);
  });
});

describe('a patient’s Coverage', () => {
  it('is absent without an insurer, also when only a policy number is recorded', () => {
    expect(toFhirCoverage(patient(null, null))).toBeNull();
    expect(toFhirCoverage(patient('   ', '123'))).toBeNull();
  });

  it('has the patient’s id and version, and the insurer as its one payor', () => {
    const coverage = toFhirCoverage(patient('Menzis', ' 123456789 '))!;
    expect(coverage).toMatchObject({
      id: '0b6f6c5e-8d1e-4a57-9a57-2f1f4f0b7a11',
      meta: { versionId: '3', lastUpdated: '2026-11-30T08:15:30.123Z' },
      subscriberId: '123456789',
      payor: [{ reference: '#verzekeraar', display: 'Menzis' }],
    });
    expect(coverage.contained).toEqual([
      expect.objectContaining({
        id: 'verzekeraar',
        name: 'Menzis',
        identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/uzovi', value: '3332' }],
      }),
    ]);
  });
});
