import { describe, expect, it } from 'vitest';
import type { AuditActor } from '../domain/audit/audit.service';
import { newPayloadKey, parsePayloadKeys } from '../domain/config/payload-keys';
import { ActorGrants, ActorRefused, type GrantRefusal } from './actor-grant';

const actor: AuditActor = {
  organisationId: 'org-a',
  userId: 'user-1',
  role: 'verpleegkundige',
  channel: 'assistant',
  clientAddress: '10.0.0.5',
  sessionId: 'session-1',
};
const keys = parsePayloadKeys(newPayloadKey());
const grants = new ActorGrants(keys);
const now = new Date('2026-11-23T10:00:00Z');

function refusal(work: () => unknown): GrantRefusal | undefined {
  try {
    work();
  } catch (error) {
    if (error instanceof ActorRefused) return error.reason;
    throw error;
  }
  return undefined;
}

describe('actor grants', () => {
  it('vouch for the actor in the workflow and for the time they were made for', () => {
    const grant = grants.grant(actor, 'intent-chain-1', 'decision', now);
    expect(grant.expiresAt).toBe('2026-11-23T10:15:00.000Z');
    expect(grants.verify(grant, 'intent-chain-1', new Date('2026-11-23T10:14:59Z'))).toEqual(actor);
  });

  it('refuse a changed actor (another organisation, user, role or client address), another workflow, and a late use', () => {
    const grant = grants.grant(actor, 'intent-chain-1', 'decision', now);
    for (const change of [
      { organisationId: 'org-b' },
      { userId: 'user-2' },
      { role: 'psychiater' as const },
      { clientAddress: '203.0.113.9' },
      { sessionId: 'other' },
    ]) {
      expect(refusal(() => grants.verify({ ...grant, actor: { ...grant.actor, ...change } }, 'intent-chain-1', now))).toBe('forged');
    }
    expect(refusal(() => grants.verify({ ...grant, expiresAt: '2027-01-01T00:00:00.000Z' }, 'intent-chain-1', now))).toBe('forged');
    expect(refusal(() => grants.verify(grant, 'intent-chain-2', now))).toBe('other_workflow');
    expect(refusal(() => grants.verify(grant, 'intent-chain-1', new Date('2026-11-23T10:15:00Z')))).toBe('expired');
  });

  it('refuse an actor without a grant, and a grant signed with a key the worker does not hold', () => {
    expect(refusal(() => grants.verify(undefined, 'intent-chain-1', now))).toBe('unsigned');
    expect(refusal(() => grants.verify({ actor } as never, 'intent-chain-1', now))).toBe('unsigned');
    const stranger = new ActorGrants(parsePayloadKeys(newPayloadKey())).grant(actor, 'intent-chain-1', 'decision', now);
    expect(refusal(() => grants.verify(stranger, 'intent-chain-1', now))).toBe('forged');
  });

  it('still verify grants made before a key rotation', () => {
    const old = grants.grant(actor, 'noshow-1', 'noShow', now);
    const rotated = new ActorGrants([...parsePayloadKeys(newPayloadKey()), ...keys]);
    expect(rotated.verify(old, 'noshow-1', now)).toEqual(actor);
    expect(rotated.grant(actor, 'noshow-1', 'noShow', now).keyId).not.toBe(old.keyId);
  });
});
