import { randomUUID } from 'node:crypto';
import type { AuditActor } from '../audit/audit.service';
import { forUpdate } from '../db/locks';
import type { EntityManager } from '../db/orm';
import { findPatient } from '../patient/patient.service';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseOrThrow } from '../shared/validation';
import { bvc, bvcAdvice, bvcBand, type BvcBand, type BvcItem } from './bvc';
import { ScaleScore } from './scale.entity';
import { correctBvcSchema, recordBvcSchema } from './scales.schemas';

export interface BvcView {
  id: string;
  observedAt: string;
  items: Record<BvcItem, boolean>;
  score: number;
  band: BvcBand;
  label: string;
  advice: string;
  /** Set when a later correction replaced this score; the answers are kept. */
  correctedAt: string | null;
  correctsId: string | null;
  correctionReason: string | null;
}

export const scoreNotFound = 'De gevraagde score is niet gevonden.';

export function bvcView(row: ScaleScore): BvcView {
  const band = bvcBand(row.score);
  return {
    id: row.id,
    observedAt: row.observedAt.toISOString(),
    items: row.items as Record<BvcItem, boolean>,
    score: row.score,
    band,
    label: bvcAdvice[band].label,
    advice: bvcAdvice[band].advice,
    correctedAt: row.correctedAt?.toISOString() ?? null,
    correctsId: row.correctsId ?? null,
    correctionReason: row.correctionReason ?? null,
  };
}

/** Records a BVC: the score and its band are computed here from the six answers. */
export async function recordBvc(em: EntityManager, actor: AuditActor, patientId: string, input: unknown): Promise<BvcView> {
  const patient = await findPatient(em, patientId);
  const { observedAt, items } = parseOrThrow(recordBvcSchema, input);
  const { score } = bvc(items);
  const row = em.create(ScaleScore, {
    id: randomUUID(),
    organisationId: actor.organisationId,
    patientId: patient.id,
    scale: 'bvc',
    items,
    score,
    observedAt,
    recordedBy: actor.userId,
  });
  return bvcView(row);
}

/** A wrongly scored BVC: a new score with the reason; the old one stays, marked as corrected. */
export async function correctBvc(
  em: EntityManager,
  actor: AuditActor,
  id: string,
  input: unknown,
  scope: { patientId?: string } = {},
): Promise<BvcView> {
  // A record page only corrects its own patient's score; locked, so a second correction at once is a 409.
  const old = isUuid(id) ? await em.findOne(ScaleScore, { id, scale: 'bvc', ...scope }, forUpdate) : null;
  if (!old) throw AppError.notFound(scoreNotFound);
  const { items, reason } = parseOrThrow(correctBvcSchema, input);
  if (old.correctedAt) throw new AppError('conflict', 'Deze score is al gecorrigeerd; corrigeer de nieuwste score.');
  const { score } = bvc(items);
  const corrected = em.create(ScaleScore, {
    id: randomUUID(),
    organisationId: old.organisationId,
    patientId: old.patientId,
    scale: 'bvc',
    items,
    score,
    observedAt: old.observedAt,
    recordedBy: actor.userId,
    correctsId: old.id,
    correctionReason: reason,
  });
  old.correctedAt = new Date();
  old.correctedBy = actor.userId;
  return bvcView(corrected);
}

/** The patient of a BVC score of the organisation in `em`, for the access log of a request that names only the score. */
export async function bvcScorePatients(em: EntityManager, id: string): Promise<string[]> {
  const score = isUuid(id) ? await em.findOne(ScaleScore, { id, scale: 'bvc' }, { fields: ['patientId'] }) : null;
  return score ? [score.patientId] : [];
}

/** The patient's BVC scores, newest first, corrected ones included and marked. */
export async function bvcScores(em: EntityManager, patientId: string, limit = 30): Promise<BvcView[]> {
  await findPatient(em, patientId);
  const rows = await em.find(ScaleScore, { patientId, scale: 'bvc' }, { orderBy: { observedAt: 'desc', createdAt: 'desc' }, limit });
  return rows.map(bvcView);
}

/** The newest BVC that was not corrected, or null; for the record's overview. */
export async function latestBvc(em: EntityManager, patientId: string): Promise<BvcView | null> {
  const row = await em.findOne(
    ScaleScore,
    { patientId, scale: 'bvc', correctedAt: null },
    { orderBy: { observedAt: 'desc', createdAt: 'desc' } },
  );
  return row ? bvcView(row) : null;
}
