import { bvcAlertFrom } from '../measurements/bvc';
import type { EntityManager } from '../db/orm';
import { clinicalTimeZone, clinicalToday } from '../shared/clinical-time';
import type { News2Risk } from '../measurements/news2';
import type { CoerciveMeasureKind, LegalStatusKind } from '../coercive-care/coercive-care.vocabulary';
import { alertCounts, criticalInterpretations, highRiskLevels, type HandoverAlerts } from './handover.alerts';
import { earlyWarningLookbackDays, legalEndHorizonHours, news2MonitoringOf, timedAlerts, type WarningFacts } from './warnings';

/** The rule constants as SQL literals: fixed values from this code base, never user input. */
export function sqlList(values: readonly string[]): string {
  return values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
}

/** The interval after which a NEWS2 of band 'laag' asks for a new round (score 0 or 1–4), as SQL from warnings.ts. */
const news2LateAfterSql = `(case when news2_score = 0 then interval '${news2MonitoringOf(0, 'laag').minutes} minutes' else interval '${news2MonitoringOf(1, 'laag').minutes} minutes' end)`;

/**
 * The alerts of handover.alerts.ts as SQL, per patient, over a period: the one definition the ward
 * list, the detail's tiles, the record's Overdracht tab and the generated summary all count with.
 */
export const alertSources = `incidents as (
       select patient_id, count(*)::int as incident_count, (count(*) filter (where type = 'crisis'))::int as crisis_count
         from reports
        where deleted_at is null and created_at >= ? and created_at < ?
          and (type in ('incident', 'crisis') or (type = 'verpleegkundig' and category = 'incident'))
        group by patient_id
     ), vitals as (
       select patient_id, count(*)::int as abnormal_vitals
         from vital_observations
        where observed_at >= ? and observed_at < ? and corrected_at is null and interpretation in (${sqlList(criticalInterpretations)})
        group by patient_id
     ), risks as (
       select patient_id, count(*)::int as high_risks
         from (select distinct on (patient_id, risk_type) patient_id, risk_level
                 from risk_assessments
                order by patient_id, risk_type, assessed_at desc) latest
        where risk_level in (${sqlList(highRiskLevels)})
        group by patient_id
     ), bvc as (
       select patient_id, count(*)::int as high_bvc
         from scale_scores
        where scale = 'bvc' and observed_at >= ? and observed_at < ? and corrected_at is null and score >= ${Number(bvcAlertFrom)}
        group by patient_id
     ), measures as (
       select m.patient_id, count(*)::int as open_measures,
              json_agg(json_build_object('kind', m.kind, 'since',
                coalesce((select max(e.evaluated_at) from coercive_measure_evaluations e where e.measure_id = m.id), m.started_at))) as measure_facts
         from coercive_measures m
        where m.ended_at is null
        group by m.patient_id
     ), news2_latest as (
       select distinct on (patient_id) patient_id, news2_score, news2_risk, observed_at as news2_at
         from vital_sets
        where news2_score is not null and observed_at >= ? and observed_at <= ?
        order by patient_id, observed_at desc
     ), news2 as (
       select * from news2_latest
        where news2_risk <> 'laag' or news2_at + ${news2LateAfterSql} < ?::timestamptz
     ), bvc_latest as (
       select * from (select distinct on (patient_id) patient_id, score as bvc_score, observed_at as bvc_at
                        from scale_scores
                       where scale = 'bvc' and corrected_at is null and observed_at >= ? and observed_at <= ?
                       order by patient_id, observed_at desc) latest
        where bvc_score >= ${Number(bvcAlertFrom)}
     ), legal_end as (
       select * from (select distinct on (c.patient_id) c.patient_id, c.kind as legal_kind, c.ends_on::text as legal_ends_on, c.ends_on as ends
                        from legal_statuses c
                       where c.corrected_at is null and c.starts_on <= ?::date and (c.ends_on is null or c.ends_on >= ?::date)
                       order by c.patient_id, c.starts_on desc, c.recorded_at desc) current
        where ends is not null
          and ((ends + 1)::timestamp at time zone '${clinicalTimeZone}') <= ?::timestamptz + interval '${Number(legalEndHorizonHours)} hours'
          and not exists (select 1 from legal_statuses n
                           where n.patient_id = current.patient_id and n.corrected_at is null
                             and n.starts_on <= current.ends + 1 and (n.ends_on is null or n.ends_on > current.ends))
     ), reviews as (
       select patient_id, count(*)::int as overdue_reviews, min(review_date)::text as oldest_review
         from (select distinct on (patient_id, risk_type) patient_id, review_date
                 from risk_assessments
                order by patient_id, risk_type, assessed_at desc) latest
        where review_date < ?::date
        group by patient_id
     )`;

export function alertSourceParams(range: { start: string; end: string }): string[] {
  const now = new Date(range.end);
  const today = clinicalToday(now);
  const lookback = new Date(now.getTime() - earlyWarningLookbackDays * 24 * 3600_000).toISOString();
  return [
    ...[range.start, range.end, range.start, range.end, range.start, range.end],
    ...[lookback, range.end, range.end],
    ...[lookback, range.end],
    ...[today, today, range.end],
    today,
  ];
}

/** The columns the alerts are read from, for `alertsOfRow`: the CTEs above joined as i, v, r, b, m, n, w, l, rv. */
export const alertColumns = `coalesce(i.incident_count, 0) as incident_count, coalesce(i.crisis_count, 0) as crisis_count,
            coalesce(v.abnormal_vitals, 0) as abnormal_vitals, coalesce(r.high_risks, 0) as high_risks,
            coalesce(b.high_bvc, 0) as high_bvc, coalesce(m.open_measures, 0) as open_measures, m.measure_facts,
            n.news2_score, n.news2_risk, n.news2_at, w.bvc_score, w.bvc_at, l.legal_kind, l.legal_ends_on,
            coalesce(rv.overdue_reviews, 0) as overdue_reviews, rv.oldest_review`;

export function alertJoins(patient: string): string {
  return ['incidents i', 'vitals v', 'risks r', 'bvc b', 'measures m', 'news2 n', 'bvc_latest w', 'legal_end l', 'reviews rv']
    .map((source) => `left join ${source} on ${source.split(' ')[1]}.patient_id = ${patient}`)
    .join('\n       ');
}

/** The count of alerts over the period, in SQL, from the CTEs joined by `alertJoins` (the counts of `alertCounts`). */
export const alertTotalSql = `coalesce(i.incident_count, 0) + coalesce(v.abnormal_vitals, 0) + coalesce(r.high_risks, 0) + coalesce(b.high_bvc, 0)
                + coalesce(m.open_measures, 0)`;

/**
 * A coarse copy in SQL of `urgencyOf` (warnings.ts), from the CTEs joined by `alertJoins`: the
 * warnings first, open measures next. It only decides who comes before a page's cut (ADR 48); the
 * page itself is ordered by `urgencyOf`.
 */
export const coarseUrgencySql = `(case when n.patient_id is not null then 1000 else 0 end) + (case when w.patient_id is not null then 1000 else 0 end)
                + (case when l.patient_id is not null then 1000 else 0 end) + (case when rv.patient_id is not null then 100 else 0 end)
                + coalesce(m.open_measures, 0) * 100`;

/** The CTE names of alertSources: a patient in any of them has an alert. */
export const alertSourceNames = ['incidents', 'vitals', 'risks', 'bvc', 'measures', 'news2', 'bvc_latest', 'legal_end', 'reviews'] as const;

export interface AlertRow {
  incident_count: number;
  crisis_count: number;
  abnormal_vitals: number;
  high_risks: number;
  high_bvc: number;
  open_measures: number;
  measure_facts: { kind: CoerciveMeasureKind; since: string }[] | null;
  news2_score: number | null;
  news2_risk: News2Risk | null;
  news2_at: Date | string | null;
  bvc_score: number | null;
  bvc_at: Date | string | null;
  legal_kind: LegalStatusKind | null;
  legal_ends_on: string | null;
  overdue_reviews: number;
  oldest_review: string | null;
}

/** A row of `alertColumns` at the moment asked: the counts and the warnings (warnings.ts). */
export function alertsOfRow(row: AlertRow, now: Date): HandoverAlerts {
  const facts: WarningFacts = {
    news2:
      row.news2_score !== null && row.news2_risk && row.news2_at
        ? { score: row.news2_score, risk: row.news2_risk, observedAt: row.news2_at }
        : null,
    bvc: row.bvc_score !== null && row.bvc_at ? { score: row.bvc_score, observedAt: row.bvc_at } : null,
    legalEnd: row.legal_kind && row.legal_ends_on ? { kind: row.legal_kind, endsOn: row.legal_ends_on } : null,
    measures: row.measure_facts ?? [],
    reviews: row.overdue_reviews > 0 && row.oldest_review ? { count: row.overdue_reviews, oldest: row.oldest_review } : null,
  };
  return alertCounts(
    {
      incident_count: row.incident_count,
      crisis_count: row.crisis_count,
      abnormal_vitals: row.abnormal_vitals,
      high_risks: row.high_risks,
      high_bvc: row.high_bvc,
      open_measures: row.open_measures,
    },
    timedAlerts(facts, now),
  );
}

/** One patient's alerts over the period, counted by the same SQL as the ward list. */
export async function patientAlerts(em: EntityManager, patientId: string, range: { start: string; end: string }): Promise<HandoverAlerts> {
  const [row] = await em.execute<AlertRow[]>(
    `with ${alertSources}
     select ${alertColumns}
       from (select cast(? as uuid) as id) p
       ${alertJoins('p.id')}`,
    [...alertSourceParams(range), patientId],
  );
  return alertsOfRow(row!, new Date(range.end));
}
