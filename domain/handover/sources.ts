import { authorNames, authorOf } from '../report/report.service';
import type { KnownPerson } from '../ai/pseudonymise';
import type { EntityManager } from '../db/orm';
import { RiskAssessment } from '../risks/risk.entity';
import { measuresInForce } from '../coercive-care/coercive-care';
import { medicationSources, type MedicationSource } from '../medication/medication.handover';
import { Patient } from '../patient/patient.entity';
import { displayName, knownPerson, patientNotFound } from '../patient/patient.service';
import { Report } from '../report/report.entity';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { VitalObservation } from '../measurements/vitals.entity';
import { vitalView } from '../measurements/vitals.service';
import { patientAlerts } from './alerts.query';
import type { HandoverAlerts } from './handover.alerts';
import { periodDays, type HandoverPeriod } from './handover.schemas';

/**
 * What a handover may be built from: the period's handover reports, vitals, the current risks, and
 * the measures of compulsory care in force at the moment asked (whenever they started), and the
 * period's medication refusals, doses not given and zo-nodig gifts.
 */
export interface HandoverSources {
  patient: { id: string; name: string; person: KnownPerson };
  reports: { id: string; type: string; category: string | null; content: string; createdAt: string; authorName: string }[];
  observations: {
    id: string;
    code: string;
    label: string;
    value: number;
    unit: string;
    interpretation: 'HH' | 'H' | 'N' | 'L' | 'LL';
    observedAt: string;
  }[];
  risks: { id: string; riskType: string; riskLevel: 'zeer hoog' | 'hoog' | 'gemiddeld' | 'laag'; rationale: string; assessedAt: string }[];
  measures: { id: string; label: string; startedAt: string; legalBasis: string; evaluations: number }[];
  /** The period's refused and not-given doses and zo-nodig gifts. */
  medication: MedicationSource[];
  /** The period's alerts, counted as the ward list and the detail count them. */
  alerts: HandoverAlerts;
}

export function periodStart(period: HandoverPeriod, now: Date): Date {
  return new Date(now.getTime() - periodDays[period] * 24 * 3600_000);
}

/** Step 1 of the generation: only reports marked for the handover enter it (CONTRACT §6). */
export async function gatherHandoverSources(
  em: EntityManager,
  patientId: string,
  period: HandoverPeriod,
  now: Date,
): Promise<HandoverSources> {
  const patient = isUuid(patientId) ? await em.findOne(Patient, { id: patientId }) : null;
  if (!patient) throw AppError.notFound(patientNotFound);
  const since = periodStart(period, now);
  const [reports, observations, risks, measures, medication] = await Promise.all([
    em.find(
      Report,
      { patientId, includeInHandover: true, deletedAt: null, createdAt: { $gte: since, $lte: now } },
      { orderBy: { createdAt: 'desc' }, limit: 60 },
    ),
    em.find(
      VitalObservation,
      { patientId, correctedAt: null, observedAt: { $gte: since, $lte: now } },
      { orderBy: { observedAt: 'desc' }, limit: 60 },
    ),
    em.find(RiskAssessment, { patientId }, { orderBy: { assessedAt: 'desc' } }),
    measuresInForce(em, patientId, now),
    medicationSources(em, patientId, since, now),
  ]);
  const alerts = await patientAlerts(em, patientId, { start: since.toISOString(), end: now.toISOString() });
  const authorName = await authorNames(em, reports);
  const currentRisks = new Map<string, RiskAssessment>();
  for (const risk of risks) if (!currentRisks.has(risk.riskType)) currentRisks.set(risk.riskType, risk);
  return {
    patient: { id: patient.id, name: displayName(patient), person: knownPerson(patient) },
    reports: reports.map((report) => ({
      id: report.id,
      type: report.type,
      category: report.category ?? null,
      content: report.content,
      createdAt: report.createdAt.toISOString(),
      authorName: authorName.get(authorOf(report)) ?? 'onbekend',
    })),
    observations: observations.map(vitalView),
    risks: [...currentRisks.values()].map((risk) => ({
      id: risk.id,
      riskType: risk.riskType,
      riskLevel: risk.riskLevel,
      rationale: risk.rationale,
      assessedAt: risk.assessedAt.toISOString(),
    })),
    measures,
    medication,
    alerts,
  };
}
