import type { UpdateDefinition } from '@temporalio/common';
import { allHandlersFinished, condition, setHandler } from '@temporalio/workflow';

/*
 * What the generation workflows (handover, treatment plan) share: their outcome, their memo, and
 * the `result` Update through which a request that starts or joins a run gets its answer.
 */

/** What every generation workflow answers: done, or a Dutch reason why nothing was stored. */
export type GenerationOutcome = { status: 'klaar' } | { status: 'mislukt'; error: string };

/** A generation's memo: whose it is and how many steps are done, readable without a worker. */
export interface GenerationMemo {
  organisationId: string;
  step: number;
}

/**
 * Runs a generation and answers its `result` Update with the outcome, for every request that
 * joined the run; the run ends only after every such answer has gone out.
 */
export async function answeringResult<R>(result: UpdateDefinition<R, []>, generate: () => Promise<R>): Promise<R> {
  const run: { outcome?: R; done: boolean } = { done: false };
  setHandler(result, async () => {
    await condition(() => run.done);
    return run.outcome as R;
  });
  run.outcome = await generate();
  run.done = true;
  await condition(allHandlersFinished);
  return run.outcome;
}
