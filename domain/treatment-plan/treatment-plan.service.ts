import { clinicalToday } from '../shared/clinical-time';
import type { AuditActor } from '../audit/audit.service';
import { User } from '../auth/auth.entities';
import type { EntityManager } from '../db/orm';
import { findPatient } from '../patient/patient.service';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseOrThrow } from '../shared/validation';
import { TreatmentPlan } from './treatment-plan.entity';
import {
  approvalIssues,
  planContentSchema,
  type TreatmentPlanContent,
  type TreatmentPlanOverview,
  type TreatmentPlanView,
} from './treatment-plan.schemas';

export const planNotFound = 'Het gevraagde behandelplan is niet gevonden.';
const approvedIsReadOnly =
  'Dit behandelplan is goedgekeurd en kan niet meer worden gewijzigd. Genereer een nieuw concept om het bij te stellen.';
const supersededIsReadOnly = 'Dit concept is vervangen door een nieuwere versie en kan niet meer worden gewijzigd.';
export const onlyPsychiatrist = 'Alleen een psychiater (regiebehandelaar) kan een behandelplan goedkeuren.';
const notApprovable = 'Het behandelplan is nog niet compleet: vul de gemarkeerde onderdelen aan voordat je het goedkeurt.';

async function userNames(em: EntityManager, plans: TreatmentPlan[]): Promise<Map<string, string>> {
  const ids = [
    ...new Set(plans.flatMap((plan) => [plan.generatedBy, plan.updatedBy, plan.approvedBy]).filter((id): id is string => Boolean(id))),
  ];
  if (ids.length === 0) return new Map();
  const users = await em.find(User, { id: { $in: ids } }, { fields: ['id', 'displayName'] });
  return new Map(users.map((user) => [user.id, user.displayName]));
}

function toView(plan: TreatmentPlan, names: Map<string, string>): TreatmentPlanView {
  const person = (id: string | null | undefined) => (id ? { id, name: names.get(id) ?? 'onbekend' } : null);
  return {
    id: plan.id,
    patientId: plan.patientId,
    version: plan.version,
    status: plan.status,
    bron: plan.source,
    model: plan.model ?? null,
    melding: plan.notice ?? null,
    workflowId: plan.workflowId ?? null,
    plan: plan.content,
    generatedBy: person(plan.generatedBy)!,
    generatedAt: plan.generatedAt.toISOString(),
    updatedBy: person(plan.updatedBy),
    updatedAt: plan.updatedAt.toISOString(),
    approvedBy: person(plan.approvedBy),
    approvedAt: plan.approvedAt ? plan.approvedAt.toISOString() : null,
  };
}

export async function planView(em: EntityManager, plan: TreatmentPlan): Promise<TreatmentPlanView> {
  return toView(plan, await userNames(em, [plan]));
}

/** Every version of the patient's plan, newest first, with the one in force and the open draft. */
export async function treatmentPlanVersions(em: EntityManager, patientId: string): Promise<TreatmentPlanOverview> {
  const patient = await findPatient(em, patientId);
  const plans = await em.find(TreatmentPlan, { patientId: patient.id }, { orderBy: { version: 'desc' } });
  const names = await userNames(em, plans);
  const versions = plans.map((plan) => toView(plan, names));
  return {
    patientId: patient.id,
    current: versions.find((version) => version.status === 'goedgekeurd') ?? null,
    draft: versions.find((version) => version.status === 'concept') ?? null,
    versions,
  };
}

/** The patient a plan version of the organisation belongs to; an unknown id names nobody. */
export async function planPatients(em: EntityManager, planId: string): Promise<string[]> {
  if (!isUuid(planId)) return [];
  const plan = await em.findOne(TreatmentPlan, { id: planId }, { fields: ['patientId'] });
  return plan ? [plan.patientId] : [];
}

async function findDraft(em: EntityManager, planId: string): Promise<TreatmentPlan> {
  const plan = isUuid(planId) ? await em.findOne(TreatmentPlan, { id: planId }) : null;
  if (!plan) throw AppError.notFound(planNotFound);
  if (plan.status === 'goedgekeurd' || plan.approvedAt) throw new AppError('conflict', approvedIsReadOnly);
  if (plan.status === 'vervangen') throw new AppError('conflict', supersededIsReadOnly);
  return plan;
}

const sections = Object.keys(planContentSchema.shape) as (keyof TreatmentPlanContent)[];

/** The clinician's edit of a draft: the whole plan, validated as one, and which sections it changed; an approved version is 409. */
export async function updateTreatmentPlan(
  em: EntityManager,
  actor: AuditActor,
  planId: string,
  input: unknown,
): Promise<{ plan: TreatmentPlanView; changed: (keyof TreatmentPlanContent)[] }> {
  const plan = await findDraft(em, planId);
  const content = parseOrThrow(planContentSchema, input);
  const changed = sections.filter((section) => JSON.stringify(plan.content[section]) !== JSON.stringify(content[section]));
  plan.content = content;
  plan.updatedBy = actor.userId;
  await em.flush();
  return { plan: await planView(em, plan), changed };
}

/**
 * Makes the draft the plan in force: complete, with the client's consent recorded (only a
 * psychiatrist approves: the use case's permission). The version approved before it is superseded;
 * both stay readable.
 */
export async function approveTreatmentPlan(
  em: EntityManager,
  actor: AuditActor,
  planId: string,
  now = new Date(),
): Promise<TreatmentPlanView> {
  const plan = await findDraft(em, planId);
  const issues = approvalIssues(parseOrThrow(planContentSchema, plan.content), clinicalToday(now));
  if (Object.keys(issues).length > 0) throw AppError.validation(issues, notApprovable);
  await em.nativeUpdate(TreatmentPlan, { patientId: plan.patientId, status: 'goedgekeurd' }, { status: 'vervangen', updatedAt: now });
  plan.status = 'goedgekeurd';
  plan.approvedBy = actor.userId;
  plan.approvedAt = now;
  await em.flush();
  return planView(em, plan);
}
