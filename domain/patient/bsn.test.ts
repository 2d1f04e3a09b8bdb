import { describe, expect, it } from 'vitest';
import { generateBsn, random } from '../demo/patient-generator';
import { isValidBsn } from './bsn';

describe('BSN 11-proof', () => {
  it.each(['111222333', '123456782', '999999990'])('accepts %s', (bsn) => {
    expect(isValidBsn(bsn)).toBe(true);
  });

  it.each([
    ['123456789', 'fails the 11-proof'],
    ['12345678', '8 digits'],
    ['1234567820', '10 digits'],
    ['12345678a', 'a letter'],
    ['abcdefghi', 'letters'],
    ['000000000', 'all zeros'],
    ['', 'empty'],
  ])('refuses %s (%s)', (bsn) => {
    expect(isValidBsn(bsn)).toBe(false);
  });

  it('generates only valid BSNs', () => {
    const rnd = random(7);
    for (let i = 0; i < 1000; i++) expect(isValidBsn(generateBsn(rnd))).toBe(true);
  });
});

describe('generated demo patients', () => {
  it('all pass the shared patient validation', async () => {
    const { generatePatient } = await import('../demo/patient-generator');
    const { patientInputSchema } = await import('./patient.schemas');
    const rnd = random(11);
    const used = new Set<string>();
    for (let i = 0; i < 2000; i++) expect(patientInputSchema.safeParse(generatePatient(rnd, used).input).success).toBe(true);
  });
});
