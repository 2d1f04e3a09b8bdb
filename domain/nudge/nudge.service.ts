import type { AuditActor } from '../audit/audit.service';
import type { EntityManager } from '../db/orm';
import { Nudge, type NudgeKind } from './nudge.entity';

export interface NudgeView {
  id: string;
  kind: NudgeKind;
  text: string;
  href: string;
  patientId: string | null;
  subjectId: string | null;
  createdAt: string;
}

export interface NewNudge {
  kind: NudgeKind;
  text: string;
  href: string;
  patientId?: string | null;
  subjectId?: string | null;
  /** Null: for every clinician of the organisation. */
  userId?: string | null;
}

export function recordNudge(em: EntityManager, actor: AuditActor, nudge: NewNudge): Nudge {
  return em.create(Nudge, {
    organisationId: actor.organisationId,
    userId: nudge.userId ?? null,
    patientId: nudge.patientId ?? null,
    kind: nudge.kind,
    text: nudge.text,
    href: nudge.href,
    subjectId: nudge.subjectId ?? null,
  });
}

/** The user's open nudges (their own and the organisation's), newest first; their text names patients (the reading is logged: `openNudgesOf`). */
export async function openNudges(em: EntityManager, actor: AuditActor, limit = 20): Promise<NudgeView[]> {
  const rows = await em.find(
    Nudge,
    { dismissedAt: null, $or: [{ userId: null }, { userId: actor.userId }] },
    { orderBy: { createdAt: 'desc' }, limit },
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    text: row.text,
    href: row.href,
    patientId: row.patientId ?? null,
    subjectId: row.subjectId ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A reminder has done its work once its subject is dealt with (a letter reviewed or withdrawn). */
export async function dismissNudgesAbout(em: EntityManager, subjectId: string, kind: NudgeKind): Promise<void> {
  await em.nativeUpdate(Nudge, { subjectId, kind, dismissedAt: null }, { dismissedAt: new Date() });
}
