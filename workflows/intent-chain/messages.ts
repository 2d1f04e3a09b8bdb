import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { ChainState, ConfirmChain } from '../../domain/intent/chain';

// Shared by the workflow and the app's client, so both name the same signals and query.
export const confirmChainSignal = defineSignal<[ConfirmChain]>('confirm');
export const rejectChainSignal = defineSignal('reject');
export const chainStateQuery = defineQuery<ChainState>('state');
