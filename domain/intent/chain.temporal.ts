import { ServiceError, WorkflowNotFoundError, isGrpcServiceError, type Client, type WorkflowHandle } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import type { intentChain } from '../../workflows/intent-chain/intent-chain.workflow';
import { chainStateQuery, confirmChainSignal, rejectChainSignal } from '../../workflows/intent-chain/messages';
import { taskQueues } from '../../workflows/task-queues';
import type { AuditActor } from '../audit/audit.service';
import { AppError, dutchMessages } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseOrThrow } from '../shared/validation';
import { chainWorkflowId, finishedChainStatuses, initialChainState, missingChoices, type ChainState, type ChainStatus, type IntentChainInput } from './chain';
import { confirmChainSchema, parseChainRequest } from './chain.schemas';

/*
 * The app's side of an intent chain: start it, read it, confirm or reject it. The workflow holds
 * the state; these functions add who may see it and wait briefly so one request shows the outcome.
 */

export const chainNotFound = 'Deze opdracht van de assistent is niet gevonden.';
const confirmationReceived = 'De bevestiging is ontvangen, maar de assistent reageert nu niet. Bekijk de opdracht straks opnieuw.';

const notAwaitingConfirmation: Record<Exclude<ChainStatus, 'wacht_op_bevestiging'>, string> = {
  voorbereiden: 'De opdracht wordt nog voorbereid. Probeer het zo opnieuw.',
  bezig: 'Deze opdracht is al bevestigd en wordt uitgevoerd.',
  voltooid: 'Deze opdracht is al afgerond.',
  afgewezen: 'Deze opdracht is al afgewezen.',
  verlopen: 'De tijd om te bevestigen is verstreken. Geef de opdracht opnieuw.',
  mislukt: 'Deze opdracht kan niet meer worden bevestigd.',
};

const waits = { preparation: 3000, decision: 5000, poll: 150, call: 2000 };

type ChainHandle = WorkflowHandle<typeof intentChain>;

/** Temporal unreachable (or no worker answering a query in time) is a Dutch 503, not a 500. */
async function temporal<T>(client: Client, call: () => Promise<T>): Promise<T> {
  try {
    return await client.withDeadline(Date.now() + waits.call, call);
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) throw AppError.notFound(chainNotFound);
    if (error instanceof ServiceError || isGrpcServiceError(error)) throw new AppError('unavailable', dutchMessages.unavailable);
    throw error;
  }
}

function handleOf(client: Client, chainId: string): ChainHandle {
  return client.workflow.getHandle<typeof intentChain>(chainWorkflowId(chainId));
}

/** A finished chain is read from its history, so it stays readable without a worker. */
async function readState(client: Client, handle: ChainHandle): Promise<ChainState> {
  const { status } = await temporal(client, () => handle.describe());
  if (status.name === 'RUNNING') return temporal(client, () => handle.query(chainStateQuery));
  if (status.name === 'COMPLETED') return temporal(client, () => handle.result());
  // Terminated or failed by an operator or a bug: there is no state left to show.
  throw AppError.notFound(chainNotFound);
}

/** Reads until `done` or the time is up; the last state read, or undefined when none could be. */
async function waitForState(client: Client, handle: ChainHandle, done: (state: ChainState) => boolean, ms: number): Promise<ChainState | undefined> {
  const until = Date.now() + ms;
  let state: ChainState | undefined;
  for (;;) {
    try {
      state = await readState(client, handle);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'unavailable')) throw error;
    }
    if ((state && done(state)) || Date.now() >= until) return state;
    await new Promise((resolve) => setTimeout(resolve, waits.poll));
  }
}

function assertAwaitingConfirmation(state: ChainState): void {
  if (state.status !== 'wacht_op_bevestiging') throw new AppError('conflict', notAwaitingConfirmation[state.status]);
}

export interface StartChainOptions {
  /** Tests run the chain on a worker of their own, and need not wait a day for it to lapse. */
  taskQueue?: string;
  confirmWithinMs?: number;
}

/** Validates and starts a chain; answers with the prepared steps when preparation is quick, else as it stands. */
export async function startChain(client: Client, actor: AuditActor, input: unknown, options: StartChainOptions = {}): Promise<ChainState> {
  const { actions } = parseChainRequest(input);
  const chain: IntentChainInput = { chainId: randomUUID(), actor, actions, confirmWithinMs: options.confirmWithinMs };
  const handle = await temporal(client, () =>
    client.workflow.start<typeof intentChain>('intentChain', {
      taskQueue: options.taskQueue ?? taskQueues.clinical,
      workflowId: chainWorkflowId(chain.chainId),
      args: [chain],
    }),
  );
  const prepared = await waitForState(client, handle, (state) => state.status !== 'voorbereiden', waits.preparation);
  return prepared ?? initialChainState(chain);
}

/** The chain as it stands; another clinician's chain does not exist for this one. */
export async function chainState(client: Client, actor: AuditActor, chainId: string): Promise<ChainState> {
  if (!isUuid(chainId)) throw AppError.notFound(chainNotFound);
  const state = await readState(client, handleOf(client, chainId));
  if (state.organisationId !== actor.organisationId || state.userId !== actor.userId) throw AppError.notFound(chainNotFound);
  return state;
}

/** The clinician's go, with a choice for every step that asked for one; answers when the writes are done or after 5 s. */
export async function confirmChain(client: Client, actor: AuditActor, chainId: string, body: unknown): Promise<ChainState> {
  const { choices = {} } = parseOrThrow(confirmChainSchema, body);
  const state = await chainState(client, actor, chainId);
  assertAwaitingConfirmation(state);
  const missing = missingChoices(state.steps, choices);
  if (Object.keys(missing).length > 0) throw AppError.validation(missing);
  const handle = handleOf(client, chainId);
  await temporal(client, () => handle.signal(confirmChainSignal, { choices }));
  const settled = await waitForState(client, handle, (current) => finishedChainStatuses.includes(current.status), waits.decision);
  if (!settled) throw new AppError('unavailable', confirmationReceived);
  return settled;
}

export async function rejectChain(client: Client, actor: AuditActor, chainId: string): Promise<ChainState> {
  const state = await chainState(client, actor, chainId);
  assertAwaitingConfirmation(state);
  const handle = handleOf(client, chainId);
  await temporal(client, () => handle.signal(rejectChainSignal));
  const settled = await waitForState(client, handle, (current) => current.status !== 'wacht_op_bevestiging', waits.decision);
  if (!settled) throw new AppError('unavailable', dutchMessages.unavailable);
  return settled;
}
