import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

export const auditActions = ['read', 'create', 'update', 'delete', 'search', 'export'] as const;
export type AuditAction = (typeof auditActions)[number];
export const auditOutcomes = ['success', 'failure', 'denied'] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

export const AuditEvent = defineEntity({
  name: 'AuditEvent',
  tableName: 'audit_events',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    occurredAt: p.datetime().onCreate(() => new Date()),
    userId: p.uuid().nullable(),
    userRole: p.text().nullable(),
    onBehalfOf: p.text().nullable(),
    action: p.enum(auditActions),
    resourceType: p.text(),
    resourceId: p.uuid().nullable(),
    patientIds: p.array<string>().default([]),
    channel: p.text(),
    clientAddress: p.text().nullable(),
    outcome: p.enum(auditOutcomes),
    details: p.json<Record<string, unknown>>().nullable(),
  },
});
export type AuditEvent = InferEntity<typeof AuditEvent>;
