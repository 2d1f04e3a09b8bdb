import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { AuditActor } from '../audit/audit.service';
import { forUpdate } from '../db/locks';
import type { EntityManager } from '../db/orm';
import { findPatient } from '../patient/patient.service';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseOrThrow } from '../shared/validation';
import { diagnosisCode, rankLabels, type DiagnosisRank } from './diagnosis-codes';
import { Diagnosis, DiagnosisEvent, type DiagnosisEventKind } from './diagnosis.entities';
import { addDiagnosisSchema, endDiagnosisSchema } from './diagnoses.schemas';
import { staffNames } from '../auth/staff-names';

/*
 * Diagnoses as the ward records them (issue 25, ADR 34): chosen from the code list, primary or
 * secondary with at most one active primary, ended with a date and a reason but never deleted.
 * Every change is a row in `diagnosis_events` (who, when, what); the diagnosis row holds the
 * state now.
 */

export const diagnosisNotFound = 'De gevraagde diagnose is niet gevonden.';

export interface DiagnosisEventView {
  kind: DiagnosisEventKind;
  /** "Vastgelegd als hoofddiagnose", "Nevendiagnose geworden", "Beëindigd", … */
  text: string;
  reason: string | null;
  occurredAt: string;
  actorName: string | null;
}

export interface DiagnosisRecord {
  id: string;
  patientId: string;
  code: string;
  label: string;
  /** The DSM-5 chapter when the code is on the list (older diagnoses may not be). */
  chapter: string | null;
  rank: DiagnosisRank;
  diagnosedAt: string;
  diagnosedByName: string | null;
  status: 'actief' | 'beeindigd';
  endedAt: string | null;
  endReason: string | null;
  endedByName: string | null;
  history: DiagnosisEventView[];
}

export interface DiagnosisOverview {
  /** The primary first, then the secondary ones, newest first. */
  active: DiagnosisRecord[];
  /** Ended diagnoses, most recently ended first. */
  ended: DiagnosisRecord[];
}

const eventText = (event: DiagnosisEvent): string => {
  switch (event.kind) {
    case 'vastgelegd':
      return event.rank ? `Vastgelegd als ${rankLabels[event.rank].toLowerCase()}` : 'Vastgelegd';
    case 'hoofddiagnose':
      return 'Hoofddiagnose geworden';
    case 'nevendiagnose':
      return 'Nevendiagnose geworden';
    case 'beeindigd':
      return 'Beëindigd';
  }
};

/** Rows → what the page and the API show, with names and each one's history, in one query each. */
async function records(em: EntityManager, rows: readonly Diagnosis[]): Promise<DiagnosisRecord[]> {
  if (rows.length === 0) return [];
  const events = await em.find(
    DiagnosisEvent,
    { diagnosisId: { $in: rows.map((row) => row.id) } },
    { orderBy: { occurredAt: 'asc', id: 'asc' } },
  );
  const names = await staffNames(em, [...rows.flatMap((row) => [row.diagnosedBy, row.endedBy]), ...events.map((event) => event.actorId)]);
  const name = (id: string | null | undefined) => (id ? (names.get(id) ?? null) : null);
  return rows.map((row) => ({
    id: row.id,
    patientId: row.patientId,
    code: row.code,
    label: row.label,
    chapter: diagnosisCode(row.code)?.chapter ?? null,
    rank: row.rank,
    diagnosedAt: String(row.diagnosedAt),
    diagnosedByName: name(row.diagnosedBy),
    status: row.endedAt ? 'beeindigd' : 'actief',
    endedAt: row.endedAt ? String(row.endedAt) : null,
    endReason: row.endReason ?? null,
    endedByName: name(row.endedBy),
    history: events
      .filter((event) => event.diagnosisId === row.id)
      .map((event) => ({
        kind: event.kind,
        text: eventText(event),
        reason: event.reason ?? null,
        occurredAt: event.occurredAt.toISOString(),
        actorName: name(event.actorId),
      })),
  }));
}

/** The patient's active and ended diagnoses with their history; 404 outside the organisation. */
export async function diagnosisOverview(em: EntityManager, patientId: string): Promise<DiagnosisOverview> {
  const patient = await findPatient(em, patientId);
  const rows = await em.find(Diagnosis, { patientId: patient.id }, { orderBy: { diagnosedAt: 'desc', id: 'asc' } });
  const all = await records(em, rows);
  const rankOrder = (record: DiagnosisRecord) => (record.rank === 'primary' ? 0 : 1);
  return {
    active: all.filter((record) => record.status === 'actief').sort((a, b) => rankOrder(a) - rankOrder(b)),
    ended: all.filter((record) => record.status === 'beeindigd').sort((a, b) => (b.endedAt ?? '').localeCompare(a.endedAt ?? '')),
  };
}

function event(diagnosis: Diagnosis, actor: AuditActor, kind: DiagnosisEventKind, extra: { rank?: DiagnosisRank; reason?: string } = {}) {
  return {
    id: randomUUID(),
    organisationId: diagnosis.organisationId,
    patientId: diagnosis.patientId,
    diagnosisId: diagnosis.id,
    kind,
    rank: extra.rank ?? null,
    reason: extra.reason ?? null,
    occurredAt: new Date(),
    actorId: actor.userId,
  };
}

function changed(diagnosis: Diagnosis): void {
  diagnosis.version += 1;
  diagnosis.updatedAt = new Date();
}

/**
 * The active primary other than `keep` becomes secondary, recorded with why; written at once, so
 * the database's one-primary index never sees two.
 */
async function demotePrimary(em: EntityManager, actor: AuditActor, patientId: string, newPrimary: { code: string; label: string }) {
  const old = await em.findOne(Diagnosis, { patientId, rank: 'primary', endedAt: null });
  if (!old) return null;
  old.rank = 'secondary';
  changed(old);
  em.create(
    DiagnosisEvent,
    event(old, actor, 'nevendiagnose', { rank: 'secondary', reason: `Nieuwe hoofddiagnose: ${newPrimary.code} ${newPrimary.label}` }),
  );
  await em.flush();
  return old;
}

/** Another request made a primary at the same moment: the index refused the second one. */
async function flushOnePrimary(em: EntityManager): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException)
      throw new AppError('conflict', 'Intussen is een andere hoofddiagnose vastgelegd; laad de pagina opnieuw en probeer het nog eens.');
    throw error;
  }
}

/**
 * Adds a diagnosis from the code list (any other code is a 400 at the field). A new primary makes
 * the current primary secondary, both recorded. The patient is checked before the input (404 first).
 */
export async function addDiagnosis(
  em: EntityManager,
  actor: AuditActor,
  patientId: string,
  input: unknown,
): Promise<{ diagnosis: DiagnosisRecord; demotedId: string | null }> {
  const patient = await findPatient(em, patientId);
  const valid = parseOrThrow(addDiagnosisSchema, input);
  const listed = diagnosisCode(valid.code)!;
  const demoted = valid.rank === 'primary' ? await demotePrimary(em, actor, patient.id, listed) : null;
  const diagnosis = em.create(Diagnosis, {
    id: randomUUID(),
    organisationId: actor.organisationId,
    patientId: patient.id,
    rank: valid.rank,
    code: listed.code,
    label: listed.label,
    diagnosedAt: valid.diagnosedAt,
    diagnosedBy: actor.userId,
    version: 1,
  });
  await flushOnePrimary(em);
  em.create(DiagnosisEvent, event(diagnosis, actor, 'vastgelegd', { rank: valid.rank }));
  await em.flush();
  return { diagnosis: (await records(em, [diagnosis]))[0]!, demotedId: demoted?.id ?? null };
}

/** The organisation's diagnosis (404 otherwise, also when `patientId` is given and it is another patient's). */
async function findDiagnosis(em: EntityManager, id: string, patientId?: string): Promise<Diagnosis> {
  // Locked: of two ends (or promotions) at once, the second sees the first.
  const diagnosis = isUuid(id) ? await em.findOne(Diagnosis, { id }, forUpdate) : null;
  if (!diagnosis || (patientId !== undefined && diagnosis.patientId !== patientId)) throw AppError.notFound(diagnosisNotFound);
  return diagnosis;
}

export interface PrimaryChange {
  diagnosis: DiagnosisRecord;
  demoted: DiagnosisRecord | null;
  /** False when it already was the primary: nothing was written. */
  changed: boolean;
}

/** The patient a diagnosis concerns, in the actor's organisation (none for another's or no diagnosis). */
export async function diagnosisPatients(em: EntityManager, id: string): Promise<string[]> {
  const row = isUuid(id) ? await em.findOne(Diagnosis, { id }, { fields: ['patientId'] }) : null;
  return row ? [row.patientId] : [];
}

/**
 * Makes a diagnosis the primary; the primary before becomes secondary, both recorded. Already
 * primary: nothing changes. An ended diagnosis cannot become primary (409).
 */
export async function makePrimaryDiagnosis(em: EntityManager, actor: AuditActor, id: string, patientId?: string): Promise<PrimaryChange> {
  const diagnosis = await findDiagnosis(em, id, patientId);
  if (diagnosis.endedAt) throw new AppError('conflict', 'Een beëindigde diagnose kan geen hoofddiagnose worden.');
  if (diagnosis.rank === 'primary') return { diagnosis: (await records(em, [diagnosis]))[0]!, demoted: null, changed: false };
  const demoted = await demotePrimary(em, actor, diagnosis.patientId, diagnosis);
  diagnosis.rank = 'primary';
  changed(diagnosis);
  em.create(DiagnosisEvent, event(diagnosis, actor, 'hoofddiagnose', { rank: 'primary' }));
  await flushOnePrimary(em);
  const [promoted, old] = await records(em, demoted ? [diagnosis, demoted] : [diagnosis]);
  return { diagnosis: promoted!, demoted: old ?? null, changed: true };
}

/**
 * Ends a diagnosis with a date (not in the future, not before the diagnosis) and a reason. The row
 * stays, shown as beëindigd; a second end is a 409. The diagnosis is found before the input is read.
 */
export async function endDiagnosis(
  em: EntityManager,
  actor: AuditActor,
  id: string,
  input: unknown,
  patientId?: string,
): Promise<DiagnosisRecord> {
  const diagnosis = await findDiagnosis(em, id, patientId);
  const valid = parseOrThrow(endDiagnosisSchema, input);
  if (diagnosis.endedAt) throw new AppError('conflict', 'Deze diagnose is al beëindigd.');
  if (valid.endedAt < String(diagnosis.diagnosedAt))
    throw AppError.validation({ endedAt: 'De einddatum kan niet voor de datum van de diagnose liggen.' });
  diagnosis.endedAt = valid.endedAt;
  diagnosis.endedBy = actor.userId;
  diagnosis.endReason = valid.reason;
  changed(diagnosis);
  em.create(DiagnosisEvent, event(diagnosis, actor, 'beeindigd', { reason: valid.reason }));
  await em.flush();
  return (await records(em, [diagnosis]))[0]!;
}
