import { useCallback, useEffect, useRef, useState } from 'react';
import { CheckCircledIcon, ExclamationTriangleIcon, ReloadIcon } from '@radix-ui/react-icons';
import { dutchMessages } from '../../domain/shared/errors';
import { apiFetch, SessionExpiredError } from '../lib/api-client';

/*
 * A generation the page waits for (handover, treatment plan): one POST that a durable workflow
 * answers, its progress polled from the workflow's memo meanwhile, Dutch errors with a retry.
 */

/** What the `…/generate/status` routes answer: `step` is the number of finished steps. */
export interface GenerationProgress {
  status: 'niet_gestart' | 'bezig' | 'klaar' | 'mislukt';
  step: number;
  steps: string[];
}

export type GenerationState<T> =
  | { kind: 'idle' }
  | { kind: 'running'; progress: GenerationProgress | null }
  | { kind: 'done'; result: T }
  | { kind: 'error'; message: string; canRetry: boolean };

const pollIntervalMs = 800;
// Longer than the server waits for its workflow, so the server's own Dutch 504 reaches the clinician.
const requestTimeoutMs = 90_000;

const fallbackByStatus: Record<number, string> = {
  502: 'Het taalmodel gaf een onbruikbaar antwoord. Probeer het opnieuw.',
  503: dutchMessages.unavailable,
  504: dutchMessages.timeout,
};

function errorMessage(status: number, body: unknown): string {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' && message ? message : (fallbackByStatus[status] ?? dutchMessages.internal);
}

/**
 * `body` is sent as JSON; pass a stable string (e.g. `JSON.stringify(...)`) so `generate` stays
 * stable. `initial`: what the server already knows (a stored result, a run in progress).
 */
export function useGeneration<T>({
  url,
  statusUrl,
  body,
  onDone,
  initial = { kind: 'idle' },
}: {
  url: string;
  statusUrl: string;
  body: string;
  onDone?: (result: T) => void;
  initial?: GenerationState<T>;
}) {
  const [state, setState] = useState<GenerationState<T>>(initial);
  const running = useRef<{ abort: AbortController; timer: number } | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  const stop = useCallback(() => {
    if (!running.current) return;
    window.clearInterval(running.current.timer);
    running.current.abort.abort();
    running.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const generate = useCallback(async () => {
    stop();
    const abort = new AbortController();
    const poll = async () => {
      try {
        const response = await apiFetch(statusUrl, { signal: abort.signal });
        if (!response.ok) return;
        const progress = (await response.json()) as GenerationProgress;
        if (!abort.signal.aborted && progress.status !== 'niet_gestart') {
          setState((current) => (current.kind === 'running' ? { kind: 'running', progress } : current));
        }
      } catch {
        // Progress is a courtesy; the generate request itself reports what went wrong.
      }
    };
    running.current = { abort, timer: window.setInterval(() => void poll(), pollIntervalMs) };
    const timeout = window.setTimeout(() => abort.abort(new DOMException('timeout', 'TimeoutError')), requestTimeoutMs);
    setState({ kind: 'running', progress: null });
    try {
      const response = await apiFetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, signal: abort.signal });
      const answer: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        setState({ kind: 'error', message: errorMessage(response.status, answer), canRetry: true });
      } else {
        setState({ kind: 'done', result: answer as T });
        done.current?.(answer as T);
      }
    } catch (error) {
      if (error instanceof SessionExpiredError) {
        setState({ kind: 'error', message: dutchMessages.unauthorized, canRetry: false });
      } else if (abort.signal.reason instanceof DOMException && abort.signal.reason.name === 'TimeoutError') {
        setState({ kind: 'error', message: dutchMessages.timeout, canRetry: true });
      } else if (!abort.signal.aborted) {
        setState({ kind: 'error', message: dutchMessages.network, canRetry: true });
      }
    } finally {
      window.clearTimeout(timeout);
      if (running.current?.abort === abort) stop();
    }
  }, [url, statusUrl, body, stop]);

  return { state, generate };
}

/** The workflow's steps as they finish; before the first progress arrives, `starting`. */
export function GenerationStepper({ progress, starting }: { progress: GenerationProgress | null; starting: string }) {
  if (!progress) {
    return (
      <p className="summary-starting muted" role="status">
        <span className="spinner" aria-hidden="true" /> {starting}
      </p>
    );
  }
  const finished = progress.status === 'klaar' ? progress.steps.length : progress.step;
  return (
    // The status is a wrapper: on the <ol> itself the role would take away its list.
    <div role="status" aria-label="Voortgang">
      <ol className="stepper">
        {progress.steps.map((name, index) => {
          const state = index < finished ? 'done' : index === finished ? 'current' : 'pending';
          return (
            <li key={name} className={`step step-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="step-marker" aria-hidden="true">
                {state === 'done' ? <CheckCircledIcon /> : state === 'current' ? <span className="spinner" /> : index + 1}
              </span>
              <span className="step-name">{name}</span>
              <span className="visually-hidden">{state === 'done' ? ' (klaar)' : state === 'current' ? ' (bezig)' : ' (wacht)'}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

export function GenerationError({ message, canRetry, onRetry }: { message: string; canRetry: boolean; onRetry: () => void }) {
  return (
    <div className="notice notice-danger summary-error" role="alert">
      <ExclamationTriangleIcon aria-hidden="true" />
      <div>
        <p>{message}</p>
        {canRetry ? (
          <button type="button" className="button button-secondary" onClick={onRetry}>
            <ReloadIcon aria-hidden="true" /> Opnieuw proberen
          </button>
        ) : null}
      </div>
    </div>
  );
}
