import { recordAudit, type AuditActor } from '../audit/audit.service';
import type { EntityManager } from '../db/orm';
import { parseOrThrow } from '../shared/validation';
import { actionStates, type ActionStates } from './action-ticks';
import { generateRequestSchema, type HandoverPeriod, type HandoverRole, type HandoverSummary } from './handover.schemas';
import { handoverOverview, todaysSummaries, type HandoverPeriodRange, type WardPatient } from './handover.service';

/*
 * The ward handover (issue 26, point 2): every patient of the ward with their alerts and the newest
 * summary made today for the period and role, as one overview for the shift, on screen, on paper and
 * as PDF.
 */

/** The ward handover covers at most this many patients, the first in handover order (most alerts first). */
export const wardHandoverMax = 100;

export const wardRequestSchema = generateRequestSchema.omit({ patientId: true });

export interface WardHandoverJob {
  actor: AuditActor;
  period: HandoverPeriod;
  role: HandoverRole;
  workflowId: string;
  /** The moment the clinician asked: every patient's period ends there, also in a retried step. */
  requestedAt: string;
}

export interface WardHandoverEntry {
  patient: WardPatient;
  summary: HandoverSummary | null;
}

export interface WardHandover {
  period: HandoverPeriodRange;
  role: HandoverRole;
  patients: WardHandoverEntry[];
  /** The whole ward; more than `patients` when the ward is larger than `wardHandoverMax`. */
  total: number;
  withAlerts: number;
  /** The looking clinician's ticks on the summaries' action items. */
  actions: ActionStates;
}

/** The patients the ward handover is made for, in handover order. */
export async function wardPatientIds(em: EntityManager, actor: AuditActor, job: Omit<WardHandoverJob, 'actor' | 'workflowId'>) {
  const overview = await handoverOverview(em, actor, { period: job.period, limit: String(wardHandoverMax) }, new Date(job.requestedAt));
  return overview.patients.map((patient) => patient.patientId);
}

/** The ward with each patient's newest summary of today for the period and role, in one query for all summaries. */
export async function wardHandover(em: EntityManager, actor: AuditActor, query: unknown, now = new Date()): Promise<WardHandover> {
  const { period, filterForRole: role } = parseOrThrow(wardRequestSchema, query);
  const overview = await handoverOverview(em, actor, { period, limit: String(wardHandoverMax) }, now);
  const summaries = await todaysSummaries(
    em,
    overview.patients.map((patient) => patient.patientId),
    period,
    role,
    now,
  );
  if (summaries.size > 0)
    recordAudit(em, actor, {
      action: 'read',
      resourceType: 'HandoverSummary',
      patientIds: [...summaries.keys()],
      details: { period, role, ward: true },
    });
  return {
    period: overview.period,
    role,
    patients: overview.patients.map((patient) => ({ patient, summary: summaries.get(patient.patientId) ?? null })),
    total: overview.total,
    withAlerts: overview.withAlerts,
    actions: await actionStates(
      em,
      [...summaries.values()].map((summary) => summary.meta.summaryId!),
      actor.userId,
    ),
  };
}
