import { alertSentence } from '../../domain/handover/handover.alerts';
import { formatWhen, formatTime } from '../../domain/shared/clinical-time';
import { countOf } from '../../domain/shared/text';
import { Form, Link } from '@remix-run/react';
import { useState, type FormEvent } from 'react';
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

const severityClass: Record<Severity, string> = { stabiel: 'severity-stable', 'let op': 'severity-watch', instabiel: 'severity-unstable' };
const severityLabels: Record<Severity, string> = { stabiel: 'Stabiel', 'let op': 'Let op', instabiel: 'Instabiel' };
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
}: {
  patientId: string;
  period: HandoverPeriod;
  role: HandoverRole;
  stored?: HandoverSummary | null;
  serverProgress?: (GenerationProgress & { message: string | null }) | null;
  serverError?: string;
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
      {state.kind === 'done' ? <Summary summary={state.result} /> : null}
    </section>
  );
}

function Summary({ summary }: { summary: HandoverSummary }) {
  const { meta } = summary;
  // A notice the server may add, e.g. that the model did not answer and the local extract was used.
  const melding = (meta as { melding?: unknown }).melding;
  return (
    <div className="summary" data-testid="handover-summary">
      <header className="summary-head">
        <div className="summary-badges">
          <span className={`badge ${severityClass[meta.ernst] ?? ''}`}>{severityLabels[meta.ernst] ?? meta.ernst}</span>
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
          Opgesteld om {formatTime(meta.generatedAt)} · {meta.sourcesKept} van {countOf(meta.sourcesConsidered, 'bron', 'bronnen')} gebruikt
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
        {summary.actiepunten.length === 0 ? <p className="muted">Geen actiepunten.</p> : <ActionChecklist items={summary.actiepunten} />}
      </section>
    </div>
  );
}

/** Ticking an action off is for the clinician's own overview during the shift; it is not stored. */
function ActionChecklist({ items }: { items: Actiepunt[] }) {
  const [done, setDone] = useState<Set<number>>(() => new Set());
  return (
    <ul className="action-list">
      {items.map((item, index) => {
        const checked = done.has(index);
        return (
          <li key={index} className={checked ? 'action done' : 'action'}>
            <label className="action-check">
              <input
                type="checkbox"
                checked={checked}
                onChange={() =>
                  setDone((current) => {
                    const next = new Set(current);
                    if (next.has(index)) next.delete(index);
                    else next.add(index);
                    return next;
                  })
                }
              />
              <span className="action-text">{item.tekst}</span>
            </label>
            <div className="action-meta">
              <span className="chip">{ownerLabels[item.eigenaar] ?? item.eigenaar}</span>
              {item.alsDan ? <span className="action-if">{item.alsDan}</span> : null}
            </div>
            {item.bron ? <SourceDetails bron={item.bron} data={item.sourceData} /> : null}
          </li>
        );
      })}
    </ul>
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
            <strong className="mono">
              {data.value.toLocaleString('nl-NL')} {data.unit}
            </strong>{' '}
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
