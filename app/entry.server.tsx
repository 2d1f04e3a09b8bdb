import { PassThrough, Transform } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceProvider } from './components/nonce';

const abortDelay = 5_000;

/**
 * React writes a page in hundreds of small pieces, and every piece costs the web stream, the
 * compression and the socket a call of their own (a fifth of a page's CPU under load). Pieces
 * written in the same turn of the event loop go on as one; a later piece (deferred data) still
 * streams as soon as it is rendered.
 */
function coalescing(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const stream: Transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (pending.length > 0) stream.push(Buffer.concat(pending));
          pending = [];
        });
      }
      done();
    },
    flush(done) {
      if (pending.length > 0) this.push(Buffer.concat(pending));
      pending = [];
      done();
    },
  });
  return stream;
}

/**
 * Pages and their data show patient data (or the login form): no browser or proxy keeps a copy,
 * not in the back-forward cache of a shared ward PC either (issue 18).
 */
function noStore(headers: Headers): void {
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
}

/** Remix's client-side navigations fetch the same data as JSON: the same rule. */
export function handleDataRequest(response: Response): Response {
  noStore(response.headers);
  return response;
}

/**
 * Remix's default Node entry, plus the CSP nonce (ADR 0017): the server sets a fresh nonce per
 * response (server.ts) and only scripts carrying it run, so no injected inline script can.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? '';
  noStore(responseHeaders);
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set('Content-Type', 'text/html');
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(coalescing()).pipe(body);
    };
    // Stops a render still waiting after abortDelay; cleared once everything is written, so a
    // finished page does not leave a timer behind that ends its stream a second time (issue 38).
    // React calls onAllReady from a later turn of the event loop, never before the timer is set.
    let abortTimer: NodeJS.Timeout | undefined = undefined;
    const written = () => clearTimeout(abortTimer);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={abortDelay} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        ...(waitForAll ? { onAllReady: () => (written(), ready()) } : { onShellReady: ready, onAllReady: written }),
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and are logged by Remix; only log later ones, by class.
          if (shellRendered)
            console.error(`[render] ${error instanceof Error ? `${error.name}\n${error.stack ?? ''}` : 'non-error thrown'}`);
        },
      },
    );
    abortTimer = setTimeout(abort, abortDelay);
  });
}
