import type { GenerationMemo } from '../../domain/shared/generation.temporal';

/** The steps the page shows while a handover is generated, in order. */
export const handoverSteps = ['Bronnen verzamelen en filteren voor de rol', 'Samenvatten', 'Bronnen controleren en opslaan'] as const;

/** Memo of a handover workflow: whose it is and how far it got, readable without a worker. */
export type HandoverMemo = GenerationMemo;
