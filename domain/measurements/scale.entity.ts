import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** A scale scored on the ward (the BVC for now): its answers, the score and band computed here, and corrections as for vitals. */
export const ScaleScore = defineEntity({
  name: 'ScaleScore',
  tableName: 'scale_scores',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    patientId: p.uuid(),
    scale: p.text(),
    items: p.json<Record<string, boolean>>(),
    score: p.integer(),
    observedAt: p.datetime(),
    recordedBy: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    correctsId: p.uuid().nullable(),
    correctionReason: p.text().nullable(),
    correctedAt: p.datetime().nullable(),
    correctedBy: p.uuid().nullable(),
  },
});
export type ScaleScore = InferEntity<typeof ScaleScore>;
