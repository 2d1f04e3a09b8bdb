import type { AuditActor } from '../audit/audit.service';
import type { EntityManager } from '../db/orm';
import { parseOrThrow } from '../shared/validation';
import { clinicalToday, formatDate } from '../shared/clinical-time';
import { legalStatusKinds, type LegalStatusKind } from '../coercive-care/coercive-care.vocabulary';
import type { WardSafetyFacts } from './ward.safety';
import { actionStates, type ActionStates } from './action-ticks';
import { generateRequestSchema, type HandoverPeriod, type HandoverRole, type HandoverSummary } from './handover.schemas';
import { handoverOverview, todaysSummaries, type HandoverPeriodRange, type OverviewQuery, type WardPatient } from './handover.service';

/*
 * The ward handover (issue 26, point 2): every patient of the ward with their alerts and the newest
 * summary made today for the period and role, as one overview for the shift, on screen, on paper and
 * as PDF.
 */

/** The ward handover covers at most this many patients, the first in handover order (most alerts first). */
export const wardHandoverMax = 100;

export const wardRequestSchema = generateRequestSchema.omit({ patientId: true });

export interface WardHandoverJob {
  actor: AuditActor;
  period: HandoverPeriod;
  role: HandoverRole;
  workflowId: string;
  /** The moment the clinician asked: every patient's period ends there, also in a retried step. */
  requestedAt: string;
}

/** The ward list a ward handover is made for: the first `wardHandoverMax` patients in handover order. */
export const wardListQuery = (period: HandoverPeriod): OverviewQuery => ({ period, alerts: false, limit: wardHandoverMax });

export interface WardHandoverEntry {
  patient: WardPatient;
  summary: HandoverSummary | null;
  /** The banner's facts that must be on every printed patient (issue 41, point 4). */
  safety: WardSafetyFacts;
}

/** Allergies and the current legal status of the listed patients, in one query (the banner's rules, ADR 35). */
async function wardSafetyFacts(em: EntityManager, patientIds: string[], now: Date): Promise<Map<string, WardSafetyFacts>> {
  if (patientIds.length === 0) return new Map();
  const today = clinicalToday(now);
  const rows = await em.execute<
    {
      id: string;
      allergies: { substance: string; severity: string }[] | null;
      none_known: boolean;
      kind: string | null;
      ends_on: string | null;
    }[]
  >(
    `select p.id,
            (select json_agg(json_build_object('substance', a.substance, 'severity', a.severity) order by a.recorded_at)
               from allergies a where a.patient_id = p.id and a.lapsed_at is null and a.kind = 'allergie') as allergies,
            exists (select 1 from allergies a where a.patient_id = p.id and a.lapsed_at is null and a.kind = 'geen-bekende') as none_known,
            l.kind, l.ends_on::text as ends_on
       from patients p
       left join lateral (select kind, ends_on from legal_statuses s
                           where s.patient_id = p.id and s.corrected_at is null and s.starts_on <= ?::date and (s.ends_on is null or s.ends_on >= ?::date)
                           order by s.starts_on desc, s.recorded_at desc limit 1) l on true
      where p.id in (${patientIds.map(() => '?').join(', ')})`,
    [today, today, ...patientIds],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        allergies: row.allergies?.length
          ? row.allergies.map((allergy) => `${allergy.substance} (${allergy.severity})`).join(', ')
          : row.none_known
            ? 'Geen bekende allergieën'
            : 'Allergieën niet vastgelegd',
        legalStatus: row.kind
          ? `${legalStatusKinds[row.kind as LegalStatusKind]?.label ?? row.kind}${row.ends_on ? ` t/m ${formatDate(row.ends_on)}` : ''}`
          : null,
      },
    ]),
  );
}

export interface WardHandover {
  period: HandoverPeriodRange;
  role: HandoverRole;
  patients: WardHandoverEntry[];
  /** The whole ward; more than `patients` when the ward is larger than `wardHandoverMax`. */
  total: number;
  withAlerts: number;
  /** The looking clinician's ticks on the summaries' action items. */
  actions: ActionStates;
}

/** The ward with each patient's newest summary of today for the period and role, in one query for all summaries. */
export async function wardHandover(em: EntityManager, actor: AuditActor, query: unknown, now = new Date()): Promise<WardHandover> {
  const { period, filterForRole: role } = parseOrThrow(wardRequestSchema, query);
  const overview = await handoverOverview(em, wardListQuery(period), now);
  const summaries = await todaysSummaries(
    em,
    overview.patients.map((patient) => patient.patientId),
    period,
    role,
    now,
  );
  const safety = await wardSafetyFacts(
    em,
    overview.patients.map((patient) => patient.patientId),
    now,
  );
  return {
    period: overview.period,
    role,
    patients: overview.patients.map((patient) => ({
      patient,
      summary: summaries.get(patient.patientId) ?? null,
      safety: safety.get(patient.patientId) ?? { allergies: 'Allergieën niet vastgelegd', legalStatus: null },
    })),
    total: overview.total,
    withAlerts: overview.withAlerts,
    actions: await actionStates(
      em,
      [...summaries.values()].map((summary) => summary.meta.summaryId!),
      actor.userId,
    ),
  };
}
