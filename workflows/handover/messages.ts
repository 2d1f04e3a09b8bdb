import { defineUpdate } from '@temporalio/workflow';
import type { GenerationMemo } from '../generation';
import type { HandoverResult } from './handover.workflow';

/** The steps the page shows while a handover is generated, in order. */
export const handoverSteps = ['Bronnen verzamelen en filteren voor de rol', 'Samenvatten', 'Bronnen controleren en opslaan'] as const;

/** Memo of a handover workflow: whose it is and how far it got, readable without a worker. */
export type HandoverMemo = GenerationMemo;

/** Answers, for whoever started or joined the run, with its summary once it is stored. */
export const handoverResultUpdate = defineUpdate<HandoverResult>('result');
