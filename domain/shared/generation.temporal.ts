import { ServiceError, WorkflowNotFoundError, isGrpcServiceError, type Client, type Workflow, type WorkflowResultType, type WorkflowStartOptions } from '@temporalio/client';
import type { MikroORM } from '../db/orm';
import { withTenant } from '../db/tenant';
import { findPatient } from '../patient/patient.service';
import { AppError, dutchMessages } from './errors';

/*
 * The app's side of a generation workflow (handover, treatment plan): start it under a business id
 * or join the one running, wait a bounded time for its result, and show its progress from the memo.
 */

/** What every generation workflow answers: done, or a Dutch reason why nothing was stored. */
export type GenerationOutcome = { status: 'klaar' } | { status: 'mislukt'; error: string };

/** A generation's memo: whose it is and how many steps are done, readable without a worker. */
export interface GenerationMemo {
  organisationId: string;
  step: number;
}

export function temporalError(error: unknown): never {
  if (error instanceof ServiceError || isGrpcServiceError(error)) throw new AppError('unavailable', dutchMessages.unavailable);
  throw error;
}

/**
 * Calls that answer at once (start, describe) get a deadline: when Temporal goes away after the
 * app connected, the client would otherwise retry for minutes while the clinician waits.
 */
const callMs = 3000;

/** Generations are asked for a patient: an unknown one, or one of another organisation, is a Dutch 404 before any workflow starts. */
export async function assertPatient(orm: MikroORM, tenant: { organisationId: string; userId: string }, patientId: string): Promise<void> {
  await withTenant(orm, tenant, (em) => findPatient(em, patientId));
}

export interface GenerationStart<W extends Workflow> {
  workflowType: string;
  workflowId: string;
  taskQueue: string;
  args: Parameters<W>;
  organisationId: string;
  /** How long the request waits before it answers 504; the workflow goes on and a new request joins it. */
  waitMs: number;
  stillRunning: string;
}

/**
 * Starts the generation, or joins the one already running under the same id; a finished one is run
 * anew (the clinician asked again on purpose). A workflow that ends `mislukt` becomes a 502.
 */
export async function startOrJoinGeneration<W extends Workflow>(client: Client, start: GenerationStart<W>): Promise<Extract<WorkflowResultType<W>, { status: 'klaar' }>> {
  const options = {
    taskQueue: start.taskQueue,
    workflowId: start.workflowId,
    args: start.args,
    workflowIdConflictPolicy: 'USE_EXISTING',
    workflowIdReusePolicy: 'ALLOW_DUPLICATE',
    memo: { organisationId: start.organisationId, step: 0 } satisfies GenerationMemo,
    workflowExecutionTimeout: '10 minutes',
  } as unknown as WorkflowStartOptions<W>;
  const handle = await client.withDeadline(Date.now() + callMs, () => client.workflow.start<W>(start.workflowType, options)).catch(temporalError);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('timeout', start.stillRunning)), start.waitMs);
  });
  try {
    const result: WorkflowResultType<W> = await Promise.race([handle.result().catch(temporalError), timeout]);
    const outcome = result as GenerationOutcome;
    if (outcome.status === 'mislukt') throw new AppError('upstream_failed', outcome.error);
    return result as Extract<WorkflowResultType<W>, { status: 'klaar' }>;
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

/** Where a generation stands; one of another organisation is reported as not started. */
export async function generationProgress(client: Client, organisationId: string, workflowId: string, steps: readonly string[]): Promise<GenerationProgress> {
  const handle = client.workflow.getHandle(workflowId);
  const nothing: GenerationProgress = { status: 'niet_gestart', step: 0, steps };
  try {
    const description = await client.withDeadline(Date.now() + callMs, () => handle.describe());
    if (description.memo?.organisationId !== organisationId) return nothing;
    if (description.status.name === 'RUNNING') return { status: 'bezig', step: Number((description.memo as Partial<GenerationMemo>).step ?? 0), steps };
    if (description.status.name === 'COMPLETED') {
      const result = (await client.withDeadline(Date.now() + callMs, () => handle.result())) as GenerationOutcome;
      return { status: result.status, step: steps.length, steps };
    }
    return { ...nothing, status: 'mislukt' };
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return nothing;
    return temporalError(error);
  }
}
