import { describe, expect, it } from 'vitest';
import { isCrossSiteWrite, securityHeaders } from './security.server';

function headers(values: Record<string, string>) {
  return (name: string) => values[name];
}

describe('cross-site request refusal (CSRF)', () => {
  it('lets reads and same-origin writes through', () => {
    expect(isCrossSiteWrite('GET', headers({ 'sec-fetch-site': 'cross-site' }))).toBe(false);
    expect(isCrossSiteWrite('POST', headers({ 'sec-fetch-site': 'same-origin', origin: 'http://epd.test', host: 'epd.test' }))).toBe(false);
    expect(isCrossSiteWrite('POST', headers({ origin: 'http://epd.test:3000', host: 'epd.test:3000' }))).toBe(false);
    expect(isCrossSiteWrite('PATCH', headers({ host: 'epd.test' }))).toBe(false);
  });

  it('refuses writes another site makes a browser send', () => {
    expect(isCrossSiteWrite('POST', headers({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example', host: 'epd.test' }))).toBe(
      true,
    );
    expect(isCrossSiteWrite('DELETE', headers({ 'sec-fetch-site': 'same-site', host: 'epd.test' }))).toBe(true);
    expect(isCrossSiteWrite('PUT', headers({ origin: 'https://evil.example', host: 'epd.test' }))).toBe(true);
    expect(isCrossSiteWrite('POST', headers({ origin: 'null', host: 'epd.test' }))).toBe(true);
    expect(isCrossSiteWrite('POST', headers({ origin: 'geen url', host: 'epd.test' }))).toBe(true);
  });
});

describe('security headers', () => {
  it('allow only nonce-carrying inline scripts, no framing and no referrer to other sites', () => {
    const set = securityHeaders({ nonce: 'abc', production: false });
    expect(set['Content-Security-Policy']).toContain("script-src 'self' 'nonce-abc'");
    expect(set['Content-Security-Policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(set['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(set['Referrer-Policy']).toBe('same-origin');
    expect(set['Strict-Transport-Security']).toBeUndefined();
  });

  it('add HSTS in production and extra connect sources when configured', () => {
    const set = securityHeaders({ nonce: 'abc', production: true, connectSources: 'wss://spraak.example' });
    expect(set['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(set['Content-Security-Policy']).toContain("connect-src 'self' wss://spraak.example");
  });
});
