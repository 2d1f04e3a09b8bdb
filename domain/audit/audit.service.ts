import type { Role } from '../auth/auth.entities';
import type { EntityManager } from '../db/orm';
import { AuditEvent, type AuditAction, type AuditOutcome } from './audit.entity';

/** Who acts, for whom, through which channel and from where (NEN 7513). */
export interface AuditActor {
  organisationId: string;
  /** The person, or the koppeling (a system calling the FHIR API without a person, issue 46). */
  userId: string;
  role: Role | 'koppeling';
  onBehalfOf?: string | null;
  channel: 'web' | 'fhir' | 'api' | 'assistant' | 'workflow';
  clientAddress?: string | null;
  /** The session the request came with; a workflow's grant names it (not stored in the access log). */
  sessionId?: string | null;
}

/** The person who acts, for a "recorded by" column; a koppeling (a lab's device, an exchange) is none. */
export const personOf = (actor: AuditActor): string | null => (actor.role === 'koppeling' ? null : actor.userId);
/** The koppeling that acts, where a row names who wrote it beside the person (ADR 0098); null for a person. */
export const koppelingOf = (actor: AuditActor): string | null => (actor.role === 'koppeling' ? actor.userId : null);

export interface AuditEntry {
  action: AuditAction;
  resourceType: string;
  resourceId?: string | null;
  patientIds?: string[];
  outcome?: AuditOutcome;
  details?: Record<string, unknown>;
}

/** Adds an access-log row to the current unit of work: it commits or rolls back with the access itself. */
export function recordAudit(em: EntityManager, actor: AuditActor, entry: AuditEntry): void {
  em.create(AuditEvent, {
    organisationId: actor.organisationId,
    userId: actor.userId,
    userRole: actor.role,
    onBehalfOf: actor.onBehalfOf ?? null,
    channel: actor.channel,
    clientAddress: actor.clientAddress ?? null,
    action: entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId ?? null,
    patientIds: entry.patientIds ?? (entry.resourceId && entry.resourceType === 'Patient' ? [entry.resourceId] : []),
    outcome: entry.outcome ?? 'success',
    details: entry.details ?? null,
  });
}

export interface AccessLogRow {
  id: string;
  occurredAt: string;
  userName: string | null;
  userRole: string | null;
  onBehalfOf: string | null;
  action: AuditAction;
  resourceType: string;
  channel: string;
  clientAddress: string | null;
  outcome: AuditOutcome;
}

/**
 * The access log of one patient, newest first, optionally limited to a period [from, to).
 * `&&` rather than the equivalent `@>`: only the overlap operator is marked leakproof (ADR 0005),
 * so under row-level security only it can use the GIN index on `patient_ids`.
 */
export async function patientAccessLog(
  em: EntityManager,
  patientId: string,
  period: { from?: Date; to?: Date } = {},
  limit = 500,
): Promise<AccessLogRow[]> {
  const rows = await em.execute<
    {
      id: string;
      occurred_at: Date;
      display_name: string | null;
      user_role: string | null;
      on_behalf_of: string | null;
      action: AuditAction;
      resource_type: string;
      channel: string;
      client_address: string | null;
      outcome: AuditOutcome;
    }[]
  >(
    `select a.id, a.occurred_at, coalesce(u.display_name, k.name) as display_name, a.user_role, a.on_behalf_of, a.action, a.resource_type, a.channel, a.client_address, a.outcome
       from audit_events a left join users u on u.id = a.user_id left join koppelingen k on k.id = a.user_id
      where a.patient_ids && array[?]::uuid[]
        and a.occurred_at >= coalesce(?::timestamptz, '-infinity') and a.occurred_at < coalesce(?::timestamptz, 'infinity')
      order by a.occurred_at desc
      limit ?`,
    [patientId, period.from?.toISOString() ?? null, period.to?.toISOString() ?? null, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    occurredAt: new Date(row.occurred_at).toISOString(),
    userName: row.display_name,
    userRole: row.user_role,
    onBehalfOf: row.on_behalf_of,
    action: row.action,
    resourceType: row.resource_type,
    channel: row.channel,
    clientAddress: row.client_address,
    outcome: row.outcome,
  }));
}

/**
 * A signed-in user refused a route before any use case ran (the beheerder on a clinical page or
 * API, ADR 0015): the attempt, with the patient the URL names (NEN 7513).
 */
export function recordRouteRefusal(
  em: EntityManager,
  actor: AuditActor,
  refused: { action: AuditAction; method: string; path: string; patientId: string | null },
): void {
  recordAudit(em, actor, {
    action: refused.action,
    resourceType: 'Route',
    patientIds: refused.patientId ? [refused.patientId] : [],
    outcome: 'denied',
    details: { method: refused.method, path: refused.path, reason: 'forbidden' },
  });
}
