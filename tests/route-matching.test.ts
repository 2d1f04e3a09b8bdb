import { matchRoutes, type AgnosticRouteObject } from '@remix-run/router';
import { describe, expect, it } from 'vitest';

/**
 * `@remix-run/router` is patched (patches/, ADR 0059) to remember a pathname's matches per route
 * tree. What Remix reads from a match must not change by it: the same routes and params on every
 * call, a miss stays a miss, and what one caller does to its matches never reaches the next.
 */
const routes: AgnosticRouteObject[] = [
  {
    id: 'root',
    path: '/',
    children: [
      { id: 'patients', path: 'patients' },
      {
        id: 'record',
        path: 'patients/:id',
        children: [
          { id: 'record-index', index: true },
          { id: 'reports', path: 'rapportages' },
        ],
      },
      { id: 'splat', path: 'docs/*' },
    ],
  },
];

const shape = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map((match) => ({
    id: match.route.id,
    params: { ...match.params },
    pathname: match.pathname,
    pathnameBase: match.pathnameBase,
  })) ?? null;

describe('route matching, remembered per pathname (issue 38)', () => {
  it('answers a repeated pathname exactly as the first time', () => {
    const first = shape(matchRoutes(routes, '/patients/p-1/rapportages'));
    expect(first).toEqual([
      { id: 'root', params: { id: 'p-1' }, pathname: '/', pathnameBase: '/' },
      { id: 'record', params: { id: 'p-1' }, pathname: '/patients/p-1', pathnameBase: '/patients/p-1' },
      { id: 'reports', params: { id: 'p-1' }, pathname: '/patients/p-1/rapportages', pathnameBase: '/patients/p-1/rapportages' },
    ]);
    expect(shape(matchRoutes(routes, '/patients/p-1/rapportages'))).toEqual(first);
    expect(shape(matchRoutes(routes, { pathname: '/patients/p-1/rapportages' }))).toEqual(first);
  });

  it('keeps ids apart, splats whole and misses missed', () => {
    matchRoutes(routes, '/patients/p-1');
    expect(shape(matchRoutes(routes, '/patients/p-2'))?.at(-1)).toEqual({
      id: 'record-index',
      params: { id: 'p-2' },
      pathname: '/patients/p-2/',
      pathnameBase: '/patients/p-2',
    });
    matchRoutes(routes, '/docs/a/b');
    expect(matchRoutes(routes, '/docs/a/b')?.at(-1)?.params).toEqual({ '*': 'a/b' });
    expect(matchRoutes(routes, '/nergens/heen')).toBeNull();
    expect(matchRoutes(routes, '/nergens/heen')).toBeNull();
  });

  it('gives each caller its own matches: a change to one is not seen by the next', () => {
    const mine = matchRoutes(routes, '/patients/p-3')!;
    (mine[0]!.params as Record<string, string>).id = 'overschreven';
    mine.pop();
    const next = matchRoutes(routes, '/patients/p-3')!;
    expect(next).toHaveLength(3);
    expect(next.map((match) => match.params.id)).toEqual(['p-3', 'p-3', 'p-3']);
  });

  it('matches another route tree by its own routes, not the remembered ones', () => {
    matchRoutes(routes, '/patients');
    const other: AgnosticRouteObject[] = [{ id: 'other', path: '/patients' }];
    expect(matchRoutes(other, '/patients')?.map((match) => match.route.id)).toEqual(['other']);
  });

  it("answers with the asking tree's own routes when a tree of the same shape is built again (as Remix does per page)", () => {
    const build = (label: string): AgnosticRouteObject[] => [
      { id: 'root', path: '/', handle: label, children: [{ id: 'record', path: 'patients/:id', handle: label }] },
    ];
    const first = build('eerste');
    const second = build('tweede');
    expect(matchRoutes(first, '/patients/x')?.map((match) => match.route.handle)).toEqual(['eerste', 'eerste']);
    expect(matchRoutes(second, '/patients/x')?.map((match) => match.route.handle)).toEqual(['tweede', 'tweede']);
    expect(matchRoutes(second, '/patients/y')?.map((match) => match.route)).toEqual([second[0], second[0]!.children![0]]);
  });

  it('matches trees whose routes lack ids or share one, without sharing anything', () => {
    const anonymous: AgnosticRouteObject[] = [{ path: '/a' }, { path: '/b' }];
    expect(matchRoutes(anonymous, '/b')?.[0]?.route).toBe(anonymous[1]);
    const twins: AgnosticRouteObject[] = [
      { id: 'twin', path: '/a' },
      { id: 'twin', path: '/b' },
    ];
    expect(matchRoutes(twins, '/b')?.[0]?.route).toBe(twins[1]);
  });
});
