import {
  isGrpcServiceError,
  ServiceError,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  type Client,
  type ProtoFailure,
  type WorkflowExecutionDescription,
  type WorkflowExecutionInfo,
  type WorkflowHandle,
} from '@temporalio/client';
import { AppError } from '../domain/shared/errors';
import { isUuid } from '../domain/shared/ids';
import { organisationSearchAttribute } from './client';
import {
  retryMessages,
  retryOf,
  statusesWithError,
  workflowOutcome,
  type WorkflowError,
  type WorkflowErrorStep,
  type WorkflowExecution,
  type WorkflowFilter,
  type WorkflowStatus,
} from '../domain/ops/ops.schemas';
import { taskQueues } from '../workflows/task-queues';
import { waitingSinceMemo } from '../workflows/waiting';

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

// Temporal's RetryState of an activity failure (temporal.api.enums.v1.RetryState).
const retryState = { nonRetryable: 2, timeout: 3, maximumAttempts: 4 } as const;

/** Failure types the product's activities raise on purpose, in Dutch (workers/acting.ts). */
const causeOfType: Record<string, string> = {
  ActorRefused:
    'De workflow had geen geldige machtiging van de app (niet ondertekend, verlopen of al gebruikt); er is niets voor een zorgverlener gedaan.',
};

/**
 * Why a run failed, in Dutch, from the kinds of failure in its chain and the root's type only.
 * Messages are never quoted here (the technical details show them), so no text of a record can
 * reach the sentence.
 */
export function failureCause(failure: ProtoFailure | null | undefined): string {
  const links: ProtoFailure[] = [];
  for (let current = failure; current && links.length < maxChain; current = current.cause) links.push(current);
  const rootType = links.at(-1)?.applicationFailureInfo?.type ?? '';
  if (Object.hasOwn(causeOfType, rootType)) return causeOfType[rootType]!;
  const activity = links.find((link) => link.activityFailureInfo)?.activityFailureInfo;
  if (links.some((link) => link.timeoutFailureInfo))
    return activity
      ? 'Een stap van de workflow kreeg binnen zijn tijdslimiet geen antwoord, ook niet na herhalen.'
      : 'De workflow overschreed een tijdslimiet.';
  if (activity) {
    const what = /database|connection|driver|econnrefused/i.test(rootType)
      ? 'De database was niet bereikbaar voor een stap van de workflow'
      : 'Een stap van de workflow mislukte';
    if (activity.retryState === retryState.maximumAttempts) return `${what}, ook na alle herhalingen.`;
    if (activity.retryState === retryState.nonRetryable) return `${what}; deze fout wordt niet herhaald.`;
    return `${what}.`;
  }
  if (links.some((link) => link.childWorkflowExecutionFailureInfo)) return 'Een onderdeel van de workflow (een subworkflow) mislukte.';
  if (links.some((link) => link.canceledFailureInfo)) return 'De workflow is geannuleerd.';
  return 'De workflow liep vast in zijn eigen verloop, niet in een stap: meestal een programmeerfout, die blijft tot een nieuwe versie.';
}

/** What the closing event of a failed, terminated or timed-out run says about why. */
export function errorFromCloseEvent(event: HistoryEvent | undefined): WorkflowError | null {
  const failed = event?.workflowExecutionFailedEventAttributes;
  if (failed) {
    const chain = failureChain(failed.failure);
    const root = chain.at(-1);
    return {
      cause: failureCause(failed.failure),
      summary: root ? `${root.label}: ${root.message}` : 'De workflow is mislukt zonder foutmelding.',
      chain,
    };
  }
  const terminated = event?.workflowExecutionTerminatedEventAttributes;
  if (terminated) {
    const reason = terminated.reason?.trim();
    return {
      cause: 'Handmatig beëindigd in Temporal.',
      summary: reason ? `Beëindigd: ${clip(reason)}` : 'Beëindigd zonder opgegeven reden.',
      chain: [],
    };
  }
  if (event?.workflowExecutionTimedOutEventAttributes) {
    return { cause: 'De workflow overschreed zijn totale tijdslimiet.', summary: 'De workflow overschreed zijn tijdslimiet.', chain: [] };
  }
  return null;
}

function isTemporalCallError(error: unknown): boolean {
  return error instanceof ServiceError || isGrpcServiceError(error);
}

const unreadableCause = 'De oorzaak kon niet uit de geschiedenis worden gelezen.';

async function closingError(client: Client, info: WorkflowExecutionInfo): Promise<WorkflowError> {
  try {
    // The newest event of a closed run is its close event: one event, however long the history.
    const { history } = await client.workflowService.getWorkflowExecutionHistoryReverse({
      namespace: client.options.namespace,
      execution: { workflowId: info.workflowId, runId: info.runId },
      maximumPageSize: 1,
    });
    return (
      errorFromCloseEvent(history?.events?.[0]) ?? {
        cause: unreadableCause,
        summary: 'De foutmelding staat niet in de geschiedenis.',
        chain: [],
      }
    );
  } catch (error) {
    // One unreadable history should not hide the other runs.
    if (!isTemporalCallError(error)) throw error;
    return { cause: unreadableCause, summary: 'De foutmelding kon niet worden opgehaald; open de workflow in de Temporal UI.', chain: [] };
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
    waitingSince: info.status.name === 'RUNNING' ? isoTimeOrNull(info.memo?.[waitingSinceMemo]) : null,
  };
}

function isoTimeOrNull(value: unknown): string | null {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null;
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

/**
 * Starts a failed run again under the same business id (ADR 0073): only a type the beheerder may
 * start (`retryOf`), and only once it has ended badly. The type and status come from Temporal,
 * never from the form. Answers with the new run's id; refusals are Dutch AppErrors.
 */
export async function retryWorkflow(
  temporal: () => Promise<Client>,
  organisationId: string,
  workflowId: string,
  timeoutMs = 5000,
): Promise<{ workflowId: string; runId: string }> {
  if (!isUuid(organisationId)) throw new Error('retryWorkflow: organisationId must be a uuid');
  let client: Client;
  try {
    client = await temporal();
  } catch {
    throw new AppError('unavailable', temporalUnavailableMessage);
  }
  try {
    return await client.withDeadline(Date.now() + timeoutMs, async () => {
      let info: WorkflowExecutionDescription;
      try {
        info = await client.workflow.getHandle(workflowId).describe();
      } catch (error) {
        if (error instanceof WorkflowNotFoundError) throw AppError.notFound(retryMessages.notFound);
        throw error;
      }
      // Another organisation's run is not found, as on the list (health checks belong to none).
      const own = info.type === 'healthCheck' || info.typedSearchAttributes.get(organisationSearchAttribute) === organisationId;
      if (!own) throw AppError.notFound(retryMessages.notFound);
      if (!retryOf(info.type).byBeheer) throw new AppError('conflict', retryMessages.notByBeheer);
      if (info.status.name === 'RUNNING') throw new AppError('conflict', retryMessages.running);
      if (!statusesWithError.includes(statusByName[info.status.name] ?? 'Unknown')) throw new AppError('conflict', retryMessages.notFailed);
      const handle = await client.workflow.start('healthCheck', {
        taskQueue: taskQueues.clinical,
        workflowId,
        workflowIdReusePolicy: 'ALLOW_DUPLICATE',
        workflowExecutionTimeout: '1 minute',
      });
      return { workflowId, runId: handle.firstExecutionRunId };
    });
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) throw new AppError('conflict', retryMessages.running);
    if (!isTemporalCallError(error)) throw error;
    throw new AppError('unavailable', temporalUnavailableMessage);
  }
}
