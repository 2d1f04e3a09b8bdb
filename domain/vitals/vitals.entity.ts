import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

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
  },
});
export type VitalObservation = InferEntity<typeof VitalObservation>;
