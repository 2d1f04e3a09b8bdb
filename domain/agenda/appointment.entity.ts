import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { appointmentStatuses } from './agenda.schemas';
import { cancelReasonCodes } from './cancel-reasons';

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
    /** Who planned it and may change it: a person, or (`koppelingId`) a koppeling; exactly one of the two. */
    ownerId: p.uuid().nullable(),
    koppelingId: p.uuid().nullable(),
    status: p.enum(appointmentStatuses).default('gepland'),
    location: p.text().nullable(),
    cancelReason: p.text().nullable(),
    /** The choice the reason was given with (the text above holds its label and the words). */
    cancelReasonCode: p.enum(cancelReasonCodes).nullable(),
    /** When it was cancelled and what it was before: "Ongedaan maken" restores that, within `cancelUndoMinutes`. */
    cancelledAt: p.datetime().nullable(),
    statusBeforeCancel: p.enum(['gepland', 'verplaatst'] as const).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type Appointment = InferEntity<typeof Appointment>;
