import { broadcastDevReady, installGlobals, type ServerBuild } from '@remix-run/node';
import express from 'express';
import cluster from 'node:cluster';
import type { ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { loadEnvOrExit, type Env } from './domain/config/env';
import { answerWindowRequests, MemoryWindows } from './domain/shared/rate-limit';
import { speechConnectSource } from './domain/speech/speech.port';
import { compressResponses } from './app/compression.server';
import { collectProcessMetrics, observeRequests, processMetrics, serveMetrics } from './app/observability.server';
import { startTracing } from './domain/observability/tracing';
import { AggregatorRegistry } from 'prom-client';
import { remixHandler } from './app/remix-adapter.server';
import {
  answerClientError,
  answerExpectContinue,
  closeWhenBodyUnread,
  hardening,
  lastResort,
  limitBody,
  malformedApiPath,
} from './app/security.server';

const env = loadEnvOrExit();

/**
 * WEB_CONCURRENCY > 1 (ADR 0021): this process only forks the web processes, which share the port,
 * keeps the one count of the rate limits for them, and starts a new one when one dies. SIGHUP
 * restarts them one after the other (ADR 0071): a new process first, the old one stopped only once
 * the new one listens, so the port never has fewer processes than asked and no request is cut.
 */
function superviseWebProcesses(count: number): void {
  const windows = new MemoryWindows();
  let stopping = false;
  let restarting = false;
  // Processes stopped by a rolling restart: already replaced, whatever their exit code.
  const retired = new Set<number>();
  cluster.on('message', (worker, message) => answerWindowRequests(windows, worker, message));
  // One /metrics for all web processes (ADR 0086): the primary asks each for its figures and sums them.
  if (env.METRICS_PORT && env.METRICS_TOKEN) {
    const aggregator = new AggregatorRegistry();
    serveMetrics({ host: env.METRICS_HOST, port: env.METRICS_PORT, token: env.METRICS_TOKEN }, () => aggregator.clusterMetrics());
  }
  cluster.on('listening', (worker) => console.log(`web: process ${worker.process.pid} listening`));
  cluster.on('exit', (worker, code, signal) => {
    if (retired.delete(worker.id)) return;
    // A process that stopped as asked (exit code 0) is not replaced; one that died is.
    if (!stopping && code !== 0) {
      console.error(`web: process ${worker.process.pid} ended (${signal ?? code}), starting another`);
      cluster.fork();
    } else if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
  async function restartOneByOne(): Promise<void> {
    for (const old of Object.values(cluster.workers ?? {})) {
      if (!old || stopping) return;
      const started = Date.now();
      const next = cluster.fork();
      const ready = await new Promise<boolean>((resolve) => {
        next.once('listening', () => resolve(true));
        next.once('exit', () => resolve(false));
      });
      if (!ready) {
        console.error(`web: rolling restart stopped, the new process ${next.process.pid} ended before it listened`);
        return;
      }
      retired.add(old.id);
      const exited = new Promise((resolve) => old.once('exit', resolve));
      old.process.kill('SIGTERM');
      await exited;
      console.log(`web: process ${old.process.pid} replaced by ${next.process.pid} in ${Date.now() - started} ms`);
    }
  }

  for (let index = 0; index < count; index++) cluster.fork();
  console.log(`web: ${count} processes on http://${env.HOST}:${env.PORT} (primary ${process.pid}; SIGHUP restarts them one by one)`);
  process.on('SIGHUP', () => {
    if (restarting || stopping) return;
    restarting = true;
    void restartOneByOne().finally(() => {
      restarting = false;
      console.log('web: rolling restart done');
    });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    });
  }
}

/** How long a stopped web process of a cluster stays to hand back connections still on their way to it. */
const closingGraceMs = 1_000;

async function serve(env: Env): Promise<void> {
  installGlobals({ nativeFetch: true });
  // Before the build is loaded: pg is patched before the ORM's first query.
  const tracing = startTracing('ggz-web');
  collectProcessMetrics();
  // In a cluster the primary serves /metrics and asks this process for its figures over IPC.
  if (cluster.isWorker) new AggregatorRegistry();
  else if (env.METRICS_PORT && env.METRICS_TOKEN) {
    serveMetrics({ host: env.METRICS_HOST, port: env.METRICS_PORT, token: env.METRICS_TOKEN }, processMetrics);
  }
  const buildPath = path.resolve(process.env.REMIX_SERVER_BUILD_PATH ?? 'build/index.js');
  const assetsDir = path.resolve(process.env.REMIX_ASSETS_BUILD_DIR ?? 'public/build');
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;

  const app = express();
  app.disable('x-powered-by');
  // First: every request is timed and traced, whichever middleware answers it.
  app.use(observeRequests(build, { tracing: tracing.enabled }));
  app.use(closeWhenBodyUnread);
  // Before anything else: security headers, no cross-site write reaching a route (ADR 0017, 0024).
  const connectSources = [env.CSP_CONNECT_SRC, speechConnectSource(env)].filter(Boolean).join(' ');
  app.use(hardening({ production: env.production, connectSources: connectSources || undefined }));
  app.use(compressResponses());
  app.use('/api', malformedApiPath);
  // Fingerprinted assets can be cached forever; everything else is dynamic or tiny.
  app.use('/build', express.static(assetsDir, { immutable: true, maxAge: '1y' }));
  app.use(express.static('public', { maxAge: '1h', index: false }));
  // Behind a reverse proxy, TRUST_PROXY makes req.ip the client's address for the access log.
  if (process.env.TRUST_PROXY) app.set('trust proxy', process.env.TRUST_PROXY);
  // Bodies are read, within their limit, before any route (ADR 0024).
  app.use(limitBody);
  app.all(
    '*',
    remixHandler(build, (req, res) => ({ clientAddress: req.ip ?? null, cspNonce: res.locals.cspNonce as string })),
  );
  app.use(lastResort);

  const server = app.listen(env.PORT, env.HOST, () => {
    if (cluster.isPrimary) console.log(`web: listening on http://${env.HOST}:${env.PORT}`);
    if (build.mode === 'development') void broadcastDevReady(build);
  });

  server.on('clientError', answerClientError);
  server.on('checkContinue', answerExpectContinue(app));

  // Stopping drains (ADR 0071): requests in flight are answered, and their keep-alive connections
  // end with that answer (`Connection: close`) instead of idling on until the keep-alive timeout,
  // which kept a stopping process alive 5 s and let a client send it one more request.
  let closing = false;
  const inFlight = new Set<ServerResponse>();
  server.prependListener('request', (_request: unknown, response: ServerResponse) => {
    if (closing) response.shouldKeepAlive = false;
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
    // A streamed page had sent its headers before the stop: its connection is ended once the page
    // is written (end, not destroy: what is still buffered reaches the client first).
    const socket = response.socket;
    response.once('finish', () => closing && socket?.end());
  });

  // In a cluster the process may hear the stop twice (its group's signal and the primary's): one
  // graceful close, the repeat ignored. Alone, a second Ctrl+C still ends it at once.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    const stop = () => {
      if (cluster.isWorker) process.on(signal, () => undefined);
      closing = true;
      for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
      // In a cluster the primary may have handed this process a new connection just before it heard of
      // the close; Node's cluster sends such a connection back to the primary for another process, but
      // only while this one is alive to read the message. Exiting at once lost it: the client waited
      // for an answer that never came (a rolling restart's one failure in 586 reads).
      // The spans still batched go out before the process ends.
      const exit = () => void tracing.shutdown().finally(() => process.exit(0));
      server.close(() => (cluster.isWorker ? setTimeout(exit, closingGraceMs) : exit()));
    };
    process.once(signal, stop);
  }
}

if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) superviseWebProcesses(env.WEB_CONCURRENCY);
else await serve(env);
