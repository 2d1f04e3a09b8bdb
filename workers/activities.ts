import type { AiPort } from '../domain/ai/ai.port';
import { runUseCase, runUseCaseWithin } from '../domain/audit/use-case';
import type { MikroORM } from '../domain/db/orm';
import { pendingStep, type ChainStep } from '../domain/intent/chain';
import { chainStepUseCase, prepareChainStep, stepOutcome } from '../domain/intent/chain.service';
import type { ChainAction } from '../domain/intent/intent.schemas';
import {
  summariseHandover,
  type CollectedSources,
  type HandoverJob,
  type PreparedSummary,
  type SummariseResult,
} from '../domain/handover/generate';
import type { HandoverSummary } from '../domain/handover/handover.schemas';
import { collectHandover, handoverOverviewOf, storeHandoverSummary } from '../domain/handover/handover.use-cases';
import { wardHandoverMax, type WardHandoverJob } from '../domain/handover/ward.service';
import {
  collectTreatmentPlanSources,
  draftTreatmentPlan,
  type DraftedPlan,
  type DraftResult,
  type TreatmentPlanJob,
} from '../domain/treatment-plan/generate';
import type { PlanSources } from '../domain/treatment-plan/sources';
import type { TreatmentPlanView } from '../domain/treatment-plan/treatment-plan.schemas';
import { storePlanDraft } from '../domain/treatment-plan/treatment-plan.use-cases';
import { grantOf, type ActorGrant, type ActorGrants, type Granted } from '../temporal/actor-grant';
import { createActing } from './acting';
import { heartbeating } from './heartbeat';
import { createNoShowActivities } from './noshow.activities';

export interface ActivityDeps {
  orm: MikroORM;
  ai: AiPort;
  /** Verifies the app's signature on every actor a workflow hands an activity (ADR 0025). */
  grants: ActorGrants;
}

/**
 * All activities, created from their dependencies so tests can pass their own. Each activity
 * forks its own EntityManager; none keeps state between calls. None acts for anyone the app did
 * not vouch for: every actor arrives as a signed grant and is verified first (`acting.ts`).
 */
export function createActivities({ orm, ai, grants }: ActivityDeps) {
  const acting = createActing({ orm, grants });
  const { verified, assertActive, actingAs } = acting;
  const withActor = async <J extends { grant: ActorGrant }>(job: J) => ({ ...job, actor: await verified(grantOf(job)) });
  return {
    ...createNoShowActivities({ orm, ai, acting }),

    async checkDatabase(): Promise<boolean> {
      const rows = await orm.em.fork().execute<{ ok: number }[]>('select 1 as ok');
      return rows[0]?.ok === 1;
    },

    async prepareChainStep({ grant, action, index }: { grant: ActorGrant; action: ChainAction; index: number }): Promise<ChainStep> {
      return stepOutcome(pendingStep(action, index), () => actingAs(grant, (em, actor) => prepareChainStep(em, actor, action, index)));
    },

    async executeChainStep({ grant, chainId, step }: { grant: ActorGrant; chainId: string; step: ChainStep }): Promise<ChainStep> {
      const actor = await verified(grant);
      // A user no longer active is a refusal of the step (a Dutch reason, logged as denied), not a fault.
      return stepOutcome(step, async () => {
        const { useCase, input } = chainStepUseCase(chainId, step, assertActive);
        return runUseCase(orm, actor, useCase, input);
      });
    },

    async collectHandoverSources(job: Granted<HandoverJob>): Promise<CollectedSources> {
      return actingAs(grantOf(job), (em, actor) => runUseCaseWithin(em, actor, collectHandover, job));
    },

    async summariseHandover({ job, collected }: { job: Granted<HandoverJob>; collected: CollectedSources }): Promise<SummariseResult> {
      const verifiedJob = await withActor(job);
      return heartbeating(() => summariseHandover(ai, verifiedJob, collected));
    },

    async storeHandover({
      job,
      collected,
      prepared,
    }: {
      job: Granted<HandoverJob>;
      collected: CollectedSources;
      prepared: PreparedSummary;
    }): Promise<HandoverSummary> {
      const stored = await actingAs(grantOf(job), (em, actor) =>
        runUseCaseWithin(em, actor, storeHandoverSummary, { job, collected, prepared }),
      );
      return stored.summary;
    },

    async listWardPatients(job: Granted<WardHandoverJob>): Promise<string[]> {
      // The ward as it was when the clinician asked, logged as the ward list is.
      const query = { period: job.period, limit: String(wardHandoverMax) };
      const overview = await actingAs(grantOf(job), (em, actor) =>
        runUseCaseWithin(em, actor, handoverOverviewOf, { query, now: new Date(job.requestedAt) }),
      );
      return overview.patients.map((patient) => patient.patientId);
    },

    async collectTreatmentPlanSources(job: Granted<TreatmentPlanJob>): Promise<PlanSources> {
      return actingAs(grantOf(job), (em, actor) => collectTreatmentPlanSources(em, { ...job, actor }));
    },

    async draftTreatmentPlan({ job, sources }: { job: Granted<TreatmentPlanJob>; sources: PlanSources }): Promise<DraftResult> {
      const verifiedJob = await withActor(job);
      return heartbeating(() => draftTreatmentPlan(ai, verifiedJob, sources));
    },

    async storeTreatmentPlanDraft({
      job,
      drafted,
      runId,
    }: {
      job: Granted<TreatmentPlanJob>;
      drafted: DraftedPlan;
      runId: string;
    }): Promise<TreatmentPlanView> {
      const stored = await actingAs(grantOf(job), (em, actor) =>
        runUseCaseWithin(em, actor, storePlanDraft, { job: { ...job, actor }, drafted, runId }),
      );
      return stored.plan;
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;
