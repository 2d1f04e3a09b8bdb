import { registerNoShow } from '../domain/agenda/agenda.use-cases';
import { defineUseCase, runUseCase } from '../domain/audit/use-case';
import type { LetterRewrite, NoShowJob, PrepareResult, PreparedNoShow } from '../domain/noshow/noshow';
import type { GrantedApproval, GrantedRejection } from '../workflows/noshow/messages';
import { rewriteLetter } from '../domain/noshow/rewrite';
import { approve, dispatch, prepareNoShow, reject, remindReview, storeRewrite, withdraw } from '../domain/noshow/noshow.steps';
import { AppError } from '../domain/shared/errors';
import { grantOf, type ActorGrant, type Granted } from '../temporal/actor-grant';
import type { Acting } from './acting';
import type { ActivityDeps } from './activities';
import { heartbeating } from './heartbeat';

/** The no-show workflow's activities; `createActivities` includes them. Every actor arrives as a grant (ADR 0025). */
export function createNoShowActivities({ orm, ai, acting }: Omit<ActivityDeps, 'grants'> & { acting: Acting }) {
  const { verified, assertActive, actingAs } = acting;
  return {
    /** A refusal (not found, not the clinician's, already cancelled, not yet begun) ends the process with its Dutch reason; faults are retried. */
    async prepareNoShow({ job, key }: { job: Granted<NoShowJob>; key: string }): Promise<PrepareResult> {
      const actor = await verified(grantOf(job));
      // The step registers the no-show (`agenda.no-show`, its rows written inside) and claims the letter;
      // a refused or failed step is logged as an attempt of that use case, naming the appointment's patient.
      const preparing = defineUseCase({
        ...registerNoShow,
        run: async (em) => {
          await assertActive(em, actor);
          return prepareNoShow(em, { ...job, actor }, key);
        },
        logged: () => [],
      });
      try {
        return {
          ok: true,
          prepared: await runUseCase(orm, actor, preparing, { appointmentId: job.appointmentId, at: new Date(job.requestedAt) }),
        };
      } catch (error) {
        if (error instanceof AppError) return { ok: false, error: error.message };
        throw error;
      }
    },

    async rewriteNoShowLetter({ job, prepared }: { job: Granted<NoShowJob>; prepared: PreparedNoShow }): Promise<LetterRewrite> {
      const actor = await verified(grantOf(job));
      return heartbeating(() => rewriteLetter(ai, { ...job, actor }, prepared));
    },

    async storeNoShowRewrite({
      job,
      letterId,
      rewrite,
      key,
    }: {
      job: Granted<NoShowJob>;
      letterId: string;
      rewrite: LetterRewrite;
      key: string;
    }): Promise<void> {
      await actingAs(grantOf(job), (em, actor) => storeRewrite(em, { ...job, actor }, letterId, rewrite, key));
    },

    async remindNoShowReview({
      job,
      prepared,
      index,
      key,
    }: {
      job: Granted<NoShowJob>;
      prepared: Pick<PreparedNoShow, 'letterId' | 'patientId' | 'patientName'>;
      index: number;
      key: string;
    }): Promise<void> {
      await actingAs(grantOf(job), (em, actor) => remindReview(em, { ...job, actor }, prepared, index, key));
    },

    async approveNoShowLetter({
      job,
      letterId,
      approval,
      key,
    }: {
      job: Granted<NoShowJob>;
      letterId: string;
      approval: GrantedApproval;
      key: string;
    }): Promise<void> {
      await actingAs(approval.grant, (em, reviewer) =>
        approve(em, { ...job, actor: reviewer }, letterId, { reviewer, finalText: approval.finalText }, key),
      );
    },

    async rejectNoShowRewrite({
      job,
      letterId,
      rejection,
      key,
    }: {
      job: Granted<NoShowJob>;
      letterId: string;
      rejection: GrantedRejection;
      key: string;
    }): Promise<void> {
      await actingAs(rejection.grant, (em, reviewer) => reject(em, { ...job, actor: reviewer }, letterId, reviewer, rejection.reason, key));
    },

    async dispatchNoShowLetter({ grant, letterId, key }: { grant: ActorGrant; letterId: string; key: string }): Promise<void> {
      await actingAs(grant, (em, actor) => dispatch(em, actor, letterId, key));
    },

    async withdrawNoShow({ grant, prepared, key }: { grant: ActorGrant; prepared: PreparedNoShow; key: string }): Promise<void> {
      await actingAs(grant, (em, actor) => withdraw(em, actor, prepared, key));
    },
  };
}
