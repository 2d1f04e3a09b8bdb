import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { gpLetterEvents, gpLetterStatuses, rewriteSources } from './gp-letter.schemas';

export const GpLetter = defineEntity({
  name: 'GpLetter',
  tableName: 'gp_letters',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    patientId: p.uuid(),
    gpName: p.text().nullable(),
    gpPractice: p.text().nullable(),
    /** Where the printed letter goes: the practice's street, postcode and town, one per line. */
    gpAddress: p.text().nullable(),
    subject: p.text(),
    status: p.enum(gpLetterStatuses).default('concept'),
    /** The draft as written by the clinician; a rewrite never overwrites it. */
    originalText: p.text(),
    rewrittenText: p.text().nullable(),
    finalText: p.text().nullable(),
    rewriteSource: p.enum(rewriteSources).nullable(),
    rewriteModel: p.text().nullable(),
    /** Dutch note for the reviewer, e.g. that the model did not answer and the local rewrite was used. */
    rewriteNote: p.text().nullable(),
    appointmentId: p.uuid().nullable(),
    /** The no-show process that holds the letter; null while it is a free draft. */
    workflowId: p.text().nullable(),
    version: p.integer().default(1),
    createdBy: p.uuid(),
    reviewerId: p.uuid().nullable(),
    rewrittenAt: p.datetime().nullable(),
    reviewedAt: p.datetime().nullable(),
    dispatchedAt: p.datetime().nullable(),
    dispatchedBy: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type GpLetter = InferEntity<typeof GpLetter>;

/** Every text a letter had, in order; append-only. */
export const GpLetterVersion = defineEntity({
  name: 'GpLetterVersion',
  tableName: 'gp_letter_versions',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    letterId: p.uuid(),
    version: p.integer(),
    event: p.enum(gpLetterEvents),
    status: p.enum(gpLetterStatuses),
    text: p.text(),
    /** Why: the reviewer's reason when a rewrite was rejected. */
    note: p.text().nullable(),
    createdBy: p.uuid().nullable(),
    workflowId: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type GpLetterVersion = InferEntity<typeof GpLetterVersion>;
