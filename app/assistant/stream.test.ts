import { afterEach, describe, expect, it, vi } from 'vitest';
import { SseParser, streamChat, streamMessages, type StreamError } from './stream';

const encoder = new TextEncoder();
const body = { message: 'hallo', messages: [] };

/** A response body that hands out exactly these chunks, optionally failing after them. */
function chunkedStream(chunks: (string | Uint8Array)[], failAfter = false): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk !== undefined) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      else if (failAfter) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
}

function stubFetch(response: Response | (() => Promise<Response>)) {
  const fetch = vi.fn(typeof response === 'function' ? response : async () => response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function sse(chunks: (string | Uint8Array)[], failAfter = false): Response {
  return new Response(chunkedStream(chunks, failAfter), { headers: { 'Content-Type': 'text/event-stream' } });
}

/** Runs one request to its end and collects what the handlers saw. */
function collect(): Promise<{ text: string[]; done: boolean; error?: StreamError }> {
  return new Promise((resolve) => {
    const text: string[] = [];
    streamChat(body, {
      onChunk: (chunk) => text.push(chunk),
      onDone: () => resolve({ text, done: true }),
      onError: (error) => resolve({ text, done: false, error }),
    });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SseParser', () => {
  it('joins an event split in the middle of its JSON, and of a multi-byte character', () => {
    const parser = new SseParser();
    const bytes = encoder.encode('data: {"type":"content","text":"patiënt"}\n\n');
    const split = bytes.indexOf(0xc3) + 1; // inside the two bytes of "ë"
    expect(parser.push(bytes.slice(0, 12))).toEqual([]);
    expect(parser.push(bytes.slice(12, split))).toEqual([]);
    expect(parser.push(bytes.slice(split))).toEqual(['{"type":"content","text":"patiënt"}']);
  });

  it('reads several events from one chunk, CRLF line ends, comments and multi-line data', () => {
    const parser = new SseParser();
    const events = parser.push(encoder.encode(': keep-alive\r\n\r\ndata: {"a":1}\r\n\r\ndata: {"b":\ndata: 2}\n\ndata: {"c":3}\r'));
    expect(events).toEqual(['{"a":1}', '{"b":\n2}']);
    expect(parser.push(encoder.encode('\n\r\n'))).toEqual(['{"c":3}']);
  });

  it('completes a last event the server did not end with a blank line', () => {
    const parser = new SseParser();
    expect(parser.push(encoder.encode('data: {"type":"done"}'))).toEqual([]);
    expect(parser.end()).toEqual(['{"type":"done"}']);
  });
});

describe('streamChat', () => {
  it('posts the message as JSON and delivers content split across chunks, then done', async () => {
    const fetch = stubFetch(
      sse([
        'data: {"type":"content","te',
        'xt":"Dagnotitie "}\n',
        '\ndata: {"type":"content","text":"staat klaar."}\n\ndata: {"type":"done"}\n\n',
      ]),
    );
    expect(await collect()).toEqual({ text: ['Dagnotitie ', 'staat klaar.'], done: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/assistant/chat');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual(body);
  });

  it('reports an error event in Dutch and stops reading', async () => {
    stubFetch(
      sse([
        'data: {"type":"content","text":"Een"}\n\ndata: {"type":"error","error":"Het taalmodel antwoordt niet."}\n\n',
        'data: {"type":"content","text":"te laat"}\n\n',
      ]),
    );
    expect(await collect()).toEqual({
      text: ['Een'],
      done: false,
      error: { code: 'upstream', message: 'Het taalmodel antwoordt niet.', retryable: true },
    });
  });

  it('says the network is down when the request cannot be made or breaks off', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await collect()).error).toMatchObject({
      code: 'network',
      message: 'Geen internetverbinding, controleer het netwerk.',
      retryable: true,
    });

    stubFetch(sse(['data: {"type":"content","text":"Half"}\n\n'], true));
    const broken = await collect();
    expect(broken.text).toEqual(['Half']);
    expect(broken.error).toMatchObject({ code: 'network', message: 'Geen internetverbinding, controleer het netwerk.' });
  });

  it('treats a stream that ends without done as interrupted', async () => {
    stubFetch(sse(['data: {"type":"content","text":"Half"}\n\n']));
    expect((await collect()).error).toMatchObject({ code: 'network', message: streamMessages.interrupted, retryable: true });
  });

  it('passes on the Dutch message of a 401, and of a 429 with its Retry-After', async () => {
    stubFetch(Response.json({ error: { code: 'unauthorized', message: 'Sessie verlopen, log opnieuw in.' } }, { status: 401 }));
    expect((await collect()).error).toEqual({
      code: 'unauthorized',
      message: 'Sessie verlopen, log opnieuw in.',
      retryable: false,
      status: 401,
    });

    stubFetch(
      Response.json(
        { error: { code: 'rate_limited', message: 'Te veel berichten, wacht een minuut.' } },
        { status: 429, headers: { 'Retry-After': '42' } },
      ),
    );
    expect((await collect()).error).toMatchObject({
      code: 'rate_limited',
      message: 'Te veel berichten, wacht een minuut.',
      retryable: true,
      retryAfter: 42,
      status: 429,
    });
  });

  it('shows the field message of a 400, and a Dutch fallback when a 5xx has no JSON', async () => {
    stubFetch(
      Response.json(
        { error: { code: 'validation_failed', message: 'Controleer de invoer.', fields: { message: 'Typ een bericht.' } } },
        { status: 400 },
      ),
    );
    expect((await collect()).error).toMatchObject({
      code: 'validation_failed',
      message: 'Typ een bericht.',
      retryable: false,
      fields: { message: 'Typ een bericht.' },
    });

    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect((await collect()).error).toMatchObject({
      code: 'server',
      message: 'Er ging iets mis op de server, probeer het opnieuw.',
      retryable: true,
    });
  });

  it('times out when the server goes silent', async () => {
    vi.useFakeTimers();
    stubFetch(
      (() => {
        const fetch = (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          );
        return fetch as unknown as () => Promise<Response>;
      })(),
    );
    const result = new Promise<StreamError | undefined>((resolve) => {
      streamChat(body, { onChunk: () => undefined, onDone: () => resolve(undefined), onError: resolve, idleTimeoutMs: 5_000 });
    });
    await vi.advanceTimersByTimeAsync(5_001);
    expect(await result).toMatchObject({ code: 'timeout', message: 'Het verzoek duurde te lang, probeer het opnieuw.' });
  });

  it('calls no handler after it was cancelled', async () => {
    // The stub ignores the abort and sends everything; pulled only when read (no read-ahead). The
    // client lets go of the stream once it has handled the `done` event: then every event has had its turn.
    const chunks = ['data: {"type":"content","text":"Een"}\n\n', 'data: {"type":"done"}\n\n'];
    let handledAll = false;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          const chunk = chunks.shift();
          if (chunk) controller.enqueue(encoder.encode(chunk));
          else controller.close();
        },
        cancel() {
          handledAll = true;
        },
      },
      { highWaterMark: 0 },
    );
    stubFetch(new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } }));
    const onChunk = vi.fn();
    const onDone = vi.fn();
    const onError = vi.fn();
    const cancel = streamChat(body, { onChunk, onDone, onError });
    cancel();
    await expect.poll(() => handledAll).toBe(true);
    expect([onChunk.mock.calls.length, onDone.mock.calls.length, onError.mock.calls.length]).toEqual([0, 0, 0]);
  });
});
