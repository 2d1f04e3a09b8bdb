import type { Observation, Practitioner, Reference } from '@medplum/fhirtypes';
import type { EntityManager } from '../db/orm';
import { patientReference, withStaff, type ClinicalResource } from '../fhir/clinical';
import { codeParameter, dateParameter, idParameter, patientParameter } from '../fhir/search';
import { ScaleScore } from './scale.entity';
import { scaleCodes, scaleSystem, toFhirScaleObservation } from './scales.fhir';
import { bloodPressurePanel, loincSystem, productCodesOf, vitalCodes, type VitalCode } from './vital-codes';
import { VitalObservation, VitalSet, type Interpretation } from './vitals.entity';

const interpretationSystem = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const interpretationDisplay: Record<Interpretation, string> = { HH: 'Critical high', H: 'High', N: 'Normal', L: 'Low', LL: 'Critical low' };
const categorySystem = 'http://terminology.hl7.org/CodeSystem/observation-category';
const categoryDisplay = { 'vital-signs': 'Vital Signs', laboratory: 'Laboratory', survey: 'Survey' } as const;
/** The product's own measure code, for a measure without a LOINC code in `vitalCodes`. */
export const measureSystem = 'https://ggz-epd.nl/fhir/CodeSystem/meting';

const quantity = (row: VitalObservation, known: VitalCode | undefined) => ({
  value: Number(row.value),
  unit: row.unit,
  ...(known ? { system: 'http://unitsofmeasure.org', code: known.ucum } : {}),
});
const interpretationOf = (row: VitalObservation) => [
  { coding: [{ system: interpretationSystem, code: row.interpretation, display: interpretationDisplay[row.interpretation] }] },
];
const loincCoding = (known: VitalCode) => [
  { system: loincSystem, code: known.loinc, display: known.display },
  ...(known.also ?? []).map((other) => ({ system: loincSystem, code: other.loinc, display: other.display })),
];

/**
 * What an Observation of rows says about its versions: a correction marks a row, never changes its
 * value. Its `lastUpdated` is when its rows were last written (recorded or marked), not when measured.
 */
function history(row: VitalObservation, diastolic: VitalObservation | undefined) {
  // Its own row marked wrong, and in a panel the diastolic value of its round corrected: each a version.
  const changes = (row.correctedAt ? 1 : 0) + (diastolic?.correctedAt || diastolic?.correctsId ? 1 : 0);
  const moments = [row, ...(diastolic ? [diastolic] : [])].map((value) => value.updatedAt.getTime());
  return {
    meta: { versionId: String(1 + changes), lastUpdated: new Date(Math.max(...moments)).toISOString() },
  };
}

/** The core extension by which a corrected value names the Observation it replaces (the wrong one keeps its value). */
export const replacesUrl = 'http://hl7.org/fhir/StructureDefinition/observation-replaces';

/** A correction's link to the value it replaced, and its reason as a note. */
const correctionOf = (row: VitalObservation) =>
  row.correctsId
    ? {
        extension: [{ url: replacesUrl, valueReference: { reference: `Observation/${row.correctsId}` } }],
        ...(row.correctionReason ? { note: [{ text: row.correctionReason }] } : {}),
      }
    : {};

export function toFhirObservation(
  row: VitalObservation,
  performer: Reference<Practitioner> | undefined,
  diastolic?: VitalObservation,
): Observation {
  const panel = row.code === 'bloeddruk-systolisch';
  const known = vitalCodes[row.code];
  const category = known?.category ?? 'vital-signs';
  const diastolicCode = vitalCodes['bloeddruk-diastolisch']!;
  return {
    resourceType: 'Observation',
    id: row.id,
    // A value is never changed: a correction is a new Observation ('corrected', naming the one it
    // replaces), the wrong one is marked 'entered-in-error' (its second version) and keeps its value.
    ...history(row, diastolic),
    ...correctionOf(row),
    status: row.correctedAt ? 'entered-in-error' : row.correctsId || diastolic?.correctsId ? 'corrected' : 'final',
    category: [{ coding: [{ system: categorySystem, code: category, display: categoryDisplay[category] }] }],
    code: panel
      ? { coding: [{ system: loincSystem, code: bloodPressurePanel.loinc, display: bloodPressurePanel.display }], text: 'Bloeddruk' }
      : { coding: known ? loincCoding(known) : [{ system: measureSystem, code: row.code }], text: row.label },
    subject: patientReference(row.patientId),
    effectiveDateTime: row.observedAt.toISOString(),
    ...(performer ? { performer: [performer] } : {}),
    ...(panel
      ? {
          component: [
            {
              code: { coding: loincCoding(known!), text: row.label },
              valueQuantity: quantity(row, known),
              interpretation: interpretationOf(row),
            },
            ...(diastolic
              ? [
                  {
                    code: { coding: loincCoding(diastolicCode), text: diastolic.label },
                    valueQuantity: quantity(diastolic, diastolicCode),
                    interpretation: interpretationOf(diastolic),
                  },
                ]
              : []),
          ],
        }
      : { valueQuantity: quantity(row, known), interpretation: interpretationOf(row) }),
  };
}

/*
 * Measurements and scale scores are both Observations: one search over the two tables (RLS applies
 * to each). A systolic value is the blood-pressure panel (code `bloeddruk`), the diastolic value of
 * its round a component of it, not an Observation of its own; a diastolic value without a systolic
 * one stays one.
 */
const pairedDiastolic = `exists (select 1 from vital_observations systolic where systolic.code = 'bloeddruk-systolisch'
    and systolic.patient_id = v.patient_id and (systolic.set_id = v.set_id or (v.set_id is null and systolic.set_id is null and systolic.observed_at = v.observed_at)))`;
/**
 * An Observation's `meta.lastUpdated` as the mapper writes it: a row's last write; a panel's the
 * later of its systolic row and the diastolic row `diastolicOf` pairs with it (the current one first).
 */
const vitalUpdatedAt = `greatest(v.updated_at, (select d.updated_at from vital_observations d where v.code = 'bloeddruk-systolisch'
    and d.code = 'bloeddruk-diastolisch' and d.patient_id = v.patient_id
    and (d.set_id = v.set_id or (v.set_id is null and d.set_id is null and d.observed_at = v.observed_at))
    order by d.corrected_at asc nulls first limit 1))`;
export const observations = `(select id, patient_id, case when code = 'bloeddruk-systolisch' then '${bloodPressurePanel.code}' else code end as code, observed_at,
    ${vitalUpdatedAt} as updated_at
    from vital_observations v where not (code = 'bloeddruk-diastolisch' and ${pairedDiastolic})
  union all select id, patient_id, scale as code, observed_at, coalesce(corrected_at, created_at) as updated_at from scale_scores) observations`;

/** The diastolic value that belongs with a systolic one: same round (or moment, before rounds), the current one first. */
async function diastolicOf(em: EntityManager, systolic: readonly VitalObservation[]): Promise<Map<string, VitalObservation>> {
  if (!systolic.length) return new Map();
  const candidates = await em.find(
    VitalObservation,
    { code: 'bloeddruk-diastolisch', patientId: { $in: [...new Set(systolic.map((row) => row.patientId))] } },
    { orderBy: { correctedAt: 'asc nulls first' } },
  );
  return new Map(
    systolic.flatMap((row) => {
      const match = candidates.find((candidate) =>
        row.setId ? candidate.setId === row.setId : !candidate.setId && candidate.observedAt.getTime() === row.observedAt.getTime(),
      );
      return match ? [[row.id, match] as const] : [];
    }),
  );
}

async function load(em: EntityManager, ids: readonly string[]) {
  const [rows, scales] = await Promise.all([
    em.find(VitalObservation, { id: { $in: [...ids] } }),
    em.find(ScaleScore, { id: { $in: [...ids] } }),
  ]);
  const diastolic = await diastolicOf(
    em,
    rows.filter((row) => row.code === 'bloeddruk-systolisch'),
  );
  const paired = new Set([...diastolic.values()].map((row) => row.id));
  const vitals = rows.filter((row) => !paired.has(row.id));
  return [
    ...(await withStaff(
      em,
      vitals,
      (row) => row.recordedBy,
      (row, staff) => toFhirObservation(row, staff, diastolic.get(row.id)),
    )),
    ...(await withStaff(em, scales, (row) => row.recordedBy, toFhirScaleObservation)),
  ];
}

/** When a value was recorded: a correction when it corrected, else its round's recording (the moment measured before rounds). */
async function recordedAt(em: EntityManager, row: VitalObservation): Promise<Date> {
  const corrected = row.correctsId ? await em.findOne(VitalObservation, { id: row.correctsId }) : null;
  if (corrected?.correctedAt) return corrected.correctedAt;
  const set = row.setId ? await em.findOne(VitalSet, { id: row.setId }) : null;
  return set?.createdAt ?? row.observedAt;
}

/**
 * The first version of a measurement's Observation once a correction changed it: its values as they
 * were recorded (null while it has no second version, and for a scale score).
 */
export async function observationAsRecorded(em: EntityManager, id: string): Promise<Observation | null> {
  const row = await em.findOne(VitalObservation, { id });
  if (!row) return null;
  const diastolic = (await diastolicOf(em, row.code === 'bloeddruk-systolisch' ? [row] : [])).get(row.id);
  if (!row.correctedAt && !diastolic?.correctsId) return null;
  // In a panel, the diastolic value it was recorded with: the first of that value's corrections.
  let first = diastolic;
  while (first?.correctsId) first = (await em.findOne(VitalObservation, { id: first.correctsId })) ?? undefined;
  const asRecorded = { ...row, correctedAt: null, correctedBy: null, updatedAt: await recordedAt(em, row) };
  const firstDiastolic = first && { ...first, correctedAt: null, correctedBy: null, updatedAt: await recordedAt(em, first) };
  const [mapped] = await withStaff(
    em,
    [asRecorded],
    (value) => value.recordedBy,
    (value, staff) => toFhirObservation(value, staff, firstDiastolic),
  );
  return mapped?.resource ?? null;
}

/** The LOINC code of the panel finds the panels; the product's codes as they are. */
const panelOr = (codes: string[], loinc: string) => (loinc === bloodPressurePanel.loinc ? [bloodPressurePanel.code] : codes);

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
                ? panelOr(productCodesOf(code), code)
                : system === null
                  ? [...panelOr(productCodesOf(code), code), code]
                  : null,
      ),
      category: codeParameter('code', 'vital-signs, laboratory of survey (schalen).', (code) => [
        ...Object.entries(vitalCodes).flatMap(([product, entry]) => (entry.category === code ? [product] : [])),
        ...(code === 'vital-signs' ? [bloodPressurePanel.code] : []),
        ...(code === 'survey' ? scaleCodes : []),
      ]),
      date: dateParameter(
        'date',
        'observed_at',
        true,
        'Tijdstip van de meting, met voorvoegsel eq, ne, ge, gt, le of lt; een datum is een dag in Nederlandse tijd.',
      ),
      _lastUpdated: dateParameter(
        '_lastUpdated',
        'updated_at',
        true,
        'Laatste keer vastgelegd of gewijzigd (niet het moment van meten), met voorvoegsel eq, ne, ge, gt, le of lt; een datum is een dag in Nederlandse tijd.',
      ),
    },
    sortOrders: {
      '-date': 'observed_at desc, id asc',
      date: 'observed_at asc, id asc',
      '-_lastUpdated': 'updated_at desc, id asc',
      _lastUpdated: 'updated_at asc, id asc',
    },
  },
};
