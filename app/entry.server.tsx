import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceProvider } from './components/nonce';

const abortDelay = 5_000;

/**
 * Remix's default Node entry, plus the CSP nonce (ADR 0017): the server sets a fresh nonce per
 * response (server.ts) and only scripts carrying it run, so no injected inline script can.
 */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  const nonce = loadContext.cspNonce ?? '';
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set('Content-Type', 'text/html');
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={abortDelay} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        ...(waitForAll ? { onAllReady: ready } : { onShellReady: ready }),
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and are logged by Remix; only log later ones, by class.
          if (shellRendered) console.error(`[render] ${error instanceof Error ? `${error.name}\n${error.stack ?? ''}` : 'non-error thrown'}`);
        },
      },
    );
    setTimeout(abort, abortDelay);
  });
}
