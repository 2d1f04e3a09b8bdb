import { readConfig } from '@remix-run/dev/dist/config.js';
import type { ServerBuild } from '@remix-run/node';
import { NoopSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Request, Response } from 'express';
import { EventEmitter } from 'node:events';
import { observeRequests, routeTemplates } from '../app/observability.server';
import { startTracing } from '../domain/observability/tracing';
import { routeFiles, routePath } from '../tests/support/routes';
import { log, sized } from './harness';

/*
 * What observing a request costs the web process (ADR 0086): finding the route template of a path,
 * and the whole middleware (histogram, and the server span when tracing is on) around a request
 * that does nothing else. In-process, no server: the figures are the overhead alone.
 */

const rounds = sized('BENCH_ROUNDS', 200_000, 5_000);
const { routes } = await readConfig(process.cwd());
const build = { routes } as unknown as ServerBuild;
const paths = [...routeFiles().map((route) => routePath(route.file)), '/build/_shared/chunk-ABC.js', '/bestaat/niet'];

function perCall(label: string, work: (index: number) => void): void {
  for (let index = 0; index < 1_000; index++) work(index);
  const started = performance.now();
  for (let index = 0; index < rounds; index++) work(index);
  const elapsed = performance.now() - started;
  log(`${label}: ${((elapsed * 1000) / rounds).toFixed(2)} µs per request (${rounds} requests in ${elapsed.toFixed(0)} ms)`);
}

function fakeExchange(path: string): { req: Request; res: Response } {
  const res = Object.assign(new EventEmitter(), { statusCode: 200, writableFinished: true }) as unknown as Response;
  const req = { method: 'GET', originalUrl: path, headers: {} } as unknown as Request;
  return { req, res };
}

function middleware(label: string, tracing: boolean): void {
  const handler = observeRequests(build, { tracing });
  perCall(label, (index) => {
    const { req, res } = fakeExchange(paths[index % paths.length]!);
    handler(req, res, () => undefined);
    res.emit('close');
  });
}

log(`${paths.length} paths, one per route file`);
const templateOf = routeTemplates(routes as unknown as ServerBuild['routes']);
perCall('route template', (index) => templateOf(paths[index % paths.length]!));
middleware('middleware, tracing off', false);
startTracing('bench', { processor: new NoopSpanProcessor() });
middleware('middleware, tracing on (spans made, not exported)', true);
