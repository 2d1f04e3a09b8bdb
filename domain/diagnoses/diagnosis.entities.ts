import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { diagnosisRanks } from './diagnosis-codes';

export const Diagnosis = defineEntity({
  name: 'Diagnosis',
  tableName: 'diagnoses',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    patientId: p.uuid(),
    rank: p.enum(diagnosisRanks),
    code: p.text(),
    label: p.text(),
    diagnosedAt: p.date(),
    diagnosedBy: p.uuid().nullable(),
    /** Ended (einddatum and why): the row stays, as history; an ended diagnosis has no rank that counts. */
    endedAt: p.date().nullable(),
    endedBy: p.uuid().nullable(),
    endReason: p.text().nullable(),
    /** Every change (rank, end) moves the version on; `diagnosis_events` says who did what when. */
    version: p.integer().default(1),
    /** When recorded or last changed: its FHIR `meta.lastUpdated`, not the day of diagnosis. */
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});

export type Diagnosis = InferEntity<typeof Diagnosis>;

export const diagnosisEventKinds = ['vastgelegd', 'hoofddiagnose', 'nevendiagnose', 'beeindigd'] as const;

export type DiagnosisEventKind = (typeof diagnosisEventKinds)[number];

/** What happened to a diagnosis, by whom and when; append-only (the app role may not change it). */
export const DiagnosisEvent = defineEntity({
  name: 'DiagnosisEvent',
  tableName: 'diagnosis_events',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    patientId: p.uuid(),
    diagnosisId: p.uuid(),
    kind: p.enum(diagnosisEventKinds),
    /** The rank a recording gave (kind `vastgelegd`) or a change made; none for an end. */
    rank: p.enum(diagnosisRanks).nullable(),
    reason: p.text().nullable(),
    occurredAt: p.datetime().onCreate(() => new Date()),
    actorId: p.uuid().nullable(),
  },
});

export type DiagnosisEvent = InferEntity<typeof DiagnosisEvent>;
