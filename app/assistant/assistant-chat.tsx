import { Link } from '@remix-run/react';
import { ChatBubbleIcon, InfoCircledIcon, LightningBoltIcon, PaperPlaneIcon } from '@radix-ui/react-icons';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { appendDictation } from '../../domain/speech/dictation';
import { DictationButton, DictationStatus, useDictation } from '../speech/dictation';
import { ErrorNotice } from './block-card';
import { TurnScope, useConversation, type AssistantMessage, type Message } from './conversation';
import { useAssistantNudges } from './nudges';
import { TurnBlocks } from './turn-blocks';

// useLayoutEffect warns during server rendering; the scroll position only matters in the browser.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

const maxLength = 1000;

/** Once the page's script has run, a chat mounted later (the panel) starts as the hydrated one it is. */
let pageHydrated = false;

function suggestionsFor(patientName: string | null): string[] {
  if (patientName)
    return [`Risico's van ${patientName}`, `Laatste rapportages van ${patientName}`, `Maak een dagnotitie voor ${patientName}: `];
  return ['Wat staat er vandaag in de agenda?', 'Wat zijn mijn afspraken morgen?', 'Zoek patiënt '];
}

function TypingIndicator() {
  return (
    <span className="typing" role="status" aria-label="De assistent typt">
      <span />
      <span />
      <span />
    </span>
  );
}

function AssistantTurn({ message }: { message: AssistantMessage }) {
  const { retryReply } = useConversation();
  const streaming = message.status === 'streaming';
  return (
    <li className="chat-turn chat-turn-assistant" data-testid="assistant-message">
      <span className="chat-avatar" aria-hidden="true">
        <ChatBubbleIcon />
      </span>
      <div className="chat-turn-body">
        {message.content || streaming ? (
          <div className="chat-bubble chat-bubble-assistant" aria-busy={streaming}>
            {message.content ? <p className="chat-text">{message.content}</p> : null}
            {streaming && !message.content ? <TypingIndicator /> : null}
          </div>
        ) : null}
        {message.status === 'error' && message.error ? <ErrorNotice error={message.error} onRetry={() => retryReply(message.id)} /> : null}
        <TurnScope id={message.id}>
          <TurnBlocks message={message} />
        </TurnScope>
      </div>
    </li>
  );
}

function MessageItem({ message }: { message: Message }) {
  if (message.role === 'user') {
    return (
      <li className="chat-turn chat-turn-user" data-testid="user-message">
        <div className="chat-bubble chat-bubble-user">
          <p className="chat-text">{message.content}</p>
        </div>
      </li>
    );
  }
  if (message.role === 'nudge') {
    return (
      <li className="chat-nudge" data-testid="nudge">
        <LightningBoltIcon aria-hidden="true" />
        <p>
          <span className="visually-hidden">Tip van de assistent: </span>
          {message.text} <Link to={message.href}>{message.linkLabel}</Link>
        </p>
      </li>
    );
  }
  return <AssistantTurn message={message} />;
}

/**
 * The conversation with the assistant: the side panel and the /assistent page both show this.
 * Replies stream in; under each reply opens what the message asked for.
 *
 * Without JavaScript (ADR 0081) the composer is a plain form posting to /assistent: `posted` is
 * the answer the page rendered for it, and `postFailure` why a message was refused. Until the page
 * is hydrated the send button stays enabled, or a clinician without JavaScript could never send.
 */
export function AssistantChat({
  variant,
  composerId,
  requestKey,
  initialDraft = '',
  posted = null,
  postFailure = null,
}: {
  variant: 'panel' | 'page';
  composerId: string;
  requestKey?: string;
  /** The composer's text when the page opens (an example chosen without JavaScript). */
  initialDraft?: string;
  posted?: ReactNode;
  postFailure?: { message: string; field?: string; draft?: string } | null;
}) {
  const { messages, streaming, send, languageModelConfigured, speechConfigured, activePatient } = useConversation();
  const [draft, setDraft] = useState((postFailure?.draft ?? initialDraft).slice(0, maxLength));
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    setHydrated(true);
  }, []);
  // Dictated text lands in the input for the clinician to check; it is never sent by itself.
  const dictation = useDictation(
    useCallback((text: string) => setDraft((current) => appendDictation(current, text).slice(0, maxLength)), []),
  );
  const logRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const lastScrollTop = useRef(0);
  const composer = useRef<HTMLTextAreaElement>(null);
  const patientName = variant === 'panel' ? (activePatient?.name ?? null) : null;
  const conversation = messages.filter((message) => message.role !== 'nudge');
  const nudges = messages.filter((message) => message.role === 'nudge');
  useAssistantNudges();

  // Follow the reply as it streams and blocks open below it, unless the clinician scrolled up to read.
  useEffect(() => {
    const log = logRef.current;
    const content = log?.firstElementChild;
    if (!log || !content || typeof ResizeObserver === 'undefined') return;
    const follow = () => {
      if (stickToBottom.current) log.scrollTop = log.scrollHeight;
    };
    const observer = new ResizeObserver(follow);
    observer.observe(content);
    follow();
    return () => observer.disconnect();
  }, []);

  // The textarea grows with its text up to a few lines.
  useBrowserLayoutEffect(() => {
    const element = composer.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, 160)}px`;
  }, [draft]);

  const submit = () => {
    if (!draft.trim() || streaming) return;
    stickToBottom.current = true;
    send(draft);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const suggest = (text: string) => {
    setDraft(text);
    composer.current?.focus();
  };

  return (
    <div className={`chat chat-${variant}`}>
      <div
        className="chat-log"
        ref={logRef}
        onScroll={(event) => {
          // Only scrolling up lets go of the bottom: content that grows under a programmatic
          // scroll also fires scroll events, and must not count as the clinician reading back.
          const log = event.currentTarget;
          if (log.scrollHeight - log.scrollTop - log.clientHeight < 48) stickToBottom.current = true;
          else if (log.scrollTop < lastScrollTop.current - 2) stickToBottom.current = false;
          lastScrollTop.current = log.scrollTop;
        }}
      >
        <div className="chat-log-content">
          {languageModelConfigured ? null : (
            <p className="chat-model-notice" data-testid="chat-no-model">
              <InfoCircledIcon aria-hidden="true" />
              <span>
                <strong>Geen taalmodel ingesteld.</strong> De assistent antwoordt kort met lokale regels en herkent opdrachten zoals
                dagnotities, agenda, risico&apos;s en overdracht.
              </span>
            </p>
          )}
          {nudges.length > 0 ? (
            <ul className="chat-nudges" aria-label="Tips van de assistent">
              {nudges.map((message) => (
                <MessageItem key={message.id} message={message} />
              ))}
            </ul>
          ) : null}
          {conversation.length === 0 && posted ? (
            posted
          ) : conversation.length === 0 ? (
            <div className="chat-empty">
              <span className="empty-icon" aria-hidden="true">
                <ChatBubbleIcon width={22} height={22} />
              </span>
              <h2>Waarmee kan ik helpen?</h2>
              <p className="muted">
                {patientName
                  ? `Vragen over ${patientName} gaan over deze patiënt, tenzij je een ander noemt.`
                  : 'Vraag of dicteer in gewone taal wat er moet gebeuren.'}{' '}
                Er wordt niets vastgelegd zonder dat je het bevestigt.
              </p>
              <ul className="chat-suggestions" aria-label="Voorbeelden">
                {suggestionsFor(patientName).map((text) => (
                  <li key={text}>
                    {hydrated ? (
                      <button type="button" className="chat-suggestion" onClick={() => suggest(text)}>
                        {text.trim()}
                      </button>
                    ) : (
                      // Without JavaScript the example opens the page with it in the composer.
                      <a className="chat-suggestion" href={`/assistent?${new URLSearchParams({ vraag: text })}`}>
                        {text.trim()}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <>
              {/* The blocks' h3 titles need a heading above them, as the empty state's h2 is. */}
              <h2 className="visually-hidden">Gesprek</h2>
              <ol className="chat-messages" aria-label="Gesprek" aria-live="polite" aria-relevant="additions">
                {conversation.map((message) => (
                  <MessageItem key={message.id} message={message} />
                ))}
              </ol>
            </>
          )}
        </div>
      </div>
      {speechConfigured && hydrated ? <DictationStatus dictation={dictation} /> : null}
      {postFailure ? (
        <p className="field-error chat-post-error" id={`${composerId}-error`} role="alert">
          {postFailure.field ?? postFailure.message}
        </p>
      ) : null}
      <form
        className="chat-composer"
        method="post"
        action="/assistent"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <input type="hidden" name="intent" value="send" />
        {requestKey ? <input type="hidden" name="requestKey" value={requestKey} /> : null}
        <label htmlFor={composerId} className="visually-hidden">
          Bericht aan de assistent
        </label>
        <textarea
          id={composerId}
          name="message"
          ref={composer}
          aria-invalid={postFailure?.field ? true : undefined}
          aria-describedby={postFailure ? `${composerId}-error` : undefined}
          rows={1}
          value={draft}
          maxLength={maxLength}
          placeholder={
            patientName
              ? `Vraag iets over ${patientName} of geef een opdracht…`
              : 'Typ een vraag of opdracht, bijvoorbeeld “agenda morgen”…'
          }
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        {/* Dictation needs the page's script: without it the button would do nothing. */}
        {speechConfigured && hydrated ? <DictationButton dictation={dictation} /> : null}
        <button
          type="submit"
          className="button button-primary chat-send"
          disabled={hydrated && (!draft.trim() || streaming)}
          aria-label="Versturen"
        >
          <PaperPlaneIcon aria-hidden="true" />
        </button>
      </form>
      <p className="chat-hint small muted">
        {hydrated ? 'Enter verstuurt, Shift+Enter voor een nieuwe regel.' : 'Verstuur met de knop naast het bericht.'}
        {streaming ? ' De assistent antwoordt…' : ''}
      </p>
    </div>
  );
}
