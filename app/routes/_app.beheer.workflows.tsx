import { formatWhen } from '../../domain/shared/clinical-time';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { ExclamationTriangleIcon, ExternalLinkIcon, LapTimerIcon, ReloadIcon } from '@radix-ui/react-icons';
import { noPatientDataMessage } from '../../domain/auth/auth.schemas';
import { env } from '../../domain/config/env';
import {
  filterStatuses,
  formatDuration,
  retryMessages,
  retryOf,
  temporalUiUrl,
  waitingLabel,
  workflowFilterSchema,
  workflowOutcomes,
  workflowStatusLabels,
  workflowTypeLabel,
  workflowTypeLabels,
  type WorkflowExecution,
  type WorkflowOutcome,
  type WorkflowStatus,
} from '../../domain/ops/ops.schemas';
import { AppError } from '../../domain/shared/errors';
import { countOf } from '../../domain/shared/text';
import { requireRole } from '../auth.server';
import { EmptyState, PageHeader } from '../components/page';
import { RouteError } from '../components/route-error';
import { recentWorkflows, retryWorkflow, retryWorkflowRun } from '../ops.server';
import { actorFor, perform } from '../tenant.server';
import { getTemporalClient } from '../services.server';
import { hrefWith } from '../lib/href';

export const meta: MetaFunction = () => [{ title: 'Workflows — Beheer — GGZ-EPD' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, 'beheerder', onlyBeheerder);
  const url = new URL(request.url);
  const filter = workflowFilterSchema.parse({
    status: url.searchParams.get('status') ?? undefined,
    type: url.searchParams.get('type') ?? undefined,
  });
  const page = {
    filter,
    notice: notices[url.searchParams.get('melding') ?? ''] ?? null,
    temporalUi: { base: env().TEMPORAL_UI_URL, namespace: env().TEMPORAL_NAMESPACE },
    now: new Date().toISOString(),
  };
  try {
    return { ...page, executions: await recentWorkflows(getTemporalClient, filter, user.organisationId), unavailable: null };
  } catch (error) {
    // Temporal down is what this page exists to notice: say so on the page, not with a 500.
    if (error instanceof AppError && error.code === 'unavailable')
      return { ...page, executions: [] as WorkflowExecution[], unavailable: error.message };
    throw error;
  }
}

const notices: Record<string, string> = {
  'geen-patientgegevens': noPatientDataMessage,
  'opnieuw-gestart': retryMessages.started,
};

const onlyBeheerder = 'Deze pagina is alleen voor functioneel beheerders.';

/**
 * "Opnieuw starten" of a failed run (ADR 0073): a plain form post, logged as a beheerder action.
 * Success goes back to the list (post/redirect/get); a refusal is shown beside the run.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRole(request, 'beheerder', onlyBeheerder);
  const form = await request.formData();
  const workflowId = typeof form.get('workflowId') === 'string' ? String(form.get('workflowId')) : '';
  try {
    await perform(actorFor(user, context, 'web'), retryWorkflowRun, {
      workflowId,
      restart: (id) => retryWorkflow(getTemporalClient, user.organisationId, id),
    });
  } catch (error) {
    if (error instanceof AppError && error.code !== 'internal')
      return Response.json({ workflowId, message: error.message }, { status: error.status });
    throw error;
  }
  const back = new URL(request.url).searchParams;
  back.set('melding', 'opnieuw-gestart');
  return redirect(`/beheer/workflows?${back.toString()}`);
}

const statusClass: Record<WorkflowStatus, string> = {
  Running: 'running',
  Completed: 'completed',
  Failed: 'failed',
  Terminated: 'terminated',
  TimedOut: 'timed-out',
  Canceled: 'canceled',
  ContinuedAsNew: 'other',
  Paused: 'other',
  Unknown: 'other',
};

function WorkflowStatusBadge({ status, outcome, waiting }: { status: WorkflowStatus; outcome?: WorkflowOutcome | null; waiting: boolean }) {
  // Waiting for a clinician is not a run that is stuck: a state of its own (ADR 0073).
  if (status === 'Running' && waiting) return <span className="badge workflow-status workflow-status-waiting">{waitingLabel}</span>;
  // A chain that ran to its end with a failed step is "completed" for Temporal, failed for the clinician.
  if (status === 'Completed' && outcome) {
    return (
      <span className={`badge workflow-status workflow-status-${outcome === 'mislukt' ? 'failed' : 'canceled'}`}>
        {workflowOutcomes[outcome]}
      </span>
    );
  }
  return <span className={`badge workflow-status workflow-status-${statusClass[status]}`}>{workflowStatusLabels[status]}</span>;
}

export default function WorkflowsPage() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/beheer/workflows';
  const ui = (run?: { workflowId: string; runId: string }) => temporalUiUrl(data.temporalUi.base, data.temporalUi.namespace, run);
  const namespaceUrl = ui();
  const knownTypes = Object.keys(workflowTypeLabels);
  const typeOptions = data.filter.type && !knownTypes.includes(data.filter.type) ? [...knownTypes, data.filter.type] : knownTypes;
  const filtered = Boolean(data.filter.status || data.filter.type);

  return (
    <>
      <PageHeader
        title="Workflows"
        description="De laatste 50 uitvoeringen in Temporal, nieuwste eerst. Invoer en resultaten blijven in Temporal; de Temporal UI toont de volledige geschiedenis."
        actions={
          namespaceUrl ? (
            <a className="button button-secondary nowrap" href={namespaceUrl} target="_blank" rel="noreferrer">
              <ExternalLinkIcon aria-hidden="true" /> Temporal UI
            </a>
          ) : null
        }
      />

      {refused ? (
        <p className="notice notice-danger workflow-notice" role="alert">
          <span translate="no">{refused.workflowId}</span> is niet opnieuw gestart. {refused.message}
        </p>
      ) : null}

      {data.notice ? (
        <p className="notice notice-info workflow-notice" role="status">
          {data.notice}
        </p>
      ) : null}

      <div className="toolbar">
        <nav className="segmented" aria-label="Filter op status">
          {[null, ...filterStatuses].map((status) => {
            const active = (data.filter.status ?? null) === status;
            return (
              <Link
                key={status ?? 'alle'}
                to={hrefWith('/beheer/workflows', params, { melding: null, status })}
                className={active ? 'segment active' : 'segment'}
                aria-current={active ? 'true' : undefined}
                preventScrollReset
              >
                {status ? workflowStatusLabels[status] : 'Alle'}
              </Link>
            );
          })}
        </nav>
        <Form method="get" className="workflow-type-filter">
          {data.filter.status ? <input type="hidden" name="status" value={data.filter.status} /> : null}
          <label htmlFor="workflow-type">Type</label>
          <select id="workflow-type" name="type" defaultValue={data.filter.type ?? ''} key={data.filter.type ?? ''}>
            <option value="">Alle typen</option>
            {typeOptions.map((type) => (
              <option key={type} value={type}>
                {workflowTypeLabel(type)}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-secondary">
            Filteren
          </button>
        </Form>
      </div>

      {data.unavailable ? (
        <section className="error-state" role="alert">
          <h2>Temporal is niet bereikbaar</h2>
          <p className="muted">{data.unavailable}</p>
          <div className="status-actions">
            <a className="button button-primary" href="">
              Opnieuw proberen
            </a>
          </div>
        </section>
      ) : data.executions.length === 0 ? (
        <EmptyState
          icon={<LapTimerIcon width={22} height={22} />}
          title={filtered ? 'Geen workflows met dit filter' : 'Nog geen workflows'}
        >
          <p>
            {filtered ? (
              <Link to="/beheer/workflows">Toon alle workflows</Link>
            ) : (
              'Workflows verschijnen hier zodra de app er een start, bijvoorbeeld bij de gezondheidscontrole.'
            )}
          </p>
        </EmptyState>
      ) : (
        <div className={loading ? 'table-card loading' : 'table-card'}>
          <p className="table-caption">
            {countOf(data.executions.length, 'uitvoering', 'uitvoeringen')}
            {data.filter.status ? ` · ${workflowStatusLabels[data.filter.status].toLowerCase()}` : ''}
            {data.filter.type ? ` · ${workflowTypeLabel(data.filter.type)}` : ''}
            {filtered ? (
              <>
                {' · '}
                <Link to="/beheer/workflows">Filters wissen</Link>
              </>
            ) : null}
          </p>
          <table className="table workflow-table">
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Kenmerk</th>
                <th scope="col">Status</th>
                <th scope="col">Start</th>
                <th scope="col">Duur</th>
                <th scope="col">
                  <span className="visually-hidden">Geschiedenis</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.executions.map((execution) => (
                <WorkflowRows
                  key={`${execution.workflowId}/${execution.runId}`}
                  execution={execution}
                  now={data.now}
                  historyUrl={ui(execution)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function WorkflowRows({ execution, now, historyUrl }: { execution: WorkflowExecution; now: string; historyUrl: string | null }) {
  const label = workflowTypeLabel(execution.type);
  const { error } = execution;
  const waiting = execution.status === 'Running' && Boolean(execution.waitingSince);
  const since = (iso: string) => formatDuration(new Date(now).getTime() - new Date(iso).getTime());
  const retry = retryOf(execution.type);
  const navigation = useNavigation();
  const retrying = navigation.state === 'submitting' && navigation.formData?.get('workflowId') === execution.workflowId;
  return (
    <>
      <tr className={error ? 'workflow-row has-error' : 'workflow-row'} data-workflow-id={execution.workflowId}>
        <td>
          <span className="workflow-type">{label}</span>
        </td>
        <td className="mono small workflow-id" translate="no">
          {execution.workflowId}
        </td>
        <td>
          <WorkflowStatusBadge status={execution.status} outcome={execution.outcome} waiting={waiting} />
        </td>
        <td className="nowrap">{formatWhen(execution.startTime, new Date(now))}</td>
        <td className="nowrap">
          {waiting ? (
            <span className="muted">sinds {since(execution.waitingSince!)}</span>
          ) : execution.durationMs === null ? (
            <span className="muted">loopt {since(execution.startTime)}</span>
          ) : (
            formatDuration(execution.durationMs)
          )}
        </td>
        <td className="workflow-link">
          {historyUrl ? (
            <a href={historyUrl} target="_blank" rel="noreferrer" aria-label={`Geschiedenis van ${execution.workflowId} in de Temporal UI`}>
              Geschiedenis <ExternalLinkIcon aria-hidden="true" />
            </a>
          ) : null}
        </td>
      </tr>
      {error ? (
        <tr className="workflow-error-row">
          <td colSpan={6}>
            <details className={execution.status === 'Failed' ? 'workflow-error' : 'workflow-error workflow-error-warning'}>
              <summary>
                <ExclamationTriangleIcon aria-hidden="true" />
                <span className="workflow-error-summary">{error.cause}</span>
              </summary>
              <div className="workflow-error-body">
                {/* Error messages are quoted as the system gave them: translate="no" keeps them out of the language check. */}
                <p className="workflow-error-full">
                  <span className="workflow-error-label">Technische melding</span> <span translate="no">{error.summary}</span>
                </p>
                {/* The chain ends in the root cause the summary quotes. */}
                {error.chain.length > 0 ? (
                  <ol className="workflow-error-chain" aria-label="Foutketen">
                    {error.chain.map((step, index) => (
                      <li key={index}>
                        <span className="workflow-error-label">{step.label}</span>
                        <code translate="no">{step.message}</code>
                      </li>
                    ))}
                  </ol>
                ) : null}
                {historyUrl ? (
                  <a href={historyUrl} target="_blank" rel="noreferrer">
                    Foutdetails en volledige geschiedenis in de Temporal UI <ExternalLinkIcon aria-hidden="true" />
                  </a>
                ) : null}
              </div>
            </details>
            <div className="workflow-retry">
              {retry.byBeheer ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="workflowId" value={execution.workflowId} />
                  <button
                    type="submit"
                    className="button button-secondary"
                    disabled={retrying}
                    aria-label={`${execution.workflowId} opnieuw starten`}
                  >
                    <ReloadIcon aria-hidden="true" /> {retrying ? 'Wordt gestart…' : 'Opnieuw starten'}
                  </button>
                </Form>
              ) : (
                <p className="muted small">{retry.how}</p>
              )}
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
