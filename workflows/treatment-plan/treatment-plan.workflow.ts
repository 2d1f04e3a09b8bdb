import { proxyActivities, proxyLocalActivities, upsertMemo, workflowInfo } from '@temporalio/workflow';
import type { TreatmentPlanJob } from '../../domain/treatment-plan/generate';
import type { TreatmentPlanView } from '../../domain/treatment-plan/treatment-plan.schemas';
import type { Granted } from '../../temporal/actor-grant';
import type { Activities } from '../../workers/activities';
import { answeringResult } from '../generation';
import { treatmentPlanResultUpdate } from './messages';

// Gathering and storing are short database work: local activities, as in the handover (ADR 11).
const { collectTreatmentPlanSources, storeTreatmentPlanDraft } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '20 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumAttempts: 5 },
});

// The model call is a real activity that heartbeats: when its worker dies, the server notices
// within the heartbeat timeout and runs it on another worker, instead of waiting out the whole
// start-to-close budget (the page is waiting; the target is 8 s).
const { draftTreatmentPlan } = proxyActivities<Activities>({
  startToCloseTimeout: '40 seconds',
  heartbeatTimeout: '5 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 3 },
});

export type TreatmentPlanResult = { status: 'klaar'; plan: TreatmentPlanView } | { status: 'mislukt'; error: string };

/**
 * One draft treatment plan for one patient: gather the record, draft (model or local), store it as
 * the next version. The id `behandelplan-<patientId>-<date>` makes a second request that day join
 * a running generation; each request gets the draft through the `result` Update. The memo's
 * `step` is the progress the page shows.
 */
export async function treatmentPlanGeneration(job: Granted<TreatmentPlanJob>): Promise<TreatmentPlanResult> {
  return answeringResult(treatmentPlanResultUpdate, async (): Promise<TreatmentPlanResult> => {
    const sources = await collectTreatmentPlanSources(job);
    upsertMemo({ step: 1 });
    const drafted = await draftTreatmentPlan({ job, sources });
    if (!drafted.ok) return { status: 'mislukt', error: drafted.error };
    upsertMemo({ step: 2 });
    const plan = await storeTreatmentPlanDraft({ job, drafted: drafted.drafted, runId: workflowInfo().runId });
    return { status: 'klaar', plan };
  });
}
