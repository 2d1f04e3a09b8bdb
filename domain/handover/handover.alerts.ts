import { countOf, sentenceList } from '../shared/text';
import type { RiskLevel } from '../risks/risk-types';
import type { ReportCategory, ReportType } from '../report/report.schemas';
import type { Interpretation } from '../measurements/vitals.entity';
import { noTimedAlerts, warningsOf, type TimedAlerts } from './warnings';

/**
 * What makes a patient stand out at handover. One SQL definition counts them (alerts.query.ts), for
 * the ward list, the detail's tiles, the record's Overdracht tab and the generated summary alike;
 * the predicates here mark the same rows in the lists the pages show.
 */
export interface HandoverAlerts extends TimedAlerts {
  /** Reports of type incident or crisis, and nursing reports with category incident; each report once. */
  incident_count: number;
  /** Reports of type crisis: a subset of `incident_count`. */
  crisis_count: number;
  /** Vital observations interpreted as critically high or low (HH, LL). */
  abnormal_vitals: number;
  /** Current risk assessments (latest per risk type) at level hoog or zeer hoog. */
  high_risks: number;
  /** Brøset Violence Checklist scores of 3 or more (risk of violence zeer hoog), corrected ones left out. */
  high_bvc: number;
  /** Measures of compulsory care (verplichte zorg) in force now: no end recorded, whatever the period. */
  open_measures: number;
  /**
   * incident_count + abnormal_vitals + high_risks + high_bvc + open_measures + the warnings (early
   * warning and deadlines, warnings.ts): crises are already among the incidents.
   */
  total: number;
}

export const criticalInterpretations = ['HH', 'LL'] as const satisfies readonly Interpretation[];
export const highRiskLevels = ['zeer hoog', 'hoog'] as const satisfies readonly RiskLevel[];

export function isIncidentReport(report: { type: ReportType; category: ReportCategory | null }): boolean {
  return report.type === 'incident' || report.type === 'crisis' || (report.type === 'verpleegkundig' && report.category === 'incident');
}

/** A corrected value (replaced by a later correction) no longer counts, as in the overview's SQL. */
export function isCriticalVital(vital: { interpretation: Interpretation; correctedAt?: string | null }): boolean {
  return (criticalInterpretations as readonly string[]).includes(vital.interpretation) && !vital.correctedAt;
}

export function isHighRisk(risk: { riskLevel: RiskLevel }): boolean {
  return (highRiskLevels as readonly string[]).includes(risk.riskLevel);
}

export type AlertCountFields = 'incident_count' | 'crisis_count' | 'abnormal_vitals' | 'high_risks' | 'high_bvc' | 'open_measures';

/** The period's counts and the warnings at the moment asked (`timedAlerts`), with their total. */
export function alertCounts(counts: Pick<HandoverAlerts, AlertCountFields>, timed: TimedAlerts = noTimedAlerts): HandoverAlerts {
  const alerts = { ...timed, ...counts };
  return {
    ...alerts,
    total:
      counts.incident_count +
      counts.abnormal_vitals +
      counts.high_risks +
      counts.high_bvc +
      counts.open_measures +
      // A current high BVC in the period is already among the high scores counted.
      warningsOf(alerts).filter((warning) => !(warning.kind === 'bvc' && counts.high_bvc > 0)).length,
  };
}

export type AlertKind = 'crisis' | 'incident' | 'vitals' | 'risk' | 'bvc' | 'coercion';

/**
 * The kinds of alert with their Dutch wording ("2 incidenten"), in the order the ward reads
 * them. Crises are counted apart from the other incidents (`incident_count` includes them), so no
 * event is read twice. The ward list, the record and the assistant's hints all say it this way.
 */
export function alertParts(alerts: HandoverAlerts): { kind: AlertKind; count: number; label: string }[] {
  const incidents = alerts.incident_count - alerts.crisis_count;
  return [
    { kind: 'crisis' as const, count: alerts.crisis_count, label: countOf(alerts.crisis_count, 'crisis', 'crises') },
    { kind: 'incident' as const, count: incidents, label: countOf(incidents, 'incident', 'incidenten') },
    {
      kind: 'vitals' as const,
      count: alerts.abnormal_vitals,
      label: countOf(alerts.abnormal_vitals, 'kritieke meting', 'kritieke metingen'),
    },
    { kind: 'risk' as const, count: alerts.high_risks, label: countOf(alerts.high_risks, 'hoog risico', "hoge risico's") },
    { kind: 'bvc' as const, count: alerts.high_bvc, label: countOf(alerts.high_bvc, 'hoge BVC-score', 'hoge BVC-scores') },
    {
      kind: 'coercion' as const,
      count: alerts.open_measures,
      label: countOf(alerts.open_measures, 'maatregel verplichte zorg', 'maatregelen verplichte zorg'),
    },
  ];
}

/**
 * "NEWS2 10 (hoog risico): continu bewaken, 1 crisis en 2 kritieke metingen", or "geen alerts": the
 * warnings first, then the kinds present, as the ward list says them.
 */
export function alertSentence(alerts: HandoverAlerts): string {
  const present = [
    ...warningsOf(alerts).map((warning) => warning.label),
    ...alertParts(alerts)
      .filter((part) => part.count > 0)
      .map((part) => part.label),
  ];
  return present.length ? sentenceList(present) : 'geen alerts';
}
