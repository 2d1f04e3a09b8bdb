import { ActivityFailure, allHandlersFinished, condition, patched, proxyActivities, setHandler, upsertMemo } from '@temporalio/workflow';
import {
  chainMessages,
  editErrors,
  failedStep,
  finishedChainStatuses,
  initialChainState,
  missingChoices,
  missingDischargeReasons,
  missingReasons,
  notAwaitingConfirmation,
  withChoices,
  withEdits,
  type ChainState,
  type ChainStatus,
  type ChainStep,
  type Choices,
  type Edits,
  type IntentChainInput,
} from '../../domain/intent/chain';
import { cancelReasonMessages } from '../../domain/agenda/cancel-reasons';
import { dischargeMessages } from '../../domain/discharge/discharge.vocabulary';
import type { AuditActor } from '../../domain/audit/audit.service';
import type { ActorGrant, Granted } from '../../temporal/actor-grant';
import type { Activities } from '../../workers/activities';
import { rejection } from '../rejection';
import { waitingSinceMemo } from '../waiting';
import { chainStateQuery, confirmUpdate, preparedUpdate, rejectUpdate, type GrantedDecision } from './messages';

const { prepareChainStep, executeChainStep } = proxyActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  // Refusals come back as failed steps, so only faults (database, worker) are retried here.
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '20 seconds', maximumAttempts: 5 },
});

/** How long a prepared chain waits for the clinician before it lapses. */
const confirmationTimeoutMs = 24 * 3600_000;

type Decision = { confirmed: true; choices: Choices; edits: Edits; grant: ActorGrant } | { confirmed: false };

function unsignedClaim(input: object): ActorGrant {
  return { actor: (input as { actor?: AuditActor }).actor } as ActorGrant;
}

function claimedActor(grant: ActorGrant): AuditActor {
  return grant.actor ?? { organisationId: '', userId: '', role: 'verpleegkundige', channel: 'workflow' };
}

/** An activity that still fails after its retries fails its step, not the chain's workflow. */
async function attempt(step: ChainStep, activity: () => Promise<ChainStep>): Promise<ChainStep> {
  try {
    return await activity();
  } catch (error) {
    if (error instanceof ActivityFailure) return failedStep(step, chainMessages.disruption);
    throw error;
  }
}

/**
 * One assistant request of several actions. Every step is prepared first (reads answer at once,
 * writes resolve their target); when the chain writes anything, nothing is written before the
 * clinician confirms (an Update, signed for that clinician), and then the writes run strictly in
 * order, a failure stopping the rest, each acting for the clinician who confirmed.
 */
export async function intentChain(input: Granted<IntentChainInput>): Promise<ChainState> {
  // The organisation and clinician the app signed for (the activities verify the signature). An
  // input with a bare actor (not the app's, or from before grants) is an unsigned claim: refused
  // and logged by the first activity, instead of failing the workflow's tasks forever.
  const preparation = input.grant ?? unsignedClaim(input);
  const state = initialChainState({ ...input, actor: claimedActor(preparation) });
  let decision: Decision | undefined;
  const update = (step: ChainStep) => {
    state.steps[step.index] = step;
  };
  const cancelOpenWrites = () => {
    for (const step of state.steps) {
      if (step.kind === 'write' && step.status !== 'mislukt' && step.status !== 'klaar') update({ ...step, status: 'geannuleerd' });
    }
  };
  const finish = (status: ChainStatus) => {
    state.status = status;
    return state;
  };

  // Only the clinician whose chain it is decides, and only while it shows its plan; the first decision counts.
  const decidable = ({ grant }: GrantedDecision) => {
    if (grant?.actor?.organisationId !== state.organisationId || grant.actor.userId !== state.userId)
      throw rejection('not_found', chainMessages.notFound);
    if (state.status !== 'wacht_op_bevestiging') throw rejection('conflict', notAwaitingConfirmation[state.status]);
  };
  setHandler(chainStateQuery, () => state);
  setHandler(preparedUpdate, async () => {
    await condition(() => state.status !== 'voorbereiden');
    return state;
  });
  setHandler(
    confirmUpdate,
    async ({ grant, choices, edits }) => {
      decision ??= { confirmed: true, choices: choices ?? {}, edits: edits ?? {}, grant };
      await condition(() => finishedChainStatuses.includes(state.status));
      return state;
    },
    {
      validator: (confirmation) => {
        decidable(confirmation);
        const missing = missingChoices(state.steps, confirmation.choices ?? {});
        if (Object.keys(missing).length > 0)
          throw rejection('validation_failed', 'Kies voor elke stap welke afspraak bedoeld is.', missing);
        const misfits = editErrors(state.steps, confirmation.edits ?? {});
        if (Object.keys(misfits).length > 0) throw rejection('validation_failed', chainMessages.notEditable, misfits);
        const reasons = missingReasons(state.steps, confirmation.edits ?? {});
        if (Object.keys(reasons).length > 0) throw rejection('validation_failed', cancelReasonMessages.missing, reasons);
        const discharges = missingDischargeReasons(state.steps, confirmation.edits ?? {});
        if (Object.keys(discharges).length > 0) throw rejection('validation_failed', dischargeMessages.otherNeedsText, discharges);
      },
    },
  );
  setHandler(
    rejectUpdate,
    async () => {
      decision ??= { confirmed: false };
      await condition(() => state.status !== 'wacht_op_bevestiging');
      return state;
    },
    { validator: decidable },
  );

  const run = async (): Promise<ChainState> => {
    for (const [index, action] of input.actions.entries()) {
      update(await attempt(state.steps[index]!, () => prepareChainStep({ grant: preparation, action, index })));
    }

    const writes = () => state.steps.filter((step) => step.kind === 'write');
    if (writes().length === 0) return finish('voltooid');
    // Nothing is written unless every write could be prepared: the clinician confirms the whole request.
    if (writes().some((step) => step.status === 'mislukt')) {
      cancelOpenWrites();
      return finish('mislukt');
    }

    state.status = 'wacht_op_bevestiging';
    // The beheer page tells a chain waiting for its clinician from a stuck one by this memo key (ADR 0073).
    const waitingMemo = patched('chain-waiting-memo');
    if (waitingMemo) upsertMemo({ [waitingSinceMemo]: new Date().toISOString() });
    const decided = await condition(() => decision !== undefined, input.confirmWithinMs ?? confirmationTimeoutMs);
    if (waitingMemo) upsertMemo({ [waitingSinceMemo]: null });
    if (!decided || !decision?.confirmed) {
      cancelOpenWrites();
      return finish(decided ? 'afgewezen' : 'verlopen');
    }

    state.status = 'bezig';
    const { grant, choices, edits } = decision;
    // A confirmation without changes (every chain before they existed) leaves the plans as they were.
    state.steps = withEdits(withChoices(state.steps, choices), edits);
    for (const step of writes()) {
      if (step.status === 'keuze_nodig') {
        update(failedStep(step, chainMessages.chooseAppointment));
        break;
      }
      update({ ...step, status: 'bezig' });
      const done = await attempt(step, () => executeChainStep({ grant, chainId: input.chainId, step }));
      update(done);
      if (done.status !== 'klaar') break;
    }
    cancelOpenWrites();
    return finish(writes().some((step) => step.status === 'mislukt') ? 'mislukt' : 'voltooid');
  };

  const outcome = await run();
  // Temporal calls a chain that ran to its end "completed", also when a step failed: the memo
  // says how it ended, so /beheer/workflows shows a failed chain as failed. A status word only.
  if (patched('chain-outcome-memo')) upsertMemo({ outcome: outcome.status });
  // Every Update waiting on this chain gets its answer before the run ends.
  await condition(allHandlersFinished);
  return outcome;
}
