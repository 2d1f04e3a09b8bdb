import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

export const aiOutcomes = ['ok', 'timeout', 'malformed', 'error'] as const;
export type AiOutcome = (typeof aiOutcomes)[number];

/** One language-model call: cost and result, never the prompt or the answer. */
export const AiEvent = defineEntity({
  name: 'AiEvent',
  tableName: 'ai_events',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
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
    details: p.json<Record<string, unknown>>().nullable(),
  },
});
export type AiEvent = InferEntity<typeof AiEvent>;
