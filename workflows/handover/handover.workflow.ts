import { ActivityFailure, proxyActivities, proxyLocalActivities, upsertMemo } from '@temporalio/workflow';
import type { HandoverJob } from '../../domain/handover/generate';
import type { HandoverSummary } from '../../domain/handover/handover.schemas';
import type { WardHandoverJob } from '../../domain/handover/ward.service';
import type { Granted } from '../../temporal/actor-grant';
import type { Activities } from '../../workers/activities';
import { answeringResult } from '../generation';
import { handoverResultUpdate, wardParallelism, type WardHandoverMemo } from './messages';

// Reading and storing are short database work: local activities skip two task-queue round trips
// each, which is most of what a workflow would add to a handover (bench/handover.bench.ts).
const { collectHandoverSources, storeHandover, listWardPatients } = proxyLocalActivities<Activities>({
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

/** Collect and filter, summarise, verify and store: one patient's handover; `step` says how far it got. */
async function handoverFor(job: Granted<HandoverJob>, step: (done: number) => void = () => undefined): Promise<HandoverResult> {
  const collected = await collectHandoverSources(job);
  step(1);
  const summarised = await summariseHandover({ job, collected });
  if (!summarised.ok) return { status: 'mislukt', error: summarised.error };
  step(2);
  const summary = await storeHandover({ job, collected, prepared: summarised.prepared });
  return { status: 'klaar', summary };
}

/**
 * One handover for one patient, period and role: collect and filter the sources, summarise them
 * (model or local), verify every cited source and store the result once. The id
 * `handover-<patientId>-<period>-<role>-<date>` makes a second request that day join this one;
 * each request gets the result through the `result` Update. The memo's `step` is the progress the
 * page shows. The job's actor is signed by the app: the activities act only for that grant.
 */
export async function handoverGeneration(job: Granted<HandoverJob>): Promise<HandoverResult> {
  return answeringResult(handoverResultUpdate, () => handoverFor(job, (step) => upsertMemo({ step })));
}

export interface WardHandoverResult {
  total: number;
  made: number;
  failed: number;
}

/**
 * The handover for every patient of the ward (issue 26, point 2): the ward list in handover order,
 * then each patient's handover as above, at most `wardParallelism` at a time so the model and the
 * database see a bounded load. One patient that fails does not stop the others: it is counted, and
 * its earlier summary (if any) stays. The memo says how many are done, for the page's progress.
 */
export async function wardHandoverGeneration(job: Granted<WardHandoverJob>): Promise<WardHandoverResult> {
  const patientIds = await listWardPatients(job);
  const progress: WardHandoverMemo = { step: 0, total: patientIds.length, failed: 0 };
  upsertMemo({ ...progress });
  let next = 0;
  const lane = async () => {
    while (next < patientIds.length) {
      const patientId = patientIds[next++]!;
      const outcome = await handoverFor({
        grant: job.grant,
        patientId,
        period: job.period,
        role: job.role,
        workflowId: `${job.workflowId}/${patientId}`,
        requestedAt: job.requestedAt,
      }).catch((error: unknown) => {
        if (error instanceof ActivityFailure) return { status: 'mislukt' as const, error: error.message };
        throw error;
      });
      progress.step++;
      if (outcome.status === 'mislukt') progress.failed++;
      upsertMemo({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: Math.min(wardParallelism, patientIds.length) }, lane));
  return { total: progress.total, made: progress.total - progress.failed, failed: progress.failed };
}
