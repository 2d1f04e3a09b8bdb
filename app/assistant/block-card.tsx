import { Link } from '@remix-run/react';
import { ExclamationTriangleIcon, ReloadIcon } from '@radix-ui/react-icons';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { requestJson } from './api';
import { useTurnState } from './conversation';
import { showTechnicalDetails, type AssistantError } from './errors';

/** The frame of every block in the chat: an icon, a title, what it is about, and a way to the full page. */
export function BlockCard({
  icon,
  title,
  meta,
  link,
  children,
  testId,
  tone = 'default',
}: {
  icon: ReactNode;
  title: string;
  meta?: ReactNode;
  link?: { to: string; label: string };
  children: ReactNode;
  testId?: string;
  /** A question waits for the clinician, so it looks different from an answer. */
  tone?: 'default' | 'question';
}) {
  const titleId = useId();
  return (
    <section
      className={tone === 'question' ? 'chat-block chat-block-question' : 'chat-block'}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <header className="chat-block-head">
        <span className="chat-block-icon" aria-hidden="true">
          {icon}
        </span>
        <div className="chat-block-title">
          <h3 id={titleId}>{title}</h3>
          {meta ? <p className="muted small">{meta}</p> : null}
        </div>
        {link ? (
          <Link to={link.to} className="chat-block-link">
            {link.label}
          </Link>
        ) : null}
      </header>
      <div className="chat-block-body">{children}</div>
    </section>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <p className="chat-loading muted small" role="status">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

/**
 * A failed request in Dutch (CONTRACT §1): retry where trying again can help, the agenda page for
 * every agenda error, technical details only in development.
 */
export function ErrorNotice({ error, onRetry, agendaLink = false }: { error: AssistantError; onRetry?: () => void; agendaLink?: boolean }) {
  return (
    <div className="notice notice-danger chat-error" role="alert">
      <ExclamationTriangleIcon aria-hidden="true" />
      <div>
        <p>{error.message}</p>
        {(error.retryable && onRetry) || agendaLink ? (
          <div className="chat-error-actions">
            {error.retryable && onRetry ? (
              <button type="button" className="button button-secondary button-small" onClick={onRetry}>
                <ReloadIcon aria-hidden="true" /> Opnieuw proberen
              </button>
            ) : null}
            {agendaLink ? (
              <Link to="/agenda" className="button button-secondary button-small">
                Naar de agenda
              </Link>
            ) : null}
          </div>
        ) : null}
        {showTechnicalDetails && error.details ? (
          <details className="chat-details">
            <summary>Technische details</summary>
            <pre>{JSON.stringify(error.details, null, 2)}</pre>
          </details>
        ) : null}
      </div>
    </div>
  );
}

type Loaded<T> = { data: T } | { error: AssistantError } | null;

/**
 * Loads what a read block shows, once per chat message: the answer is kept with the message, so
 * the block does not ask again when the panel is reopened. `retry` asks again.
 */
export function useBlockData<T>(
  key: string,
  path: string | null,
  /** A read that takes its question in a body (a question is no part of a URL or a server log). */
  request: { body?: unknown; timeoutMs?: number } = {},
): { data?: T; error?: AssistantError; loading: boolean; retry(): void } {
  const [loaded, setLoaded] = useTurnState<Loaded<T>>(`data:${key}`, null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (loaded || !path) return;
    const controller = new AbortController();
    void requestJson<T>(path, { signal: controller.signal, body: request.body, timeoutMs: request.timeoutMs }).then((result) => {
      if (!controller.signal.aborted) setLoaded(result.ok ? { data: result.data } : { error: result.error });
    });
    return () => controller.abort();
    // The body belongs to the key: one message asks one question.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, path, attempt, setLoaded]);
  return {
    data: loaded && 'data' in loaded ? loaded.data : undefined,
    error: loaded && 'error' in loaded ? loaded.error : undefined,
    loading: !loaded && path !== null,
    retry: () => {
      setLoaded(null);
      setAttempt((n) => n + 1);
    },
  };
}
