import { bvcAlertFrom } from '../scales/bvc';
import type { EntityManager } from '../db/orm';
import { alertCounts, criticalInterpretations, highRiskLevels, type HandoverAlerts } from './handover.alerts';

/** The rule constants as SQL literals: fixed values from this code base, never user input. */
export function sqlList(values: readonly string[]): string {
  return values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
}

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
       select patient_id, count(*)::int as open_measures
         from coercive_measures
        where ended_at is null
        group by patient_id
     )`;

export function alertSourceParams(range: { start: string; end: string }): string[] {
  return [range.start, range.end, range.start, range.end, range.start, range.end];
}

/** One patient's alerts over the period, counted by the same SQL as the ward list. */
export async function patientAlerts(em: EntityManager, patientId: string, range: { start: string; end: string }): Promise<HandoverAlerts> {
  const [row] = await em.execute<Omit<HandoverAlerts, 'total'>[]>(
    `with ${alertSources}
     select coalesce(i.incident_count, 0) as incident_count, coalesce(i.crisis_count, 0) as crisis_count,
            coalesce(v.abnormal_vitals, 0) as abnormal_vitals, coalesce(r.high_risks, 0) as high_risks,
            coalesce(b.high_bvc, 0) as high_bvc, coalesce(m.open_measures, 0) as open_measures
       from (select cast(? as uuid) as id) p
       left join incidents i on i.patient_id = p.id
       left join vitals v on v.patient_id = p.id
       left join risks r on r.patient_id = p.id
       left join bvc b on b.patient_id = p.id
       left join measures m on m.patient_id = p.id`,
    [...alertSourceParams(range), patientId],
  );
  return alertCounts(row!);
}
