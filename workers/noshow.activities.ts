import { runAudited, type AuditActor } from '../domain/audit/audit.service';
import { withTenant } from '../domain/db/tenant';
import type { Approval, LetterRewrite, NoShowJob, PrepareResult, PreparedNoShow } from '../domain/noshow/noshow';
import { rewriteLetter } from '../domain/noshow/rewrite';
import { approve, dispatch, prepareNoShow, remindReview, storeRewrite, withdraw } from '../domain/noshow/noshow.steps';
import { AppError } from '../domain/shared/errors';
import type { ActivityDeps } from './activities';
import { heartbeating } from './heartbeat';

/** The no-show workflow's activities; `createActivities` includes them. */
export function createNoShowActivities({ orm, ai }: ActivityDeps) {
  const tenantOf = (actor: AuditActor) => ({ organisationId: actor.organisationId, userId: actor.userId });
  return {
    /** A refusal (not found, not the clinician's, already cancelled, not yet begun) ends the process with its Dutch reason; faults are retried. */
    async prepareNoShow({ job, key }: { job: NoShowJob; key: string }): Promise<PrepareResult> {
      try {
        const attempt = { action: 'update' as const, resourceType: 'Appointment', resourceId: job.appointmentId, details: { status: 'niet-verschenen' } };
        return { ok: true, prepared: await runAudited(orm, job.actor, attempt, (em) => prepareNoShow(em, job, key)) };
      } catch (error) {
        if (error instanceof AppError) return { ok: false, error: error.message };
        throw error;
      }
    },

    async rewriteNoShowLetter({ job, prepared }: { job: NoShowJob; prepared: PreparedNoShow }): Promise<LetterRewrite> {
      return heartbeating(() => rewriteLetter(ai, job, prepared));
    },

    async storeNoShowRewrite({ job, letterId, rewrite, key }: { job: NoShowJob; letterId: string; rewrite: LetterRewrite; key: string }): Promise<void> {
      await withTenant(orm, tenantOf(job.actor), (em) => storeRewrite(em, job, letterId, rewrite, key));
    },

    async remindNoShowReview({ job, prepared, index, key }: { job: NoShowJob; prepared: Pick<PreparedNoShow, 'letterId' | 'patientId' | 'patientName'>; index: number; key: string }): Promise<void> {
      await withTenant(orm, tenantOf(job.actor), (em) => remindReview(em, job, prepared, index, key));
    },

    async approveNoShowLetter({ job, letterId, approval, key }: { job: NoShowJob; letterId: string; approval: Approval; key: string }): Promise<void> {
      await withTenant(orm, tenantOf(approval.reviewer), (em) => approve(em, job, letterId, approval, key));
    },

    async dispatchNoShowLetter({ actor, letterId, key }: { actor: AuditActor; letterId: string; key: string }): Promise<void> {
      await withTenant(orm, tenantOf(actor), (em) => dispatch(em, actor, letterId, key));
    },

    async withdrawNoShow({ actor, prepared, key }: { actor: AuditActor; prepared: PreparedNoShow; key: string }): Promise<void> {
      await withTenant(orm, tenantOf(actor), (em) => withdraw(em, actor, prepared, key));
    },
  };
}
