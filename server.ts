import { createRequestHandler } from '@remix-run/express';
import { broadcastDevReady, installGlobals, type ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { loadEnvOrExit } from './domain/config/env';
import { crossSiteMessage, cspNonce, isCrossSiteWrite, securityHeaders } from './app/security.server';

const env = loadEnvOrExit();
installGlobals({ nativeFetch: true });

const buildPath = path.resolve(process.env.REMIX_SERVER_BUILD_PATH ?? 'build/index.js');
const assetsDir = path.resolve(process.env.REMIX_ASSETS_BUILD_DIR ?? 'public/build');
const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;

const app = express();
app.disable('x-powered-by');
// Before anything else: every response gets the headers, and no cross-site write reaches a route (ADR 0017).
app.use((req, res, next) => {
  const nonce = cspNonce();
  res.locals.cspNonce = nonce;
  res.set(securityHeaders({ nonce, production: env.production, connectSources: env.CSP_CONNECT_SRC }));
  if (isCrossSiteWrite(req.method, (name) => req.get(name))) {
    res.status(403).set('Cache-Control', 'no-store').json({ error: { code: 'forbidden', message: crossSiteMessage } });
    return;
  }
  next();
});
// A route that answers before reading the whole body (401, 403, 404, 405 …) has its request
// stream torn down, and with it the connection: say so, so a client does not send its next
// request into a closed socket.
app.use((req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    if (!req.complete) this.setHeader('Connection', 'close');
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
});
app.use(compression());
// A path that is not valid percent-encoding names nothing; Remix would answer it with an HTML 400,
// the API answers in its own shape.
app.use('/api', (req, res, next) => {
  try {
    decodeURIComponent(req.path);
    next();
  } catch {
    res.status(400).set('Cache-Control', 'no-store').json({ error: { code: 'validation_failed', message: 'Het adres van deze aanvraag is ongeldig.' } });
  }
});
// Fingerprinted assets can be cached forever; everything else is dynamic or tiny.
app.use('/build', express.static(assetsDir, { immutable: true, maxAge: '1y' }));
app.use(express.static('public', { maxAge: '1h', index: false }));
// Behind a reverse proxy, TRUST_PROXY makes req.ip the client's address for the access log.
if (process.env.TRUST_PROXY) app.set('trust proxy', process.env.TRUST_PROXY);
app.all('*', createRequestHandler({ build, mode: build.mode, getLoadContext: (req, res) => ({ clientAddress: req.ip ?? null, cspNonce: res.locals.cspNonce as string }) }));

const server = app.listen(env.PORT, env.HOST, () => {
  console.log(`web: listening on http://${env.HOST}:${env.PORT}`);
  if (build.mode === 'development') void broadcastDevReady(build);
});

// Requests Node refuses before Express sees them (headers too large, malformed HTTP) still get the
// contract's Dutch error body instead of Node's bare status line.
server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
  if (!socket.writable) return socket.destroy();
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify({ error: tooLarge ? { code: 'validation_failed', message: 'De aanvraag is te groot: te lange adresregel of kopteksten.' } : { code: 'validation_failed', message: 'De aanvraag is ongeldig en kon niet worden gelezen.' } });
  socket.end(`HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
