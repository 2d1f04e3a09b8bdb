import type { Observation } from '@medplum/fhirtypes';
import type { EntityManager } from '../db/orm';
import { patientReference, withStaff, type ClinicalResource } from '../fhir/clinical';
import { codeParameter, dateParameter, idParameter, patientParameter } from '../fhir/search';
import { ScaleScore } from '../scales/scale.entity';
import { scaleCodes, scaleSystem, toFhirScaleObservation } from '../scales/scales.fhir';
import { loincSystem, productCodesOf, vitalCodes } from './vital-codes';
import { VitalObservation, type Interpretation } from './vitals.entity';

const interpretationSystem = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const interpretationDisplay: Record<Interpretation, string> = { HH: 'Critical high', H: 'High', N: 'Normal', L: 'Low', LL: 'Critical low' };
const categorySystem = 'http://terminology.hl7.org/CodeSystem/observation-category';
const categoryDisplay = { 'vital-signs': 'Vital Signs', laboratory: 'Laboratory', survey: 'Survey' } as const;
/** The product's own measure code, for a measure without a LOINC code in `vitalCodes`. */
export const measureSystem = 'https://ggz-epd.nl/fhir/CodeSystem/meting';

export function toFhirObservation(row: VitalObservation, performer: string | undefined): Observation {
  const known = vitalCodes[row.code];
  const category = known?.category ?? 'vital-signs';
  return {
    resourceType: 'Observation',
    id: row.id,
    // A value is never changed: a correction is a new Observation ('corrected'), the wrong one is
    // marked 'entered-in-error' (its second version) and keeps its value.
    meta: {
      versionId: row.correctedAt ? '2' : '1',
      lastUpdated: (row.correctedAt ?? row.observedAt).toISOString(),
    },
    status: row.correctedAt ? 'entered-in-error' : row.correctsId ? 'corrected' : 'final',
    category: [{ coding: [{ system: categorySystem, code: category, display: categoryDisplay[category] }] }],
    code: {
      coding: [known ? { system: loincSystem, code: known.loinc, display: known.display } : { system: measureSystem, code: row.code }],
      text: row.label,
    },
    subject: patientReference(row.patientId),
    effectiveDateTime: row.observedAt.toISOString(),
    ...(performer ? { performer: [{ display: performer }] } : {}),
    valueQuantity: {
      value: Number(row.value),
      unit: row.unit,
      ...(known ? { system: 'http://unitsofmeasure.org', code: known.ucum } : {}),
    },
    interpretation: [
      { coding: [{ system: interpretationSystem, code: row.interpretation, display: interpretationDisplay[row.interpretation] }] },
    ],
  };
}

/** Measurements and scale scores are both Observations: one search over the two tables (RLS applies to each). */
const observations = `(select id, patient_id, code, observed_at from vital_observations
  union all select id, patient_id, scale as code, observed_at from scale_scores) observations`;

async function load(em: EntityManager, ids: readonly string[]) {
  const [vitals, scales] = await Promise.all([
    em.find(VitalObservation, { id: { $in: [...ids] } }),
    em.find(ScaleScore, { id: { $in: [...ids] } }),
  ]);
  return [
    ...(await withStaff(em, vitals, (row) => row.recordedBy, toFhirObservation)),
    ...(await withStaff(em, scales, (row) => row.recordedBy, toFhirScaleObservation)),
  ];
}

export const observationResource: ClinicalResource<Observation> = {
  documentation:
    'Metingen (vitale functies en glucose) met LOINC-code, UCUM-eenheid en interpretatie HH/H/N/L/LL, en schaalscores (BVC) met hun items.',
  load,
  search: {
    resourceType: 'Observation',
    from: observations,
    parameters: {
      _id: idParameter,
      patient: patientParameter(),
      subject: patientParameter(),
      code: codeParameter(
        'code',
        `LOINC-code als ${loincSystem}|<code> of <code>, de eigen code (${Object.keys(vitalCodes).join(', ')}) of een schaal als ${scaleSystem}|bvc.`,
        (code, system) =>
          system === measureSystem
            ? code
            : system === scaleSystem
              ? (scaleCodes as readonly string[]).filter((scale) => scale === code)
              : system === loincSystem
                ? productCodesOf(code)
                : system === null
                  ? [...productCodesOf(code), code]
                  : null,
      ),
      category: codeParameter('code', 'vital-signs, laboratory of survey (schalen).', (code) => [
        ...Object.entries(vitalCodes).flatMap(([product, entry]) => (entry.category === code ? [product] : [])),
        ...(code === 'survey' ? scaleCodes : []),
      ]),
      date: dateParameter(
        'date',
        'observed_at',
        true,
        'Tijdstip van de meting, met voorvoegsel eq, ne, ge, gt, le of lt; een datum is een dag in Nederlandse tijd.',
      ),
    },
    sortOrders: { '-date': 'observed_at desc, id asc', date: 'observed_at asc, id asc' },
  },
};
