import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { appointmentStatuses } from './agenda.schemas';

export const Appointment = defineEntity({
  name: 'Appointment',
  tableName: 'appointments',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    patientId: p.uuid(),
    startAt: p.datetime(),
    endAt: p.datetime(),
    type: p.text(),
    practitionerId: p.uuid().nullable(),
    ownerId: p.uuid(),
    status: p.enum(appointmentStatuses).default('gepland'),
    location: p.text().nullable(),
    cancelReason: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type Appointment = InferEntity<typeof Appointment>;
