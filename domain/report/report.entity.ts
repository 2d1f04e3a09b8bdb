import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { reportCategories, reportTypes } from './report.schemas';

export const Report = defineEntity({
  name: 'Report',
  tableName: 'reports',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    patientId: p.uuid(),
    type: p.enum(reportTypes),
    category: p.enum(reportCategories).nullable(),
    content: p.text(),
    includeInHandover: p.boolean().default(false),
    encounterId: p.uuid().nullable(),
    /** The author: a person, or (`koppelingId`) a koppeling that sent the report in; exactly one of the two. */
    createdBy: p.uuid().nullable(),
    koppelingId: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    shiftDate: p.date(),
    shift: p.text(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    deletedAt: p.datetime().nullable(),
    deletedBy: p.uuid().nullable(),
  },
});
export type Report = InferEntity<typeof Report>;
