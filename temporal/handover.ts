import { isoDay } from '../domain/shared/clinical-time';
import type { AuditActor } from '../domain/audit/audit.service';
import type { MikroORM } from '../domain/db/orm';
import type { HandoverJob } from '../domain/handover/generate';
import { generateRequestSchema, type GenerateRequest, type HandoverSummary } from '../domain/handover/handover.schemas';
import { parseOrThrow } from '../domain/shared/validation';
import type { handoverGeneration } from '../workflows/handover/handover.workflow';
import { handoverResultUpdate, handoverSteps } from '../workflows/handover/messages';
import { taskQueues } from '../workflows/task-queues';
import type { TemporalDeps } from './client';
import { assertPatient, generationProgress, startOrJoinGeneration, type GenerationProgress } from './generation';

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
