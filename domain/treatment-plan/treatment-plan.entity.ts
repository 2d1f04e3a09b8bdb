import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { planSources, planStatuses, type TreatmentPlanContent } from './treatment-plan.schemas';

/** One version of a patient's treatment plan; an approved version is never changed again. */
export const TreatmentPlan = defineEntity({
  name: 'TreatmentPlan',
  tableName: 'treatment_plans',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    patientId: p.uuid(),
    version: p.integer(),
    status: p.enum(planStatuses),
    content: p.json<TreatmentPlanContent>(),
    source: p.enum(planSources),
    model: p.text().nullable(),
    notice: p.text().nullable(),
    workflowId: p.text().nullable(),
    generatedBy: p.uuid(),
    generatedAt: p.datetime().onCreate(() => new Date()),
    updatedBy: p.uuid().nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    approvedBy: p.uuid().nullable(),
    approvedAt: p.datetime().nullable(),
  },
});
export type TreatmentPlan = InferEntity<typeof TreatmentPlan>;
