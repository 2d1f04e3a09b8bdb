import {
  isGrpcServiceError,
  ServiceError,
  type Client,
  type ProtoFailure,
  type WorkflowExecutionInfo,
  type WorkflowHandle,
} from '@temporalio/client';
import { AppError } from '../domain/shared/errors';
import { isUuid } from '../domain/shared/ids';
import { organisationSearchAttribute } from './client';
import {
  statusesWithError,
  workflowOutcome,
  type WorkflowError,
  type WorkflowErrorStep,
  type WorkflowExecution,
  type WorkflowFilter,
  type WorkflowStatus,
} from '../domain/ops/ops.schemas';

export const recentLimit = 50;

export const temporalUnavailableMessage =
  'Temporal is niet bereikbaar, dus de workflows kunnen nu niet worden getoond. Probeer het later opnieuw.';

type HistoryEvent = NonNullable<Awaited<ReturnType<WorkflowHandle['fetchHistory']>>['events']>[number];

const statusByName: Record<WorkflowExecutionInfo['status']['name'], WorkflowStatus> = {
  RUNNING: 'Running',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  TERMINATED: 'Terminated',
  TIMED_OUT: 'TimedOut',
  CANCELLED: 'Canceled',
  CONTINUED_AS_NEW: 'ContinuedAsNew',
  UNKNOWN: 'Unknown',
  UNSPECIFIED: 'Unknown',
  PAUSED: 'Paused',
};

/** Filter values are validated names (ops.schemas.ts), so they can be quoted as they are. */
export function visibilityQuery(filter: WorkflowFilter): string | undefined {
  const clauses: string[] = [];
  if (filter.type) clauses.push(`WorkflowType = '${filter.type}'`);
  if (filter.status) clauses.push(`ExecutionStatus = '${filter.status}'`);
  return clauses.length > 0 ? clauses.join(' AND ') : undefined;
}

const maxMessage = 1000;
const maxChain = 6;
const clip = (text: string) => (text.length > maxMessage ? `${text.slice(0, maxMessage)}…` : text);

function stepLabel(failure: ProtoFailure): string {
  if (failure.activityFailureInfo) return `Activiteit ${failure.activityFailureInfo.activityType?.name ?? ''}`.trim();
  if (failure.childWorkflowExecutionFailureInfo)
    return `Subworkflow ${failure.childWorkflowExecutionFailureInfo.workflowType?.name ?? ''}`.trim();
  if (failure.timeoutFailureInfo) return 'Tijdslimiet verstreken';
  if (failure.canceledFailureInfo) return 'Geannuleerd';
  if (failure.terminatedFailureInfo) return 'Beëindigd';
  if (failure.serverFailureInfo) return 'Temporal-server';
  const type = failure.applicationFailureInfo?.type;
  return type ? `Fout (${type})` : 'Fout';
}

/** Temporal's own wording for the links of a failure chain, in the page's words; the root cause is quoted as it is. */
const temporalMessages: Record<string, string> = {
  'Activity task failed': 'De activiteit is mislukt',
  'Activity task timed out': 'De activiteit overschreed haar tijdslimiet',
  'Activity task cancelled': 'De activiteit is geannuleerd',
  'Activity task canceled': 'De activiteit is geannuleerd',
  'Child Workflow execution failed': 'De subworkflow is mislukt',
  'Child Workflow execution timed out': 'De subworkflow overschreed zijn tijdslimiet',
  'Workflow execution failed': 'De workflow is mislukt',
};

/**
 * The failure chain from the workflow down to the root cause: messages only. Stack traces and
 * failure details stay in Temporal (the UI shows them); details can carry payloads.
 */
export function failureChain(failure: ProtoFailure | null | undefined): WorkflowErrorStep[] {
  const chain: WorkflowErrorStep[] = [];
  for (let current = failure; current && chain.length < maxChain; current = current.cause) {
    const message = current.message ? (temporalMessages[current.message] ?? current.message) : '(geen melding)';
    chain.push({ label: stepLabel(current), message: clip(message) });
  }
  return chain;
}

/** What the closing event of a failed, terminated or timed-out run says about why. */
export function errorFromCloseEvent(event: HistoryEvent | undefined): WorkflowError | null {
  const failed = event?.workflowExecutionFailedEventAttributes;
  if (failed) {
    const chain = failureChain(failed.failure);
    const root = chain.at(-1);
    return { summary: root ? `${root.label}: ${root.message}` : 'De workflow is mislukt zonder foutmelding.', chain };
  }
  const terminated = event?.workflowExecutionTerminatedEventAttributes;
  if (terminated) {
    const reason = terminated.reason?.trim();
    return { summary: reason ? `Beëindigd: ${clip(reason)}` : 'Beëindigd zonder opgegeven reden.', chain: [] };
  }
  if (event?.workflowExecutionTimedOutEventAttributes) {
    return { summary: 'De workflow overschreed zijn tijdslimiet.', chain: [] };
  }
  return null;
}

function isTemporalCallError(error: unknown): boolean {
  return error instanceof ServiceError || isGrpcServiceError(error);
}

async function closingError(client: Client, info: WorkflowExecutionInfo): Promise<WorkflowError> {
  try {
    // The newest event of a closed run is its close event: one event, however long the history.
    const { history } = await client.workflowService.getWorkflowExecutionHistoryReverse({
      namespace: client.options.namespace,
      execution: { workflowId: info.workflowId, runId: info.runId },
      maximumPageSize: 1,
    });
    return errorFromCloseEvent(history?.events?.[0]) ?? { summary: 'De foutmelding staat niet in de geschiedenis.', chain: [] };
  } catch (error) {
    // One unreadable history should not hide the other runs.
    if (!isTemporalCallError(error)) throw error;
    return { summary: 'De foutmelding kon niet worden opgehaald; open de workflow in de Temporal UI.', chain: [] };
  }
}

const failedOutcome = (info: WorkflowExecutionInfo) =>
  info.status.name === 'COMPLETED' && workflowOutcome(info.memo?.outcome) === 'mislukt';

function toExecution(info: WorkflowExecutionInfo): Omit<WorkflowExecution, 'error'> {
  const closeTime = info.closeTime ?? null;
  return {
    type: info.type,
    workflowId: info.workflowId,
    runId: info.runId,
    status: statusByName[info.status.name] ?? 'Unknown',
    startTime: info.startTime.toISOString(),
    closeTime: closeTime?.toISOString() ?? null,
    durationMs: closeTime ? closeTime.getTime() - info.startTime.getTime() : null,
    outcome: workflowOutcome(info.memo?.outcome),
  };
}

/**
 * The latest runs of one organisation (and the health checks) through Temporal's visibility API, newest start first, each
 * failed one with its error. The visibility store lists open runs first and then by close time,
 * so the 50 read are the running ones and the most recently closed; they are sorted by start here.
 * Temporal down or not answering within the deadline → AppError `unavailable` with a Dutch message.
 */
export async function recentWorkflows(
  temporal: () => Promise<Client>,
  filter: WorkflowFilter,
  organisationId: string,
  timeoutMs = 5000,
): Promise<WorkflowExecution[]> {
  // One organisation's runs (issue 39, point 10), and the health checks, which belong to none.
  if (!isUuid(organisationId)) throw new Error('recentWorkflows: organisationId must be a uuid');
  const scoped = (query: string | undefined) =>
    `(${organisationSearchAttribute.name} = '${organisationId}' OR WorkflowType = 'healthCheck')${query ? ` AND ${query}` : ''}`;
  let client: Client;
  try {
    client = await temporal();
  } catch {
    throw new AppError('unavailable', temporalUnavailableMessage);
  }
  try {
    return await client.withDeadline(Date.now() + timeoutMs, async () => {
      const list = async (query: string | undefined) => {
        const found: WorkflowExecutionInfo[] = [];
        for await (const info of client.workflow.list({ query, pageSize: recentLimit })) {
          found.push(info);
          if (found.length >= recentLimit) break;
        }
        return found;
      };
      // A chain whose step failed completes in Temporal but is failed to ops (its memo says "mislukt"):
      // it is listed under "Mislukt" and not under "Voltooid".
      const [listed, completedFailed] = await Promise.all([
        list(scoped(visibilityQuery(filter))),
        filter.status === 'Failed' ? list(scoped(visibilityQuery({ ...filter, status: 'Completed' }))) : [],
      ]);
      const infos = [
        ...listed.filter((info) => filter.status !== 'Completed' || !failedOutcome(info)),
        ...completedFailed.filter(failedOutcome),
      ]
        .sort((a, b) => b.startTime.getTime() - a.startTime.getTime())
        .slice(0, recentLimit);
      return Promise.all(
        infos.map(async (info) => {
          const execution = toExecution(info);
          return { ...execution, error: statusesWithError.includes(execution.status) ? await closingError(client, info) : null };
        }),
      );
    });
  } catch (error) {
    if (!isTemporalCallError(error)) throw error;
    throw new AppError('unavailable', temporalUnavailableMessage);
  }
}
