import { describe, expect, it } from 'vitest';
import { allows } from './koppeling.schemas';
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
