import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { AuditActor } from '../domain/audit/audit.service';
import type { PayloadKey } from '../domain/config/payload-keys';

/*
 * Who a workflow acts for, signed by the app (ADR 0025). A workflow input is data anyone with
 * access to Temporal could write; an activity does nothing for an actor unless the app vouched
 * for exactly that actor, in exactly this workflow, for this purpose, and not too long ago.
 */

/** What the grant lets the worker do, and so how long it lasts. */
export const grantPurposes = {
  /** A generation (handover, treatment plan): its workflow runs at most 10 minutes. */
  generation: 15 * 60_000,
  /** Preparing the steps of an assistant chain: they are read at once. */
  chainPreparation: 15 * 60_000,
  /** A clinician's decision (confirm a chain, approve, withdraw or dispatch a letter): carried out at once. */
  decision: 15 * 60_000,
  /** A no-show process: registered now, its letter reviewed within days; reminders and an automatic withdrawal act for the registering clinician. */
  noShow: 31 * 24 * 3600_000,
} as const;
export type GrantPurpose = keyof typeof grantPurposes;

export interface ActorGrant {
  actor: AuditActor;
  workflowId: string;
  purpose: GrantPurpose;
  expiresAt: string;
  keyId: string;
  signature: string;
}

/** A workflow input whose actor is the app's signed grant instead of a bare actor. */
export type Granted<J extends { actor: AuditActor }> = Omit<J, 'actor'> & { grant: ActorGrant };

/** Why a grant was refused; the access log records it, nothing else happens. */
export type GrantRefusal = 'unsigned' | 'forged' | 'expired' | 'other_workflow' | 'replayed';

/**
 * The grant of a workflow input, or its bare actor as an unsigned claim: refused like a forged
 * grant, and logged as denied for the organisation it names (issue 39, point 9).
 */
export function grantOf(input: { grant?: ActorGrant; actor?: unknown }): ActorGrant | undefined {
  return input.grant ?? (input.actor ? ({ actor: input.actor } as ActorGrant) : undefined);
}

/** A grant's id for the record of the run it was first used in (ADR 0047): the hash of its signature. */
export function grantIdOf(grant: ActorGrant): string {
  return createHash('sha256').update(String(grant.signature)).digest('hex');
}

export class ActorRefused extends Error {
  override name = 'ActorRefused';
  constructor(readonly reason: GrantRefusal) {
    super(`actor refused: ${reason}`);
  }
}

/** The signing key of each payload key (HKDF): the same secrets, a separate key for this purpose. */
function signingKey(key: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'ggz-epd actor grant v1', 32));
}

function canonical(grant: Omit<ActorGrant, 'signature' | 'keyId'>): string {
  const { actor } = grant;
  return JSON.stringify([
    actor.organisationId,
    actor.userId,
    actor.role,
    actor.sessionId ?? null,
    actor.channel,
    actor.clientAddress ?? null,
    actor.onBehalfOf ?? null,
    grant.workflowId,
    grant.purpose,
    grant.expiresAt,
  ]);
}

function mac(key: Buffer, grant: Omit<ActorGrant, 'signature' | 'keyId'>): string {
  return createHmac('sha256', signingKey(key)).update(canonical(grant)).digest('base64url');
}

export class ActorGrants {
  constructor(private readonly keys: readonly PayloadKey[]) {}

  /** The app's signature on an actor, for one workflow and purpose. */
  grant(actor: AuditActor, workflowId: string, purpose: GrantPurpose, now = new Date()): ActorGrant {
    const key = this.keys[0];
    if (!key) throw new Error('no payload key configured to sign actors with (TEMPORAL_PAYLOAD_KEYS)');
    const unsigned = {
      actor: { ...actor },
      workflowId,
      purpose,
      expiresAt: new Date(now.getTime() + grantPurposes[purpose]).toISOString(),
    };
    return { ...unsigned, keyId: key.id, signature: mac(key.key, unsigned) };
  }

  /** The actor the grant vouches for, in the workflow it was made for; `ActorRefused` otherwise. */
  verify(grant: ActorGrant | undefined, workflowId: string, now = new Date()): AuditActor {
    if (!grant?.signature || !grant.actor) throw new ActorRefused('unsigned');
    const key = this.keys.find((candidate) => candidate.id === grant.keyId);
    const expected = key ? Buffer.from(mac(key.key, grant)) : null;
    const given = Buffer.from(String(grant.signature));
    if (!expected || expected.length !== given.length || !timingSafeEqual(expected, given)) throw new ActorRefused('forged');
    if (grant.workflowId !== workflowId) throw new ActorRefused('other_workflow');
    if (!(new Date(grant.expiresAt).getTime() > now.getTime())) throw new ActorRefused('expired');
    return grant.actor;
  }
}
