import { StopIcon } from '@radix-ui/react-icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorNotice } from '../assistant/block-card';
import { startDictation, type DictationError, type DictationSession } from './dictation-session';

export type DictationState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'recording' | 'stopping'; startedAt: number; interim: string }
  | { status: 'error'; error: DictationError };

export interface Dictation {
  state: DictationState;
  start(): void;
  stop(): void;
}

/**
 * Dictation into the chat input: `onFinal` gets each finished piece of transcript (the caller
 * inserts it for the clinician to check; nothing is sent). Recording runs only between the
 * clicks on start and stop, and stops when the composer goes away.
 */
export function useDictation(onFinal: (text: string) => void): Dictation {
  const [state, setState] = useState<DictationState>({ status: 'idle' });
  const session = useRef<DictationSession | null>(null);
  const onFinalRef = useRef(onFinal);
  onFinalRef.current = onFinal;

  useEffect(() => () => session.current?.cancel(), []);

  const start = useCallback(() => {
    if (session.current) return;
    setState({ status: 'starting' });
    session.current = startDictation({
      onRecording: () =>
        setState((current) => (current.status === 'starting' ? { status: 'recording', startedAt: Date.now(), interim: '' } : current)),
      onInterim: (text) => setState((current) => ('interim' in current ? { ...current, interim: text } : current)),
      onFinal: (text) => {
        onFinalRef.current(text);
        setState((current) => ('interim' in current ? { ...current, interim: '' } : current));
      },
      onEnd: (error) => {
        session.current = null;
        setState(error ? { status: 'error', error } : { status: 'idle' });
      },
    });
  }, []);

  const stop = useCallback(() => {
    session.current?.stop();
    setState((current) => (current.status === 'recording' ? { ...current, status: 'stopping' } : current));
  }, []);

  return { state, start, stop };
}

function MicrophoneIcon() {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" fill="none" aria-hidden="true">
      <rect x="5" y="1" width="5" height="8" rx="2.5" stroke="currentColor" strokeWidth="1.2" />
      <path d="M3 7.2a4.5 4.5 0 0 0 9 0M7.5 11.7V14M5.3 14h4.4" stroke="currentColor" strokeWidth="1.2" strokeLinecap="round" />
    </svg>
  );
}

/** The microphone in the composer: one click starts, the next stops. */
export function DictationButton({ dictation, disabled = false }: { dictation: Dictation; disabled?: boolean }) {
  const { state } = dictation;
  const active = state.status === 'starting' || state.status === 'recording' || state.status === 'stopping';
  return (
    <button
      type="button"
      className={active ? 'button chat-mic chat-mic-active' : 'button button-secondary chat-mic'}
      aria-label={active ? 'Dicteren stoppen' : 'Dicteren starten'}
      aria-pressed={active}
      title={active ? 'Dicteren stoppen' : 'Dicteren: spreek je bericht in'}
      disabled={disabled || state.status === 'stopping'}
      onClick={active ? dictation.stop : dictation.start}
    >
      {active ? <StopIcon aria-hidden="true" /> : <MicrophoneIcon />}
    </button>
  );
}

function elapsed(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Above the input while dictating: the recording light with elapsed time and the words not yet final; or what went wrong. */
export function DictationStatus({ dictation }: { dictation: Dictation }) {
  const { state } = dictation;
  const startedAt = 'startedAt' in state ? state.startedAt : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [startedAt]);

  if (state.status === 'error') {
    return (
      <div className="chat-dictation" data-testid="dictation-error" data-problem={state.error.problem}>
        <ErrorNotice
          error={{ code: 'upstream', message: state.error.message, retryable: state.error.retryable }}
          onRetry={dictation.start}
        />
      </div>
    );
  }
  if (state.status === 'starting') {
    return (
      <div className="chat-dictation" role="status">
        <p className="chat-dictation-line muted small">Microfoon wordt gestart…</p>
      </div>
    );
  }
  if (state.status !== 'recording' && state.status !== 'stopping') return null;
  const seconds = Math.max(0, Math.floor((now - state.startedAt) / 1000));
  return (
    <div className="chat-dictation">
      <p className="chat-dictation-line small" role="status" data-testid="dictation-indicator">
        <span className="recording-dot" aria-hidden="true" />
        {state.status === 'recording' ? 'Opname' : 'Opname wordt afgerond'}{' '}
        <span className="chat-dictation-time" aria-hidden="true">
          {elapsed(seconds)}
        </span>
        <span className="muted"> · komma, punt en nieuwe regel worden leestekens</span>
      </p>
      {state.interim ? (
        <p className="chat-dictation-interim" data-testid="dictation-interim" aria-live="off">
          {state.interim}
        </p>
      ) : null}
    </div>
  );
}
