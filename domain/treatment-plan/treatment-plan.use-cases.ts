import { defineUseCase, thePatient } from '../audit/use-case';
import type { EntityManager } from '../db/orm';
import { storeTreatmentPlanDraft, type DraftedPlan, type TreatmentPlanJob } from './generate';
import { approveTreatmentPlan, onlyPsychiatrist, planPatients, treatmentPlanVersions, updateTreatmentPlan } from './treatment-plan.service';
import type { TreatmentPlanView } from './treatment-plan.schemas';

/*
 * The treatment plan's use cases (ADR 0068). A change names the plan version and the patient it
 * belongs to, read from the plan: the API names only the plan, the record's tab also its patient,
 * and both log the same. Which sections changed is logged, never their text.
 */

const ofPlan = (em: EntityManager, { planId }: { planId: string }) => planPatients(em, planId);
const thePlan = ({ planId }: { planId: string }) => planId;
const approvedRow = (plan: TreatmentPlanView) => ({
  resourceId: plan.id,
  patientIds: [plan.patientId],
  details: { version: plan.version, approved: true },
});

/** Every version of the patient's plan, with the one in force and the open draft. */
export const treatmentPlanOverview = defineUseCase({
  name: 'treatmentPlan.versions',
  action: 'read',
  resourceType: 'TreatmentPlan',
  patients: (_em, input: { patientId: string }) => thePatient(input),
  run: (em, _actor, { patientId }) => treatmentPlanVersions(em, patientId),
  logged: (overview) => ({ patientIds: [overview.patientId], details: { versions: overview.versions.length } }),
});

/** The clinician's edit of a draft, the whole plan at once. */
export const editTreatmentPlan = defineUseCase({
  name: 'treatmentPlan.update',
  action: 'update',
  resourceType: 'TreatmentPlan',
  patients: ofPlan,
  resourceOf: thePlan,
  run: (em, actor, { planId, plan }: { planId: string; plan: unknown }) => updateTreatmentPlan(em, actor, planId, plan),
  logged: ({ plan, changed }) => ({
    resourceId: plan.id,
    patientIds: [plan.patientId],
    details: { version: plan.version, changed },
  }),
});

/** The draft as the plan in force; only a psychiatrist (regiebehandelaar) approves. */
export const approvePlan = defineUseCase({
  name: 'treatmentPlan.approve',
  action: 'update',
  resourceType: 'TreatmentPlan',
  patients: ofPlan,
  resourceOf: thePlan,
  allowed: (actor) => actor.role === 'psychiater',
  refusal: onlyPsychiatrist,
  run: (em, actor, { planId }: { planId: string }) => approveTreatmentPlan(em, actor, planId),
  logged: approvedRow,
});

/**
 * The tab's "Goedkeuren": the plan as edited on the page is saved and approved in one transaction,
 * logged as the edit and the approval.
 */
export const saveAndApprovePlan = defineUseCase({
  name: 'treatmentPlan.saveAndApprove',
  action: 'update',
  resourceType: 'TreatmentPlan',
  patients: ofPlan,
  resourceOf: thePlan,
  allowed: (actor) => actor.role === 'psychiater',
  refusal: onlyPsychiatrist,
  run: async (em, actor, { planId, plan }: { planId: string; plan: unknown }) => {
    const saved = await updateTreatmentPlan(em, actor, planId, plan);
    return { saved, approved: await approveTreatmentPlan(em, actor, planId) };
  },
  logged: ({ saved, approved }) => [
    { resourceId: saved.plan.id, patientIds: [saved.plan.patientId], details: { version: saved.plan.version, changed: saved.changed } },
    approvedRow(approved),
  ],
});

/** The generation's last step: the drafted plan stored as the patient's next version, once per workflow run. */
export const storePlanDraft = defineUseCase({
  name: 'treatmentPlan.storeDraft',
  action: 'create',
  resourceType: 'TreatmentPlan',
  patients: (_em, { job }: { job: TreatmentPlanJob; drafted: DraftedPlan; runId: string }) => thePatient(job),
  run: (em, _actor, { job, drafted, runId }) => storeTreatmentPlanDraft(em, job, drafted, runId),
  logged: ({ plan, created }) =>
    created ? { resourceId: plan.id, patientIds: [plan.patientId], details: { version: plan.version, source: plan.bron } } : [],
});
