import { ServiceError, WorkflowNotFoundError, isGrpcServiceError, type Client, type SignalDefinition } from '@temporalio/client';
import type { noShow } from '../../workflows/noshow/noshow.workflow';
import { approveLetterSignal, cancelNoShowSignal, dispatchLetterSignal } from '../../workflows/noshow/messages';
import { taskQueues } from '../../workflows/task-queues';
import { getAppointment, noShowRefusal, ownAppointmentView } from '../agenda/agenda.service';
import { runAudited, type AuditActor } from '../audit/audit.service';
import type { MikroORM } from '../db/orm';
import { withTenant } from '../db/tenant';
import { approvalRefusal, getGpLetter, notYetReviewed, type GpLetterView } from '../gp-letter/gp-letter.service';
import { approveLetterSchema } from '../gp-letter/gp-letter.schemas';
import { AppError, dutchMessages } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseOrThrow } from '../shared/validation';
import {
  cancellableStatuses,
  initialNoShowState,
  noShowStatusLabels,
  noShowWorkflowId,
  restartableStatuses,
  type NoShowJob,
  type NoShowState,
  type NoShowStatus,
} from './noshow';
import { rescriptSchema } from './noshow.schemas';
import { noShowRecord, type NoShowRecord } from './noshow.service';

/*
 * The app's side of a no-show: start (or join) the process, read where it stands, and pass on
 * the clinicians' decisions as signals. The workflow memo is the process's state (ADR 14); these
 * functions add who may do what and wait briefly so that one request shows the outcome.
 */

export interface NoShowDeps {
  orm: MikroORM;
  client: Client;
  /** Tests and the bench run the workflow on a worker of their own. */
  taskQueue?: string;
  /** Overrides the three days before a reminder (tests). */
  reminderAfterMs?: number;
  waits?: Partial<typeof defaultWaits>;
}

const defaultWaits = { rewrite: 10_000, decision: 5000, poll: 100, call: 3000 };

export interface NoShowContext extends NoShowRecord {
  workflow: (NoShowState & { statusLabel: string }) | null;
}

const noProcess = 'Er loopt geen no-showproces voor deze afspraak.';
const received = 'Het verzoek is ontvangen, maar de verwerking reageert nu niet. Bekijk de brief straks opnieuw.';

const notCancellable: Partial<Record<NoShowStatus, string>> = {
  goedgekeurd: 'De brief is al goedgekeurd; de no-show kan niet meer worden geannuleerd.',
  verzendklaar: 'De brief is al verzendklaar; de no-show kan niet meer worden geannuleerd.',
  mislukt: 'Dit no-showproces is al beëindigd.',
};

const notDispatchable: Partial<Record<NoShowStatus, string>> = {
  geannuleerd: 'Dit no-showproces is geannuleerd; er is geen brief om verzendklaar te maken.',
  mislukt: 'Dit no-showproces is mislukt; er is geen brief om verzendklaar te maken.',
};

/** Temporal unreachable is a Dutch 503, not a 500. */
async function temporal<T>(client: Client, ms: number, call: () => Promise<T>): Promise<T> {
  try {
    return await client.withDeadline(Date.now() + ms, call);
  } catch (error) {
    if (error instanceof ServiceError || isGrpcServiceError(error)) throw new AppError('unavailable', dutchMessages.unavailable);
    throw error;
  }
}

function waitsOf(deps: NoShowDeps) {
  return { ...defaultWaits, ...deps.waits };
}

const finalStatuses: readonly NoShowStatus[] = ['verzendklaar', 'geannuleerd', 'mislukt'];
const stopped = 'Het no-showproces is afgebroken. Geef de opdracht opnieuw om de brief opnieuw te laten herschrijven.';

/** The process's state from its memo, or null when there is none (or it is another organisation's). */
export async function noShowState(deps: NoShowDeps, actor: AuditActor, appointmentId: string): Promise<NoShowState | null> {
  const handle = deps.client.workflow.getHandle<typeof noShow>(noShowWorkflowId(appointmentId));
  try {
    const description = await temporal(deps.client, waitsOf(deps).call, () => handle.describe());
    const memo = description.memo as Partial<NoShowState> | undefined;
    if (!memo?.status || memo.organisationId !== actor.organisationId) return null;
    const state = memo as NoShowState;
    // Terminated by an operator (or timed out) halfway: it is over, and a new command may start again.
    if (description.status.name !== 'RUNNING' && !finalStatuses.includes(state.status)) return { ...state, status: 'mislukt', error: stopped };
    return state;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return null;
    throw error;
  }
}

/** A decision for a process that ended in the meantime is a conflict, not a fault. */
async function signal<Args extends unknown[]>(deps: NoShowDeps, workflowId: string, definition: SignalDefinition<Args>, ...args: Args): Promise<void> {
  try {
    await temporal(deps.client, waitsOf(deps).call, () => deps.client.workflow.getHandle(workflowId).signal<Args>(definition, ...args));
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) throw new AppError('conflict', 'Dit no-showproces is intussen beëindigd. Vernieuw de pagina.');
    throw error;
  }
}

/** Reads the state until `done` holds or the time is up; the last state read. */
async function waitForState(deps: NoShowDeps, actor: AuditActor, appointmentId: string, done: (state: NoShowState) => boolean, ms: number): Promise<NoShowState | null> {
  const until = Date.now() + ms;
  for (;;) {
    const state = await noShowState(deps, actor, appointmentId);
    if (!state || done(state) || Date.now() >= until) return state;
    await new Promise((resolve) => setTimeout(resolve, waitsOf(deps).poll));
  }
}

function withLabel(state: NoShowState | null): NoShowContext['workflow'] {
  return state ? { ...state, statusLabel: noShowStatusLabels[state.status] } : null;
}

function assertAppointmentId(appointmentId: string): void {
  if (!isUuid(appointmentId)) throw AppError.notFound(dutchMessages.appointmentNotFound);
}

/** `GET …/context`: the appointment, patient, GP, letter and the process as it stands. */
export async function noShowContext(deps: NoShowDeps, actor: AuditActor, appointmentId: string): Promise<NoShowContext> {
  assertAppointmentId(appointmentId);
  const record = await runAudited(deps.orm, actor, { action: 'read', resourceType: 'Appointment', resourceId: appointmentId }, (em) => noShowRecord(em, actor, appointmentId));
  return { ...record, workflow: withLabel(await noShowState(deps, actor, appointmentId)) };
}

/** Only the clinician of the appointment registers or withdraws its no-show (as any change to it); refusals are logged. */
async function ownAppointmentFor(deps: NoShowDeps, actor: AuditActor, appointmentId: string) {
  assertAppointmentId(appointmentId);
  return runAudited(deps.orm, actor, { action: 'update', resourceType: 'Appointment', resourceId: appointmentId }, (em) => ownAppointmentView(em, actor, appointmentId));
}

const rewriting: readonly NoShowStatus[] = ['voorbereiden', 'herschrijven'];

/**
 * `POST …/rescript`: starts the process `noshow-<appointmentId>`, or joins the one that runs or
 * has finished for the appointment; after a withdrawal or failure a new command starts anew.
 * Answers once the rewrite is ready for review (or after a few seconds, as it stands).
 */
export async function startNoShow(deps: NoShowDeps, actor: AuditActor, appointmentId: string, body: unknown, now = new Date()): Promise<{ created: boolean; context: NoShowContext }> {
  const { followUp } = parseOrThrow(rescriptSchema, body ?? {});
  const appointment = await ownAppointmentFor(deps, actor, appointmentId);
  const existing = await noShowState(deps, actor, appointmentId);
  const startNew = !existing || restartableStatuses.includes(existing.status);
  if (startNew) {
    const refusal = noShowRefusal(appointment, now);
    if (refusal) throw new AppError('conflict', refusal);
    const workflowId = noShowWorkflowId(appointmentId);
    const job: NoShowJob = { actor, appointmentId, workflowId, followUp: followUp ?? null, requestedAt: now.toISOString(), ...(deps.reminderAfterMs ? { reminderAfterMs: deps.reminderAfterMs } : {}) };
    await temporal(deps.client, waitsOf(deps).call, () =>
      deps.client.workflow.start<typeof noShow>('noShow', {
        taskQueue: deps.taskQueue ?? taskQueues.clinical,
        workflowId,
        args: [job],
        // The same command twice joins the running process; a finished one is only restarted above.
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'ALLOW_DUPLICATE',
        memo: { ...initialNoShowState(job) },
      }),
    );
  }
  await waitForState(deps, actor, appointmentId, (state) => !rewriting.includes(state.status), waitsOf(deps).rewrite);
  return { created: startNew, context: await noShowContext(deps, actor, appointmentId) };
}

/** `POST …/cancel`: withdraws the no-show before the review; nothing is sent, the appointment is restored. */
export async function cancelNoShow(deps: NoShowDeps, actor: AuditActor, appointmentId: string): Promise<NoShowContext> {
  await ownAppointmentFor(deps, actor, appointmentId);
  const state = await noShowState(deps, actor, appointmentId);
  if (!state) throw AppError.notFound(noProcess);
  if (state.status !== 'geannuleerd') {
    if (!cancellableStatuses.includes(state.status)) throw new AppError('conflict', notCancellable[state.status] ?? noProcess);
    await signal(deps, state.workflowId, cancelNoShowSignal, { actor });
    const settled = await waitForState(deps, actor, appointmentId, (current) => !cancellableStatuses.includes(current.status), waitsOf(deps).decision);
    if (!settled || cancellableStatuses.includes(settled.status)) throw new AppError('unavailable', received);
    if (settled.status !== 'geannuleerd') throw new AppError('conflict', notCancellable[settled.status] ?? noProcess);
  }
  return noShowContext(deps, actor, appointmentId);
}

/** `PATCH …/dispatch`: only an approved letter becomes `verzendklaar`; a second call changes nothing. */
export async function dispatchNoShow(deps: NoShowDeps, actor: AuditActor, appointmentId: string): Promise<NoShowContext> {
  assertAppointmentId(appointmentId);
  await runAudited(deps.orm, actor, { action: 'update', resourceType: 'GpLetter', details: { appointmentId, status: 'verzendklaar' } }, (em) => getAppointment(em, actor, appointmentId));
  const state = await noShowState(deps, actor, appointmentId);
  if (state?.status !== 'verzendklaar') {
    if (state?.status !== 'goedgekeurd') throw new AppError('conflict', (state && notDispatchable[state.status]) ?? notYetReviewed);
    await signal(deps, state.workflowId, dispatchLetterSignal, { actor });
    const settled = await waitForState(deps, actor, appointmentId, (current) => current.status === 'verzendklaar', waitsOf(deps).decision);
    if (settled?.status !== 'verzendklaar') throw new AppError('unavailable', received);
  }
  return noShowContext(deps, actor, appointmentId);
}

async function letterOf(deps: NoShowDeps, actor: AuditActor, letterId: string): Promise<GpLetterView> {
  return withTenant(deps.orm, { organisationId: actor.organisationId, userId: actor.userId }, (em) => getGpLetter(em, actor, letterId));
}

/**
 * The reviewer's approval (the review page): the final text, as edited, goes to the process as a
 * signal; answers with the letter once the process has stored it.
 */
export async function approveNoShowLetter(deps: NoShowDeps, reviewer: AuditActor, letterId: string, body: unknown): Promise<GpLetterView> {
  const letter = await letterOf(deps, reviewer, letterId);
  const refusal = approvalRefusal(letter.status);
  if (refusal) throw new AppError('conflict', refusal);
  const { finalText } = parseOrThrow(approveLetterSchema, body);
  const state = letter.appointmentId ? await noShowState(deps, reviewer, letter.appointmentId) : null;
  if (!state || state.status !== 'ter_beoordeling' || state.letterId !== letter.id) throw new AppError('conflict', 'Deze brief wacht niet (meer) op beoordeling. Vernieuw de pagina.');
  await signal(deps, state.workflowId, approveLetterSignal, { reviewer, finalText });
  const settled = await waitForState(deps, reviewer, state.appointmentId, (current) => current.status !== 'ter_beoordeling', waitsOf(deps).decision);
  if (!settled || settled.status === 'ter_beoordeling') throw new AppError('unavailable', received);
  if (settled.status === 'geannuleerd') throw new AppError('conflict', 'De no-show is intussen ingetrokken; de brief is teruggezet naar concept.');
  return letterOf(deps, reviewer, letterId);
}

/** "Verzendklaar maken" on the review page: the dispatch of the letter's process. */
export async function dispatchGpLetter(deps: NoShowDeps, actor: AuditActor, letterId: string): Promise<GpLetterView> {
  const letter = await letterOf(deps, actor, letterId);
  if (letter.status === 'verzendklaar') return letter;
  if (letter.status !== 'goedgekeurd' || !letter.appointmentId) throw new AppError('conflict', notYetReviewed);
  await dispatchNoShow(deps, actor, letter.appointmentId);
  return letterOf(deps, actor, letterId);
}
