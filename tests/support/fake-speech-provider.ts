import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A Deepgram stand-in on loopback for the stack tests: the token grant (`POST /v1/auth/grant`,
 * checks the long-lived key, issues short-lived tokens) and the live stream (`/v1/listen`, checks
 * the `bearer` token and the Dutch linear16 parameters, answers audio with interim and final
 * `Results`). It recognises nothing: the transcript is scripted by how much audio has arrived.
 * `POST /__control` steers it (`{grant: 'fail'|'ok'}`, `{tokenTtl: seconds|null}` to hand out
 * tokens that expire at once, `{drop: true}` to cut open streams); `GET /__stats` counts.
 */
export interface FakeSpeechProvider {
  url: string;
  apiKey: string;
  close(): Promise<void>;
}

export interface FakeSpeechStats {
  grants: number;
  streams: number;
  refusedStreams: number;
  audioBytes: number;
}

/** Dutch dictation with the commands in it, as a recogniser without punctuation would write it. */
export const fakeTranscript = [
  { interim: 'heeft goed gegeten', final: 'heeft goed gegeten komma daarna gedoucht' },
  { interim: 'en sliep', final: 'en sliep goed punt' },
];

// linear16 mono at 16 kHz: 32 000 bytes a second. Interim after ~0.5 s of a segment, final after ~2 s.
const bytesPerSecond = 32_000;
const segmentSeconds = 2.5;

function results(transcript: string, isFinal: boolean, start: number) {
  return JSON.stringify({
    type: 'Results',
    channel_index: [0, 1],
    duration: 1,
    start,
    is_final: isFinal,
    speech_final: isFinal,
    channel: { alternatives: [{ transcript, confidence: 0.93, words: [] }] },
  });
}

export async function startFakeSpeechProvider(apiKey = `dg-test-${randomBytes(12).toString('hex')}`): Promise<FakeSpeechProvider> {
  const tokens = new Map<string, number>();
  const stats: FakeSpeechStats = { grants: 0, streams: 0, refusedStreams: 0, audioBytes: 0 };
  let grantFails = false;
  let forcedTtl: number | null = null;

  const reply = (response: ServerResponse, status: number, body?: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const readBody = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    try {
      return JSON.parse(text || '{}') as Record<string, unknown>;
    } catch {
      return null;
    }
  };

  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      if (request.method === 'POST' && path === '/v1/auth/grant') {
        if (request.headers.authorization !== `Token ${apiKey}`)
          return reply(response, 401, { err_code: 'INVALID_AUTH', err_msg: 'Invalid credentials.' });
        if (grantFails) return reply(response, 503, { err_code: 'SERVICE_UNAVAILABLE', err_msg: 'Try again later.' });
        const body = await readBody(request);
        const ttl = forcedTtl ?? (typeof body?.ttl_seconds === 'number' ? body.ttl_seconds : 30);
        const token = `jwt-${randomBytes(16).toString('hex')}`;
        tokens.set(token, Date.now() + ttl * 1000);
        stats.grants++;
        return reply(response, 200, { access_token: token, expires_in: ttl });
      }
      if (request.method === 'POST' && path === '/__control') {
        const control = (await readBody(request)) ?? {};
        if ('grant' in control) grantFails = control.grant === 'fail';
        if ('tokenTtl' in control) forcedTtl = typeof control.tokenTtl === 'number' ? control.tokenTtl : null;
        // 1011: the server hit an error, as a provider's crash looks to the browser.
        if (control.drop === true) for (const client of wss.clients) client.close(1011);
        return reply(response, 204);
      }
      if (request.method === 'GET' && path === '/__stats') return reply(response, 200, stats);
      reply(response, 404, { err_code: 'NOT_FOUND' });
    })();
  });

  const wss = new WebSocketServer({
    noServer: true,
    // The browser offers ['bearer', token]; the handshake must echo one back or it fails.
    handleProtocols: (protocols) => (protocols.has('bearer') ? 'bearer' : false),
  });

  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const offered = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((part) => part.trim());
    const token = offered[0] === 'bearer' ? offered[1] : undefined;
    const expiresAt = token ? tokens.get(token) : undefined;
    const params = url.searchParams;
    const refuse = (status: string) => {
      stats.refusedStreams++;
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
    };
    if (url.pathname !== '/v1/listen') return refuse('404 Not Found');
    if (!expiresAt || expiresAt < Date.now()) return refuse('401 Unauthorized');
    if (
      params.get('language') !== 'nl' ||
      params.get('encoding') !== 'linear16' ||
      params.get('sample_rate') !== '16000' ||
      params.get('interim_results') !== 'true'
    ) {
      return refuse('400 Bad Request');
    }
    wss.handleUpgrade(request, socket, head, (ws) => listen(ws));
  });

  function listen(ws: WebSocket) {
    stats.streams++;
    let received = 0;
    let sent = 0; // steps sent: interim and final of each segment
    const step = () => {
      // Each segment: interim after half a second of its audio, final at two seconds.
      while (sent < fakeTranscript.length * 2) {
        const segment = Math.floor(sent / 2);
        const isFinal = sent % 2 === 1;
        const due = (segment * segmentSeconds + (isFinal ? 2 : 0.5)) * bytesPerSecond;
        if (received < due) return;
        const text = isFinal ? fakeTranscript[segment]!.final : fakeTranscript[segment]!.interim;
        ws.send(results(text, isFinal, segment * segmentSeconds));
        sent++;
      }
    };
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        const size = Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : (data as Buffer | ArrayBuffer).byteLength;
        received += size;
        stats.audioBytes += size;
        step();
        return;
      }
      const message = JSON.parse(String(data)) as { type?: string };
      if (message.type === 'CloseStream') {
        // A segment still open is finalised, as Deepgram flushes what it heard.
        if (sent % 2 === 1) ws.send(results(fakeTranscript[Math.floor(sent / 2)]!.final, true, 0));
        ws.send(JSON.stringify({ type: 'Metadata', request_id: 'fake', duration: received / bytesPerSecond }));
        ws.close(1000);
      }
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
