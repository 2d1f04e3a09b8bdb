import { proxyActivities, proxyLocalActivities, upsertMemo } from '@temporalio/workflow';
import type { HandoverJob } from '../../domain/handover/generate';
import type { HandoverSummary } from '../../domain/handover/handover.schemas';
import type { Granted } from '../../temporal/actor-grant';
import type { Activities } from '../../workers/activities';
import { answeringResult } from '../generation';
import { handoverResultUpdate } from './messages';

// Reading and storing are short database work: local activities skip two task-queue round trips
// each, which is most of what a workflow would add to a handover (bench/handover.bench.ts).
const { collectHandoverSources, storeHandover } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '20 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 5 },
});

// The model call stays a real activity: long, external, and visible as pending to operators. The
// AI port has its own timeout and retries; this only bounds it. The heartbeat lets a call cut off by
// a killed worker run again within seconds instead of after the whole three minutes.
const { summariseHandover } = proxyActivities<Activities>({
  startToCloseTimeout: '3 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumAttempts: 3 },
});

export type HandoverResult = { status: 'klaar'; summary: HandoverSummary } | { status: 'mislukt'; error: string };

/**
 * One handover for one patient, period and role: collect and filter the sources, summarise them
 * (model or local), verify every cited source and store the result once. The id
 * `handover-<patientId>-<period>-<role>-<date>` makes a second request that day join this one;
 * each request gets the result through the `result` Update. The memo's `step` is the progress the
 * page shows. The job's actor is signed by the app: the activities act only for that grant.
 */
export async function handoverGeneration(job: Granted<HandoverJob>): Promise<HandoverResult> {
  return answeringResult(handoverResultUpdate, async (): Promise<HandoverResult> => {
    const collected = await collectHandoverSources(job);
    upsertMemo({ step: 1 });
    const summarised = await summariseHandover({ job, collected });
    if (!summarised.ok) return { status: 'mislukt', error: summarised.error };
    upsertMemo({ step: 2 });
    const summary = await storeHandover({ job, collected, prepared: summarised.prepared });
    return { status: 'klaar', summary };
  });
}
