import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

export const ContactPerson = defineEntity({
  name: 'ContactPerson',
  tableName: 'contact_persons',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    patientId: p.uuid(),
    name: p.text(),
    relation: p.text(),
    phone: p.text().nullable(),
    email: p.text().nullable(),
    createdBy: p.uuid(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type ContactPerson = InferEntity<typeof ContactPerson>;
