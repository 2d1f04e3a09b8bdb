import { isoDay } from '../domain/shared/clinical-time';
import type { AuditActor } from '../domain/audit/audit.service';
import type { MikroORM } from '../domain/db/orm';
import type { HandoverJob } from '../domain/handover/generate';
import {
  generateRequestSchema,
  type GenerateRequest,
  type HandoverPeriod,
  type HandoverRole,
  type HandoverSummary,
} from '../domain/handover/handover.schemas';
import { parseOrThrow } from '../domain/shared/validation';
import { wardRequestSchema, type WardHandoverJob } from '../domain/handover/ward.service';
import type { z } from '../domain/shared/validation';
import type { handoverGeneration, wardHandoverGeneration } from '../workflows/handover/handover.workflow';
import { handoverResultUpdate, handoverSteps, type WardHandoverMemo } from '../workflows/handover/messages';
import { taskQueues } from '../workflows/task-queues';
import { assertReachable, organisationAttributes, temporalCall, type TemporalDeps } from './client';
import { assertPatient, generationProgress, ownRun, startOrJoinGeneration, type GenerationProgress } from './generation';

/*
 * The app's side of a handover generation: start (or join) the workflow and get its summary
 * through the `result` Update; report its progress while the page waits.
 */

export function handoverWorkflowId(request: GenerateRequest, now: Date): string {
  return `handover-${request.patientId}-${request.period}-${request.filterForRole}-${isoDay(now)}`;
}

const stillRunning = 'De overdracht wordt nog gemaakt. Probeer het over een moment opnieuw.';

export interface HandoverDeps extends TemporalDeps {
  orm: MikroORM;
  /** How long a request waits for the workflow before it answers 504 (the workflow goes on). */
  waitMs?: number;
}

/**
 * Starts the generation, or joins the one already running for the same patient, period, role and
 * day; a finished one is generated anew (the clinician asked again). Answers with the summary.
 */
export async function generateHandover(deps: HandoverDeps, actor: AuditActor, body: unknown, now = new Date()): Promise<HandoverSummary> {
  const request = parseOrThrow(generateRequestSchema, body);
  await assertPatient(deps.orm, actor, request.patientId);
  const workflowId = handoverWorkflowId(request, now);
  const job: Omit<HandoverJob, 'actor'> = {
    patientId: request.patientId,
    period: request.period,
    role: request.filterForRole,
    workflowId,
    requestedAt: now.toISOString(),
  };
  const result = await startOrJoinGeneration<typeof handoverGeneration, Awaited<ReturnType<typeof handoverGeneration>>>(
    deps,
    {
      workflowType: 'handoverGeneration',
      workflowId,
      args: [{ ...job, grant: deps.grants.grant(actor, workflowId, 'generation', now) }],
      result: handoverResultUpdate,
      organisationId: actor.organisationId,
      waitMs: deps.waitMs ?? 60_000,
      stillRunning,
    },
    deps.taskQueue ?? taskQueues.clinical,
  );
  return result.summary;
}

export type HandoverProgressView = GenerationProgress;

/** Progress of today's generation for the request; someone else's organisation sees nothing. */
export async function handoverProgress(
  deps: TemporalDeps,
  actor: AuditActor,
  query: unknown,
  now = new Date(),
): Promise<HandoverProgressView> {
  const request = parseOrThrow(generateRequestSchema, query);
  return generationProgress(deps, actor.organisationId, handoverWorkflowId(request, now), handoverSteps);
}

/*
 * The ward handover: started (or joined, while it runs) without waiting for it — a ward takes longer
 * than a request should — and followed through its memo.
 */

/** One run per organisation, period, role and day at a time; a finished one is made anew when asked again. */
export function wardHandoverWorkflowId(organisationId: string, request: WardRequest, now: Date): string {
  return `ward-handover-${organisationId}-${request.period}-${request.filterForRole}-${isoDay(now)}`;
}

type WardRequest = z.output<typeof wardRequestSchema>;

export interface WardHandoverProgress {
  period: HandoverPeriod;
  filterForRole: HandoverRole;
  status: 'niet_gestart' | 'bezig' | 'klaar' | 'mislukt';
  /** Patients done (with or without a new summary) of `total`; `failed` of them without one. */
  done: number;
  total: number;
  failed: number;
}

/** Starts the ward handover, or joins the one running for the same period and role; answers with its progress. */
export async function startWardHandover(
  deps: TemporalDeps,
  actor: AuditActor,
  body: unknown,
  now = new Date(),
): Promise<WardHandoverProgress> {
  const request = parseOrThrow(wardRequestSchema, body);
  const workflowId = wardHandoverWorkflowId(actor.organisationId, request, now);
  const job: Omit<WardHandoverJob, 'actor'> = {
    period: request.period,
    role: request.filterForRole,
    workflowId,
    requestedAt: now.toISOString(),
  };
  await assertReachable(deps.client);
  await temporalCall(deps.client, () =>
    deps.client.workflow.start<typeof wardHandoverGeneration>('wardHandoverGeneration', {
      taskQueue: deps.taskQueue ?? taskQueues.clinical,
      workflowId,
      args: [{ ...job, grant: deps.grants.grant(actor, workflowId, 'generation', now) }],
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'ALLOW_DUPLICATE',
      memo: { organisationId: actor.organisationId, step: 0, total: 0, failed: 0 },
      typedSearchAttributes: organisationAttributes(actor.organisationId),
      workflowExecutionTimeout: '10 minutes',
    }),
  );
  return wardHandoverProgress(deps, actor, request, now);
}

/** Where today's ward handover for the period and role stands; another organisation's run is not started for this one. */
export async function wardHandoverProgress(
  deps: TemporalDeps,
  actor: AuditActor,
  query: unknown,
  now = new Date(),
): Promise<WardHandoverProgress> {
  const request = parseOrThrow(wardRequestSchema, query);
  const run = await ownRun(deps, actor.organisationId, wardHandoverWorkflowId(actor.organisationId, request, now));
  if (!run) return { ...request, status: 'niet_gestart', done: 0, total: 0, failed: 0 };
  const memo = run.memo as Partial<WardHandoverMemo>;
  return {
    ...request,
    status: run.status === 'RUNNING' ? 'bezig' : run.status === 'COMPLETED' ? 'klaar' : 'mislukt',
    done: Number(memo.step ?? 0),
    total: Number(memo.total ?? 0),
    failed: Number(memo.failed ?? 0),
  };
}
