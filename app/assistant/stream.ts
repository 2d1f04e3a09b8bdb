import type { Shift } from '../../domain/shared/clinical-time';
import { dutchMessages } from '../../domain/shared/errors';
import { errorFromResponse, type AssistantError } from './errors';

export type { AssistantError as StreamError } from './errors';

/** The body of `POST /api/assistant/chat` (CONTRACT §7). */
export interface ChatRequestBody {
  message: string;
  messages: { role: 'user' | 'assistant'; content: string }[];
  context?: { activePatient?: { id: string; name: string }; shift?: Shift };
}

export interface StreamHandlers {
  onChunk(text: string): void;
  onDone(): void;
  onError(error: AssistantError): void;
  signal?: AbortSignal;
  /** Longest silence (no bytes) before the request counts as timed out. */
  idleTimeoutMs?: number;
}

type ChatEvent = { type: 'content'; text: string } | { type: 'done' } | { type: 'error'; error: string };

export const streamMessages = {
  interrupted: 'Het antwoord van de assistent werd onderbroken. Probeer het opnieuw.',
} as const;

const defaultIdleTimeoutMs = 30_000;

/**
 * Splits a Server-Sent Events byte stream into the `data` of each event. Events end at a blank
 * line; a chunk may end anywhere, even inside a multi-byte character, so text and lines carry over.
 */
export class SseParser {
  private readonly decoder = new TextDecoder();
  private buffer = '';
  private data: string[] = [];

  push(bytes: Uint8Array): string[] {
    return this.lines(this.decoder.decode(bytes, { stream: true }));
  }

  /** The end of the stream completes a last event that had no blank line after it. */
  end(): string[] {
    const events = this.lines(`${this.decoder.decode()}\n\n`);
    this.buffer = '';
    return events;
  }

  private lines(text: string): string[] {
    this.buffer += text;
    const events: string[] = [];
    let newline: number;
    while ((newline = this.buffer.search(/\r\n|\r|\n/)) !== -1) {
      const line = this.buffer.slice(0, newline);
      // A lone "\r" at the end may be the first half of "\r\n": wait for the next chunk.
      if (this.buffer[newline] === '\r' && newline === this.buffer.length - 1) break;
      this.buffer = this.buffer.slice(newline + (this.buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (this.data.length > 0) events.push(this.data.join('\n'));
        this.data = [];
      } else if (line.startsWith('data:')) {
        this.data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
      // Comments (":"), "event", "id" and "retry" lines carry nothing this client uses.
    }
    return events;
  }
}

function parseEvent(data: string): ChatEvent | null {
  try {
    const event = JSON.parse(data) as Partial<ChatEvent> | null;
    if (event?.type === 'content' && typeof event.text === 'string') return { type: 'content', text: event.text };
    if (event?.type === 'done') return { type: 'done' };
    if (event?.type === 'error')
      return { type: 'error', error: typeof event.error === 'string' && event.error ? event.error : streamMessages.interrupted };
  } catch {
    // A line that is not JSON is skipped rather than breaking a reply that is otherwise fine.
  }
  return null;
}

/**
 * Sends one chat message and reads the streamed reply: `onChunk` per piece of text, then exactly
 * one of `onDone` or `onError`. Returns a function that cancels the request; after a cancel no
 * handler is called any more.
 */
export function streamChat(body: ChatRequestBody, handlers: StreamHandlers): () => void {
  const controller = new AbortController();
  let cancelled = false;
  let finished = false;
  let timedOut = false;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const finish = (outcome: { error: AssistantError } | 'done') => {
    if (finished || cancelled) return;
    finished = true;
    clearTimeout(idleTimer);
    if (outcome === 'done') handlers.onDone();
    else handlers.onError(outcome.error);
  };
  const armIdleTimer = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, handlers.idleTimeoutMs ?? defaultIdleTimeoutMs);
  };
  const cancel = () => {
    cancelled = true;
    clearTimeout(idleTimer);
    controller.abort();
  };
  if (handlers.signal?.aborted) cancel();
  handlers.signal?.addEventListener('abort', cancel, { once: true });

  const run = async () => {
    armIdleTimer();
    const response = await fetch('/api/assistant/chat', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    if (!response.ok || !response.body) {
      finish({ error: await errorFromResponse(response) });
      return;
    }
    const reader = response.body.getReader();
    const parser = new SseParser();
    const handle = (events: string[]): boolean => {
      for (const data of events) {
        const event = parseEvent(data);
        if (!event) continue;
        if (event.type === 'content') {
          if (!cancelled && !finished && event.text) handlers.onChunk(event.text);
        } else {
          finish(event.type === 'done' ? 'done' : { error: { code: 'upstream', message: event.error, retryable: true } });
          return true;
        }
      }
      return false;
    };
    for (;;) {
      armIdleTimer();
      const { value, done } = await reader.read();
      if (done) break;
      if (handle(parser.push(value))) {
        await reader.cancel().catch(() => undefined);
        return;
      }
    }
    if (!handle(parser.end())) {
      // The server always ends with `done` or `error`; a stream that just stops was cut off.
      finish({ error: { code: 'network', message: streamMessages.interrupted, retryable: true } });
    }
  };

  run().catch(() => {
    if (timedOut) finish({ error: { code: 'timeout', message: dutchMessages.timeout, retryable: true } });
    else finish({ error: { code: 'network', message: dutchMessages.network, retryable: true } });
  });
  return cancel;
}
