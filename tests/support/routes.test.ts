import { describe, expect, it } from 'vitest';
import { pathFor, routeFiles, routePath, type Resource } from './routes';

describe('route enumeration used by the access tests', () => {
  it('turns flat route file names into URL paths', () => {
    expect(routePath('api.health.ts')).toBe('/api/health');
    expect(routePath('api.reports.$id.ts')).toBe('/api/reports/00000000-0000-4000-8000-000000000000');
    expect(routePath('api.$.ts')).toBe('/api/onbekend/pad');
    expect(routePath('robots[.]txt.ts')).toBe('/robots.txt');
    expect(routePath('_app.patients._index.tsx')).toBe('/patients');
    expect(routePath('_app.patients.$id_.edit.tsx')).toBe('/patients/00000000-0000-4000-8000-000000000000/edit');
    expect(routePath('api.fhir.Patient.$id/route.ts')).toBe('/api/fhir/Patient/00000000-0000-4000-8000-000000000000');
  });

  it('finds the API routes of the app with their methods', () => {
    const routes = routeFiles();
    expect(routes.find((route) => route.path === '/robots.txt')?.methods).toEqual(['GET']);
    // A read-only API route still exports an action: the 405 with `Allow`, after the 401.
    expect(routes.find((route) => route.path === '/api/session')?.methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(routes.find((route) => route.path === '/logout')?.methods).toContain('POST');
  });

  it('knows which record every route parameter names', () => {
    const ids = {
      patient: 'P',
      report: 'R',
      appointment: 'A',
      letter: 'L',
      plan: 'B',
      chain: 'C',
      observation: 'O',
      scale: 'K',
      diagnosis: 'D',
      medication: 'M',
      administration: 'T',
      legalStatus: 'S',
      allergy: 'Y',
      coerciveMeasure: 'V',
      handoverSummary: 'H',
    } satisfies Record<Resource, string>;
    const routes = routeFiles();
    for (const route of routes.filter((candidate) => candidate.params.length > 0)) {
      for (const method of route.methods) expect(() => pathFor(route, method, ids), route.file).not.toThrow();
    }
    const plan = routes.find((route) => route.file === 'api.behandelplan.$id.ts')!;
    expect(pathFor(plan, 'GET', ids)).toBe('/api/behandelplan/P');
    expect(pathFor(plan, 'PUT', ids)).toBe('/api/behandelplan/B');
    expect(
      pathFor(
        routes.find((route) => route.file === '_app.patients.$id.overdracht.tsx')!,
        'GET',
        ids,
      ),
    ).toBe('/patients/P/overdracht');
  });
});
