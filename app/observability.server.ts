import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ServerBuild } from '@remix-run/node';
import type { RequestHandler } from 'express';
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { collectDefaultMetrics, Histogram, register } from 'prom-client';
import { tracer } from '../domain/observability/tracing';

/*
 * Request metrics and the request's server span (ADR 0086). Both are labelled by the route's
 * template (`/api/patients/:id`), never by the path: ids, names and query strings stay out of
 * Prometheus and out of traces.
 */

interface Branch {
  template: string;
  pattern: RegExp;
  score: number;
}

/** React Router's ranking (`computeScore`): static segments beat dynamic ones, a splat comes last. */
function score(template: string, index: boolean): number {
  const segments = template.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    total += segment.startsWith(':') ? 3 : segment === '' ? 1 : 10;
  }
  return total;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Maps a pathname to the template of the Remix route that answers it, as Remix matches: every route
 * of the build once into a regular expression, ranked as React Router ranks them. Matching a path
 * is a walk down that list (a few microseconds; ADR 0086).
 */
export function routeTemplates(routes: ServerBuild['routes']): (pathname: string) => string | undefined {
  const fullPath = (id: string | undefined): string[] => {
    const route = id ? routes[id] : undefined;
    if (!route) return [];
    return [...fullPath(route.parentId), ...(route.path ? route.path.split('/') : [])];
  };
  const branches = new Map<string, Branch>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const segments = fullPath(route.id).filter(Boolean);
    const template = `/${segments.join('/')}`;
    const source = segments
      .map((segment) => (segment === '*' ? '(?:/.*)?' : segment.startsWith(':') ? '/[^/]+' : `/${escaped(segment)}`))
      .join('');
    const ranked = score(template, route.index === true);
    const known = branches.get(template);
    if (!known || known.score < ranked) branches.set(template, { template, pattern: new RegExp(`^${source}/?$`, 'i'), score: ranked });
  }
  const ordered = [...branches.values()].sort((a, b) => b.score - a.score);
  return (pathname) => ordered.find((branch) => branch.pattern.test(pathname))?.template;
}

const methods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Seconds; a page or API call is expected under a quarter second, a generation may take many. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

let requestDuration: Histogram<'method' | 'route' | 'status_class'> | undefined;

function durations(): Histogram<'method' | 'route' | 'status_class'> {
  requestDuration ??= new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to the last byte of the answer, by method, route template and status class.',
    labelNames: ['method', 'route', 'status_class'],
    buckets: latencyBuckets,
  });
  return requestDuration;
}

/** Process metrics (CPU, memory, event loop lag, GC) beside the request metrics. */
export function collectProcessMetrics(): void {
  collectDefaultMetrics();
}

/** `2xx` … `5xx`; a request whose client left before the answer was complete is `aborted`. */
function statusClass(status: number, finished: boolean): string {
  if (!finished) return 'aborted';
  return `${Math.floor(status / 100)}xx`;
}

/**
 * The first middleware: times every request into `http_request_duration_seconds` and, when tracing
 * is on, makes it the server span the rest of the request (Temporal client, SQL) runs in. The
 * template is found once the answer is sent, off the request's path.
 */
export function observeRequests(build: ServerBuild, options: { tracing: boolean }): RequestHandler {
  const templateOf = routeTemplates(build.routes);
  const histogram = durations();
  const routeOf = (path: string) => (path.startsWith('/build/') ? '/build/*' : (templateOf(path) ?? 'unmatched'));
  return (req, res, next) => {
    const started = performance.now();
    const method = methods.has(req.method) ? req.method : 'OTHER';
    const span = options.tracing
      ? tracer().startSpan(
          method,
          { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } },
          propagation.extract(ROOT_CONTEXT, req.headers),
        )
      : undefined;
    res.once('close', () => {
      const route = routeOf(req.originalUrl.split('?')[0]!);
      const status = statusClass(res.statusCode, res.writableFinished);
      histogram.observe({ method, route, status_class: status }, (performance.now() - started) / 1000);
      if (span) {
        span.updateName(`${method} ${route}`);
        span.setAttributes({ 'http.route': route, 'http.response.status_code': res.statusCode });
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
    });
    if (span) context.with(trace.setSpan(context.active(), span), next);
    else next();
  };
}

/** Whether `header` is `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `/metrics` in Prometheus' text format on a port of its own (METRICS_PORT, loopback unless
 * METRICS_HOST says otherwise), never on the app's port, and only with `Authorization: Bearer
 * METRICS_TOKEN`. `collect` is this process's registry, or the primary's sum over its web processes.
 */
export function serveMetrics(settings: { host: string; port: number; token: string }, collect: () => Promise<string>): http.Server {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Niet gevonden\n');
      return;
    }
    if (!bearerMatches(req.headers.authorization, settings.token)) {
      res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer' }).end('Niet aangemeld\n');
      return;
    }
    collect().then(
      (body) => res.writeHead(200, { 'Content-Type': register.contentType }).end(req.method === 'HEAD' ? undefined : body),
      (error: unknown) => {
        console.error(`metrics: collecting failed (${error instanceof Error ? error.message : String(error)})`);
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics niet beschikbaar\n');
      },
    );
  });
  server.listen(settings.port, settings.host, () => console.log(`metrics: http://${settings.host}:${settings.port}/metrics`));
  return server;
}

export const processMetrics = () => register.metrics();
