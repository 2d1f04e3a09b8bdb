import { createRequestHandler } from '@remix-run/express';
import { broadcastDevReady, installGlobals, type ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { loadEnvOrExit } from './domain/config/env';
import { speechConnectSource } from './domain/speech/speech.port';
import { answerClientError, closeWhenBodyUnread, hardening, malformedApiPath } from './app/security.server';

const env = loadEnvOrExit();
installGlobals({ nativeFetch: true });

const buildPath = path.resolve(process.env.REMIX_SERVER_BUILD_PATH ?? 'build/index.js');
const assetsDir = path.resolve(process.env.REMIX_ASSETS_BUILD_DIR ?? 'public/build');
const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;

const app = express();
app.disable('x-powered-by');
// Before anything else: security headers, no cross-site write reaching a route (ADR 0017).
const connectSources = [env.CSP_CONNECT_SRC, speechConnectSource(env)].filter(Boolean).join(' ');
app.use(hardening({ production: env.production, connectSources: connectSources || undefined }));
app.use(closeWhenBodyUnread);
app.use(compression());
app.use('/api', malformedApiPath);
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

server.on('clientError', answerClientError);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
