import { randomUUID } from 'node:crypto';
import type { AuditActor } from '../audit/audit.service';
import { forUpdate } from '../db/locks';
import type { EntityManager } from '../db/orm';
import { findPatient } from '../patient/patient.service';
import { clinicalToday } from '../shared/clinical-time';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseOrThrow } from '../shared/validation';
import { LegalStatus } from './coercive-care.entities';
import { correctLegalStatusSchema, legalStatusSchema } from './coercive-care.schemas';
import { legalStatusKinds, type LegalStatusKind, type Law } from './coercive-care.vocabulary';
import { namesOf } from '../auth/people';

export interface LegalStatusView {
  id: string;
  kind: LegalStatusKind;
  label: string;
  law: Law | null;
  startsOn: string;
  endsOn: string | null;
  note: string | null;
  recordedAt: string;
  recordedBy: string;
  /** Whether its period covers today (and it was not corrected). */
  current: boolean;
  correctsId: string | null;
  correctionReason: string | null;
  correctedAt: string | null;
  correctedBy: string | null;
}

export interface LegalStatusHistory {
  current: LegalStatusView | null;
  /** Every registration, newest start first, corrected ones included (marked). */
  history: LegalStatusView[];
}

export const legalStatusNotFound = 'De gevraagde rechtspositie is niet gevonden.';

/** Current = the period covers today; of overlapping ones the one that started last (a zorgmachtiging after a crisismaatregel). */
export function isCurrent(row: { startsOn: string; endsOn?: string | null; correctedAt?: Date | string | null }, today: string): boolean {
  return !row.correctedAt && row.startsOn <= today && (!row.endsOn || row.endsOn >= today);
}

function view(row: LegalStatus, name: (id: string | null | undefined) => string, today: string): LegalStatusView {
  const kind = legalStatusKinds[row.kind];
  return {
    id: row.id,
    kind: row.kind,
    label: kind.label,
    law: kind.law,
    startsOn: row.startsOn,
    endsOn: row.endsOn ?? null,
    note: row.note ?? null,
    recordedAt: row.recordedAt.toISOString(),
    recordedBy: name(row.recordedBy),
    current: isCurrent(row, today),
    correctsId: row.correctsId ?? null,
    correctionReason: row.correctionReason ?? null,
    correctedAt: row.correctedAt?.toISOString() ?? null,
    correctedBy: row.correctedAt ? name(row.correctedBy) : null,
  };
}

/** The patient's legal statuses, unlogged: callers record the access they are part of. */
export async function legalStatusesOf(em: EntityManager, patientId: string, now = new Date()): Promise<LegalStatusHistory> {
  const rows = await em.find(LegalStatus, { patientId }, { orderBy: { startsOn: 'desc', recordedAt: 'desc' }, limit: 200 });
  const name = await namesOf(
    em,
    rows.flatMap((row) => [row.recordedBy, row.correctedBy]),
  );
  const today = clinicalToday(now);
  const history = rows.map((row) => view(row, name, today));
  return { current: history.find((entry) => entry.current) ?? null, history };
}

/** The patient's legal statuses; 404 for a patient outside the organisation. */
export async function legalStatusHistory(em: EntityManager, patientId: string): Promise<LegalStatusHistory> {
  await findPatient(em, patientId);
  return legalStatusesOf(em, patientId);
}

/** A new legal status; an earlier one stays as it was (history), whatever its period. */
export async function registerLegalStatus(
  em: EntityManager,
  actor: AuditActor,
  patientId: string,
  input: unknown,
): Promise<LegalStatusView> {
  const patient = await findPatient(em, patientId);
  const valid = parseOrThrow(legalStatusSchema, input);
  const row = em.create(LegalStatus, {
    id: randomUUID(),
    organisationId: actor.organisationId,
    patientId: patient.id,
    kind: valid.kind,
    startsOn: valid.startsOn,
    endsOn: valid.endsOn,
    note: valid.note,
    recordedBy: actor.userId,
    recordedAt: new Date(),
  });
  const name = await namesOf(em, [actor.userId]);
  return view(row, name, clinicalToday());
}

/** The patient a registration concerns, in the actor's organisation (none for another's or no registration). */
export async function legalStatusPatients(em: EntityManager, id: string): Promise<string[]> {
  const row = isUuid(id) ? await em.findOne(LegalStatus, { id }, { fields: ['patientId'] }) : null;
  return row ? [row.patientId] : [];
}

/**
 * Corrects a registration (a wrong date, an end set by the court): a new row with the right
 * values and the reason; the old one stays, marked as corrected by whom and when.
 */
export async function correctLegalStatus(
  em: EntityManager,
  actor: AuditActor,
  id: string,
  input: unknown,
  scope: { patientId?: string } = {},
): Promise<LegalStatusView> {
  // Another organisation's (or no) status is a 404 whatever the body says; a record page only corrects its own patient's.
  // Locked: of two corrections at once, the second finds the first and is a 409.
  const old = isUuid(id) ? await em.findOne(LegalStatus, { id, ...scope }, forUpdate) : null;
  if (!old) throw AppError.notFound(legalStatusNotFound);
  const valid = parseOrThrow(correctLegalStatusSchema, input);
  if (old.correctedAt) throw new AppError('conflict', 'Deze rechtspositie is al gecorrigeerd; corrigeer de nieuwste registratie.');
  const corrected = em.create(LegalStatus, {
    id: randomUUID(),
    organisationId: old.organisationId,
    patientId: old.patientId,
    kind: valid.kind,
    startsOn: valid.startsOn,
    endsOn: valid.endsOn,
    note: valid.note,
    recordedBy: actor.userId,
    recordedAt: new Date(),
    correctsId: old.id,
    correctionReason: valid.reason,
  });
  old.correctedAt = new Date();
  old.correctedBy = actor.userId;
  const name = await namesOf(em, [actor.userId]);
  return view(corrected, name, clinicalToday());
}
