import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { consciousnessLevels, news2Risks } from './news2';

export const interpretations = ['HH', 'H', 'N', 'L', 'LL'] as const;
export type Interpretation = (typeof interpretations)[number];

export const VitalObservation = defineEntity({
  name: 'VitalObservation',
  tableName: 'vital_observations',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    patientId: p.uuid(),
    code: p.text(),
    label: p.text(),
    value: p.decimal('number'),
    unit: p.text(),
    interpretation: p.enum(interpretations),
    observedAt: p.datetime(),
    recordedBy: p.uuid().nullable(),
    /** The round at the bedside it was measured in; null for measurements from before sets existed. */
    setId: p.uuid().nullable(),
    /** A correction names the row it replaces and why; that row keeps its value, marked as corrected. */
    correctsId: p.uuid().nullable(),
    correctionReason: p.text().nullable(),
    correctedAt: p.datetime().nullable(),
    correctedBy: p.uuid().nullable(),
    /** When recorded or last changed (a correction marks it): its FHIR `meta.lastUpdated`, not when measured. */
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type VitalObservation = InferEntity<typeof VitalObservation>;

export const VitalSet = defineEntity({
  name: 'VitalSet',
  tableName: 'vital_sets',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    patientId: p.uuid(),
    observedAt: p.datetime(),
    recordedBy: p.uuid().nullable(),
    consciousness: p.enum(consciousnessLevels).nullable(),
    oxygen: p.boolean().nullable(),
    news2Score: p.integer().fieldName('news2_score').nullable(),
    news2Risk: p.enum(news2Risks).fieldName('news2_risk').nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type VitalSet = InferEntity<typeof VitalSet>;
