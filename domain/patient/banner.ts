import type { EntityManager } from '../db/orm';
import { latestRisks, type RiskView } from '../intake/intake.service';
import { findPatient } from './patient.service';
import { isHighRisk } from '../handover/handover.alerts';
import { patientAlerts } from '../handover/alerts.query';
import { noTimedAlerts, type TimedAlerts } from '../handover/warnings';
import { allergiesOf, type AllergyStatus } from '../allergies/allergies';
import { measuresOf } from '../coercive-care/coercive-care';
import { legalStatusesOf, type LegalStatusView } from '../coercive-care/legal-status';
import { latestSignaleringsplan } from '../signaleringsplan/signaleringsplan';
import type { AllergySeverity } from '../allergies/allergies.vocabulary';
import type { CoerciveMeasureKind } from '../coercive-care/coercive-care.vocabulary';

/**
 * What must be in view before anything else on a patient's record and at handover: the legal
 * status, allergies, the highest current risks, open measures of compulsory care and whether
 * there is a signaleringsplan. One read for the record layout, the handover detail and the API.
 */
export interface PatientBanner {
  patientId: string;
  legalStatus: Pick<LegalStatusView, 'id' | 'kind' | 'label' | 'law' | 'startsOn' | 'endsOn'> | null;
  allergies: {
    status: AllergyStatus;
    active: { id: string; substance: string; reaction: string | null; severity: AllergySeverity }[];
  };
  /** Current risks at level zeer hoog or hoog, most severe first. */
  risks: RiskView[];
  openMeasures: { id: string; kind: CoerciveMeasureKind; label: string; startedAt: string; decidedBy: string; legalBasisLabel: string }[];
  signaleringsplan: { version: number; createdAt: string } | null;
  /** Early warning (latest NEWS2, BVC) and deadlines at this moment, as the handover counts them (warnings.ts). */
  warnings: TimedAlerts;
}

/** The banner's data, unlogged: the record page and the handover log the access they are part of. */
export async function bannerOf(em: EntityManager, patientId: string, now = new Date()): Promise<PatientBanner> {
  const [legal, allergies, risks, open, plan, alerts] = await Promise.all([
    legalStatusesOf(em, patientId, now),
    allergiesOf(em, patientId),
    latestRisks(em, patientId),
    measuresOf(em, patientId, { openOnly: true }),
    latestSignaleringsplan(em, patientId),
    // The warnings do not depend on the period; the shortest one keeps the counting cheap.
    patientAlerts(em, patientId, { start: new Date(now.getTime() - 24 * 3600_000).toISOString(), end: now.toISOString() }),
  ]);
  const current = legal.current;
  return {
    patientId,
    legalStatus: current
      ? { id: current.id, kind: current.kind, label: current.label, law: current.law, startsOn: current.startsOn, endsOn: current.endsOn }
      : null,
    allergies: {
      status: allergies.status,
      active: allergies.active.map((allergy) => ({
        id: allergy.id,
        substance: allergy.substance!,
        reaction: allergy.reaction,
        severity: allergy.severity!,
      })),
    },
    risks: risks.filter(isHighRisk),
    openMeasures: open.map((measure) => ({
      id: measure.id,
      kind: measure.kind,
      label: measure.label,
      startedAt: measure.startedAt,
      decidedBy: measure.decidedBy,
      legalBasisLabel: measure.legalBasisLabel,
    })),
    signaleringsplan: plan,
    warnings: Object.fromEntries(
      Object.keys(noTimedAlerts).map((key) => [key, alerts[key as keyof TimedAlerts]]),
    ) as unknown as TimedAlerts,
  };
}

/** `GET /api/patients/{id}/banner`: the same, for a patient of the organisation (else the Dutch 404). */
export async function patientBanner(em: EntityManager, patientId: string): Promise<PatientBanner> {
  await findPatient(em, patientId);
  return bannerOf(em, patientId);
}
