import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { riskLevels } from './risk-types';

export const RiskAssessment = defineEntity({
  name: 'RiskAssessment',
  tableName: 'risk_assessments',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    patientId: p.uuid(),
    riskType: p.text(),
    riskLevel: p.enum(riskLevels),
    rationale: p.text(),
    assessedAt: p.datetime(),
    assessedBy: p.uuid().nullable(),
    /** The evaluatiedatum: when the assessment is due again; null only for assessments from before issue 25. */
    reviewDate: p.date().nullable(),
    /** When recorded or last changed: its FHIR `meta.lastUpdated`, not when assessed. */
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type RiskAssessment = InferEntity<typeof RiskAssessment>;
