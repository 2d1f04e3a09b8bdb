import { describe, expect, it } from 'vitest';
import { isCurrent } from './legal-status';
import { coerciveMeasureSchema, legalStatusSchema } from './coercive-care.schemas';
import { signaleringsplanSchema } from '../signaleringsplan/signaleringsplan.schemas';
import { coerciveMeasureKinds, legalStatusKinds } from './coercive-care.vocabulary';

describe('the current legal status', () => {
  it.each([
    [{ startsOn: '2026-11-20', endsOn: '2026-11-25' }, '2026-11-25', true],
    [{ startsOn: '2026-11-20', endsOn: '2026-11-24' }, '2026-11-25', false],
    [{ startsOn: '2026-11-26', endsOn: null }, '2026-11-25', false],
    [{ startsOn: '2026-11-25', endsOn: null }, '2026-11-25', true],
    [{ startsOn: '2026-01-01', endsOn: null, correctedAt: new Date() }, '2026-11-25', false],
  ])('%o on %s: %s', (row, today, expected) => {
    expect(isCurrent(row, today)).toBe(expected);
  });
});

describe('the vocabularies', () => {
  it('lets only the Wvggz measures ground compulsory care', () => {
    const grounding = Object.entries(legalStatusKinds)
      .filter(([, kind]) => kind.groundsForCompulsoryCare)
      .map(([key]) => key);
    expect(grounding).toEqual(['wvggz-crisismaatregel', 'wvggz-machtiging-voortzetting', 'wvggz-zorgmachtiging']);
  });

  it('names the article of every form of compulsory care', () => {
    for (const kind of Object.values(coerciveMeasureKinds)) expect(kind.article).toMatch(/^art\. 3:2 lid 2 sub [a-j] Wvggz/);
  });
});

describe('the schemas', () => {
  it('reads an empty end date as none and refuses one before the start', () => {
    expect(legalStatusSchema.parse({ kind: 'vrijwillig', startsOn: '2026-11-25', endsOn: '' })).toMatchObject({ endsOn: null, note: null });
    expect(legalStatusSchema.safeParse({ kind: 'vrijwillig', startsOn: '2026-11-25', endsOn: '2026-11-24' }).success).toBe(false);
    expect(legalStatusSchema.safeParse({ kind: 'vrijwillig', startsOn: '2026-02-30' }).success).toBe(false);
  });

  it('refuses a start of a measure in the future', () => {
    const result = coerciveMeasureSchema.safeParse({
      kind: 'separatie',
      startedAt: new Date(Date.now() + 3600_000).toISOString(),
      legalBasis: 'noodsituatie',
      decidedBy: 'Dr. A',
    });
    expect(result.success ? null : result.error.issues.map((issue) => issue.message)).toEqual(['De start kan niet in de toekomst liggen.']);
  });

  it('needs signals and team actions in every phase, not what the patient does', () => {
    const phase = { signals: 'x', teamActions: 'y' };
    expect(signaleringsplanSchema.parse({ phases: { groen: phase, oranje: phase, rood: phase } }).phases.rood.patientActions).toBe('');
  });
});
