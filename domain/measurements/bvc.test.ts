import { describe, expect, it } from 'vitest';
import { bvc, bvcAlertFrom, bvcBand, bvcItemKeys } from './bvc';

// The publication's bands: "a score of 0 = the risk of violence is small; a score of 1–2 = the risk
// of violence is moderate, preventive measures should be taken; a score of >2 = the risk of violence
// is very high, preventive measures should be taken and plans should be developed to manage the
// potential violence" (Woods & Almvik 2002).
describe('Brøset Violence Checklist', () => {
  it('has the six behaviours of the checklist', () => {
    expect(bvcItemKeys).toHaveLength(6);
  });

  it('counts each behaviour present once and ignores those absent', () => {
    expect(bvc({}).score).toBe(0);
    expect(bvc({ verward: true, prikkelbaar: false }).score).toBe(1);
    expect(bvc(Object.fromEntries(bvcItemKeys.map((key) => [key, true]))).score).toBe(6);
  });

  it.each([
    [0, 'klein'],
    [1, 'matig'],
    [2, 'matig'],
    [3, 'zeer hoog'],
    [6, 'zeer hoog'],
  ] as const)('a score of %i is a %s risk', (score, band) => {
    expect(bvcBand(score)).toBe(band);
  });

  it('advises preventive measures from 1 and a plan for violence from 3', () => {
    expect(bvc({}).advice).not.toMatch(/preventieve/);
    expect(bvc({ luidruchtig: true, 'verbaal-dreigend': true }).advice).toMatch(/preventieve maatregelen/);
    expect(bvc({ luidruchtig: true, 'verbaal-dreigend': true }).advice).not.toMatch(/plan/);
    const worked = bvc({ prikkelbaar: true, luidruchtig: true, 'fysiek-dreigend': true });
    expect(worked).toMatchObject({ score: 3, band: 'zeer hoog' });
    expect(worked.advice).toMatch(/plan om mogelijk geweld te hanteren/);
    expect(bvcAlertFrom).toBe(3);
  });
});
