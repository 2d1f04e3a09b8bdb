import { ActivityFailure, condition, proxyActivities, proxyLocalActivities, setHandler, upsertMemo, workflowInfo } from '@temporalio/workflow';
import type { AuditActor } from '../../domain/audit/audit.service';
import {
  cancellableStatuses,
  defaultReminderAfterMs,
  initialNoShowState,
  noShowMessages,
  type Approval,
  type LetterRewrite,
  type NoShowJob,
  type NoShowState,
  type PreparedNoShow,
} from '../../domain/noshow/noshow';
import type { Activities } from '../../workers/activities';
import { approveLetterSignal, cancelNoShowSignal, dispatchLetterSignal } from './messages';

// Short database work: local activities skip the task-queue round trips (as the handover, ADR 11).
const { prepareNoShow, storeNoShowRewrite, remindNoShowReview, approveNoShowLetter, dispatchNoShowLetter, withdrawNoShow } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '20 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 10 },
});

// The model call is a real activity: long, external, visible as pending. The heartbeat lets a
// rewrite cut off by a dying worker be retried within seconds instead of after three minutes.
const { rewriteNoShowLetter } = proxyActivities<Activities>({
  startToCloseTimeout: '3 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumAttempts: 3 },
});

type Decision = { kind: 'approve'; approval: Approval } | { kind: 'cancel'; actor: AuditActor };

/**
 * One no-show of one appointment (`noshow-<appointmentId>`): register it, rewrite the patient's
 * draft GP letter, wait — days if need be, with a reminder every `reminderAfter` — for a reviewer
 * to approve the final text, then wait for it to be made ready to send. Until the approval the
 * clinician may withdraw it all. The memo is the process's state, readable without a worker.
 */
export async function noShow(job: NoShowJob): Promise<NoShowState> {
  const run = `${job.workflowId}/${workflowInfo().runId}`;
  // Per run, not per workflow id: after a withdrawal a new run for the appointment writes anew.
  const key = (step: string) => `${run}:${step}`;
  const state = initialNoShowState(job);
  const publish = (changes: Partial<NoShowState>) => {
    Object.assign(state, changes);
    upsertMemo({ ...state });
  };
  let decision: Decision | undefined;
  let dispatchBy: AuditActor | undefined;

  // The first decision counts, and only while it can still be made.
  setHandler(approveLetterSignal, (approval) => {
    if (state.status === 'ter_beoordeling') decision ??= { kind: 'approve', approval };
  });
  setHandler(cancelNoShowSignal, ({ actor }) => {
    if (cancellableStatuses.includes(state.status)) decision ??= { kind: 'cancel', actor };
  });
  setHandler(dispatchLetterSignal, ({ actor }) => {
    if (state.status === 'goedgekeurd') dispatchBy ??= actor;
  });
  const cancelledBy = (): AuditActor | undefined => (decision?.kind === 'cancel' ? decision.actor : undefined);

  const preparation = await prepareNoShow({ job, key: key('voorbereiden') });
  if (!preparation.ok) {
    publish({ status: 'mislukt', error: preparation.error });
    return state;
  }
  const { prepared } = preparation;
  publish({ status: 'herschrijven', letterId: prepared.letterId, patientId: prepared.patientId });

  const withdraw = async (actor: AuditActor, outcome: Partial<NoShowState>): Promise<NoShowState> => {
    await withdrawNoShow({ actor, prepared, key: key('intrekken') });
    publish(outcome);
    return state;
  };

  let rewrite: LetterRewrite;
  try {
    rewrite = await rewriteNoShowLetter({ job, prepared });
  } catch (error) {
    // Nothing half-done stays behind: the draft is freed and the appointment restored.
    if (error instanceof ActivityFailure) return withdraw(job.actor, { status: 'mislukt', error: noShowMessages.disruption });
    throw error;
  }
  const early = cancelledBy();
  if (early) return withdraw(early, { status: 'geannuleerd' });

  await storeNoShowRewrite({ job, letterId: prepared.letterId, rewrite, key: key('herschrijven') });
  publish({ status: 'ter_beoordeling', rewrite: { bron: rewrite.bron, model: rewrite.model, ...(rewrite.melding ? { melding: rewrite.melding } : {}) } });

  while (!(await condition(() => decision !== undefined, job.reminderAfterMs ?? defaultReminderAfterMs))) {
    const index = state.reminders + 1;
    await remindNoShowReview({ job, prepared: reminderOf(prepared), index, key: key(`herinnering-${index}`) });
    publish({ reminders: index });
  }
  const decided = decision as Decision | undefined;
  if (!decided || decided.kind === 'cancel') return withdraw(decided?.actor ?? job.actor, { status: 'geannuleerd' });

  await approveNoShowLetter({ job, letterId: prepared.letterId, approval: decided.approval, key: key('goedkeuren') });
  publish({ status: 'goedgekeurd' });

  await condition(() => dispatchBy !== undefined);
  await dispatchNoShowLetter({ actor: dispatchBy!, letterId: prepared.letterId, key: key('verzendklaar') });
  publish({ status: 'verzendklaar' });
  return state;
}

function reminderOf(prepared: PreparedNoShow) {
  return { letterId: prepared.letterId, patientId: prepared.patientId, patientName: prepared.patientName };
}
