import { describe, expect, it } from 'vitest';
import { addDaysToIsoDate, clinicalToday } from '../shared/clinical-time';
import { diagnosisChapters, diagnosisCode, diagnosisCodes, diagnosisCodesByChapter } from './diagnosis-codes';
import { addDiagnosisSchema } from './diagnoses.schemas';
import { recordRiskSchema } from '../risks/risks.schemas';
import { riskTypes } from '../risks/risk-types';

describe('the diagnosis code list', () => {
  it('holds each ICD-10-CM code once, in the ICD-10-CM form, with a Dutch name', () => {
    expect(diagnosisCodes.length).toBeGreaterThanOrEqual(40);
    expect(new Set(diagnosisCodes.map((entry) => entry.code)).size).toBe(diagnosisCodes.length);
    for (const entry of diagnosisCodes) {
      expect(entry.code, entry.label).toMatch(/^[A-Z]\d{2}(\.\d{1,4})?$/);
      expect(entry.label.length, entry.code).toBeGreaterThan(5);
    }
  });

  it('uses the codes DSM-5 gives the common GGZ diagnoses', () => {
    const expected: Record<string, string> = {
      'F20.9': 'Schizofrenie',
      'F43.10': 'Posttraumatische-stressstoornis',
      'F60.3': 'Borderline-persoonlijkheidsstoornis',
      'F84.0': 'Autismespectrumstoornis',
      'F42.2': 'Obsessieve-compulsieve stoornis',
      'F31.81': 'Bipolaire-II-stoornis',
    };
    for (const [code, label] of Object.entries(expected)) expect(diagnosisCode(code)?.label).toBe(label);
    expect(diagnosisCode('F20.0')).toBeUndefined();
  });

  it('groups every entry under one DSM-5 chapter, none empty', () => {
    const groups = diagnosisCodesByChapter();
    expect(groups.map((group) => group.chapter)).toEqual([...diagnosisChapters]);
    for (const group of groups) expect(group.codes.length, group.chapter).toBeGreaterThan(0);
    expect(groups.flatMap((group) => group.codes)).toHaveLength(diagnosisCodes.length);
  });
});

describe('the forms’ rules', () => {
  it('refuses a code that is not on the list, with a Dutch message at the field', () => {
    const result = addDiagnosisSchema.safeParse({ code: 'F99.99', rank: 'primary' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({
      path: ['code'],
      message: 'Deze code staat niet in de lijst met diagnoses; kies een diagnose uit de lijst.',
    });
    expect(addDiagnosisSchema.parse({ code: 'F32.2', rank: 'secondary' }).diagnosedAt).toBe(clinicalToday());
  });

  it('wants a review date from today on, within a year', () => {
    const risk = { riskType: riskTypes[0].type, riskLevel: 'hoog', rationale: 'Uit doodsgedachten.' };
    const today = clinicalToday();
    expect(recordRiskSchema.safeParse({ ...risk, reviewDate: today }).success).toBe(true);
    const message = (reviewDate: string) => recordRiskSchema.safeParse({ ...risk, reviewDate }).error?.issues[0]?.message;
    expect(message(addDaysToIsoDate(today, -1))).toBe('De evaluatiedatum kan niet in het verleden liggen.');
    expect(message(addDaysToIsoDate(today, 400))).toBe('De evaluatiedatum ligt meer dan een jaar vooruit; kies een eerdere datum.');
    expect(message('')).toBe('Vul de evaluatiedatum in.');
    expect(message('2026-02-30')).toBe('Vul een geldige evaluatiedatum in.');
  });
});
