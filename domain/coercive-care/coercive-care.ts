import { randomUUID } from 'node:crypto';
import type { AuditActor } from '../audit/audit.service';
import { forUpdate } from '../db/locks';
import type { EntityManager } from '../db/orm';
import { findPatient } from '../patient/patient.service';
import { isoDay } from '../shared/clinical-time';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseOrThrow } from '../shared/validation';
import { CoerciveMeasure, CoerciveMeasureEvaluation, LegalStatus } from './coercive-care.entities';
import { coerciveMeasureSchema, endMeasureSchema, evaluationSchema } from './coercive-care.schemas';
import {
  coerciveMeasureKinds,
  emergencyLabel,
  legalStatusKinds,
  type CoerciveMeasureKind,
  type LegalBasis,
} from './coercive-care.vocabulary';
import { isCurrent } from './legal-status';
import { namesOf } from '../auth/people';

export interface EvaluationView {
  id: string;
  evaluatedAt: string;
  evaluatedBy: string;
  text: string;
  recordedAt: string;
  recordedBy: string;
}

export interface CoerciveMeasureView {
  id: string;
  patientId: string;
  kind: CoerciveMeasureKind;
  label: string;
  article: string;
  startedAt: string;
  legalBasis: LegalBasis;
  /** The Wvggz measure it rests on, or null in an emergency. */
  legalStatus: { id: string; label: string; startsOn: string; endsOn: string | null } | null;
  /** "Crisismaatregel (Wvggz)" or "Noodsituatie (art. 8:11 Wvggz)". */
  legalBasisLabel: string;
  decidedBy: string;
  note: string | null;
  recordedAt: string;
  recordedBy: string;
  /** Null while the measure is in force. */
  endedAt: string | null;
  endNote: string | null;
  endRecordedAt: string | null;
  endRecordedBy: string | null;
  evaluations: EvaluationView[];
}

export const measureNotFound = 'De gevraagde maatregel is niet gevonden.';
const noGround =
  'Er is geen crisismaatregel, machtiging tot voortzetting of zorgmachtiging die de start dekt. Kies noodsituatie (art. 8:11 Wvggz) of leg eerst de rechtspositie vast.';

async function views(em: EntityManager, rows: CoerciveMeasure[]): Promise<CoerciveMeasureView[]> {
  if (rows.length === 0) return [];
  const [evaluations, statuses] = await Promise.all([
    em.find(CoerciveMeasureEvaluation, { measureId: { $in: rows.map((row) => row.id) } }, { orderBy: { evaluatedAt: 'asc' } }),
    em.find(LegalStatus, { id: { $in: rows.flatMap((row) => (row.legalStatusId ? [row.legalStatusId] : [])) } }),
  ]);
  const name = await namesOf(em, [
    ...rows.flatMap((row) => [row.recordedBy, row.endRecordedBy]),
    ...evaluations.map((row) => row.recordedBy),
  ]);
  const statusById = new Map(statuses.map((status) => [status.id, status]));
  return rows.map((row) => {
    const status = row.legalStatusId ? statusById.get(row.legalStatusId) : undefined;
    const kind = coerciveMeasureKinds[row.kind];
    return {
      id: row.id,
      patientId: row.patientId,
      kind: row.kind,
      label: kind.label,
      article: kind.article,
      startedAt: row.startedAt.toISOString(),
      legalBasis: row.legalBasis,
      legalStatus: status
        ? { id: status.id, label: legalStatusKinds[status.kind].label, startsOn: status.startsOn, endsOn: status.endsOn ?? null }
        : null,
      legalBasisLabel: status ? legalStatusKinds[status.kind].label : emergencyLabel,
      decidedBy: row.decidedBy,
      note: row.note ?? null,
      recordedAt: row.recordedAt.toISOString(),
      recordedBy: name(row.recordedBy),
      endedAt: row.endedAt?.toISOString() ?? null,
      endNote: row.endNote ?? null,
      endRecordedAt: row.endRecordedAt?.toISOString() ?? null,
      endRecordedBy: row.endedAt ? name(row.endRecordedBy) : null,
      evaluations: evaluations
        .filter((evaluation) => evaluation.measureId === row.id)
        .map((evaluation) => ({
          id: evaluation.id,
          evaluatedAt: evaluation.evaluatedAt.toISOString(),
          evaluatedBy: evaluation.evaluatedBy,
          text: evaluation.text,
          recordedAt: evaluation.recordedAt.toISOString(),
          recordedBy: name(evaluation.recordedBy),
        })),
    };
  });
}

/** The patient's measures, open ones first then newest first; unlogged: callers record the access. */
export async function measuresOf(em: EntityManager, patientId: string, { openOnly = false } = {}): Promise<CoerciveMeasureView[]> {
  const rows = await em.find(CoerciveMeasure, openOnly ? { patientId, endedAt: null } : { patientId }, {
    orderBy: { startedAt: 'desc' },
    limit: 200,
  });
  const all = await views(em, rows);
  return [...all.filter((measure) => !measure.endedAt), ...all.filter((measure) => measure.endedAt)];
}

/** The patient's measures; 404 for a patient outside the organisation. */
export async function coerciveMeasures(em: EntityManager, patientId: string): Promise<CoerciveMeasureView[]> {
  await findPatient(em, patientId);
  return measuresOf(em, patientId);
}

/** The Wvggz measure that grounds compulsory care on the given day, if the patient has one (the latest started). */
export async function groundingStatus(em: EntityManager, patientId: string, day: string): Promise<LegalStatus | null> {
  const statuses = await em.find(LegalStatus, { patientId, correctedAt: null }, { orderBy: { startsOn: 'desc', recordedAt: 'desc' } });
  return statuses.find((status) => legalStatusKinds[status.kind].groundsForCompulsoryCare && isCurrent(status, day)) ?? null;
}

/**
 * Registers a measure of compulsory care. Its ground is the patient's Wvggz measure that covers
 * the start (looked up here, never taken from the client), or an emergency under art. 8:11.
 */
export async function registerMeasure(
  em: EntityManager,
  actor: AuditActor,
  patientId: string,
  input: unknown,
): Promise<CoerciveMeasureView> {
  const patient = await findPatient(em, patientId);
  const valid = parseOrThrow(coerciveMeasureSchema, input);
  const ground = valid.legalBasis === 'maatregel' ? await groundingStatus(em, patient.id, isoDay(valid.startedAt)) : null;
  if (valid.legalBasis === 'maatregel' && !ground) throw AppError.validation({ legalBasis: noGround });
  const row = em.create(CoerciveMeasure, {
    id: randomUUID(),
    organisationId: actor.organisationId,
    patientId: patient.id,
    kind: valid.kind,
    startedAt: valid.startedAt,
    legalBasis: valid.legalBasis,
    legalStatusId: ground?.id ?? null,
    decidedBy: valid.decidedBy,
    note: valid.note,
    recordedBy: actor.userId,
    recordedAt: new Date(),
  });
  return (await views(em, [row]))[0]!;
}

async function findMeasure(em: EntityManager, id: string, scope: { patientId?: string }): Promise<CoerciveMeasure> {
  // Another organisation's (or no) measure is a 404 whatever the body says; a record page only acts on its own patient's.
  // Locked: of two ends at once, the second finds the first and is a 409.
  const row = isUuid(id) ? await em.findOne(CoerciveMeasure, { id, ...scope }, forUpdate) : null;
  if (!row) throw AppError.notFound(measureNotFound);
  return row;
}

/** The patient a measure concerns, in the actor's organisation (none for another's or no measure). */
export async function measurePatients(em: EntityManager, id: string): Promise<string[]> {
  const row = isUuid(id) ? await em.findOne(CoerciveMeasure, { id }, { fields: ['patientId'] }) : null;
  return row ? [row.patientId] : [];
}

/** Ending is an action of its own, with its time and who recorded it; an ended measure stays in the history. */
export async function endMeasure(
  em: EntityManager,
  actor: AuditActor,
  id: string,
  input: unknown,
  scope: { patientId?: string } = {},
): Promise<CoerciveMeasureView> {
  const row = await findMeasure(em, id, scope);
  const valid = parseOrThrow(endMeasureSchema, input);
  if (row.endedAt) throw new AppError('conflict', 'Deze maatregel is al beëindigd.');
  if (valid.endedAt < row.startedAt) throw AppError.validation({ endedAt: 'Het einde ligt voor de start van de maatregel.' });
  row.endedAt = valid.endedAt;
  row.endNote = valid.note;
  row.endRecordedBy = actor.userId;
  row.endRecordedAt = new Date();
  return (await views(em, [row]))[0]!;
}

/** An evaluation of a measure (time, by whom, what): several per measure, none overwritten. */
export async function evaluateMeasure(
  em: EntityManager,
  actor: AuditActor,
  id: string,
  input: unknown,
  scope: { patientId?: string } = {},
): Promise<EvaluationView> {
  const row = await findMeasure(em, id, scope);
  const valid = parseOrThrow(evaluationSchema, input);
  if (valid.evaluatedAt < row.startedAt) throw AppError.validation({ evaluatedAt: 'De evaluatie ligt voor de start van de maatregel.' });
  const name = await namesOf(em, [actor.userId]);
  const evaluation = em.create(CoerciveMeasureEvaluation, {
    id: randomUUID(),
    organisationId: row.organisationId,
    measureId: row.id,
    evaluatedAt: valid.evaluatedAt,
    evaluatedBy: valid.evaluatedBy ?? name(actor.userId),
    text: valid.text,
    recordedBy: actor.userId,
    recordedAt: new Date(),
  });
  return {
    id: evaluation.id,
    evaluatedAt: evaluation.evaluatedAt.toISOString(),
    evaluatedBy: evaluation.evaluatedBy,
    text: evaluation.text,
    recordedAt: evaluation.recordedAt.toISOString(),
    recordedBy: name(actor.userId),
  };
}

/**
 * Measures in force at `at` (started, no end yet or an end after it), as the handover cites them:
 * no names, only what the measure is, since when, on what ground, and how often it was evaluated.
 */
export async function measuresInForce(
  em: EntityManager,
  patientId: string,
  at: Date,
): Promise<{ id: string; label: string; startedAt: string; legalBasis: string; evaluations: number }[]> {
  const rows = await em.find(
    CoerciveMeasure,
    { patientId, startedAt: { $lte: at }, $or: [{ endedAt: null }, { endedAt: { $gt: at } }] },
    { orderBy: { startedAt: 'desc' }, limit: 20 },
  );
  return (await views(em, rows)).map((measure) => ({
    id: measure.id,
    label: measure.label,
    startedAt: measure.startedAt,
    legalBasis: measure.legalBasisLabel,
    evaluations: measure.evaluations.length,
  }));
}

/** What a handover item citing a measure shows beside it (CONTRACT §6 `sourceData`). */
export function measureSourceData(row: CoerciveMeasure): { measure: string; startedAt: string; decidedBy: string; legalBasis: string } {
  return {
    measure: coerciveMeasureKinds[row.kind].label,
    startedAt: row.startedAt.toISOString(),
    decidedBy: row.decidedBy,
    legalBasis: row.legalBasis === 'noodsituatie' ? emergencyLabel : 'Wvggz-maatregel',
  };
}
