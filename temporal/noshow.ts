import { WithStartWorkflowOperation, WorkflowNotFoundError, type UpdateDefinition } from '@temporalio/client';
import { noShowRefusal } from '../domain/agenda/agenda.service';
import type { AuditActor } from '../domain/audit/audit.service';
import { runUseCase, runUseCaseWithin } from '../domain/audit/use-case';
import type { MikroORM } from '../domain/db/orm';
import { tenantOf, withTenant } from '../domain/db/tenant';
import { approvalRefusal, assertMaySignGpLetter, notYetReviewed, type GpLetterView } from '../domain/gp-letter/gp-letter.service';
import { approveLetterSchema, gpUnknown, rejectRewriteSchema } from '../domain/gp-letter/gp-letter.schemas';
import { readGpLetter } from '../domain/gp-letter/gp-letter.use-cases';
import {
  cancellableStatuses,
  initialNoShowState,
  noShowMessages,
  noShowStatusLabels,
  noShowWorkflowId,
  notCancellable,
  notDispatchable,
  restartableStatuses,
  type NoShowJob,
  type NoShowState,
  type NoShowStatus,
} from '../domain/noshow/noshow';
import { rescriptSchema } from '../domain/noshow/noshow.schemas';
import type { NoShowRecord } from '../domain/noshow/noshow.service';
import { dispatchNoShowLetter, noShowContextOf, ownNoShowAppointment } from '../domain/noshow/noshow.use-cases';
import { AppError } from '../domain/shared/errors';
import { isUuid } from '../domain/shared/ids';
import { parseOrThrow } from '../domain/shared/validation';
import type { Granted } from './actor-grant';
import {
  type GrantedDecision,
  approveUpdate,
  dispatchUpdate,
  registeredUpdate,
  rejectUpdate,
  rewrittenUpdate,
  withdrawUpdate,
} from '../workflows/noshow/messages';
import type { noShow } from '../workflows/noshow/noshow.workflow';
import { taskQueues } from '../workflows/task-queues';
import { waitingSinceMemo } from '../workflows/waiting';
import { asRejection, isUnreachable, organisationAttributes, temporalCall, type TemporalDeps } from './client';

/*
 * The app's side of a no-show: start (or join) the process, read where it stands, and pass on
 * the clinicians' decisions as Updates. The workflow memo is the process's state (ADR 14); these
 * functions add who may do what. Each decision is answered with the state it led to, or with the
 * workflow's Dutch refusal: nothing here polls.
 */

export interface NoShowDeps extends TemporalDeps {
  orm: MikroORM;
  /** Overrides the three days before a reminder (tests). */
  reminderAfterMs?: number;
  /** How long a request waits for the rewrite before it answers with the process as it stands. */
  rewriteWaitMs?: number;
  /** How long a decision waits for a worker to take it (15 s; tests shorten it). */
  decisionWaitMs?: number;
}

export interface NoShowContext extends NoShowRecord {
  workflow: (NoShowState & { statusLabel: string }) | null;
}

const finalStatuses: readonly NoShowStatus[] = ['verzendklaar', 'geannuleerd', 'afgewezen', 'mislukt'];
const stopped = 'De opvolging van ‘niet verschenen’ is afgebroken. Geef de opdracht opnieuw om de brief opnieuw te laten herschrijven.';
/** A decision is carried out at once (database work); this bounds the wait for a worker that does not come. */
const decisionMs = 15_000;
/**
 * No worker took the decision in time. Temporal keeps it until one does, so it may still be
 * carried out: the reviewer is told to look again rather than that it failed.
 */
const notTakenYet =
  'Je beslissing is doorgegeven, maar de verwerking reageert nu niet. Vernieuw de pagina over een moment om te zien of hij is verwerkt.';

/** The process's state from its memo, or null when there is none (or it is another organisation's). */
export async function noShowState(deps: NoShowDeps, actor: AuditActor, appointmentId: string): Promise<NoShowState | null> {
  const handle = deps.client.workflow.getHandle<typeof noShow>(noShowWorkflowId(appointmentId));
  try {
    const description = await temporalCall(deps.client, () => handle.describe());
    const memo = description.memo as (Partial<NoShowState> & { [waitingSinceMemo]?: unknown }) | undefined;
    if (!memo?.status || memo.organisationId !== actor.organisationId) return null;
    // The waiting time is for the beheer page; the process's state is the rest.
    const { [waitingSinceMemo]: _waitingSince, ...state } = memo as NoShowState & { [waitingSinceMemo]?: unknown };
    // Terminated by an operator (or timed out) halfway: it is over, and a new command may start again.
    if (description.status.name !== 'RUNNING' && !finalStatuses.includes(state.status))
      return { ...state, status: 'mislukt', error: stopped };
    return state;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return null;
    throw error;
  }
}

/**
 * A decision as an Update, signed for the clinician who makes it: the process's new state, or its
 * validator's refusal (409/400/404 in Dutch). A process that ended meanwhile is a conflict.
 */
async function decide<Args extends [GrantedDecision]>(
  deps: NoShowDeps,
  workflowId: string,
  update: UpdateDefinition<NoShowState, Args>,
  args: Args,
): Promise<NoShowState> {
  try {
    return await deps.client.withDeadline(Date.now() + (deps.decisionWaitMs ?? decisionMs), () =>
      deps.client.workflow.getHandle(workflowId).executeUpdate(update, { args }),
    );
  } catch (error) {
    if (error instanceof WorkflowNotFoundError)
      throw new AppError('conflict', 'De opvolging van ‘niet verschenen’ is intussen beëindigd. Vernieuw de pagina.');
    if (isUnreachable(error)) throw new AppError('unavailable', notTakenYet);
    throw asRejection(error);
  }
}

function withLabel(state: NoShowState | null): NoShowContext['workflow'] {
  return state ? { ...state, statusLabel: noShowStatusLabels[state.status] } : null;
}

function assertAppointmentId(appointmentId: string): void {
  if (!isUuid(appointmentId)) throw AppError.notFound('De gevraagde afspraak is niet gevonden.');
}

/** `GET …/context`: the appointment, patient, GP, letter and the process as it stands. */
export async function noShowContext(deps: NoShowDeps, actor: AuditActor, appointmentId: string): Promise<NoShowContext> {
  assertAppointmentId(appointmentId);
  const record = await runUseCase(deps.orm, actor, noShowContextOf, { appointmentId });
  return { ...record, workflow: withLabel(await noShowState(deps, actor, appointmentId)) };
}

/** Only the clinician of the appointment registers or withdraws its no-show (as any change to it); refusals are logged. */
async function ownAppointmentFor(deps: NoShowDeps, actor: AuditActor, appointmentId: string) {
  assertAppointmentId(appointmentId);
  return runUseCase(deps.orm, actor, ownNoShowAppointment, { appointmentId });
}

/**
 * `POST …/cancel`, the first step: starts the process `noshow-<appointmentId>`, or joins the one
 * that runs or has finished for the appointment; after a withdrawal or failure a new command starts
 * anew. The process cancels the appointment (status `niet-verschenen`, ADR 0030) and goes on to
 * rewrite the letter; the `registered` Update, sent with the start, answers once the appointment is
 * cancelled (past `rewriteWaitMs`, with the process as it stands).
 */
export async function startNoShow(
  deps: NoShowDeps,
  actor: AuditActor,
  appointmentId: string,
  body: unknown,
  now = new Date(),
): Promise<{ created: boolean; context: NoShowContext }> {
  const { followUp } = parseOrThrow(rescriptSchema, body ?? {});
  const appointment = await ownAppointmentFor(deps, actor, appointmentId);
  const existing = await noShowState(deps, actor, appointmentId);
  const startNew = !existing || restartableStatuses.includes(existing.status);
  const workflowId = noShowWorkflowId(appointmentId);
  if (startNew) {
    const refusal = noShowRefusal(appointment, now);
    if (refusal) throw new AppError('conflict', refusal);
    const job: Omit<NoShowJob, 'actor'> = {
      appointmentId,
      workflowId,
      followUp: followUp ?? null,
      requestedAt: now.toISOString(),
      ...(deps.reminderAfterMs ? { reminderAfterMs: deps.reminderAfterMs } : {}),
    };
    const granted: Granted<NoShowJob> = { ...job, grant: deps.grants.grant(actor, workflowId, 'noShow', now) };
    const operation = new WithStartWorkflowOperation<typeof noShow>('noShow', {
      taskQueue: deps.taskQueue ?? taskQueues.clinical,
      workflowId,
      args: [granted],
      // The same command twice joins the running process; a finished one is only restarted above.
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'ALLOW_DUPLICATE',
      memo: { ...initialNoShowState({ ...job, actor }) },
      typedSearchAttributes: organisationAttributes(actor.organisationId),
    });
    await untilAnswered(deps, () =>
      deps.client.workflow.startUpdateWithStart(registeredUpdate, { waitForStage: 'ACCEPTED', startWorkflowOperation: operation }),
    );
  }
  return { created: startNew, context: await noShowContext(deps, actor, appointmentId) };
}

/**
 * `POST …/rescript`: the rewrite of the open draft letter for review, by the process that
 * `cancel` started (409 without one); answers once the rewrite is ready (past `rewriteWaitMs`, with
 * the process as it stands). A second call returns the same rewrite.
 */
export async function rescriptNoShow(deps: NoShowDeps, actor: AuditActor, appointmentId: string): Promise<NoShowContext> {
  await ownAppointmentFor(deps, actor, appointmentId);
  const existing = await noShowState(deps, actor, appointmentId);
  if (!existing || restartableStatuses.includes(existing.status)) throw new AppError('conflict', noShowMessages.notRegistered);
  if (!finalStatuses.includes(existing.status)) {
    await untilAnswered(deps, () =>
      deps.client.workflow.getHandle(existing.workflowId).startUpdate(rewrittenUpdate, { waitForStage: 'ACCEPTED' }),
    );
  }
  return noShowContext(deps, actor, appointmentId);
}

/** Waits for an Update's answer, at most `rewriteWaitMs`; the process goes on either way. */
async function untilAnswered(deps: NoShowDeps, start: () => Promise<{ result(): Promise<NoShowState> }>): Promise<void> {
  const update = await temporalCall(deps.client, start, 5000);
  let timer: NodeJS.Timeout | undefined;
  const enough = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, deps.rewriteWaitMs ?? 10_000);
  });
  try {
    await Promise.race([
      update.result().then(
        () => undefined,
        () => undefined,
      ),
      enough,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** `POST …/withdraw`: withdraws the no-show before the approval; nothing is sent, the appointment is restored. */
export async function withdrawNoShow(deps: NoShowDeps, actor: AuditActor, appointmentId: string): Promise<NoShowContext> {
  await ownAppointmentFor(deps, actor, appointmentId);
  const state = await noShowState(deps, actor, appointmentId);
  if (!state) throw AppError.notFound(noShowMessages.noProcess);
  if (state.status !== 'geannuleerd') {
    // A process that has ended takes no Updates: its state says why it cannot be withdrawn.
    if (!cancellableStatuses.includes(state.status))
      throw new AppError('conflict', notCancellable[state.status] ?? noShowMessages.noProcess);
    const settled = await decide(deps, state.workflowId, withdrawUpdate, [
      { grant: deps.grants.grant(actor, state.workflowId, 'decision') },
    ]);
    // An approval that came first stands: the withdrawal changed nothing.
    if (settled.status !== 'geannuleerd') throw new AppError('conflict', notCancellable[settled.status] ?? noShowMessages.noProcess);
  }
  return noShowContext(deps, actor, appointmentId);
}

/** `PATCH …/dispatch`: only an approved letter becomes `verzendklaar`; a second call changes nothing. */
export async function dispatchNoShow(deps: NoShowDeps, actor: AuditActor, appointmentId: string): Promise<NoShowContext> {
  assertAppointmentId(appointmentId);
  await runUseCase(deps.orm, actor, dispatchNoShowLetter, { appointmentId });
  const state = await noShowState(deps, actor, appointmentId);
  if (state?.status !== 'verzendklaar') {
    if (state?.status !== 'goedgekeurd') throw new AppError('conflict', (state && notDispatchable[state.status]) ?? notYetReviewed);
    await decide(deps, state.workflowId, dispatchUpdate, [{ grant: deps.grants.grant(actor, state.workflowId, 'decision') }]);
  }
  return noShowContext(deps, actor, appointmentId);
}

async function letterOf(deps: NoShowDeps, actor: AuditActor, letterId: string): Promise<GpLetterView> {
  return withTenant(deps.orm, tenantOf(actor), (em) => runUseCaseWithin(em, actor, readGpLetter, { letterId }));
}

/**
 * The reviewer's approval (the review page): the final text, as edited, goes to the process as an
 * Update; answers with the letter as the process stored it.
 */
export async function approveNoShowLetter(deps: NoShowDeps, reviewer: AuditActor, letterId: string, body: unknown): Promise<GpLetterView> {
  const letter = await letterOf(deps, reviewer, letterId);
  // Only the treatment's lead signs; a nurse prepares (403 before any state is judged).
  assertMaySignGpLetter(reviewer);
  const refusal = approvalRefusal(letter.status);
  if (refusal) throw new AppError('conflict', refusal);
  // A letter to "Huisarts onbekend" is not approved: the reviewer chooses the GP first.
  if (!letter.gp.name) throw new AppError('conflict', gpUnknown);
  const { finalText } = parseOrThrow(approveLetterSchema, body);
  const state = letter.appointmentId ? await noShowState(deps, reviewer, letter.appointmentId) : null;
  if (!state || state.letterId !== letter.id) throw new AppError('conflict', noShowMessages.notAwaitingReview);
  const settled = await decide(deps, state.workflowId, approveUpdate, [
    { grant: deps.grants.grant(reviewer, state.workflowId, 'decision'), finalText },
  ]);
  if (settled.status === 'geannuleerd') throw new AppError('conflict', noShowMessages.withdrawnMeanwhile);
  return letterOf(deps, reviewer, letterId);
}

/**
 * "Afwijzen" on the review page: the rewrite is rejected with a reason; the letter goes back to the
 * clinician's original as a concept, the no-show stands. Answers with the letter as stored.
 */
export async function rejectNoShowLetter(deps: NoShowDeps, reviewer: AuditActor, letterId: string, body: unknown): Promise<GpLetterView> {
  const letter = await letterOf(deps, reviewer, letterId);
  const refusal = approvalRefusal(letter.status);
  if (refusal) throw new AppError('conflict', refusal);
  const { reason } = parseOrThrow(rejectRewriteSchema, body);
  const state = letter.appointmentId ? await noShowState(deps, reviewer, letter.appointmentId) : null;
  if (!state || state.letterId !== letter.id) throw new AppError('conflict', noShowMessages.notAwaitingReview);
  const settled = await decide(deps, state.workflowId, rejectUpdate, [
    { grant: deps.grants.grant(reviewer, state.workflowId, 'decision'), reason },
  ]);
  if (settled.status === 'geannuleerd') throw new AppError('conflict', noShowMessages.withdrawnMeanwhile);
  return letterOf(deps, reviewer, letterId);
}

/** "Niet verschenen intrekken" on the review page: the withdrawal of the letter's process. */
export async function withdrawGpLetter(deps: NoShowDeps, actor: AuditActor, letterId: string): Promise<GpLetterView> {
  const letter = await letterOf(deps, actor, letterId);
  if (!letter.appointmentId) throw new AppError('conflict', noShowMessages.noProcess);
  await withdrawNoShow(deps, actor, letter.appointmentId);
  return letterOf(deps, actor, letterId);
}

/** "Verzendklaar maken" on the review page: the dispatch of the letter's process. */
export async function dispatchGpLetter(deps: NoShowDeps, actor: AuditActor, letterId: string): Promise<GpLetterView> {
  const letter = await letterOf(deps, actor, letterId);
  if (letter.status === 'verzendklaar') return letter;
  if (letter.status !== 'goedgekeurd' || !letter.appointmentId) throw new AppError('conflict', notYetReviewed);
  await dispatchNoShow(deps, actor, letter.appointmentId);
  return letterOf(deps, actor, letterId);
}
