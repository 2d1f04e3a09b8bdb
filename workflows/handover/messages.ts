import { defineUpdate } from '@temporalio/workflow';
import type { GenerationMemo } from '../generation';
import type { HandoverResult } from './handover.workflow';

/** The steps the page shows while a handover is generated, in order. */
export const handoverSteps = ['Bronnen verzamelen en filteren voor de rol', 'Samenvatten', 'Bronnen controleren en opslaan'] as const;

/** Memo of a handover workflow: whose it is and how far it got, readable without a worker. */
export type HandoverMemo = GenerationMemo;

/** Answers, for whoever started or joined the run, with its summary once it is stored. */
export const handoverResultUpdate = defineUpdate<HandoverResult>('result');

/**
 * How many patients' handovers the ward handover makes at once: enough to finish a ward of 30 well
 * within ten seconds with a model answering in a second (bench/ward-handover.bench.ts), few enough
 * that a ward does not flood the model's rate limit or the worker's database pool.
 */
export const wardParallelism = 6;

/** Memo of a ward handover beside the organisation: `step` patients done of `total`, `failed` of them without a new summary. */
export interface WardHandoverMemo {
  step: number;
  total: number;
  failed: number;
}
