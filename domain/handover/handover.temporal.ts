import type { Client } from '@temporalio/client';
import type { handoverGeneration } from '../../workflows/handover/handover.workflow';
import { handoverSteps } from '../../workflows/handover/messages';
import { taskQueues } from '../../workflows/task-queues';
import { isoDay } from '../agenda/agenda.dates';
import type { AuditActor } from '../audit/audit.service';
import type { MikroORM } from '../db/orm';
import { assertPatient, generationProgress, startOrJoinGeneration, type GenerationProgress } from '../shared/generation.temporal';
import { parseOrThrow } from '../shared/validation';
import type { HandoverJob } from './generate';
import { generateRequestSchema, type GenerateRequest, type HandoverSummary } from './handover.schemas';

/*
 * The app's side of a handover generation: start (or join) the workflow and wait for its result;
 * report its progress while the page waits.
 */

export function handoverWorkflowId(request: GenerateRequest, now: Date): string {
  return `handover-${request.patientId}-${request.period}-${request.filterForRole}-${isoDay(now)}`;
}

const stillRunning = 'De overdracht wordt nog gemaakt. Probeer het over een moment opnieuw.';

export interface HandoverDeps {
  orm: MikroORM;
  client: Client;
  taskQueue?: string;
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
  const job: HandoverJob = { actor, patientId: request.patientId, period: request.period, role: request.filterForRole, workflowId, requestedAt: now.toISOString() };
  const result = await startOrJoinGeneration<typeof handoverGeneration>(deps.client, {
    workflowType: 'handoverGeneration',
    workflowId,
    taskQueue: deps.taskQueue ?? taskQueues.clinical,
    args: [job],
    organisationId: actor.organisationId,
    waitMs: deps.waitMs ?? 60_000,
    stillRunning,
  });
  return result.summary;
}

export type HandoverProgressView = GenerationProgress;

/** Progress of today's generation for the request; someone else's organisation sees nothing. */
export async function handoverProgress(client: Client, actor: AuditActor, query: unknown, now = new Date()): Promise<HandoverProgressView> {
  const request = parseOrThrow(generateRequestSchema, query);
  return generationProgress(client, actor.organisationId, handoverWorkflowId(request, now), handoverSteps);
}
