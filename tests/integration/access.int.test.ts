import { describe, expect, it } from 'vitest';
import { request } from '../support/http';
import { publicRoutes, routeFiles } from '../support/routes';

const unauthorizedBody = { error: { code: 'unauthorized', message: 'Sessie verlopen, log opnieuw in.' } };

describe('a closed system', () => {
  it('sends the root to the login page', async () => {
    const response = await request('/');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login');
  });

  it('disallows all crawling', async () => {
    const response = await request('/robots.txt');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('User-agent: *\nDisallow: /\n');
  });

  it.each(['/blog', '/contact', '/pricing'])('has no public marketing route %s', async (path) => {
    const response = await request(path);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Pagina niet gevonden');
  });

  it('sends every page without a session to the login page, remembering where it was going', async () => {
    const pages = routeFiles().filter((route) => !route.path.startsWith('/api/') && !publicRoutes.has(route.path));
    expect(pages.map((page) => page.path)).toContain('/patients');
    for (const page of pages) {
      const response = await request(`${page.path}?tab=x`);
      expect(response.status, page.file).toBe(302);
      expect(response.headers.get('location'), page.file).toBe(`/login?redirectTo=${encodeURIComponent(`${page.path}?tab=x`)}`);
    }
  });

  it('answers the health check without a session', async () => {
    const response = await request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });
});

describe('every API route without a session', () => {
  const apiRoutes = routeFiles().filter((route) => route.path.startsWith('/api/') && !publicRoutes.has(route.path));

  it('is found by enumerating the route files', () => {
    expect(apiRoutes.length).toBeGreaterThanOrEqual(2);
  });

  for (const route of apiRoutes) {
    for (const method of route.methods) {
      // FHIR routes say it as FHIR: an OperationOutcome with the same Dutch message.
      const fhir = route.path === '/api/fhir' || route.path.startsWith('/api/fhir/');
      it(`${method} ${route.path} → 401 with the Dutch error body${fhir ? ' as an OperationOutcome' : ''}`, async () => {
        const body = method === 'GET' ? undefined : JSON.stringify({});
        for (const cookie of [undefined, 'ggz_session=vervalst']) {
          const response = await request(route.path, { method, body, cookie, headers: { 'Content-Type': 'application/json' } });
          expect(response.status).toBe(401);
          expect(response.headers.get('content-type')).toContain(fhir ? 'application/fhir+json' : 'application/json');
          expect(await response.json()).toEqual(
            fhir
              ? {
                  resourceType: 'OperationOutcome',
                  issue: [{ severity: 'error', code: 'login', diagnostics: unauthorizedBody.error.message }],
                }
              : unauthorizedBody,
          );
        }
      });
    }
  }
});
