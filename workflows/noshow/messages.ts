import { defineUpdate } from '@temporalio/workflow';
import type { NoShowState } from '../../domain/noshow/noshow';
import type { ActorGrant } from '../../temporal/actor-grant';

/*
 * Shared by the workflow and the app's client. Updates, not signals (ADR 0025): the caller gets
 * the process's new state, or the validator's Dutch refusal, in one call; a refused Update never
 * enters the history. (ADR 14 chose signals so a decision was accepted while no worker ran; now
 * the reviewer is told at once that it could not be processed.)
 */

/** A clinician's decision, with the app's grant for that clinician. */
export interface GrantedDecision {
  grant: ActorGrant;
}

/** The reviewer's approval: the final text as approved, and the grant for the reviewer. */
export interface GrantedApproval extends GrantedDecision {
  finalText: string;
}

/** The reviewer's rejection of the rewrite, with the reason the letter's history keeps. */
export interface GrantedRejection extends GrantedDecision {
  reason: string;
}

/** Answers once the appointment is registered as a no-show (or the process ended): sent with the start (`POST …/cancel`). */
export const registeredUpdate = defineUpdate<NoShowState>('registered');
/** Answers once the rewrite is ready for review (or the process ended): `POST …/rescript`. */
export const rewrittenUpdate = defineUpdate<NoShowState>('rewritten');
export const approveUpdate = defineUpdate<NoShowState, [GrantedApproval]>('approve');
export const rejectUpdate = defineUpdate<NoShowState, [GrantedRejection]>('reject');
export const withdrawUpdate = defineUpdate<NoShowState, [GrantedDecision]>('withdraw');
export const dispatchUpdate = defineUpdate<NoShowState, [GrantedDecision]>('dispatch');
