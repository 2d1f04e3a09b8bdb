import express from 'express';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressResponses, preferredEncoding } from './compression.server';

const chrome = 'gzip, deflate, br, zstd';
const large = {
  appointments: Array.from({ length: 2000 }, (_, index) => ({ id: `afspraak-${index}`, patientName: 'Jan de Vries', status: 'gepland' })),
};

describe('choosing the encoding', () => {
  it('prefers zstd, then brotli, then gzip, among what the client accepts', () => {
    expect(preferredEncoding(chrome)).toBe('zstd');
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('zstd');
  });

  it('honours a refusal (q=0) and sends plain when nothing fits', () => {
    expect(preferredEncoding('zstd;q=0, br;q=0.5, gzip')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip;q=1')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** When each piece of the body arrived, ms after the request. */
  arrivals: number[];
}

function decode(raw: Raw): Buffer {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'zstd') return zlib.zstdDecompressSync(raw.body);
  if (encoding === 'br') return zlib.brotliDecompressSync(raw.body);
  if (encoding === 'gzip') return zlib.gunzipSync(raw.body);
  return raw.body;
}

describe('compressing responses', () => {
  let server: http.Server;
  let port = 0;
  let producedForSlowClient = 0;

  beforeAll(async () => {
    const app = express();
    app.use(compressResponses());
    app.get('/groot', (_req, res) => res.json(large));
    app.get('/klein', (_req, res) => res.json({ ok: true }));
    app.get('/leeg', (_req, res) => res.status(204).end());
    app.get('/plaatje', (_req, res) => res.type('image/png').send(Buffer.alloc(4096, 7)));
    app.get('/events', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform' });
      res.write('data: eerste\n\n');
      setTimeout(() => res.end('data: laatste\n\n'), 150);
    });
    // A page that streams as it renders: each flushed piece must reach the client before the end.
    app.get('/pagina', (_req, res) => {
      res.type('html');
      res.write(`<main>${'<p>Rustige nacht.</p>'.repeat(100)}`);
      (res as unknown as { flush: () => void }).flush();
      setTimeout(() => res.end('</main>'), 150);
    });
    // Far more than the socket and the compressor buffer: backpressure has to hold both ways.
    app.get('/stroom', (_req, res) => {
      res.type('text/plain');
      let sent = 0;
      Readable.from(
        (function* () {
          while (sent < 8_000_000) {
            sent += 64 * 1024;
            yield Buffer.from(`regel ${sent}\n`.repeat(6000).slice(0, 64 * 1024));
          }
        })(),
      ).pipe(res);
    });
    // Random text packs poorly: what the compressor writes fills the socket, and a client that does not read must stop the producer.
    app.get('/traag', (_req, res) => {
      res.type('text/plain');
      producedForSlowClient = 0;
      Readable.from(
        (function* () {
          while (producedForSlowClient < 64_000_000) {
            producedForSlowClient += 48 * 1024;
            yield randomBytes(36 * 1024).toString('base64');
          }
        })(),
      ).pipe(res);
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  function get(path: string, acceptEncoding?: string, method = 'GET'): Promise<Raw> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const request = http.request(
        { host: '127.0.0.1', port, path, method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
        (response) => {
          const chunks: Buffer[] = [];
          const arrivals: number[] = [];
          response.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            arrivals.push(Date.now() - started);
          });
          response.on('end', () =>
            resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks), arrivals }),
          );
        },
      );
      request.on('error', reject);
      request.end();
    });
  }

  // The tests that push megabytes through a compressor get 60 s: on a loaded CI machine one took over the unit project's 20 s.
  it(
    'sends a large JSON answer in the best encoding the client takes, byte for byte the same once unpacked',
    { timeout: 60_000 },
    async () => {
      for (const [accept, expected] of [
        [chrome, 'zstd'],
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const raw = await get('/groot', accept);
        expect(raw.headers['content-encoding'], accept).toBe(expected);
        expect(raw.headers['content-length']).toBeUndefined();
        expect(raw.headers.vary).toMatch(/Accept-Encoding/i);
        expect(raw.body.length).toBeLessThan(JSON.stringify(large).length / 10);
        expect(JSON.parse(decode(raw).toString('utf8'))).toEqual(large);
      }
      const plain = await get('/groot');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(plain.body.toString('utf8'))).toEqual(large);
    },
  );

  it('leaves alone what compression cannot help: small bodies, no body, HEAD, images, and streams that ask for no-transform', async () => {
    const small = await get('/klein', chrome);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toEqual({ ok: true });
    expect((await get('/leeg', chrome)).status).toBe(204);
    expect((await get('/groot', chrome, 'HEAD')).headers['content-encoding']).toBeUndefined();
    const image = await get('/plaatje', chrome);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.length).toBe(4096);
    const events = await get('/events', chrome);
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body.toString('utf8')).toBe('data: eerste\n\ndata: laatste\n\n');
    expect(events.arrivals[0]).toBeLessThan(events.arrivals.at(-1)! - 100);
  });

  it('sends a flushed piece of a streamed page before the page ends', { timeout: 60_000 }, async () => {
    for (const accept of [chrome, 'br', 'gzip']) {
      const raw = await get('/pagina', accept);
      expect(raw.arrivals.length, accept).toBeGreaterThan(1);
      expect(raw.arrivals[0]!, accept).toBeLessThan(raw.arrivals.at(-1)! - 100);
      expect(decode(raw).toString('utf8')).toBe(`<main>${'<p>Rustige nacht.</p>'.repeat(100)}</main>`);
    }
  });

  it('streams a body larger than every buffer without losing or reordering a byte', { timeout: 60_000 }, async () => {
    const plain = await get('/stroom');
    const packed = await get('/stroom', chrome);
    expect(packed.headers['content-encoding']).toBe('zstd');
    expect(plain.body.length).toBeGreaterThanOrEqual(8_000_000);
    expect(decode(packed).equals(plain.body)).toBe(true);
  });

  it(
    'stops producing while the client reads nothing (a full socket pauses the compressor, a full compressor the writer)',
    { timeout: 60_000 },
    async () => {
      const request = http.request({ host: '127.0.0.1', port, path: '/traag', headers: { 'accept-encoding': chrome } });
      const response = await new Promise<http.IncomingMessage>((resolve) => request.on('response', resolve).end());
      response.pause();
      // Until the writer stands still: the same count twice in a row, 100 ms apart (without back
      // pressure it would only stand still at the end, at 64 MB).
      let seen = -1;
      await expect
        .poll(
          () => {
            const stalled = producedForSlowClient > 0 && producedForSlowClient === seen;
            seen = producedForSlowClient;
            return stalled;
          },
          { interval: 100, timeout: 15_000 },
        )
        .toBe(true);
      expect(response.headers['content-encoding']).toBe('zstd');
      expect(producedForSlowClient).toBeGreaterThan(0);
      expect(producedForSlowClient).toBeLessThan(24_000_000);
      response.destroy();
    },
  );
});
