import { isoDay, startOfClinicalDay } from '../shared/clinical-time';
import { patientAccessLog, type AccessLogRow } from '../audit/audit.service';
import type { EntityManager } from '../db/orm';
import { latestRisks, type RiskView } from '../intake/intake.service';
import { bannerOf, type PatientBanner } from '../patient/banner';
import { Patient } from '../patient/patient.entity';
import type { EpisodeStatus } from '../patient/patient.schemas';
import { displayName, patientNotFound } from '../patient/patient.service';
import { Report } from '../report/report.entity';
import { reportViews, type ReportView } from '../report/report.service';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseOrThrow, type z } from '../shared/validation';
import { ScaleScore } from '../measurements/scale.entity';
import { bvcView, type BvcView } from '../measurements/scales.service';
import { VitalObservation } from '../measurements/vitals.entity';
import { vitalView, type VitalView } from '../measurements/vitals.service';
import type { HandoverAlerts } from './handover.alerts';
import { urgencyOf, warningsOf } from './warnings';
import {
  detailQuerySchema,
  type overviewQuerySchema,
  periodLabels,
  type GenerateRequest,
  withSummaryId,
  type HandoverPeriod,
  type HandoverRole,
  type HandoverSummary,
  type StoredSummaryRow,
} from './handover.schemas';
import { periodStart } from './sources';
import {
  alertColumns,
  alertJoins,
  alertSourceNames,
  alertSourceParams,
  alertSources,
  alertsOfRow,
  alertTotalSql,
  coarseUrgencySql,
  patientAlerts,
  sqlList,
  type AlertRow,
} from './alerts.query';

/** The episode statuses of patients in care on the ward: in screening (observation, intake) or in treatment. */
export const wardStatuses = ['screening', 'active'] as const satisfies readonly EpisodeStatus[];

/** Per list in the detail: far more than a 14-day period of one patient holds, a bound against runaway rows. */
const detailRowLimit = 500;
const detailLogLimit = 10;

export interface HandoverPeriodRange {
  key: HandoverPeriod;
  /** Dutch, e.g. "24 uur", "7 dagen". */
  label: string;
  /** ISO 8601; the period is [start, end), ending now. */
  start: string;
  end: string;
}

export interface WardPatient {
  patientId: string;
  name: string;
  status: EpisodeStatus;
  birthDate: string | null;
  alerts: HandoverAlerts;
  /** The newest report of the patient at any time (not only in the period); null when none. */
  lastReportAt: string | null;
}

/** The overview's query, parsed (`overviewQuerySchema`). */
export type OverviewQuery = z.output<typeof overviewQuerySchema>;

export interface HandoverOverview {
  patients: WardPatient[];
  period: HandoverPeriodRange;
  /** The whole ward, and how many of it have an alert, whatever `limit` cut off. */
  total: number;
  withAlerts: number;
}

function periodRange(period: HandoverPeriod, now: Date): HandoverPeriodRange {
  return { key: period, label: periodLabels[period], start: periodStart(period, now).toISOString(), end: now.toISOString() };
}

interface OverviewRow extends AlertRow {
  id: string;
  name_given: string[];
  name_prefix: string | null;
  family_name: string;
  birth_date: string | null;
  episode_status: EpisodeStatus;
  last_report_at: Date | string | null;
  ward_total: number;
  with_alerts: number;
}

/**
 * Four aggregates over the period, in one statement: the cost grows with the period's rows, not
 * with one query per patient. Mirrors the rules in handover.alerts.ts. Most alerts first, then
 * Dutch name order (`nl_base`), cut to `limit` in the database (ADR 0020). The ward splits in two
 * (ADR 0021): the few patients with an alert, sorted in full, and the quiet rest read in name order
 * from `patients_ward_name_idx` until the page is full — no request sorts the whole ward. The
 * ward's size comes from the counts the database keeps (ADR 0022), the newest report is looked up
 * for the listed patients only.
 */
export function wardOverviewQuery(
  range: { start: string; end: string },
  alerts: boolean,
  limit: number | null = null,
): { sql: string; params: (string | number | null)[] } {
  const nameOrder = (alias: string) =>
    `${alias}.family_name collate nl_base, given_names_text(${alias}.name_given) collate nl_base, ${alias}.id`;
  const inCare = (alias: string) => `${alias}.episode_status in (${sqlList(wardStatuses)})`;
  const sql = `with ${alertSources}, alerted as materialized (
       select p.id, p.name_given, p.name_prefix, p.family_name, p.birth_date::text as birth_date, p.episode_status,
              ${alertColumns},
              ${alertTotalSql} as alert_total,
              -- The warnings first (warnings.ts decides their order on the page; this only decides who is cut at the limit).
              ${coarseUrgencySql} as urgency
         -- From the few patients with an alert to their rows, never the whole organisation's patients
         -- joined to every source first (100 000 patients: 118 → 14 ms; docs/performance.md, round seven).
         from (${alertSourceNames.map((name) => `select patient_id from ${name}`).join(' union ')}) alerted_ids
         join patients p on p.id = alerted_ids.patient_id
         ${alertJoins('p.id')}
        where (${inCare('p')} or i.patient_id is not null or v.patient_id is not null or b.patient_id is not null or m.patient_id is not null
               or n.patient_id is not null or w.patient_id is not null or l.patient_id is not null)
     ), quiet as (
       select p.id, p.name_given, p.name_prefix, p.family_name, p.birth_date::text as birth_date, p.episode_status,
              0 as incident_count, 0 as crisis_count, 0 as abnormal_vitals, 0 as high_risks, 0 as high_bvc, 0 as open_measures,
              null::json as measure_facts, null::int as news2_score, null::text as news2_risk, null::timestamptz as news2_at,
              null::int as bvc_score, null::timestamptz as bvc_at, null::text as legal_kind, null::text as legal_ends_on,
              0 as overdue_reviews, null::text as oldest_review, 0 as alert_total, 0 as urgency
         from patients p
        where ${alerts ? 'false' : inCare('p')} and not exists (select 1 from alerted a where a.id = p.id)
        order by ${nameOrder('p')}
        limit ?
     ), listed as (
       select ward.* from (select * from alerted union all select * from quiet) ward
        order by urgency + alert_total desc, ${nameOrder('ward')}
        limit ?
     )
     select listed.*,
            (select count(*) from alerted)::int as with_alerts,
            (select count(*) from alerted)::int
              + ${alerts ? '0' : `(select coalesce(sum(count), 0) from patient_counts where episode_status in (${sqlList(wardStatuses)}))::int - (select count(*) from alerted a where ${inCare('a')})::int`} as ward_total,
            (select max(created_at) from reports last where last.patient_id = listed.id and last.deleted_at is null) as last_report_at
       from listed
      order by urgency + alert_total desc, ${nameOrder('listed')}`;
  return { sql, params: [...alertSourceParams(range), limit, limit] };
}

/**
 * The ward at handover: every patient in care (screening or in treatment), plus anyone with an
 * incident, crisis or critical vital sign in the period whatever their episode status — a crisis
 * admission starts as `planned`, and a patient just discharged after an incident still belongs in
 * the handover. Most alerts first, then by family name.
 */
export async function handoverOverview(em: EntityManager, query: OverviewQuery, now = new Date()): Promise<HandoverOverview> {
  const { period, alerts, limit } = query;
  const range = periodRange(period, now);
  const statement = wardOverviewQuery(range, alerts, limit ?? null);
  const rows = await em.execute<OverviewRow[]>(statement.sql, statement.params);
  const listed = rows.map((row, order) => {
    const alerts = alertsOfRow(row, now);
    return {
      order,
      urgency: urgencyOf(warningsOf(alerts), alerts.total),
      patient: {
        patientId: row.id,
        name: displayName({ nameGiven: row.name_given, namePrefix: row.name_prefix, familyName: row.family_name }),
        status: row.episode_status,
        birthDate: row.birth_date,
        alerts,
        lastReportAt: row.last_report_at ? new Date(row.last_report_at).toISOString() : null,
      },
    };
  });
  // Most urgent first (warnings.ts); the database's order (then Dutch name order) breaks ties.
  const patients = listed.sort((a, b) => b.urgency - a.urgency || a.order - b.order).map((entry) => entry.patient);
  return { patients, period: range, total: rows[0]?.ward_total ?? 0, withAlerts: rows[0]?.with_alerts ?? 0 };
}

export interface HandoverDetail {
  patient: { id: string; name: string; birthDate: string | null; status: EpisodeStatus };
  period: HandoverPeriodRange;
  alerts: HandoverAlerts;
  /** The period's measurements, newest first, each with its interpretation. */
  vitals: VitalView[];
  /** The period's reports (not deleted), newest first; `includeInHandover` marks those for the handover. */
  reports: ReportView[];
  /** Current assessment per risk type, most severe first; not limited to the period. */
  risks: RiskView[];
  /** The period's Brøset Violence Checklist scores, newest first, corrected ones marked. */
  bvc: BvcView[];
  /** Who accessed this record during the period, newest first (at most 10). */
  logs: AccessLogRow[];
  /** Legal status, allergies, high risks, open measures of compulsory care, signaleringsplan: as on the record. */
  banner: PatientBanner;
}

/** One patient's period at a glance: alerts, measurements, reports, risks and recent access. */
export async function handoverDetail(em: EntityManager, patientId: string, query: unknown, now = new Date()): Promise<HandoverDetail> {
  const { period } = parseOrThrow(detailQuerySchema, query);
  const patient = isUuid(patientId)
    ? await em.findOne(
        Patient,
        { id: patientId },
        { fields: ['id', 'nameGiven', 'namePrefix', 'familyName', 'birthDate', 'episodeStatus'] },
      )
    : null;
  if (!patient) throw AppError.notFound(patientNotFound);
  const range = periodRange(period, now);
  const window = { $gte: new Date(range.start), $lt: now };
  const reports = await em.find(
    Report,
    { patientId, deletedAt: null, createdAt: window },
    { orderBy: { createdAt: 'desc', id: 'asc' }, limit: detailRowLimit },
  );
  const vitals = await em.find(
    VitalObservation,
    { patientId, observedAt: window },
    { orderBy: { observedAt: 'desc', id: 'asc' }, limit: detailRowLimit },
  );
  const bvcRows = await em.find(
    ScaleScore,
    { patientId, scale: 'bvc', observedAt: window },
    { orderBy: { observedAt: 'desc', createdAt: 'desc' }, limit: detailRowLimit },
  );
  const risks = await latestRisks(em, patientId);
  const banner = await bannerOf(em, patientId, now);
  const logs = await patientAccessLog(em, patientId, { from: new Date(range.start), to: now }, detailLogLimit);
  const reportList = await reportViews(em, reports);
  const vitalList = vitals.map(vitalView);
  const bvc = bvcRows.map(bvcView);
  return {
    patient: { id: patient.id, name: displayName(patient), birthDate: patient.birthDate ?? null, status: patient.episodeStatus },
    period: range,
    alerts: await patientAlerts(em, patient.id, range),
    vitals: vitalList,
    reports: reportList,
    risks,
    bvc,
    logs,
    banner,
  };
}

/**
 * Per patient, the newest summary made today (Europe/Amsterdam) for the period and role, in one
 * query however many patients: for one patient's page and for the whole ward alike.
 */
export async function todaysSummaries(
  em: EntityManager,
  patientIds: readonly string[],
  period: HandoverPeriod,
  role: HandoverRole,
  now = new Date(),
): Promise<Map<string, HandoverSummary>> {
  if (patientIds.length === 0) return new Map();
  const rows = await em.execute<(StoredSummaryRow & { patient_id: string })[]>(
    `select distinct on (patient_id) patient_id, id, summary from handover_summaries
      where patient_id in (${patientIds.map(() => '?').join(', ')}) and period = ? and role = ? and generated_at >= ?
      order by patient_id, generated_at desc`,
    [...patientIds, period, role, startOfClinicalDay(isoDay(now))],
  );
  return new Map(rows.map((row) => [row.patient_id, withSummaryId(row)]));
}

/**
 * The newest summary made today for this patient, period and role, or null: the handover page
 * shows it again after a reload, a filter change back, or a generation done as a plain form post
 * without JavaScript. Reading it is an access to the patient's record.
 */
export async function latestHandoverSummary(
  em: EntityManager,
  request: GenerateRequest,
  now = new Date(),
): Promise<HandoverSummary | null> {
  const summary = (await todaysSummaries(em, [request.patientId], request.period, request.filterForRole, now)).get(request.patientId);
  if (!summary) return null;
  return summary;
}
