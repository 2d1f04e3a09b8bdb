import { describe, expect, it } from 'vitest';
import { allows, registerKoppelingSchema } from './koppeling.schemas';
import { supportedScopes } from './smart';

describe('a koppeling’s scopes', () => {
  it('cover a type by name or by wildcard, the access log only by name (ADR 0085)', () => {
    expect(allows(['system/*.read'], 'EpisodeOfCare', 'read')).toBe(true);
    expect(allows(['system/*.read'], 'EpisodeOfCare', 'write')).toBe(false);
    expect(allows(['system/*.read'], 'AuditEvent', 'read')).toBe(false);
    expect(allows(['system/*.*'], 'AuditEvent', 'read')).toBe(false);
    expect(allows(['system/AuditEvent.read'], 'AuditEvent', 'read')).toBe(true);
    expect(allows(['system/AuditEvent.*'], 'AuditEvent', 'read')).toBe(true);
    expect(allows(['system/AuditEvent.read'], 'Patient', 'read')).toBe(false);
  });
});

describe('the scopes SMART discovery lists', () => {
  it('offers a write scope only for a type the API takes writes for', () => {
    expect(supportedScopes).toEqual(expect.arrayContaining(['system/Observation.write', 'system/Patient.write', 'system/*.write']));
    expect(supportedScopes).toEqual(expect.arrayContaining(['system/AuditEvent.read', 'system/EpisodeOfCare.read']));
    expect(supportedScopes).not.toContain('system/AuditEvent.write');
    expect(supportedScopes).not.toContain('system/EpisodeOfCare.write');
  });
});

describe('registering a koppeling', () => {
  const base = { name: 'Lab Noord', scopes: ['system/Observation.write'] };
  const jwks = { keys: [{ kty: 'EC', kid: 'k1', crv: 'P-384', x: 'x', y: 'y' }] };

  it('takes its keys from a JWKS or a JWKS URL, exactly one of them', () => {
    expect(registerKoppelingSchema.safeParse({ ...base, jwks }).success).toBe(true);
    expect(registerKoppelingSchema.safeParse({ ...base, jwksUrl: 'https://lab.example.nl/jwks.json' }).success).toBe(true);
    const both = registerKoppelingSchema.safeParse({ ...base, jwks, jwksUrl: 'https://lab.example.nl/jwks.json' });
    expect(both.error?.issues.map((issue) => issue.message)).toEqual(['Geef een JWKS-URL of plak de JWKS, niet allebei.']);
    const none = registerKoppelingSchema.safeParse(base);
    expect(none.error?.issues.map((issue) => issue.message)).toEqual(['Geef de publieke sleutels: een JWKS-URL of de JWKS zelf.']);
  });

  it('wants https for a JWKS URL, plain http only on this machine', () => {
    const url = (jwksUrl: string) => registerKoppelingSchema.safeParse({ ...base, jwksUrl }).success;
    expect(url('http://localhost:8080/jwks.json')).toBe(true);
    expect(url('http://127.0.0.1/jwks.json')).toBe(true);
    expect(url('http://lab.example.nl/jwks.json')).toBe(false);
    expect(url('file:///etc/passwd')).toBe(false);
    expect(url('geen adres')).toBe(false);
  });
});
