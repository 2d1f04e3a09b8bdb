import { randomUUID } from 'node:crypto';
import type { AuditActor } from '../audit/audit.service';
import type { EntityManager } from '../db/orm';
import { findPatient } from '../patient/patient.service';
import { clinicalToday } from '../shared/clinical-time';
import { parseOrThrow } from '../shared/validation';
import { RiskAssessment } from './risk.entity';
import { recordRiskSchema } from './risks.schemas';
import { staffNames } from '../auth/staff-names';
import { bySeverity, currentPerType, riskView, type RiskView } from '../intake/intake.service';

/*
 * Risk assessments as the ward records them (issue 25, ADR 34): a new assessment never changes an
 * older one; the newest per type is the current one, the older ones are its history.
 */

export interface RiskRecord extends RiskView {
  /** Who assessed it (their name), or null when unknown (assessments from before issue 25). */
  assessedByName: string | null;
  /** The newest of its type: what the ward goes by now. */
  current: boolean;
}

export interface RiskOverview {
  /** The current assessment per type, most severe first. */
  current: RiskRecord[];
  /** Every assessment, newest first, the current ones included. */
  history: RiskRecord[];
}

/** The patient's current risks and the history per type; 404 for a patient outside the organisation. */
export async function riskOverview(em: EntityManager, patientId: string): Promise<RiskOverview> {
  const patient = await findPatient(em, patientId);
  const rows = await em.find(RiskAssessment, { patientId: patient.id }, { orderBy: { assessedAt: 'desc', id: 'asc' } });
  const names = await staffNames(
    em,
    rows.map((row) => row.assessedBy),
  );
  const current = new Set(currentPerType(rows).map((row) => row.id));
  const today = clinicalToday();
  const record = (row: RiskAssessment): RiskRecord => ({
    ...riskView(row, today),
    assessedByName: row.assessedBy ? (names.get(row.assessedBy) ?? null) : null,
    current: current.has(row.id),
  });
  return {
    current: rows
      .filter((row) => current.has(row.id))
      .sort(bySeverity)
      .map(record),
    history: rows.map(record),
  };
}

/**
 * Records a new assessment of one risk type: it becomes the current one of its type, and the one
 * before stays, unchanged, in the history. The patient is checked before the input (404 first).
 */
export async function recordRisk(em: EntityManager, actor: AuditActor, patientId: string, input: unknown): Promise<RiskRecord> {
  const patient = await findPatient(em, patientId);
  const valid = parseOrThrow(recordRiskSchema, input);
  const row = em.create(RiskAssessment, {
    id: randomUUID(),
    organisationId: actor.organisationId,
    patientId: patient.id,
    riskType: valid.riskType,
    riskLevel: valid.riskLevel,
    rationale: valid.rationale,
    assessedAt: new Date(),
    assessedBy: actor.userId,
    reviewDate: valid.reviewDate,
  });
  const names = await staffNames(em, [actor.userId]);
  return { ...riskView(row), assessedByName: names.get(actor.userId) ?? null, current: true };
}
