import { defineSignal } from '@temporalio/workflow';
import type { AuditActor } from '../../domain/audit/audit.service';
import type { Approval } from '../../domain/noshow/noshow';

// Shared by the workflow and the app's client, so both name the same signals. Signals, not
// updates: a reviewer's decision is accepted by the server even while no worker runs (ADR 14).
export const approveLetterSignal = defineSignal<[Approval]>('approve');
export const cancelNoShowSignal = defineSignal<[{ actor: AuditActor }]>('cancel');
export const dispatchLetterSignal = defineSignal<[{ actor: AuditActor }]>('dispatch');
