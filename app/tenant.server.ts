import type { AppLoadContext } from '@remix-run/node';
import { runAudited, type AuditActor, type AuditEntry } from '../domain/audit/audit.service';
import type { CurrentUser } from '../domain/auth/session.service';
import type { EntityManager } from '../domain/db/orm';
import { withTenant } from '../domain/db/tenant';
import { getOrm } from './services.server';

export function actorFor(user: CurrentUser, context: AppLoadContext, channel: AuditActor['channel']): AuditActor {
  return { organisationId: user.organisationId, userId: user.id, role: user.role, channel, clientAddress: context.clientAddress ?? null };
}

/** Runs a use case in the user's organisation (RLS) with its own EntityManager and transaction. */
export async function inTenant<T>(user: CurrentUser, work: (em: EntityManager) => Promise<T>): Promise<T> {
  return withTenant(await getOrm(), { organisationId: user.organisationId, userId: user.id }, work);
}

/** As inTenant, and a failed attempt is written to the access log too. */
export async function audited<T>(actor: AuditActor, attempt: AuditEntry, work: (em: EntityManager) => Promise<T>): Promise<T> {
  return runAudited(await getOrm(), actor, attempt, work);
}
