import { describe, expect, it } from 'vitest';
import { noTimedAlerts } from '../handover/warnings';
import type { PatientBanner } from './banner';
import { bannerHighlights } from './banner-highlights';

const calm: Omit<PatientBanner, 'patientId' | 'signaleringsplan'> = {
  legalStatus: null,
  allergies: { status: 'geen-bekende', active: [] },
  risks: [],
  openMeasures: [],
  warnings: noTimedAlerts,
};

const texts = (banner: typeof calm) => bannerHighlights(banner).map(({ text, level }) => `${level}: ${text}`);

describe('the facts of the folded banner', () => {
  it('has none for a patient with nothing that asks for action', () => {
    expect(bannerHighlights(calm)).toEqual([]);
    expect(
      bannerHighlights({
        ...calm,
        legalStatus: { id: 'l', kind: 'vrijwillig', label: 'Vrijwillig', law: null, startsOn: '2026-11-01', endsOn: null },
      }),
    ).toEqual([]);
  });

  it('names unrecorded allergies, and every allergy in force, critical when one is severe', () => {
    expect(texts({ ...calm, allergies: { status: 'niet-vastgelegd', active: [] } })).toEqual(['let-op: Allergieën niet vastgelegd']);
    expect(
      texts({
        ...calm,
        allergies: {
          status: 'vastgelegd',
          active: [
            { id: 'a', substance: 'Pinda', reaction: null, severity: 'licht' },
            { id: 'b', substance: 'Penicilline', reaction: 'Benauwdheid', severity: 'ernstig' },
          ],
        },
      }),
    ).toEqual(['kritiek: Allergie: Pinda (licht), Penicilline (ernstig)']);
  });

  it('puts what is critical first: warnings, open measures and a very high risk before a legal status and a high risk', () => {
    const highlights = texts({
      ...calm,
      legalStatus: {
        id: 'l',
        kind: 'wvggz-zorgmachtiging',
        label: 'Zorgmachtiging (Wvggz)',
        law: 'Wvggz',
        startsOn: '2026-11-01',
        endsOn: null,
      },
      risks: [risk('r1', 'suïcide', 'hoog'), risk('r2', 'agressie', 'zeer hoog')],
      openMeasures: [{ id: 'm', kind: 'separatie', label: 'Separatie / afzondering', startedAt: '', decidedBy: '', legalBasisLabel: '' }],
      warnings: { ...noTimedAlerts, bvc_score: 4, bvc_due_minutes: 120 },
    });
    expect(highlights).toEqual([
      'kritiek: BVC 4 (risico op geweld zeer hoog)',
      'kritiek: Separatie / afzondering',
      'kritiek: agressie: zeer hoog',
      'let-op: Zorgmachtiging',
      'let-op: suïcide: hoog',
    ]);
  });

  it('names a legal status that ends soon once, by its warning', () => {
    const highlights = texts({
      ...calm,
      legalStatus: {
        id: 'l',
        kind: 'wvggz-crisismaatregel',
        label: 'Crisismaatregel (Wvggz)',
        law: 'Wvggz',
        startsOn: '2026-11-27',
        endsOn: '2026-11-29',
      },
      warnings: { ...noTimedAlerts, legal_kind: 'wvggz-crisismaatregel', legal_end_minutes: 600 },
    });
    expect(highlights).toEqual(['kritiek: Crisismaatregel eindigt over 10 uur']);
  });
});

function risk(id: string, riskType: string, riskLevel: 'hoog' | 'zeer hoog'): PatientBanner['risks'][number] {
  return {
    id,
    patientId: 'p',
    riskType,
    riskLevel,
    rationale: '',
    assessedAt: '2026-11-28T10:00:00Z',
    reviewDate: null,
    reviewOverdue: false,
  };
}
