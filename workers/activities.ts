import type { AiPort } from '../domain/ai/ai.port';
import { runAudited, type AuditActor } from '../domain/audit/audit.service';
import type { MikroORM } from '../domain/db/orm';
import { withTenant } from '../domain/db/tenant';
import { pendingStep, type ChainStep } from '../domain/intent/chain';
import { attemptOf, executeChainStep, prepareChainStep, stepOutcome } from '../domain/intent/chain.service';
import type { ChainAction } from '../domain/intent/intent.schemas';
import { collectHandoverSources, storeHandover, summariseHandover, type CollectedSources, type HandoverJob, type PreparedSummary, type SummariseResult } from '../domain/handover/generate';
import type { HandoverSummary } from '../domain/handover/handover.schemas';
import { collectTreatmentPlanSources, draftTreatmentPlan, storeTreatmentPlanDraft, type DraftedPlan, type DraftResult, type TreatmentPlanJob } from '../domain/treatment-plan/generate';
import type { PlanSources } from '../domain/treatment-plan/sources';
import type { TreatmentPlanView } from '../domain/treatment-plan/treatment-plan.schemas';
import { heartbeating } from './heartbeat';
import { createNoShowActivities } from './noshow.activities';

export interface ActivityDeps {
  orm: MikroORM;
  ai: AiPort;
}

/**
 * All activities, created from their dependencies so tests can pass their own. Each activity
 * forks its own EntityManager; none keeps state between calls.
 */
export function createActivities({ orm, ai }: ActivityDeps) {
  const tenantOf = (actor: AuditActor) => ({ organisationId: actor.organisationId, userId: actor.userId });
  return {
    ...createNoShowActivities({ orm, ai }),

    async checkDatabase(): Promise<boolean> {
      const rows = await orm.em.fork().execute<{ ok: number }[]>('select 1 as ok');
      return rows[0]?.ok === 1;
    },

    async prepareChainStep({ actor, action, index }: { actor: AuditActor; action: ChainAction; index: number }): Promise<ChainStep> {
      const tenant = { organisationId: actor.organisationId, userId: actor.userId };
      return stepOutcome(pendingStep(action, index), () => withTenant(orm, tenant, (em) => prepareChainStep(em, actor, action, index)));
    },

    async executeChainStep({ actor, chainId, step }: { actor: AuditActor; chainId: string; step: ChainStep }): Promise<ChainStep> {
      return stepOutcome(step, () => runAudited(orm, actor, attemptOf(step), (em) => executeChainStep(em, actor, chainId, step)));
    },

    async collectHandoverSources(job: HandoverJob): Promise<CollectedSources> {
      return withTenant(orm, tenantOf(job.actor), (em) => collectHandoverSources(em, job));
    },

    async summariseHandover({ job, collected }: { job: HandoverJob; collected: CollectedSources }): Promise<SummariseResult> {
      return heartbeating(() => summariseHandover(ai, job, collected));
    },

    async storeHandover({ job, collected, prepared }: { job: HandoverJob; collected: CollectedSources; prepared: PreparedSummary }): Promise<HandoverSummary> {
      return withTenant(orm, tenantOf(job.actor), (em) => storeHandover(em, job, collected, prepared));
    },

    async collectTreatmentPlanSources(job: TreatmentPlanJob): Promise<PlanSources> {
      return withTenant(orm, tenantOf(job.actor), (em) => collectTreatmentPlanSources(em, job));
    },

    async draftTreatmentPlan({ job, sources }: { job: TreatmentPlanJob; sources: PlanSources }): Promise<DraftResult> {
      return heartbeating(() => draftTreatmentPlan(ai, job, sources));
    },

    async storeTreatmentPlanDraft({ job, drafted, runId }: { job: TreatmentPlanJob; drafted: DraftedPlan; runId: string }): Promise<TreatmentPlanView> {
      return withTenant(orm, tenantOf(job.actor), (em) => storeTreatmentPlanDraft(em, job, drafted, runId));
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;
