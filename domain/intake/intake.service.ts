import type { EntityManager } from '../db/orm';
import { assertPatientExists } from '../patient/patient.service';
import { clinicalToday } from '../shared/clinical-time';
import { isUuid } from '../shared/ids';
import { parseOrThrow, z } from '../shared/validation';
import { Diagnosis } from '../diagnoses/diagnosis.entities';
import { IntakeSection } from './intake.entities';
import { RiskAssessment } from '../risks/risk.entity';
import { riskLevels, type RiskLevel } from '../risks/risk-types';

export const intakeSections = [
  { key: 'aanmelding', label: 'Aanmelding en verwijzing' },
  { key: 'anamnese', label: 'Anamnese' },
  { key: 'psychiatrisch-onderzoek', label: 'Psychiatrisch onderzoek' },
  { key: 'risicotaxatie', label: 'Risicotaxatie' },
  { key: 'somatische-screening', label: 'Somatische screening' },
  { key: 'hulpvraag', label: 'Hulpvraag' },
  { key: 'behandeladvies', label: 'Behandeladvies' },
] as const;

/** Every parameter is optional: absent means the whole ward, never a 400. */
export const intakeQuerySchema = z.object({ patientId: z.uuid('Kies een bestaande patiënt.').optional() });

/** The query's patient, which must exist in the organisation (404 otherwise), or undefined for the ward. */
async function queriedPatient(em: EntityManager, query: unknown): Promise<string | undefined> {
  const { patientId } = parseOrThrow(intakeQuerySchema, query);
  if (patientId) await assertPatientExists(em, patientId);
  return patientId;
}

export interface IntakeStatus {
  patientId: string | null;
  completionPercentage: number;
  sections: { key: string; label: string; complete: boolean }[];
}

/** The patient a query names when its id is a uuid, for the access log of an attempt that failed. */
export const queriedPatientIds = (query: unknown): string[] => {
  const patientId = (query as { patientId?: unknown } | null | undefined)?.patientId;
  return typeof patientId === 'string' && isUuid(patientId) ? [patientId] : [];
};

/**
 * One patient's intake checklist; without a patient, the ward: a section is complete when it is for
 * everyone. With the patients it concerns (those with a section, and the one asked about).
 */
export async function intakeStatus(em: EntityManager, query: unknown): Promise<{ status: IntakeStatus; patientIds: string[] }> {
  const patientId = await queriedPatient(em, query);
  const rows = await em.find(IntakeSection, patientId ? { patientId } : {});
  const patients = new Set(rows.map((row) => row.patientId));
  if (patientId) patients.add(patientId);
  const done = (key: string, patient: string) => rows.some((row) => row.patientId === patient && row.sectionKey === key && row.completedAt);
  const sections = intakeSections.map(({ key, label }) => ({
    key,
    label,
    complete: patients.size > 0 && [...patients].every((patient) => done(key, patient)),
  }));
  const perPatient = [...patients].map((patient) => intakeSections.filter(({ key }) => done(key, patient)).length / intakeSections.length);
  const completionPercentage = perPatient.length
    ? Math.round((100 * perPatient.reduce((sum, part) => sum + part, 0)) / perPatient.length)
    : 0;
  return { status: { patientId: patientId ?? null, completionPercentage, sections }, patientIds: [...patients] };
}

export interface RiskView {
  id: string;
  patientId: string;
  riskType: string;
  riskLevel: RiskLevel;
  rationale: string;
  assessedAt: string;
  /** The evaluatiedatum; null for assessments recorded before it was asked. */
  reviewDate: string | null;
  /** The review date has passed (before today on the ward's clock): "evaluatie verlopen". */
  reviewOverdue: boolean;
}

/** A risk assessment as every reader shows it; `today` decides whether its review is overdue. */
export function riskView(risk: RiskAssessment, today: string = clinicalToday()): RiskView {
  const reviewDate = risk.reviewDate ? String(risk.reviewDate) : null;
  return {
    id: risk.id,
    patientId: risk.patientId,
    riskType: risk.riskType,
    riskLevel: risk.riskLevel,
    rationale: risk.rationale,
    assessedAt: risk.assessedAt.toISOString(),
    reviewDate,
    reviewOverdue: reviewDate !== null && reviewDate < today,
  };
}

/** The newest assessment per patient and risk type, in the order given (newest first). */
export function currentPerType(newestFirst: readonly RiskAssessment[]): RiskAssessment[] {
  const latest = new Map<string, RiskAssessment>();
  for (const risk of newestFirst) {
    const key = `${risk.patientId}:${risk.riskType}`;
    if (!latest.has(key)) latest.set(key, risk);
  }
  return [...latest.values()];
}

/** Most severe first, then the newest. */
export function bySeverity(a: RiskAssessment, b: RiskAssessment): number {
  return riskLevels.indexOf(a.riskLevel) - riskLevels.indexOf(b.riskLevel) || b.assessedAt.getTime() - a.assessedAt.getTime();
}

/**
 * The current assessment per patient and risk type (a newer one replaces the older), most severe
 * first. Not logged: callers record the access they are part of.
 */
export async function latestRisks(em: EntityManager, patientId?: string): Promise<RiskView[]> {
  const all = await em.find(RiskAssessment, patientId ? { patientId } : {}, { orderBy: { assessedAt: 'desc', id: 'asc' } });
  const today = clinicalToday();
  return currentPerType(all)
    .sort(bySeverity)
    .map((risk) => riskView(risk, today));
}

/** The current risks of one patient or of the ward (`latestRisks`); the query's patient must exist. */
export async function currentRisks(em: EntityManager, query: unknown): Promise<{ risks: RiskView[] }> {
  const patientId = await queriedPatient(em, query);
  return { risks: await latestRisks(em, patientId) };
}

export interface DiagnosisView {
  id: string;
  patientId: string;
  code: string;
  label: string;
  diagnosedAt: string;
  rank: 'primary' | 'secondary';
  /** Set when the diagnosis was ended: it is then in `ended`, not among the current ones. */
  endedAt: string | null;
  endReason: string | null;
}

export interface DiagnosesOf {
  primary: DiagnosisView[];
  secondary: DiagnosisView[];
  ended: DiagnosisView[];
}

/** The diagnoses of one patient or of the ward; the query's patient must exist. */
export async function diagnosesOf(em: EntityManager, query: unknown): Promise<DiagnosesOf> {
  const patientId = await queriedPatient(em, query);
  const rows = await em.find(Diagnosis, patientId ? { patientId } : {}, { orderBy: { diagnosedAt: 'desc' } });
  const view = (row: Diagnosis): DiagnosisView => ({
    id: row.id,
    patientId: row.patientId,
    code: row.code,
    label: row.label,
    diagnosedAt: row.diagnosedAt,
    rank: row.rank,
    endedAt: row.endedAt ?? null,
    endReason: row.endReason ?? null,
  });
  const current = rows.filter((row) => !row.endedAt);
  return {
    primary: current.filter((row) => row.rank === 'primary').map(view),
    secondary: current.filter((row) => row.rank === 'secondary').map(view),
    ended: rows.filter((row) => row.endedAt).map(view),
  };
}
