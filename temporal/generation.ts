import {
  WithStartWorkflowOperation,
  WorkflowNotFoundError,
  type UpdateDefinition,
  type Workflow,
  type WorkflowExecutionStatusName,
  type WorkflowHandle,
  type WorkflowStartOptions,
} from '@temporalio/client';
import type { GenerationMemo, GenerationOutcome } from '../workflows/generation';
import type { MikroORM } from '../domain/db/orm';
import { withTenant } from '../domain/db/tenant';
import { findPatient } from '../domain/patient/patient.service';
import { AppError } from '../domain/shared/errors';
import { assertReachable, callMs, organisationAttributes, temporalCall, type TemporalDeps } from './client';

/*
 * The app's side of a generation workflow (handover, treatment plan): start it under a business id
 * or join the one running, through one Update that answers with the result, and show its progress
 * from the memo while the page waits.
 */

/** Generations are asked for a patient: an unknown one, or one of another organisation, is a Dutch 404 before any workflow starts. */
export async function assertPatient(orm: MikroORM, tenant: { organisationId: string; userId: string }, patientId: string): Promise<void> {
  await withTenant(orm, tenant, (em) => findPatient(em, patientId));
}

export interface GenerationStart<W extends Workflow, R extends GenerationOutcome> {
  workflowType: string;
  workflowId: string;
  args: Parameters<W>;
  /** The workflow's `result` Update: it answers once the generation is done, for whoever joined. */
  result: UpdateDefinition<R, []>;
  organisationId: string;
  /** How long the request waits before it answers 504; the workflow goes on and a new request joins it. */
  waitMs: number;
  stillRunning: string;
}

/**
 * Update-with-start: starts the generation, or joins the one already running under the same id;
 * a finished one is run anew (the clinician asked again on purpose). The Update answers with the
 * run's outcome; `mislukt` becomes a 502. No polling: the answer comes when the run has it.
 */
export async function startOrJoinGeneration<W extends Workflow, R extends GenerationOutcome>(
  deps: TemporalDeps,
  start: GenerationStart<W, R>,
  taskQueue: string,
): Promise<Extract<R, { status: 'klaar' }>> {
  const operation = new WithStartWorkflowOperation<W>(
    start.workflowType as never,
    {
      taskQueue,
      workflowId: start.workflowId,
      args: start.args,
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'ALLOW_DUPLICATE',
      memo: { organisationId: start.organisationId, step: 0 } satisfies GenerationMemo,
      typedSearchAttributes: organisationAttributes(start.organisationId),
      workflowExecutionTimeout: '10 minutes',
    } as unknown as WorkflowStartOptions<W> & { workflowIdConflictPolicy: 'USE_EXISTING' },
  );
  // One budget for both: a worker that is (re)starting may take a while to accept the Update.
  await assertReachable(deps.client);
  const deadline = Date.now() + start.waitMs;
  const update = await temporalCall(
    deps.client,
    () => deps.client.workflow.startUpdateWithStart(start.result, { waitForStage: 'ACCEPTED', startWorkflowOperation: operation }),
    start.waitMs,
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('timeout', start.stillRunning)), Math.max(0, deadline - Date.now()));
  });
  try {
    const outcome = await Promise.race([temporalCall(deps.client, () => update.result(), start.waitMs + callMs), timeout]);
    if (outcome.status === 'mislukt') throw new AppError('upstream_failed', outcome.error);
    return outcome as Extract<R, { status: 'klaar' }>;
  } finally {
    clearTimeout(timer);
  }
}

export interface GenerationProgress {
  status: 'niet_gestart' | 'bezig' | 'klaar' | 'mislukt';
  /** How many of `steps` are done. */
  step: number;
  steps: readonly string[];
}

/**
 * Today's run under `workflowId` as this organisation may see it: its status and memo, or null when
 * there is none — or it is another organisation's (the id is guessable, the memo says whose it is).
 */
export async function ownRun(
  deps: TemporalDeps,
  organisationId: string,
  workflowId: string,
): Promise<{ status: WorkflowExecutionStatusName; memo: Record<string, unknown>; handle: WorkflowHandle } | null> {
  const handle = deps.client.workflow.getHandle(workflowId);
  try {
    const description = await temporalCall(deps.client, () => handle.describe());
    const memo = (description.memo ?? {}) as Record<string, unknown>;
    return memo.organisationId === organisationId ? { status: description.status.name, memo, handle } : null;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return null;
    throw error;
  }
}

/** Where a generation stands; one of another organisation is reported as not started. */
export async function generationProgress(
  deps: TemporalDeps,
  organisationId: string,
  workflowId: string,
  steps: readonly string[],
): Promise<GenerationProgress> {
  const run = await ownRun(deps, organisationId, workflowId);
  if (!run) return { status: 'niet_gestart', step: 0, steps };
  if (run.status === 'RUNNING') return { status: 'bezig', step: Number((run.memo as Partial<GenerationMemo>).step ?? 0), steps };
  if (run.status === 'COMPLETED') {
    const result = (await temporalCall(deps.client, () => run.handle.result())) as GenerationOutcome;
    return { status: result.status, step: steps.length, steps };
  }
  return { status: 'mislukt', step: 0, steps };
}
