import { alertSentence } from '../../domain/handover/handover.alerts';
import { formatWhen, formatTime } from '../../domain/shared/clinical-time';
import { countOf, formatMeasurement } from '../../domain/shared/text';
import { Form, Link, useFetcher } from '@remix-run/react';
import type { FormEvent } from 'react';
import type { ActionItemState, ActionStates } from '../../domain/handover/action-ticks';
import { MagicWandIcon, ReloadIcon } from '@radix-ui/react-icons';
import type {
  Actiepunt,
  Bron,
  HandoverPeriod,
  HandoverRole,
  HandoverSummary,
  Severity,
  SourceData,
} from '../../domain/handover/handover.schemas';
import { handoverRoleLabels, periodLabels } from '../../domain/handover/handover.schemas';
import { interpretationLabels, RiskLevelBadge } from './clinical';
import { GenerationError, GenerationStepper, useGeneration, type GenerationProgress, type GenerationState } from './generation';

const severityClass: Record<Severity, string> = {
  'geen gegevens': 'severity-none',
  stabiel: 'severity-stable',
  'let op': 'severity-watch',
  instabiel: 'severity-unstable',
};
const severityLabels: Record<Severity, string> = {
  'geen gegevens': 'Geen gegevens',
  stabiel: 'Stabiel',
  'let op': 'Let op',
  instabiel: 'Instabiel',
};
/** I-PASS's illness severity as a badge: stabiel, let op, instabiel. */
export function SeverityBadge({ ernst }: { ernst: Severity }) {
  return <span className={`badge ${severityClass[ernst] ?? ''}`}>{severityLabels[ernst] ?? ernst}</span>;
}

const ownerLabels: Record<Actiepunt['eigenaar'], string> = { verpleegkundige: 'Verpleegkundige', psychiater: 'Psychiater', team: 'Team' };

/** What the page's loader knows: today's stored summary, or a form-started run in progress or failed. */
function initialState(
  stored: HandoverSummary | null,
  progress: (GenerationProgress & { message: string | null }) | null,
  serverError?: string,
): GenerationState<HandoverSummary> {
  if (serverError) return { kind: 'error', message: serverError, canRetry: true };
  if (progress?.status === 'bezig') return { kind: 'running', progress };
  if (progress?.status === 'mislukt')
    return { kind: 'error', message: progress.message ?? 'Het maken van de overdracht is mislukt.', canRetry: true };
  return stored ? { kind: 'done', result: stored } : { kind: 'idle' };
}

/**
 * "Overdracht genereren" for one patient, period and role. The summary comes from a durable
 * workflow that can take a while. With JavaScript the progress is polled and shown as the
 * workflow's steps; without it the button is a plain form post to the page (its action), which
 * answers with the summary or a progress page that refreshes itself.
 */
export function HandoverSummaryPanel({
  patientId,
  period,
  role,
  stored = null,
  serverProgress = null,
  serverError,
  actions = {},
}: {
  patientId: string;
  period: HandoverPeriod;
  role: HandoverRole;
  stored?: HandoverSummary | null;
  serverProgress?: (GenerationProgress & { message: string | null }) | null;
  serverError?: string;
  /** The looking clinician's ticks on stored summaries' action items, by summary id. */
  actions?: ActionStates;
}) {
  const { state, generate } = useGeneration<HandoverSummary>({
    url: '/api/overdracht/generate',
    statusUrl: `/api/overdracht/generate/status?${new URLSearchParams({ patientId, period, filterForRole: role })}`,
    body: JSON.stringify({ patientId, period, filterForRole: role }),
    initial: initialState(stored, serverProgress, serverError),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void generate();
  };

  const busy = state.kind === 'running';
  // A run the page found in progress (started by a form post) is not polled: the clinician looks again.
  const lookAgain = state.kind === 'running' && serverProgress?.status === 'bezig';
  return (
    <section className="card summary-card" aria-labelledby="summary-title" aria-busy={busy}>
      <div className="card-header">
        <div>
          <h2 id="summary-title">Overdrachtssamenvatting</h2>
          <p className="muted small">
            Laatste {periodLabels[period]}, gefilterd voor de {handoverRoleLabels[role].toLowerCase()}. Alleen rapportages gemarkeerd voor
            de overdracht, vitale waarden en risico&apos;s; elk punt met zijn bron.
          </p>
        </div>
        <Form method="post" action="/overdracht" onSubmit={onSubmit}>
          <input type="hidden" name="patientId" value={patientId} />
          <input type="hidden" name="periode" value={period} />
          <input type="hidden" name="rol" value={role} />
          {state.kind === 'done' ? (
            <button type="submit" name="intent" value="genereren" className="button button-secondary">
              <ReloadIcon aria-hidden="true" /> Opnieuw genereren
            </button>
          ) : (
            <button type="submit" name="intent" value="genereren" className="button button-primary" disabled={busy}>
              <MagicWandIcon aria-hidden="true" /> {busy ? 'Bezig met genereren…' : 'Overdracht genereren'}
            </button>
          )}
        </Form>
      </div>
      {state.kind === 'running' ? <GenerationStepper progress={state.progress} starting="Overdracht wordt gestart…" /> : null}
      {lookAgain ? (
        <p className="summary-look-again">
          De overdracht wordt nog gemaakt; dat duurt langer dan gewoonlijk.{' '}
          <Link to={`/overdracht?${new URLSearchParams({ patient: patientId, periode: period, rol: role, generatie: 'bezig' })}`}>
            Opnieuw kijken
          </Link>
        </p>
      ) : null}
      {state.kind === 'error' ? (
        <GenerationError message={state.message} canRetry={state.canRetry} onRetry={() => void generate()} />
      ) : null}
      {state.kind === 'done' ? <Summary summary={state.result} actions={actions} /> : null}
    </section>
  );
}

function Summary({ summary, actions }: { summary: HandoverSummary; actions: ActionStates }) {
  const { meta } = summary;
  // A notice the server may add, e.g. that the model did not answer and the local extract was used.
  const melding = (meta as { melding?: unknown }).melding;
  return (
    <div className="summary" data-testid="handover-summary">
      <header className="summary-head">
        <div className="summary-badges">
          <SeverityBadge ernst={meta.ernst} />
          {meta.bron === 'lokaal' ? (
            <span className="badge badge-warning">
              {typeof melding === 'string'
                ? 'Samenvatting zonder taalmodel'
                : 'Samenvatting zonder taalmodel — er is geen taalmodel ingesteld'}
            </span>
          ) : null}
        </div>
        <p className="summary-situation">{meta.situatie}</p>
        {/* The model writes its own situation; the counts beside it are the ward list's. */}
        {meta.bron === 'taalmodel' && meta.alerts ? (
          <p className="muted small">{`Alerts in de afgelopen ${periodLabels[meta.period]}: ${alertSentence(meta.alerts)}.`}</p>
        ) : null}
        {typeof melding === 'string' ? <p className="muted small">{melding}</p> : null}
        <p className="muted small">
          Gemaakt om {formatTime(meta.generatedAt)} · {meta.sourcesKept} van {countOf(meta.sourcesConsidered, 'bron', 'bronnen')} gebruikt
          {meta.model ? ` · ${meta.model}` : ''}
          {meta.droppedUncited > 0 ? ` · ${countOf(meta.droppedUncited, 'punt', 'punten')} zonder bron weggelaten` : ''}
        </p>
      </header>

      <section aria-labelledby="aandachtspunten-title">
        <h3 id="aandachtspunten-title">Aandachtspunten</h3>
        {summary.aandachtspunten.length === 0 ? (
          <p className="muted">Geen aandachtspunten in deze periode.</p>
        ) : (
          <ol className="summary-points">
            {summary.aandachtspunten.map((punt, index) => (
              <li key={`${punt.bron.id}-${index}`}>
                <p>{punt.tekst}</p>
                <SourceDetails bron={punt.bron} data={punt.sourceData} />
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="actiepunten-title">
        <h3 id="actiepunten-title">Actiepunten</h3>
        {summary.actiepunten.length === 0 ? (
          <p className="muted">Geen actiepunten.</p>
        ) : (
          <ActionItems summaryId={meta.summaryId} items={summary.actiepunten} states={actions[meta.summaryId ?? '']} />
        )}
      </section>
    </div>
  );
}

/**
 * The summary's action items as a checklist that is saved per clinician, with who and when (issue
 * 26): each item is a small form posted to the page's own action — with JavaScript through a
 * fetcher, so the page stays where it is; without it as a plain post that comes back to the page.
 */
export function ActionItems({
  summaryId,
  items,
  states = {},
}: {
  summaryId: string | undefined;
  items: Actiepunt[];
  states?: Record<number, ActionItemState>;
}) {
  return (
    <ul className="action-list">
      {items.map((item, index) => (
        <ActionItem key={index} summaryId={summaryId} index={index} item={item} state={states[index]} />
      ))}
    </ul>
  );
}

function ActionItem({ summaryId, index, item, state }: { summaryId?: string; index: number; item: Actiepunt; state?: ActionItemState }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get('gedaan');
  const done = pending ? pending === 'true' : (state?.done ?? false);
  const others = state?.others ?? [];
  return (
    <li className={done ? 'action done' : 'action'}>
      {summaryId ? (
        <fetcher.Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="actiepunt" />
          <input type="hidden" name="summaryId" value={summaryId} />
          <input type="hidden" name="actiepunt" value={index} />
          <input type="hidden" name="gedaan" value={String(!done)} />
          <button type="submit" className="action-check" role="checkbox" aria-checked={done}>
            <span className="action-box" aria-hidden="true" />
            <span className="action-text">{item.tekst}</span>
          </button>
        </fetcher.Form>
      ) : (
        <p className="action-text">{item.tekst}</p>
      )}
      <div className="action-meta">
        <span className="chip">{ownerLabels[item.eigenaar] ?? item.eigenaar}</span>
        {item.alsDan ? <span className="action-if">{item.alsDan}</span> : null}
        {/* Who and when, on the summary itself: a tick carried over from an earlier summary keeps its own (ADR 0056). */}
        {done && state?.at && !pending ? (
          <span className="muted small">{`Afgevinkt door ${state.by ?? 'onbekend'}, ${formatWhen(state.at)}`}</span>
        ) : null}
        {others.map((other) => (
          <span key={`${other.name}-${other.at}`} className="muted small">
            {`Afgevinkt door ${other.name}, ${formatWhen(other.at)}`}
          </span>
        ))}
      </div>
      {item.bron ? <SourceDetails bron={item.bron} data={item.sourceData} /> : null}
    </li>
  );
}

function SourceDetails({ bron, data }: { bron: Bron; data?: SourceData }) {
  return (
    <details className="source">
      <summary>
        Bron: {bron.label} · {formatWhen(bron.date)}
      </summary>
      <div className="source-body">
        {!data ? (
          <p className="muted">Geen brongegevens beschikbaar.</p>
        ) : 'content' in data ? (
          <>
            <p className="report-text" data-authored>
              {data.content}
            </p>
            {data.createdBy ? <p className="muted small">Auteur: {data.createdBy}</p> : null}
          </>
        ) : 'value' in data ? (
          <p>
            <strong className="mono">{formatMeasurement(data.value, data.unit)}</strong>{' '}
            <span className={`interpretation interpretation-${data.interpretation}`}>
              {interpretationLabels[data.interpretation] ?? data.interpretation}
            </span>
          </p>
        ) : 'measure' in data ? (
          <>
            <p>
              <strong>{data.measure}</strong> sinds {formatWhen(data.startedAt)}
            </p>
            <p className="muted small">{`Besloten door ${data.decidedBy} · grondslag: ${data.legalBasis}`}</p>
          </>
        ) : 'medication' in data ? (
          <>
            <p>
              <strong>{data.medication}</strong> · {data.status}
            </p>
            {data.reason ? <p>{`Reden: ${data.reason}`}</p> : null}
            {data.effect ? <p className="muted small">{`Effect: ${data.effect}`}</p> : null}
          </>
        ) : (
          <>
            <RiskLevelBadge level={data.riskLevel} />
            <p data-authored>{data.rationale}</p>
          </>
        )}
      </div>
    </details>
  );
}
