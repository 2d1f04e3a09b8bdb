import { readConfig } from '@remix-run/dev/dist/config.js';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import type { ServerBuild } from '@remix-run/node';
import { matchRoutes, type AgnosticRouteObject } from '@remix-run/router';
import { describe, expect, it } from 'vitest';
import { routeFiles, routePath } from '../tests/support/routes';
import { bearerMatches, observeRequests, processMetrics, routeTemplates, serveMetrics } from './observability.server';

const { routes: manifest } = await readConfig(process.cwd());
const templateOf = routeTemplates(manifest as unknown as ServerBuild['routes']);

/** Remix's own matcher over the same manifest: the template is the matched routes' paths joined. */
function remixTemplate(pathname: string): string | undefined {
  const tree = (parentId: string | undefined): AgnosticRouteObject[] =>
    Object.values(manifest)
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
      );
  const matches = matchRoutes(tree(undefined), pathname);
  if (!matches) return undefined;
  const segments = matches.flatMap((match) => (match.route.path ? match.route.path.split('/') : [])).filter(Boolean);
  return `/${segments.join('/')}`;
}

describe('route templates (ADR 0086)', () => {
  it.each(routeFiles().map((route) => [route.file]))('%s: the template Remix matches, with no id of the path in it', (file) => {
    const pathname = routePath(file, (param) => `waarde-${param}-8d2f`);
    const template = templateOf(pathname);
    expect(template).toBe(remixTemplate(pathname));
    expect(template).not.toContain('8d2f');
  });

  it('keeps query strings and unknown paths out', () => {
    expect(templateOf('/api/patients/8d2f')).toBe('/api/patients/:id');
    expect(templateOf('/api/patients/8d2f/')).toBe('/api/patients/:id');
    expect(templateOf('/API/Patients/8d2f')).toBe('/api/patients/:id');
    expect(templateOf('/api/patients/search')).toBe('/api/patients/search');
    expect(templateOf('/api/volstrekt/onbekend/8d2f')).toBe('/api/*');
  });
});

describe('the metrics token', () => {
  it('matches only the exact bearer header', () => {
    expect(bearerMatches('Bearer geheim-token-0123456789', 'geheim-token-0123456789')).toBe(true);
    expect(bearerMatches(undefined, 'geheim-token-0123456789')).toBe(false);
    expect(bearerMatches('Bearer geheim-token-012345678', 'geheim-token-0123456789')).toBe(false);
    expect(bearerMatches('bearer geheim-token-0123456789', 'geheim-token-0123456789')).toBe(false);
  });
});

describe('one web process', () => {
  it('serves its own figures on the metrics port, by template, only with the token', async () => {
    const app = express();
    app.use(observeRequests({ routes: manifest } as unknown as ServerBuild, { tracing: false }));
    app.get('/api/reports/:id', (_req, res) => res.status(410).end());
    const web = app.listen(0, '127.0.0.1');
    const metrics = serveMetrics({ host: '127.0.0.1', port: 0, token: 'token-van-zestien-tekens' }, processMetrics);
    await Promise.all([once(web, 'listening'), once(metrics, 'listening')]);
    try {
      const base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
      const url = `http://127.0.0.1:${(metrics.address() as AddressInfo).port}/metrics`;
      for (const id of ['r-1', 'r-2']) await (await fetch(`${base}/api/reports/${id}?q=geheim`)).text();
      const authorization = 'Bearer token-van-zestien-tekens';
      // A response is counted when it has finished; on a loaded machine that may take longer than the default second.
      // The count line, not the first bucket's: on a loaded machine a request can outlast the smallest bucket.
      await expect
        .poll(
          async () =>
            (await (await fetch(url, { headers: { authorization } })).text()).match(
              /http_request_duration_seconds_count\{[^}]*route="\/api\/reports\/:id",status_class="4xx"\} (\d+)/,
            )?.[1],
          { timeout: 15_000 },
        )
        .toBe('2');
      const body = await (await fetch(url, { headers: { authorization } })).text();
      expect(body).not.toMatch(/r-1|r-2|geheim/);
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url.replace('/metrics', '/'), { headers: { authorization } })).status).toBe(404);
    } finally {
      web.close();
      metrics.close();
    }
  });
});
