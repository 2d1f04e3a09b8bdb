import {
  ActivityFailure,
  allHandlersFinished,
  condition,
  proxyActivities,
  patched,
  proxyLocalActivities,
  setHandler,
  upsertMemo,
  workflowInfo,
} from '@temporalio/workflow';
import {
  cancellableStatuses,
  defaultReminderAfterMs,
  initialNoShowState,
  noShowMessages,
  notCancellable,
  notDispatchable,
  type LetterRewrite,
  type NoShowJob,
  type NoShowState,
  type PreparedNoShow,
} from '../../domain/noshow/noshow';
import { maySignGpLetter, notYetReviewed, onlySignerApproves } from '../../domain/gp-letter/gp-letter.schemas';
import type { ActorGrant, Granted } from '../../temporal/actor-grant';
import type { Activities } from '../../workers/activities';
import { rejection } from '../rejection';
import { waitingSinceMemo } from '../waiting';
import {
  approveUpdate,
  dispatchUpdate,
  registeredUpdate,
  rejectUpdate,
  rewrittenUpdate,
  withdrawUpdate,
  type GrantedApproval,
  type GrantedDecision,
  type GrantedRejection,
} from './messages';

// Short database work: local activities skip the task-queue round trips (as the handover, ADR 11).
const {
  prepareNoShow,
  storeNoShowRewrite,
  remindNoShowReview,
  approveNoShowLetter,
  rejectNoShowRewrite,
  dispatchNoShowLetter,
  withdrawNoShow,
} = proxyLocalActivities<Activities>({
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

type Decision =
  { kind: 'approve'; approval: GrantedApproval } | { kind: 'reject'; rejection: GrantedRejection } | { kind: 'cancel'; grant: ActorGrant };

const rewriting: readonly NoShowState['status'][] = ['voorbereiden', 'herschrijven'];
/** The statuses in which the process waits for a clinician: the review, then making it ready to send. */
const waitingForClinician: readonly NoShowState['status'][] = ['ter_beoordeling', 'goedgekeurd'];

/**
 * One no-show of one appointment (`noshow-<appointmentId>`): register it, rewrite the patient's
 * draft GP letter, wait — days if need be, with a reminder every `reminderAfter` — for a reviewer
 * to approve the final text, then wait for it to be made ready to send. Until the approval the
 * clinician may withdraw it all. Decisions are Updates: the caller gets the new state, or the
 * validator's Dutch refusal. The memo is the process's state, readable without a worker.
 */
export async function noShow(job: Granted<NoShowJob>): Promise<NoShowState> {
  const run = `${job.workflowId}/${workflowInfo().runId}`;
  // Per run, not per workflow id: after a withdrawal a new run for the appointment writes anew.
  const key = (step: string) => `${run}:${step}`;
  // The organisation and clinician the app signed for (the activities verify the signature).
  const state = initialNoShowState({
    ...job,
    actor: job.grant?.actor ?? { organisationId: '', userId: '', role: 'verpleegkundige', channel: 'workflow' },
  });
  let waitingSince: string | null = null;
  const publish = (changes: Partial<NoShowState>) => {
    Object.assign(state, changes);
    // While a clinician has to act (review, then dispatch), the memo says since when, so the beheer
    // page shows the run as waiting rather than stuck (ADR 0073); the key is cleared otherwise.
    if (!waitingForClinician.includes(state.status)) waitingSince = null;
    else if (!waitingSince || changes.status) waitingSince = new Date().toISOString();
    upsertMemo({ ...state, ...(patched('noshow-waiting-memo') ? { [waitingSinceMemo]: waitingSince } : {}) });
  };
  let decision: Decision | undefined;
  let dispatchBy: ActorGrant | undefined;

  const sameOrganisation = ({ grant }: GrantedDecision) => {
    if (grant?.actor?.organisationId !== state.organisationId) throw rejection('not_found', noShowMessages.noProcess);
  };
  setHandler(registeredUpdate, async () => {
    await condition(() => state.status !== 'voorbereiden');
    return state;
  });
  setHandler(rewrittenUpdate, async () => {
    await condition(() => !rewriting.includes(state.status));
    return state;
  });
  // The first decision counts, and only while it can still be made.
  setHandler(
    approveUpdate,
    async (approval) => {
      decision ??= { kind: 'approve', approval };
      await condition(() => state.status !== 'ter_beoordeling');
      return state;
    },
    {
      validator: (approval) => {
        sameOrganisation(approval);
        // The grant's signature is checked by the activity; a grant for a nurse never gets that far.
        if (!maySignGpLetter(approval.grant?.actor?.role ?? '')) throw rejection('forbidden', onlySignerApproves);
        if (state.status !== 'ter_beoordeling')
          throw rejection(
            'conflict',
            state.status === 'geannuleerd' ? noShowMessages.withdrawnMeanwhile : noShowMessages.notAwaitingReview,
          );
        if (typeof approval.finalText !== 'string' || !approval.finalText.trim())
          throw rejection('validation_failed', noShowMessages.emptyLetter, { finalText: noShowMessages.emptyLetter });
      },
    },
  );
  setHandler(
    rejectUpdate,
    async (rejected) => {
      decision ??= { kind: 'reject', rejection: rejected };
      await condition(() => state.status !== 'ter_beoordeling');
      return state;
    },
    {
      validator: (rejected) => {
        sameOrganisation(rejected);
        if (state.status !== 'ter_beoordeling')
          throw rejection(
            'conflict',
            state.status === 'geannuleerd' ? noShowMessages.withdrawnMeanwhile : noShowMessages.notAwaitingReview,
          );
        const reason = typeof rejected.reason === 'string' ? rejected.reason.trim() : '';
        if (reason.length < 3 || reason.length > 500)
          throw rejection('validation_failed', noShowMessages.rejectionReason, { reason: noShowMessages.rejectionReason });
      },
    },
  );
  setHandler(
    withdrawUpdate,
    async ({ grant }) => {
      decision ??= { kind: 'cancel', grant };
      await condition(() => !cancellableStatuses.includes(state.status));
      return state;
    },
    {
      validator: (withdrawal) => {
        sameOrganisation(withdrawal);
        if (!cancellableStatuses.includes(state.status))
          throw rejection('conflict', notCancellable[state.status] ?? noShowMessages.noProcess);
      },
    },
  );
  setHandler(
    dispatchUpdate,
    async ({ grant }) => {
      dispatchBy ??= grant;
      await condition(() => state.status === 'verzendklaar');
      return state;
    },
    {
      validator: (dispatch) => {
        sameOrganisation(dispatch);
        if (state.status !== 'goedgekeurd') throw rejection('conflict', notDispatchable[state.status] ?? notYetReviewed);
      },
    },
  );
  const cancelledBy = (): ActorGrant | undefined => (decision?.kind === 'cancel' ? decision.grant : undefined);

  const process = async (): Promise<NoShowState> => {
    const preparation = await prepareNoShow({ job, key: key('voorbereiden') });
    if (!preparation.ok) {
      publish({ status: 'mislukt', error: preparation.error });
      return state;
    }
    const { prepared } = preparation;
    publish({ status: 'herschrijven', letterId: prepared.letterId, patientId: prepared.patientId });

    const withdraw = async (grant: ActorGrant, outcome: Partial<NoShowState>): Promise<NoShowState> => {
      await withdrawNoShow({ grant, prepared, key: key('intrekken') });
      publish(outcome);
      return state;
    };

    let rewrite: LetterRewrite;
    try {
      rewrite = await rewriteNoShowLetter({ job, prepared });
    } catch (error) {
      // Nothing half-done stays behind: the draft is freed and the appointment restored.
      if (error instanceof ActivityFailure) return withdraw(job.grant, { status: 'mislukt', error: noShowMessages.disruption });
      throw error;
    }
    const early = cancelledBy();
    if (early) return withdraw(early, { status: 'geannuleerd' });

    await storeNoShowRewrite({ job, letterId: prepared.letterId, rewrite, key: key('herschrijven') });
    publish({
      status: 'ter_beoordeling',
      rewrite: { bron: rewrite.bron, model: rewrite.model, ...(rewrite.melding ? { melding: rewrite.melding } : {}) },
    });

    while (!(await condition(() => decision !== undefined, job.reminderAfterMs ?? defaultReminderAfterMs))) {
      const index = state.reminders + 1;
      try {
        await remindNoShowReview({ job, prepared: reminderOf(prepared), index, key: key(`herinnering-${index}`) });
      } catch (error) {
        // A reminder is a courtesy: the process keeps waiting for the review without it.
        if (!(error instanceof ActivityFailure)) throw error;
      }
      publish({ reminders: index });
    }
    const decided = decision as Decision | undefined;
    if (!decided || decided.kind === 'cancel') return withdraw(decided?.grant ?? job.grant, { status: 'geannuleerd' });
    if (decided.kind === 'reject') {
      // The no-show stands; only the rewrite goes: the letter is the clinician's concept again.
      await rejectNoShowRewrite({ job, letterId: prepared.letterId, rejection: decided.rejection, key: key('afwijzen') });
      publish({ status: 'afgewezen' });
      return state;
    }

    await approveNoShowLetter({ job, letterId: prepared.letterId, approval: decided.approval, key: key('goedkeuren') });
    publish({ status: 'goedgekeurd' });

    await condition(() => dispatchBy !== undefined);
    await dispatchNoShowLetter({ grant: dispatchBy!, letterId: prepared.letterId, key: key('verzendklaar') });
    publish({ status: 'verzendklaar' });
    return state;
  };

  const outcome = await process();
  // Every Update waiting on this run gets its answer before the run ends.
  await condition(allHandlersFinished);
  return outcome;
}

function reminderOf(prepared: PreparedNoShow) {
  return { letterId: prepared.letterId, patientId: prepared.patientId, patientName: prepared.patientName };
}
