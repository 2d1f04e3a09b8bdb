import type { EntityManager } from '../db/orm';
import type { HandoverAlerts } from '../handover/handover.alerts';
import {
  alertColumns,
  alertJoins,
  alertSourceNames,
  alertSourceParams,
  alertSources,
  alertsOfRow,
  alertTotalSql,
  coarseUrgencySql,
  type AlertRow,
} from '../handover/alerts.query';
import { periodStart } from '../handover/sources';
import { earlyWarningLookbackDays, timedAlerts, urgencyOf, warningsOf, type TimedAlerts } from '../handover/warnings';
import { allergySeverityOrder, allergyStatusOf, type AllergyStatus } from '../allergies/allergies';
import type { AllergySeverity } from '../allergies/allergies.vocabulary';
import type { LegalStatusKind } from '../coercive-care/coercive-care.vocabulary';
import { clinicalToday } from '../shared/clinical-time';
import { parseOrThrow } from '../shared/validation';
import type { News2Risk } from '../measurements/news2';
import { wardListQuerySchema, type EpisodeStatus, type PatientOrder, type StatusFilter } from './patient.schemas';
import { displayName, patientCount } from './patient.service';

/**
 * The patient list as a ward view (issue 41, point 7; ADR 0061): per patient the room, the legal
 * status, the allergies and the latest NEWS2 and BVC, in one statement per page however many
 * patients the organisation has. Ordered by the newest change, or by urgency: the handover's alert
 * definition (ADR 38, 48) over the last 24 hours, the most urgent first.
 */

export interface WardListPatient {
  id: string;
  displayName: string;
  bsn: string | null;
  johnDoe: boolean;
  birthDate: string | null;
  episodeStatus: EpisodeStatus;
  updatedAt: string;
  room: string | null;
  /** The legal status in force today, or null (not recorded). */
  legalStatus: LegalStatusKind | null;
  allergies: { status: AllergyStatus; active: { substance: string; severity: AllergySeverity }[] };
  /**
   * The latest NEWS2 and BVC of the look-back (7 days) at this moment (warnings.ts); the other
   * fields of TimedAlerts are empty here: the flag is about early warning only.
   */
  earlyWarning: TimedAlerts;
  /** The alerts over the last 24 hours, as the handover counts them: only in the urgency order. */
  alerts: HandoverAlerts | null;
}

export interface WardListPage {
  items: WardListPatient[];
  order: PatientOrder;
  status: StatusFilter;
  total: number;
  limit: number;
  offset: number;
}

/** The period over which the urgency order counts incidents and measurements: the handover's default. */
const urgencyPeriod = '1d' as const;

interface WardListRow extends Partial<AlertRow> {
  id: string;
  name_given: string[];
  name_prefix: string | null;
  family_name: string;
  bsn: string | null;
  john_doe: boolean;
  birth_date: string | null;
  episode_status: EpisodeStatus;
  updated_at: Date | string;
  room: string | null;
  current_legal_kind: LegalStatusKind | null;
  allergy_list: { substance: string; severity: AllergySeverity }[];
  no_known_allergies: boolean | null;
  latest_news2: number | null;
  latest_news2_risk: News2Risk | null;
  latest_news2_at: Date | string | null;
  latest_bvc: number | null;
  latest_bvc_at: Date | string | null;
}

const patientColumnsSql = `p.id, p.name_given, p.name_prefix, p.family_name, p.bsn, p.john_doe, p.birth_date::text as birth_date,
       p.episode_status, p.updated_at, p.room`;

/**
 * Per listed patient, by index from its own rows: the legal status in force today (as
 * `legalStatusesOf` picks it), the allergies in force, the latest NEWS2 and BVC of the look-back.
 */
function wardFacts(now: Date): { columns: string; joins: string; params: string[] } {
  const today = clinicalToday(now);
  const since = new Date(now.getTime() - earlyWarningLookbackDays * 24 * 3600_000).toISOString();
  const severityRank = `case a.severity ${Object.entries(allergySeverityOrder)
    .map(([severity, rank]) => `when '${severity}' then ${Number(rank)}`)
    .join(' ')} end`;
  return {
    columns: `ls.kind as current_legal_kind, al.allergy_list, al.no_known_allergies,
       ln.news2_score as latest_news2, ln.news2_risk as latest_news2_risk, ln.observed_at as latest_news2_at,
       lb.score as latest_bvc, lb.observed_at as latest_bvc_at`,
    joins: `left join lateral (select c.kind from legal_statuses c
                   where c.patient_id = p.id and c.corrected_at is null and c.starts_on <= ?::date and (c.ends_on is null or c.ends_on >= ?::date)
                   order by c.starts_on desc, c.recorded_at desc limit 1) ls on true
       left join lateral (select coalesce(json_agg(json_build_object('substance', a.substance, 'severity', a.severity)
                                   order by ${severityRank}, a.substance) filter (where a.kind = 'allergie'), '[]') as allergy_list,
                                 bool_or(a.kind = 'geen-bekende') as no_known_allergies
                            from allergies a where a.patient_id = p.id and a.lapsed_at is null) al on true
       left join lateral (select s.news2_score, s.news2_risk, s.observed_at from vital_sets s
                   where s.patient_id = p.id and s.news2_score is not null and s.observed_at >= ? and s.observed_at <= ?
                   order by s.observed_at desc limit 1) ln on true
       left join lateral (select b.score, b.observed_at from scale_scores b
                   where b.patient_id = p.id and b.scale = 'bvc' and b.corrected_at is null and b.observed_at >= ? and b.observed_at <= ?
                   order by b.observed_at desc limit 1) lb on true`,
    params: [today, today, since, now.toISOString(), since, now.toISOString()],
  };
}

/** The SQL of one page, for the service and for EXPLAIN in the bench. */
export function wardListQuery(
  query: { status: StatusFilter; order: PatientOrder; limit: number; offset: number },
  now: Date,
): { sql: string; params: (string | number)[] } {
  const { status, order, limit, offset } = query;
  const statusParams = status === 'all' ? [] : [status];
  const statusIs = (alias: string) => (status === 'all' ? 'true' : `${alias}.episode_status = ?`);
  const facts = wardFacts(now);
  if (order === 'recent') {
    // From patients_updated_idx / patients_status_updated_idx: the page's rows only, then their facts.
    return {
      sql: `with page as (select ${patientColumnsSql} from patients p where ${statusIs('p')} order by p.updated_at desc, p.id limit ? offset ?)
            select p.*, ${facts.columns}
              from page p
              ${facts.joins}
             order by p.updated_at desc, p.id`,
      params: [...statusParams, limit, offset, ...facts.params],
    };
  }
  // As the ward list (wardOverviewQuery): from the few patients with an alert to their rows, then
  // the quiet rest in the newest-change order from the index, only as far as this page reaches.
  const range = { start: periodStart(urgencyPeriod, now).toISOString(), end: now.toISOString() };
  return {
    sql: `with ${alertSources}, alerted as materialized (
            select p.id, p.updated_at, ${coarseUrgencySql} + ${alertTotalSql} as rank
              from (${alertSourceNames.map((name) => `select patient_id from ${name}`).join(' union ')}) alerted_ids
              join patients p on p.id = alerted_ids.patient_id
              ${alertJoins('p.id')}
             where ${statusIs('p')}
          ), quiet as (
            select p.id, p.updated_at, 0 as rank from patients p
             -- NOT IN, not NOT EXISTS: a hashed lookup per index row; the anti join compared every row with every alerted one (134 ms deep in the list).
             where ${statusIs('p')} and p.id not in (select a.id from alerted a)
             order by p.updated_at desc, p.id
             limit ?
          ), page as (
            select * from (select * from alerted union all select * from quiet) ranked
             order by rank desc, updated_at desc, id
             limit ? offset ?
          )
          select ${patientColumnsSql}, ${alertColumns}, ${facts.columns}, page.rank
            from page join patients p on p.id = page.id
            ${alertJoins('p.id')}
            ${facts.joins}
           order by page.rank desc, p.updated_at desc, p.id`,
    params: [...alertSourceParams(range), ...statusParams, ...statusParams, offset + limit, limit, offset, ...facts.params],
  };
}

function wardListPatient(row: WardListRow, order: PatientOrder, now: Date): WardListPatient {
  const earlyWarning = timedAlerts(
    {
      news2:
        row.latest_news2 !== null && row.latest_news2_risk && row.latest_news2_at
          ? { score: row.latest_news2, risk: row.latest_news2_risk, observedAt: row.latest_news2_at }
          : null,
      bvc: row.latest_bvc !== null && row.latest_bvc_at ? { score: row.latest_bvc, observedAt: row.latest_bvc_at } : null,
      legalEnd: null,
      measures: [],
      reviews: null,
    },
    now,
  );
  const active = row.allergy_list ?? [];
  return {
    id: row.id,
    displayName: displayName({ nameGiven: row.name_given, namePrefix: row.name_prefix, familyName: row.family_name }),
    bsn: row.bsn,
    johnDoe: row.john_doe,
    birthDate: row.birth_date,
    episodeStatus: row.episode_status,
    updatedAt: new Date(row.updated_at).toISOString(),
    room: row.room,
    legalStatus: row.current_legal_kind,
    allergies: { status: allergyStatusOf(active.length, row.no_known_allergies === true), active },
    earlyWarning,
    alerts: order === 'urgentie' ? alertsOfRow(row as WardListRow & AlertRow, now) : null,
  };
}

/** One page of the patient list with the ward's facts. */
export async function wardPatientList(em: EntityManager, query: unknown, now = new Date()): Promise<WardListPage> {
  const { status, order, limit, offset } = parseOrThrow(wardListQuerySchema, query);
  const total = await patientCount(em, status);
  const statement = wardListQuery({ status, order, limit, offset }, now);
  const rows = await em.execute<WardListRow[]>(statement.sql, statement.params);
  const listed = rows.map((row, index) => ({ index, patient: wardListPatient(row, order, now) }));
  if (order === 'urgentie') {
    // The database decided who is on this page (a coarse copy of the rule); the page is in the rule's own order (ADR 48).
    const urgency = (patient: WardListPatient) => (patient.alerts ? urgencyOf(warningsOf(patient.alerts), patient.alerts.total) : 0);
    listed.sort((a, b) => urgency(b.patient) - urgency(a.patient) || a.index - b.index);
  }
  const items = listed.map((entry) => entry.patient);
  return { items, order, status, total, limit, offset };
}
