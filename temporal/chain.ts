import {
  WithStartWorkflowOperation,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  type WorkflowHandle,
} from '@temporalio/client';
import { createHash, randomUUID } from 'node:crypto';
import type { AuditActor } from '../domain/audit/audit.service';
import {
  chainMessages,
  chainWorkflowId,
  initialChainState,
  notAwaitingConfirmation,
  type ChainState,
  type IntentChainInput,
} from '../domain/intent/chain';
import { confirmChainSchema, parseChainRequest } from '../domain/intent/chain.schemas';
import { AppError } from '../domain/shared/errors';
import { isUuid } from '../domain/shared/ids';
import { parseOrThrow } from '../domain/shared/validation';
import type { intentChain } from '../workflows/intent-chain/intent-chain.workflow';
import { chainStateQuery, confirmUpdate, preparedUpdate, rejectUpdate } from '../workflows/intent-chain/messages';
import { taskQueues } from '../workflows/task-queues';
import { asRejection, organisationAttributes, temporalCall, type TemporalDeps } from './client';

/*
 * The app's side of an intent chain: start it, read it, confirm or reject it. The workflow holds
 * the state; starting and deciding are Updates that answer with the state they led to, each
 * signed for the clinician who asked (ADR 0025). Nothing here polls.
 */

export const chainNotFound = chainMessages.notFound;

/** How long a request waits for preparation or for the confirmed writes; after that, the chain as it stands (it goes on). */
const waits = { accept: 5000, preparation: 10_000, decision: 10_000 };

type ChainHandle = WorkflowHandle<typeof intentChain>;

function handleOf(deps: TemporalDeps, chainId: string): ChainHandle {
  return deps.client.workflow.getHandle<typeof intentChain>(chainWorkflowId(chainId));
}

/** A finished chain is read from its history, so it stays readable without a worker. */
async function readState(deps: TemporalDeps, handle: ChainHandle): Promise<ChainState> {
  try {
    const { status } = await temporalCall(deps.client, () => handle.describe());
    if (status.name === 'RUNNING') return await temporalCall(deps.client, () => handle.query(chainStateQuery));
    if (status.name === 'COMPLETED') return await temporalCall(deps.client, () => handle.result());
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) throw AppError.notFound(chainNotFound);
    throw error;
  }
  // Terminated or failed by an operator or a bug: there is no state left to show.
  throw AppError.notFound(chainNotFound);
}

/** The Update's answer within `ms`; when the work takes longer, the chain as it stands. */
async function answerOrState(
  deps: TemporalDeps,
  handle: ChainHandle,
  update: { result(): Promise<ChainState> },
  ms: number,
): Promise<ChainState> {
  let timer: NodeJS.Timeout | undefined;
  const later = new Promise<'later'>((resolve) => {
    timer = setTimeout(() => resolve('later'), ms);
  });
  try {
    const answer = await Promise.race([update.result(), later]);
    return answer === 'later' ? await readState(deps, handle) : answer;
  } catch (error) {
    throw asRejection(error);
  } finally {
    clearTimeout(timer);
  }
}

export interface StartChainOptions {
  /** Tests need not wait a day for a chain to lapse. */
  confirmWithinMs?: number;
}

/**
 * The chain id of a request: from the client's request key, scoped to the clinician (the same key
 * of another clinician is another chain), else a new one. Only ids leave here, never the key's text.
 */
export function chainIdFor(actor: AuditActor, requestKey: string | undefined): string {
  if (!requestKey) return randomUUID();
  const hex = createHash('sha256').update(`${actor.organisationId}\u0000${actor.userId}\u0000${requestKey}`).digest('hex');
  // Shaped as a version-4-style UUID so every route that takes a chain id accepts it.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Validates and starts a chain (update-with-start); answers with the prepared steps, or the chain
 * as it stands. One request key is one workflow: a repeat joins the running chain, and a chain
 * that has ended is not started again (its final state is the answer).
 */
export async function startChain(
  deps: TemporalDeps,
  actor: AuditActor,
  input: unknown,
  options: StartChainOptions = {},
): Promise<ChainState> {
  const { actions, requestKey } = parseChainRequest(input);
  const chainId = chainIdFor(actor, requestKey);
  const workflowId = chainWorkflowId(chainId);
  const chain: Omit<IntentChainInput, 'actor'> = { chainId, actions, confirmWithinMs: options.confirmWithinMs };
  const operation = new WithStartWorkflowOperation<typeof intentChain>('intentChain', {
    taskQueue: deps.taskQueue ?? taskQueues.clinical,
    workflowId,
    args: [{ ...chain, grant: deps.grants.grant(actor, workflowId, 'chainPreparation') }],
    workflowIdConflictPolicy: 'USE_EXISTING',
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
    typedSearchAttributes: organisationAttributes(actor.organisationId),
  });
  let update: { result(): Promise<ChainState> };
  try {
    update = await temporalCall(
      deps.client,
      () => deps.client.workflow.startUpdateWithStart(preparedUpdate, { waitForStage: 'ACCEPTED', startWorkflowOperation: operation }),
      waits.accept,
    );
  } catch (error) {
    if (requestKey && error instanceof WorkflowExecutionAlreadyStartedError) return chainState(deps, actor, chainId);
    throw error;
  }
  const prepared = await answerOrState(deps, handleOf(deps, chainId), update, waits.preparation).catch(() => undefined);
  return prepared ?? initialChainState({ ...chain, actor });
}

/** The chain as it stands; another clinician's chain does not exist for this one. */
export async function chainState(deps: TemporalDeps, actor: AuditActor, chainId: string): Promise<ChainState> {
  if (!isUuid(chainId)) throw AppError.notFound(chainNotFound);
  const state = await readState(deps, handleOf(deps, chainId));
  if (state.organisationId !== actor.organisationId || state.userId !== actor.userId) throw AppError.notFound(chainNotFound);
  return state;
}

/**
 * A decision on a running chain as an Update, signed for this clinician: the workflow's validator
 * refuses another clinician's chain (404), a chain past its confirmation (409) and missing choices
 * (400). A chain that has ended cannot take Updates: its final state says why (409).
 */
async function decide(
  deps: TemporalDeps,
  actor: AuditActor,
  chainId: string,
  send: (handle: ChainHandle, grant: ReturnType<TemporalDeps['grants']['grant']>) => Promise<{ result(): Promise<ChainState> }>,
): Promise<ChainState> {
  if (!isUuid(chainId)) throw AppError.notFound(chainNotFound);
  const handle = handleOf(deps, chainId);
  const grant = deps.grants.grant(actor, chainWorkflowId(chainId), 'decision');
  let update: { result(): Promise<ChainState> };
  try {
    update = await temporalCall(deps.client, () => send(handle, grant), waits.accept);
  } catch (error) {
    const refused = asRejection(error);
    if (refused !== error) throw refused;
    if (!(error instanceof WorkflowNotFoundError)) throw error;
    const ended = await chainState(deps, actor, chainId);
    throw new AppError(
      'conflict',
      ended.status === 'wacht_op_bevestiging' ? notAwaitingConfirmation.mislukt : notAwaitingConfirmation[ended.status],
    );
  }
  return answerOrState(deps, handle, update, waits.decision);
}

/** The clinician's go, with a choice for every step that asked for one; answers when the writes are done (or, after 10 s, as they stand). */
export async function confirmChain(deps: TemporalDeps, actor: AuditActor, chainId: string, body: unknown): Promise<ChainState> {
  const { choices = {}, edits = {} } = parseOrThrow(confirmChainSchema, body);
  return decide(deps, actor, chainId, (handle, grant) =>
    handle.startUpdate(confirmUpdate, { args: [{ grant, choices, edits }], waitForStage: 'ACCEPTED' }),
  );
}

export async function rejectChain(deps: TemporalDeps, actor: AuditActor, chainId: string): Promise<ChainState> {
  return decide(deps, actor, chainId, (handle, grant) => handle.startUpdate(rejectUpdate, { args: [{ grant }], waitForStage: 'ACCEPTED' }));
}
