import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { AuditEvent } from '../domain/audit/audit.entity';
import type { AuditActor } from '../domain/audit/audit.service';
import { User, clinicalRoles } from '../domain/auth/auth.entities';
import type { EntityManager, MikroORM } from '../domain/db/orm';
import { tenantOf, withTenant } from '../domain/db/tenant';
import { AppError } from '../domain/shared/errors';
import { isUuid } from '../domain/shared/ids';
import { ActorRefused, grantIdOf, type ActorGrant, type ActorGrants, type GrantRefusal } from '../temporal/actor-grant';

/*
 * An activity acts for someone only when the app vouched for them (ADR 0025): the grant's
 * signature, workflow and expiry are checked, and the user must still be an active clinician of
 * the organisation. A refusal writes nothing but the access-log row that says so, and ends the
 * activity without retries.
 */

const inactiveMessage = 'Deze gebruiker is niet (meer) actief in de organisatie.';

export const actorRefusedMessage = 'De opdrachtgever van deze workflow kon niet worden vastgesteld; er is niets vastgelegd.';

export function createActing({ orm, grants }: { orm: MikroORM; grants: ActorGrants }) {
  /** The refusal in the access log of the organisation the grant names, without the unverified user or address. */
  async function refuse(grant: ActorGrant | undefined, workflowId: string, reason: GrantRefusal | 'inactive'): Promise<never> {
    const organisationId = grant?.actor?.organisationId;
    if (organisationId && isUuid(organisationId)) {
      await withTenant(orm, { organisationId }, async (em) => {
        em.create(AuditEvent, {
          organisationId,
          userId: null,
          userRole: null,
          channel: 'workflow',
          clientAddress: null,
          action: 'update',
          resourceType: 'Workflow',
          outcome: 'denied',
          details: { reason, workflowId, claimedUserId: String(grant.actor.userId ?? '') },
        });
      }).catch(() => undefined);
    }
    throw ApplicationFailure.nonRetryable(actorRefusedMessage, 'ActorRefused');
  }

  const currentWorkflowId = () => Context.current().info.workflowExecution?.workflowId ?? '';

  /** Grants already seen in the run that first used them, so a run's later activities skip the round trip. */
  const confirmedUses = new Set<string>();

  /**
   * A grant is good for the one run it was made for (ADR 0047): the first activity to verify it
   * records its run; the same grant in another run — a start replayed with the input copied from
   * the history — is refused. Retries and later activities of the same run pass.
   */
  async function assertFirstRun(grant: ActorGrant, actor: AuditActor, workflowId: string): Promise<void> {
    const runId = Context.current().info.workflowExecution?.runId ?? '';
    const grantId = grantIdOf(grant);
    const use = `${grantId}:${runId}`;
    if (confirmedUses.has(use)) return;
    const firstRun = await withTenant(orm, { organisationId: actor.organisationId }, async (em) => {
      await em.execute(
        'insert into workflow_grant_uses (grant_id, organisation_id, workflow_id, run_id) values (?, ?, ?, ?) on conflict (grant_id) do nothing',
        [grantId, actor.organisationId, workflowId, runId],
      );
      const [row] = await em.execute<{ run_id: string }[]>('select run_id from workflow_grant_uses where grant_id = ?', [grantId]);
      return row?.run_id;
    });
    if (firstRun !== runId) throw new ActorRefused('replayed');
    if (confirmedUses.size > 10_000) confirmedUses.clear();
    confirmedUses.add(use);
  }

  /** The actor a grant vouches for, in this activity's workflow run; no user check (for work that writes nothing). */
  async function verified(grant: ActorGrant | undefined): Promise<AuditActor> {
    const workflowId = currentWorkflowId();
    try {
      const actor = grants.verify(grant, workflowId);
      await assertFirstRun(grant!, actor, workflowId);
      return actor;
    } catch (error) {
      if (error instanceof ActorRefused) return refuse(grant, workflowId, error.reason);
      throw error;
    }
  }

  /** The actor is still an active clinician of the organisation; else a Dutch 403 inside the transaction. */
  async function assertActive(em: EntityManager, actor: AuditActor): Promise<void> {
    const user = await em.findOne(User, { id: actor.userId, disabledAt: null, role: { $in: [...clinicalRoles] } }, { fields: ['id'] });
    if (!user) throw AppError.forbidden(inactiveMessage);
  }

  /** `work` in the actor's organisation (row-level security), once the grant and the user check out. */
  async function actingAs<T>(grant: ActorGrant | undefined, work: (em: EntityManager, actor: AuditActor) => Promise<T>): Promise<T> {
    const actor = await verified(grant);
    try {
      return await withTenant(orm, tenantOf(actor), async (em) => {
        await assertActive(em, actor);
        return work(em, actor);
      });
    } catch (error) {
      if (error instanceof AppError && error.message === inactiveMessage) return refuse(grant, currentWorkflowId(), 'inactive');
      throw error;
    }
  }

  return { verified, assertActive, actingAs };
}

export type Acting = ReturnType<typeof createActing>;
