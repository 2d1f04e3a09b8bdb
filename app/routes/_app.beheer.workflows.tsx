import { formatWhen } from '../../domain/shared/clinical-time';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { ExclamationTriangleIcon, ExternalLinkIcon, LapTimerIcon } from '@radix-ui/react-icons';
import { noPatientDataMessage } from '../../domain/auth/auth.schemas';
import { env } from '../../domain/config/env';
import {
  filterStatuses,
  formatDuration,
  temporalUiUrl,
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
import { recentWorkflows } from '../ops.server';
import { getTemporalClient } from '../services.server';
import { hrefWith } from '../lib/href';

export const meta: MetaFunction = () => [{ title: 'Workflows — Beheer — GGZ-EPD' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, 'beheerder', 'Deze pagina is alleen voor functioneel beheerders.');
  const url = new URL(request.url);
  const filter = workflowFilterSchema.parse({
    status: url.searchParams.get('status') ?? undefined,
    type: url.searchParams.get('type') ?? undefined,
  });
  const page = {
    filter,
    notice: url.searchParams.get('melding') === 'geen-patientgegevens' ? noPatientDataMessage : null,
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

function WorkflowStatusBadge({ status, outcome }: { status: WorkflowStatus; outcome?: WorkflowOutcome | null }) {
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
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/beheer/workflows';
  const ui = (run?: { workflowId: string; runId: string }) => temporalUiUrl(data.temporalUi.base, data.temporalUi.namespace, run);
  const knownTypes = Object.keys(workflowTypeLabels);
  const typeOptions = data.filter.type && !knownTypes.includes(data.filter.type) ? [...knownTypes, data.filter.type] : knownTypes;
  const filtered = Boolean(data.filter.status || data.filter.type);

  return (
    <>
      <PageHeader
        title="Workflows"
        description="De laatste 50 uitvoeringen in Temporal, nieuwste eerst. Invoer en resultaten blijven in Temporal; de Temporal UI toont de volledige geschiedenis."
        actions={
          <a className="button button-secondary nowrap" href={ui()} target="_blank" rel="noreferrer">
            <ExternalLinkIcon aria-hidden="true" /> Temporal UI
          </a>
        }
      />

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

function WorkflowRows({ execution, now, historyUrl }: { execution: WorkflowExecution; now: string; historyUrl: string }) {
  const label = workflowTypeLabel(execution.type);
  const { error } = execution;
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
          <WorkflowStatusBadge status={execution.status} outcome={execution.outcome} />
        </td>
        <td className="nowrap">{formatWhen(execution.startTime, new Date(now))}</td>
        <td className="nowrap">
          {execution.durationMs === null ? (
            <span className="muted">loopt {formatDuration(new Date(now).getTime() - new Date(execution.startTime).getTime())}</span>
          ) : (
            formatDuration(execution.durationMs)
          )}
        </td>
        <td className="workflow-link">
          <a href={historyUrl} target="_blank" rel="noreferrer" aria-label={`Geschiedenis van ${execution.workflowId} in de Temporal UI`}>
            Geschiedenis <ExternalLinkIcon aria-hidden="true" />
          </a>
        </td>
      </tr>
      {error ? (
        <tr className="workflow-error-row">
          <td colSpan={6}>
            <details className={execution.status === 'Failed' ? 'workflow-error' : 'workflow-error workflow-error-warning'}>
              <summary>
                <ExclamationTriangleIcon aria-hidden="true" />
                {/* Error messages are quoted as the system gave them: translate="no" keeps them out of the language check. */}
                <span className="workflow-error-summary" translate="no">
                  {error.summary}
                </span>
              </summary>
              <div className="workflow-error-body">
                {/* The chain ends in the root cause the summary quotes; without a chain the summary is all there is. */}
                {error.chain.length === 0 ? (
                  <p className="workflow-error-full" translate="no">
                    {error.summary}
                  </p>
                ) : null}
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
                <a href={historyUrl} target="_blank" rel="noreferrer">
                  Foutdetails en volledige geschiedenis in de Temporal UI <ExternalLinkIcon aria-hidden="true" />
                </a>
              </div>
            </details>
          </td>
        </tr>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
