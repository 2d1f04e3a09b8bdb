import type { Observation, Practitioner, Reference } from '@medplum/fhirtypes';
import { patientReference } from '../fhir/clinical';
import { bvcAdvice, bvcBand, bvcItems } from './bvc';
import type { ScaleScore } from './scale.entity';

/** The product's own codes for the scales and their items (the BVC has no LOINC code). */
export const scaleSystem = 'https://ggz-epd.nl/fhir/CodeSystem/schaal';
export const scaleCodes = ['bvc'] as const;

/** A BVC as a survey Observation: the score as its value, each behaviour as a component, the band as interpretation text. */
export function toFhirScaleObservation(row: ScaleScore, performer: Reference<Practitioner> | undefined): Observation {
  const band = bvcBand(row.score);
  return {
    resourceType: 'Observation',
    id: row.id,
    meta: { versionId: row.correctedAt ? '2' : '1', lastUpdated: (row.correctedAt ?? row.createdAt).toISOString() },
    status: row.correctedAt ? 'entered-in-error' : row.correctsId ? 'corrected' : 'final',
    category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'survey', display: 'Survey' }] }],
    code: {
      coding: [{ system: scaleSystem, code: 'bvc', display: 'Brøset Violence Checklist' }],
      text: 'Brøset Violentie Checklist (BVC)',
    },
    subject: patientReference(row.patientId),
    effectiveDateTime: row.observedAt.toISOString(),
    ...(performer ? { performer: [performer] } : {}),
    valueInteger: row.score,
    interpretation: [{ text: `${bvcAdvice[band].label}. ${bvcAdvice[band].advice}` }],
    component: bvcItems.map((item) => ({
      code: { coding: [{ system: scaleSystem, code: `bvc-${item.key}` }], text: item.label },
      valueBoolean: row.items[item.key] === true,
    })),
  };
}
