import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { ChainState, Choices, Edits } from '../../domain/intent/chain';
import type { ActorGrant } from '../../temporal/actor-grant';

// Shared by the workflow and the app's client, so both name the same Updates and query.

/** The clinician's decision, with the app's grant for that clinician. */
export interface GrantedDecision {
  grant: ActorGrant;
}

export interface GrantedConfirmation extends GrantedDecision {
  /** Step index → the chosen appointment, for every step that asked for a choice. */
  choices?: Choices;
  /** Step index → what the clinician changed in that write before confirming. */
  edits?: Edits;
}

export const chainStateQuery = defineQuery<ChainState>('state');
/** Answers once every step is prepared: sent with the start, so the request gets the plan at once. */
export const preparedUpdate = defineUpdate<ChainState>('prepared');
/** The go: answers when the writes are done (or the validator's Dutch refusal). */
export const confirmUpdate = defineUpdate<ChainState, [GrantedConfirmation]>('confirm');
export const rejectUpdate = defineUpdate<ChainState, [GrantedDecision]>('reject');
