import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

export const nudgeKinds = ['huisartsbrief_beoordelen'] as const;
export type NudgeKind = (typeof nudgeKinds)[number];

/** A proactive reminder for clinicians; `userId` null means anyone of the organisation. */
export const Nudge = defineEntity({
  name: 'Nudge',
  tableName: 'nudges',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    userId: p.uuid().nullable(),
    patientId: p.uuid().nullable(),
    kind: p.enum(nudgeKinds),
    text: p.text(),
    href: p.text(),
    subjectId: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    dismissedAt: p.datetime().nullable(),
  },
});
export type Nudge = InferEntity<typeof Nudge>;
