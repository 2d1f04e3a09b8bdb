import type { AuditActor } from '../audit/audit.service';
import { CoerciveMeasure } from '../coercive-care/coercive-care.entities';
import { coerciveMeasureKinds, legalStatusKinds } from '../coercive-care/coercive-care.vocabulary';
import { legalStatusesOf } from '../coercive-care/legal-status';
import { forUpdate } from '../db/locks';
import type { EntityManager } from '../db/orm';
import { Patient } from '../patient/patient.entity';
import { displayName, patientNotFound } from '../patient/patient.service';
import { clinicalToday, formatNumericDate, isoDay } from '../shared/clinical-time';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseOrThrow } from '../shared/validation';
import { dischargeSchema } from './discharge.schemas';
import { dischargeMessages, dischargeReasonLabels, dischargeReasonText, type DischargeReasonCode } from './discharge.vocabulary';

export interface DischargeView {
  patientId: string;
  patientName: string;
  episodeStatus: 'finished';
  dischargedOn: string;
  reasonCode: DischargeReasonCode;
  reasonLabel: string;
  reason: string | null;
  /** The choice and the words as one line: "Behandeling afgerond: gaat naar huis". */
  reasonText: string;
  recordedAt: string;
}

/** The day the episode began: the record was opened then (there is no admission date of its own). */
export function episodeStartOf(patient: { createdAt: Date }): string {
  return isoDay(patient.createdAt);
}

/**
 * Why this patient cannot be discharged now, in Dutch, or null: a legal measure (Wvggz or Wzd)
 * whose period covers today, or a measure of compulsory care still in force (separatie,
 * fixatie…). Ending them is an act of its own, recorded with its ground; a discharge never does it
 * silently. Unlogged: the caller's use case names the patient.
 */
export async function dischargeRefusal(em: EntityManager, patientId: string, now = new Date()): Promise<string | null> {
  const [legal, measures] = await Promise.all([
    legalStatusesOf(em, patientId, now),
    em.find(CoerciveMeasure, { patientId, endedAt: null, startedAt: { $lte: now } }, { orderBy: { startedAt: 'asc' }, limit: 20 }),
  ]);
  const running = legal.history.filter((status) => status.current && legalStatusKinds[status.kind].law !== null);
  const reasons = [
    ...running.map((status) => `er loopt een ${lowerFirst(status.label)} sinds ${formatNumericDate(status.startsOn)}`),
    ...(measures.length > 0
      ? [
          `verplichte zorg loopt nog (${measures
            .map(
              (measure) => `${lowerFirst(coerciveMeasureKinds[measure.kind].label)} sinds ${formatNumericDate(isoDay(measure.startedAt))}`,
            )
            .join(', ')})`,
        ]
      : []),
  ];
  if (reasons.length === 0) return null;
  return `Ontslag kan niet: ${reasons.join('; ')}. Leg eerst het einde vast op het tabblad Verplichte zorg.`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Why a patient's episode cannot end at all (already ended, or never began), in Dutch, or null. */
function episodeConflict(patient: Patient): string | null {
  if (patient.episodeStatus === 'finished') return dischargeMessages.finished;
  if (patient.episodeStatus === 'cancelled') return dischargeMessages.cancelled;
  return null;
}

/** The checks the assistant runs when it prepares a discharge: the same refusals, before anything is confirmed. */
export async function dischargeObstacle(em: EntityManager, patientId: string): Promise<string | null> {
  const patient = isUuid(patientId) ? await em.findOne(Patient, { id: patientId }) : null;
  if (!patient) throw AppError.notFound(patientNotFound);
  return episodeConflict(patient) ?? (await dischargeRefusal(em, patient.id));
}

/**
 * Ends the patient's episode (ontslag): status `finished`, with the date, the reason and who
 * recorded it. The patient's row is locked first, so of two discharges at once the second finds
 * the first and is a 409; so is a discharge while a legal or coercive measure runs.
 */
export async function dischargePatient(
  em: EntityManager,
  actor: AuditActor,
  patientId: string,
  input: unknown,
  now = new Date(),
): Promise<DischargeView> {
  const patient = isUuid(patientId) ? await em.findOne(Patient, { id: patientId }, forUpdate) : null;
  if (!patient) throw AppError.notFound(patientNotFound);
  const valid = parseOrThrow(dischargeSchema, input);
  const dischargedOn = valid.dischargedOn ?? clinicalToday(now);
  const conflict = episodeConflict(patient);
  if (conflict) throw new AppError('conflict', conflict);
  const start = episodeStartOf(patient);
  if (dischargedOn < start)
    throw AppError.validation({ dischargedOn: `${dischargeMessages.beforeStart.slice(0, -1)} (${formatNumericDate(start)}).` });
  const refusal = await dischargeRefusal(em, patient.id, now);
  if (refusal) throw new AppError('conflict', refusal);
  patient.episodeStatus = 'finished';
  patient.dischargedOn = dischargedOn;
  patient.dischargeReasonCode = valid.reasonCode;
  patient.dischargeReason = valid.reason;
  patient.dischargedBy = actor.userId;
  patient.dischargeRecordedAt = now;
  return {
    patientId: patient.id,
    patientName: displayName(patient),
    episodeStatus: 'finished',
    dischargedOn,
    reasonCode: valid.reasonCode,
    reasonLabel: dischargeReasonLabels[valid.reasonCode],
    reason: valid.reason,
    reasonText: dischargeReasonText(valid.reasonCode, valid.reason),
    recordedAt: now.toISOString(),
  };
}
