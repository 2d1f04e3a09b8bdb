import { describe, expect, it } from 'vitest';
import { allows } from './koppeling.schemas';

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
