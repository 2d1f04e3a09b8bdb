import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

export const aiOutcomes = ['ok', 'timeout', 'malformed', 'geweigerd', 'fout'] as const;
export type AiOutcome = (typeof aiOutcomes)[number];

/** One AI-backed answer (a model call or the local path): cost and result. The request as sent is in `ai_requests`, for a limited time. */
export const AiEvent = defineEntity({
  name: 'AiEvent',
  tableName: 'ai_events',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    occurredAt: p.datetime().onCreate(() => new Date()),
    capability: p.text(),
    model: p.text(),
    promptVersion: p.text(),
    tokensIn: p.integer().default(0),
    tokensOut: p.integer().default(0),
    durationMs: p.integer(),
    outcome: p.enum(aiOutcomes),
    userId: p.uuid().nullable(),
    patientId: p.uuid().nullable(),
    workflowId: p.text().nullable(),
    reason: p.text().nullable(),
    details: p.json<Record<string, unknown>>().nullable(),
  },
});
export type AiEvent = InferEntity<typeof AiEvent>;
