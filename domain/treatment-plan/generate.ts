import { refusedNotice, type AiPort } from '../ai/ai.port';
import { unusableModelAnswer } from '../ai/json-answer';
import { treatmentPlanMessages, treatmentPlanPrompt } from '../ai/prompts/treatment-plan.prompt';
import { Pseudonymiser } from '../ai/pseudonymise';
import type { AuditActor } from '../audit/audit.service';
import type { EntityManager } from '../db/orm';
import { onceOnly } from '../shared/effects';
import { localPlan, planFromModel, type ModelPlan } from './draft';
import { gatherPlanSources, type PlanSources } from './sources';
import { TreatmentPlan } from './treatment-plan.entity';
import type { PlanSource, TreatmentPlanContent, TreatmentPlanView } from './treatment-plan.schemas';
import { planView } from './treatment-plan.service';

/**
 * The three steps of a treatment-plan generation, each one activity of the
 * `treatmentPlanGeneration` workflow: gather, draft (model or local), store as a new draft version.
 */

export interface TreatmentPlanJob {
  actor: AuditActor;
  patientId: string;
  workflowId: string;
  /** The moment the clinician asked: a retried step counts evaluation dates from the same day. */
  requestedAt: string;
}

export interface DraftedPlan {
  plan: TreatmentPlanContent;
  bron: PlanSource;
  model: string | null;
  melding: string | null;
}

export type DraftResult = { ok: true; drafted: DraftedPlan } | { ok: false; error: string };

const modelUnavailable = 'Het taalmodel reageerde niet op tijd; dit concept is zonder taalmodel uit het dossier opgesteld.';

export async function collectTreatmentPlanSources(em: EntityManager, job: TreatmentPlanJob): Promise<PlanSources> {
  return gatherPlanSources(em, job.actor, job.patientId, new Date(job.requestedAt));
}

/** Step 2: the model drafts from the pseudonymised record; without a model, the local draft. */
export async function draftTreatmentPlan(ai: AiPort, job: TreatmentPlanJob, sources: PlanSources): Promise<DraftResult> {
  const local = (melding: string | null): DraftResult => ({
    ok: true,
    drafted: { plan: localPlan(sources), bron: 'lokaal', model: null, melding },
  });
  const context = {
    organisationId: job.actor.organisationId,
    userId: job.actor.userId,
    patientId: job.patientId,
    workflowId: job.workflowId,
  };
  if (!ai.configured) {
    await ai.recordLocal({ capability: 'treatment_plan', prompt: treatmentPlanPrompt, context, reason: 'geen taalmodel ingesteld' });
    return local(null);
  }
  const answer = await ai.complete<ModelPlan | null>({
    capability: 'treatment_plan',
    prompt: treatmentPlanPrompt,
    messages: treatmentPlanMessages(sources),
    context,
    pseudonymiser: new Pseudonymiser(sources.people),
    parse: (text) => {
      const plan = planFromModel(text, sources);
      return { value: plan, malformed: plan === null || plan.repaired };
    },
    json: true,
  });
  if (!('value' in answer)) return local(answer.outcome === 'geweigerd' ? refusedNotice : modelUnavailable);
  if (!answer.value) return { ok: false, error: unusableModelAnswer };
  return { ok: true, drafted: { plan: answer.value.plan, bron: 'taalmodel', model: answer.model, melding: answer.value.melding } };
}

/**
 * Step 3: the draft becomes the patient's next version and replaces an open draft (which stays
 * readable as a version). Once per workflow run: a retried step returns the version it stored
 * (`created` false: it was stored before).
 */
export async function storeTreatmentPlanDraft(
  em: EntityManager,
  job: TreatmentPlanJob,
  drafted: DraftedPlan,
  runId: string,
): Promise<{ plan: TreatmentPlanView; created: boolean }> {
  let created = false;
  const { planId } = await onceOnly(em, job.actor.organisationId, `treatment-plan:${job.workflowId}:${runId}`, async () => {
    await em.nativeUpdate(TreatmentPlan, { patientId: job.patientId, status: 'concept' }, { status: 'vervangen', updatedAt: new Date() });
    const rows = await em.execute<{ last: number | null }[]>('select max(version) as last from treatment_plans where patient_id = ?', [
      job.patientId,
    ]);
    const plan = em.create(TreatmentPlan, {
      organisationId: job.actor.organisationId,
      patientId: job.patientId,
      version: Number(rows[0]?.last ?? 0) + 1,
      status: 'concept',
      content: drafted.plan,
      source: drafted.bron,
      model: drafted.model,
      notice: drafted.melding,
      workflowId: job.workflowId,
      generatedBy: job.actor.userId,
    });
    await em.flush();
    created = true;
    return { planId: plan.id };
  });
  return { plan: await planView(em, await em.findOneOrFail(TreatmentPlan, { id: planId })), created };
}
