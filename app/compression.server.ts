import type { RequestHandler, Response } from 'express';
import zlib from 'node:zlib';

type Encoding = 'zstd' | 'br' | 'gzip';

/** The server's order: zstd packs a large answer about as small as brotli at a quarter of the CPU (ADR 0023). */
const preference: Encoding[] = ['zstd', 'br', 'gzip'];
/** Below this a response is sent as it is: compressing it would save less than its headers cost. */
const threshold = 1024;
/** Text, JSON (also application/fhir+json), JavaScript, XML and SVG; images and audio are packed already. */
const compressibleType = /^(text\/|application\/(json|javascript|xml|[\w.-]+\+(json|xml))|image\/svg\+xml)/i;

/** The first of the server's encodings the client accepts (`Accept-Encoding`, q=0 refuses one); undefined for none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  return preference.find((encoding) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0);
}

function compressor(encoding: Encoding): zlib.ZstdCompress | zlib.BrotliCompress | zlib.Gzip {
  if (encoding === 'zstd') return zlib.createZstdCompress({ params: { [zlib.constants.ZSTD_c_compressionLevel]: 3 } });
  if (encoding === 'br') return zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
  return zlib.createGzip();
}

function worthCompressing(res: Response, status: number, knownLength: number | undefined): boolean {
  if (status === 204 || status === 304 || res.getHeader('Content-Encoding')) return false;
  if (!compressibleType.test(String(res.getHeader('Content-Type') ?? ''))) return false;
  // no-transform: the route streams (server-sent events) and wants every piece to go out as written.
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader('Cache-Control') ?? ''))) return false;
  const length = Number(res.getHeader('Content-Length') ?? knownLength ?? Infinity);
  return length >= threshold;
}

/** A chunk as `res.write`/`res.end` take it: a string in the encoding named after it (utf8 when none), or bytes. */
const asBuffer = (chunk: unknown, encoding: unknown) =>
  typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : (chunk as Buffer);

const chunkLength = (chunk: unknown) =>
  typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk instanceof Uint8Array ? chunk.length : 0;

/**
 * Compresses responses with zstd, brotli or gzip, whichever the client accepts first in that order
 * (in place of the `compression` package, which knows no zstd). Decided when the headers go out:
 * only text-like bodies of at least 1 kB, never a response that asks for no-transform. Backpressure
 * both ways: a full socket pauses the compressor, a full compressor tells the writer to wait.
 */
export function compressResponses(): RequestHandler {
  return (req, res, next) => {
    const encoding = req.method === 'HEAD' ? undefined : preferredEncoding(req.headers['accept-encoding']);
    if (!encoding) return next();
    const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const writeHead = res.writeHead;
    let stream: zlib.ZstdCompress | zlib.BrotliCompress | zlib.Gzip | undefined;
    let endLength: number | undefined;

    res.writeHead = function (this: Response, status: number, ...rest: unknown[]) {
      // Headers given here (rather than set before) count for the decision too.
      const headers = rest.find((arg): arg is Record<string, string> => typeof arg === 'object' && arg !== null && !Array.isArray(arg));
      if (headers) {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        rest = rest.filter((arg) => arg !== headers);
      }
      if (compressibleType.test(String(res.getHeader('Content-Type') ?? ''))) res.vary('Accept-Encoding');
      if (!stream && worthCompressing(res, status, endLength)) {
        res.setHeader('Content-Encoding', encoding);
        res.removeHeader('Content-Length');
        const started = compressor(encoding);
        started.on('data', (chunk: Buffer) => {
          if (!write(chunk)) started.pause();
        });
        started.on('end', () => end());
        started.on('error', (error) => res.destroy(error));
        started.on('drain', () => res.emit('drain'));
        res.on('drain', () => started.resume());
        res.once('close', () => started.destroy());
        stream = started;
      }
      return (writeHead as (...args: unknown[]) => Response).call(this, status, ...rest);
    } as Response['writeHead'];

    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      if (!res.headersSent) res.writeHead(res.statusCode);
      if (!stream) return write(chunk, ...rest);
      const callback = rest.find((arg) => typeof arg === 'function') as ((error?: Error | null) => void) | undefined;
      return stream.write(asBuffer(chunk, rest[0]), callback);
    } as Response['write'];

    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      const body = typeof chunk === 'function' ? undefined : chunk;
      if (!res.headersSent) {
        endLength = chunkLength(body);
        res.writeHead(res.statusCode);
      }
      if (!stream) return end(chunk, ...rest);
      const callback = [chunk, ...rest].find((arg) => typeof arg === 'function') as (() => void) | undefined;
      if (callback) res.once('finish', callback);
      if (body !== undefined && body !== null) stream.end(asBuffer(body, rest[0]));
      else stream.end();
      return res;
    } as Response['end'];

    // Remix flushes after every piece it writes: a streamed page reaches the browser as it renders.
    (res as Response & { flush?: () => void }).flush = () => stream?.flush();
    next();
  };
}
