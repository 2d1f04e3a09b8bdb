import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

export const IntakeSection = defineEntity({
  name: 'IntakeSection',
  tableName: 'intake_sections',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    patientId: p.uuid(),
    sectionKey: p.text(),
    content: p.text().default(''),
    completedAt: p.datetime().nullable(),
    completedBy: p.uuid().nullable(),
    updatedAt: p.datetime().nullable(),
    updatedBy: p.uuid().nullable(),
  },
});

export type IntakeSection = InferEntity<typeof IntakeSection>;

/** Every save of a section, so an edit never overwrites silently. */
export const IntakeSectionVersion = defineEntity({
  name: 'IntakeSectionVersion',
  tableName: 'intake_section_versions',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    patientId: p.uuid(),
    sectionKey: p.text(),
    content: p.text(),
    completed: p.boolean(),
    savedAt: p.datetime().onCreate(() => new Date()),
    savedBy: p.uuid().nullable(),
  },
});

export type IntakeSectionVersion = InferEntity<typeof IntakeSectionVersion>;
