import type { Condition, RiskAssessment as FhirRiskAssessment, Practitioner, Reference } from '@medplum/fhirtypes';
import type { EntityManager } from '../db/orm';
import { patientReference, withStaff, type ClinicalResource } from '../fhir/clinical';
import { codeParameter, dateParameter, idParameter, patientParameter } from '../fhir/search';
import { Diagnosis } from '../diagnoses/diagnosis.entities';
import { RiskAssessment } from '../risks/risk.entity';
import { riskLevels, type RiskLevel } from '../risks/risk-types';

/*
 * Diagnoses → Condition, risk assessments → RiskAssessment (issue 21). A diagnosis changes when
 * its rank changes or it ends (issue 25): its version counts those changes, and an ended one is
 * `resolved` with its end date as `abatementDateTime`. A risk assessment is never changed (a new
 * one replaces it as current), so it has one version; its review date is an extension.
 */

/**
 * DSM-5 classifies with ICD-10-CM codes (the US clinical modification: F12.20 is "cannabis use
 * disorder, moderate", F05 a leaf), not WHO ICD-10, where the same code can mean something else
 * or is no leaf. The system says which: ICD-10-CM's URI; the Dutch DSM-5 name is the text.
 */
export const icd10System = 'http://hl7.org/fhir/sid/icd-10-cm';
const profile = 'https://ggz-epd.nl/fhir/StructureDefinition';
export const diagnosisRankUrl = `${profile}/diagnosis-rank`;
export const riskReviewDateUrl = `${profile}/risk-review-date`;
const rankDisplay = { primary: 'hoofddiagnose', secondary: 'nevendiagnose' } as const;

export function toFhirCondition(row: Diagnosis, recorder: Reference<Practitioner> | undefined): Condition {
  return {
    resourceType: 'Condition',
    id: row.id,
    // When recorded or last changed; the day of diagnosis is `recordedDate`.
    meta: { versionId: String(row.version ?? 1), lastUpdated: row.updatedAt.toISOString() },
    // R4 has no rank on Condition (only on Encounter.diagnosis): primary/secondary is our extension.
    extension: [{ url: diagnosisRankUrl, valueCode: row.rank }],
    clinicalStatus: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: row.endedAt ? 'resolved' : 'active' }],
    },
    verificationStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status', code: 'confirmed' }] },
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/condition-category',
            code: 'encounter-diagnosis',
            display: 'Encounter Diagnosis',
          },
        ],
        text: rankDisplay[row.rank],
      },
    ],
    code: { coding: [{ system: icd10System, code: row.code }], text: row.label },
    subject: patientReference(row.patientId),
    recordedDate: String(row.diagnosedAt),
    ...(row.endedAt ? { abatementDateTime: String(row.endedAt) } : {}),
    ...(recorder ? { recorder } : {}),
    ...(row.endReason ? { note: [{ text: `Beëindigd: ${row.endReason}` }] } : {}),
  };
}

const riskProbabilitySystem = 'http://terminology.hl7.org/CodeSystem/risk-probability';
export const riskLevelSystem = 'https://ggz-epd.nl/fhir/CodeSystem/risiconiveau';
export const riskTypeSystem = 'https://ggz-epd.nl/fhir/CodeSystem/risicotype';
/** The Dutch four levels on HL7's qualitative scale; "zeer hoog" keeps its own code beside it. */
const probability: Record<RiskLevel, 'high' | 'moderate' | 'low'> = {
  'zeer hoog': 'high',
  hoog: 'high',
  gemiddeld: 'moderate',
  laag: 'low',
};
const levelCode = (level: RiskLevel) => level.replace(' ', '-');
const percent = (value: number) => ({ value, unit: '%', system: 'http://unitsofmeasure.org', code: '%' });

export function toFhirRiskAssessment(row: RiskAssessment, performer: Reference<Practitioner> | undefined): FhirRiskAssessment {
  return {
    resourceType: 'RiskAssessment',
    id: row.id,
    // When recorded; the moment assessed is `occurrenceDateTime`.
    meta: { versionId: '1', lastUpdated: row.updatedAt.toISOString() },
    // R4's RiskAssessment has no review date: the evaluatiedatum is our extension.
    ...(row.reviewDate ? { extension: [{ url: riskReviewDateUrl, valueDate: String(row.reviewDate) }] } : {}),
    status: 'final',
    code: { coding: [{ system: riskTypeSystem, code: row.riskType }], text: `Risicotaxatie ${row.riskType}` },
    subject: patientReference(row.patientId),
    occurrenceDateTime: row.assessedAt.toISOString(),
    ...(performer ? { performer } : {}),
    prediction: [
      {
        outcome: { text: row.riskType },
        qualitativeRisk: {
          coding: [
            { system: riskProbabilitySystem, code: probability[row.riskLevel] },
            { system: riskLevelSystem, code: levelCode(row.riskLevel), display: row.riskLevel },
          ],
          text: row.riskLevel,
        },
        // The instrument gives a level, not a chance: the probability is the honest "somewhere in
        // 0–100 %", which also satisfies R4's ras-2 (a decimal probability must be ≤ 100), an
        // invariant that validators evaluate as failed when no probability is given at all.
        probabilityRange: { low: percent(0), high: percent(100) },
        rationale: row.rationale,
      },
    ],
  };
}

/** `_lastUpdated` on the moment the row was written (`updated_at`), as `meta.lastUpdated` says. */
const lastUpdatedParameter = (what: string) =>
  dateParameter(
    '_lastUpdated',
    'updated_at',
    true,
    `Laatste keer ${what}, niet de klinische datum; met voorvoegsel eq, ne, ge, gt, le of lt; een datum is een dag in Nederlandse tijd.`,
  );
const lastUpdatedSorts = { '-_lastUpdated': 'updated_at desc, id asc', _lastUpdated: 'updated_at asc, id asc' };

export const conditionResource: ClinicalResource<Condition> = {
  documentation: 'Diagnosen (DSM-5 met ICD-10-CM-code), hoofd- of nevendiagnose in de extensie diagnosis-rank.',
  async load(em: EntityManager, ids) {
    return withStaff(em, await em.find(Diagnosis, { id: { $in: [...ids] } }), (row) => row.diagnosedBy, toFhirCondition);
  },
  search: {
    resourceType: 'Condition',
    from: 'diagnoses',
    parameters: {
      _id: idParameter,
      patient: patientParameter(),
      subject: patientParameter(),
      code: codeParameter('code', `ICD-10-CM-code (DSM-5) als ${icd10System}|<code> of <code>.`, (code, system) =>
        system === null || system === icd10System ? code : null,
      ),
      'recorded-date': dateParameter(
        'recorded-date',
        'diagnosed_at',
        false,
        'Datum van de diagnose, met voorvoegsel eq, ne, ge, gt, le of lt.',
      ),
      _lastUpdated: lastUpdatedParameter('vastgelegd of gewijzigd (rang, einde)'),
    },
    sortOrders: {
      '-recorded-date': 'diagnosed_at desc, id asc',
      'recorded-date': 'diagnosed_at asc, id asc',
      ...lastUpdatedSorts,
    },
  },
};

export const riskAssessmentResource: ClinicalResource<FhirRiskAssessment> = {
  documentation: `Risicotaxaties per type met niveau (${riskLevels.join(', ')}) en onderbouwing.`,
  async load(em: EntityManager, ids) {
    return withStaff(em, await em.find(RiskAssessment, { id: { $in: [...ids] } }), (row) => row.assessedBy, toFhirRiskAssessment);
  },
  search: {
    resourceType: 'RiskAssessment',
    from: 'risk_assessments',
    parameters: {
      _id: idParameter,
      patient: patientParameter(),
      subject: patientParameter(),
      code: codeParameter(
        'risk_type',
        `Risicotype als ${riskTypeSystem}|<type> of <type> (bijvoorbeeld suïcide, agressie).`,
        (code, system) => (system === null || system === riskTypeSystem ? code : null),
      ),
      date: dateParameter(
        'date',
        'assessed_at',
        true,
        'Tijdstip van de taxatie, met voorvoegsel eq, ne, ge, gt, le of lt; een datum is een dag in Nederlandse tijd.',
      ),
      _lastUpdated: lastUpdatedParameter('vastgelegd'),
    },
    sortOrders: { '-date': 'assessed_at desc, id asc', date: 'assessed_at asc, id asc', ...lastUpdatedSorts },
  },
};
