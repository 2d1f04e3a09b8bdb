import { ActivityFailure, condition, proxyActivities, setHandler } from '@temporalio/workflow';
import {
  chainMessages,
  failedStep,
  initialChainState,
  withChoices,
  type ChainState,
  type ChainStatus,
  type ChainStep,
  type Choices,
  type IntentChainInput,
} from '../../domain/intent/chain';
import type { Activities } from '../../workers/activities';
import { chainStateQuery, confirmChainSignal, rejectChainSignal } from './messages';

const { prepareChainStep, executeChainStep } = proxyActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  // Refusals come back as failed steps, so only faults (database, worker) are retried here.
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '20 seconds', maximumAttempts: 5 },
});

/** How long a prepared chain waits for the clinician before it lapses. */
const confirmationTimeoutMs = 24 * 3600_000;

type Decision = { confirmed: true; choices: Choices } | { confirmed: false };

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
 * clinician confirms, and then the writes run strictly in order, a failure stopping the rest.
 */
export async function intentChain(input: IntentChainInput): Promise<ChainState> {
  const state = initialChainState(input);
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

  setHandler(chainStateQuery, () => state);
  // Only a chain that shows its plan can be decided on; the first decision counts.
  setHandler(confirmChainSignal, ({ choices }) => {
    if (state.status === 'wacht_op_bevestiging') decision ??= { confirmed: true, choices: choices ?? {} };
  });
  setHandler(rejectChainSignal, () => {
    if (state.status === 'wacht_op_bevestiging') decision ??= { confirmed: false };
  });

  for (const [index, action] of input.actions.entries()) {
    update(await attempt(state.steps[index]!, () => prepareChainStep({ actor: input.actor, action, index })));
  }

  const writes = () => state.steps.filter((step) => step.kind === 'write');
  if (writes().length === 0) return finish('voltooid');
  // Nothing is written unless every write could be prepared: the clinician confirms the whole request.
  if (writes().some((step) => step.status === 'mislukt')) {
    cancelOpenWrites();
    return finish('mislukt');
  }

  state.status = 'wacht_op_bevestiging';
  const decided = await condition(() => decision !== undefined, input.confirmWithinMs ?? confirmationTimeoutMs);
  if (!decided || !decision?.confirmed) {
    cancelOpenWrites();
    return finish(decided ? 'afgewezen' : 'verlopen');
  }

  state.status = 'bezig';
  state.steps = withChoices(state.steps, decision.choices);
  for (const step of writes()) {
    if (step.status === 'keuze_nodig') {
      update(failedStep(step, chainMessages.chooseAppointment));
      break;
    }
    update({ ...step, status: 'bezig' });
    const done = await attempt(step, () => executeChainStep({ actor: input.actor, chainId: input.chainId, step }));
    update(done);
    if (done.status !== 'klaar') break;
  }
  cancelOpenWrites();
  return finish(writes().some((step) => step.status === 'mislukt') ? 'mislukt' : 'voltooid');
}
