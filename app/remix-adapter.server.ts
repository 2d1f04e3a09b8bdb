import { createRequestHandler, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from '@remix-run/node';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import { errorStatus, type ErrorCode } from '../domain/shared/errors';
import { statusText } from './lib/status-texts';
import { refuse } from './security.server';

/**
 * What Remix's Express adapter (`@remix-run/express`) does, with two differences: the request body is the
 * one `limitBody` already read within its limit (`res.locals.body`), and an error response that
 * comes without a body (Remix answers some failures with an empty 500) gets the Dutch page or JSON.
 */
export function remixHandler(
  build: ServerBuild,
  loadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext,
): RequestHandler {
  const handle = createRequestHandler(build, build.mode);
  return async (req, res, next) => {
    try {
      const response = await handle(remixRequest(req, res), loadContext(req, res));
      if (response.status >= 400 && response.body === null && req.method !== 'HEAD') {
        refuse(req, res, response.status, codeFor(response.status), statusText(response.status).text);
        return;
      }
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function codeFor(status: number): ErrorCode {
  const code = (Object.entries(errorStatus) as [ErrorCode, number][]).find(([, known]) => known === status)?.[0];
  return code ?? (status >= 500 ? 'internal' : 'validation_failed');
}

function remixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // As the adapter: the host as Express resolves it (TRUST_PROXY-aware), with the port the client used.
  const [, port] = (req.get('X-Forwarded-Host') ?? req.get('host') ?? '').split(':');
  const url = new URL(`${req.protocol}://${req.hostname}${port && /^\d+$/.test(port) ? `:${port}` : ''}${req.originalUrl}`);
  const controller = new AbortController();
  // Loaders and actions stop when the client has gone before the answer was complete.
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  const body = res.locals.body as Buffer | undefined;
  return new Request(url.href, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(body && req.method !== 'GET' && req.method !== 'HEAD' ? { body: new Uint8Array(body) } : {}),
  });
}

async function send(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // append, not set: several Set-Cookie headers stay several.
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  // Server-sent events (the chat) start at once, before the first event.
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
