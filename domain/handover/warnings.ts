import { startOfClinicalDay } from '../shared/clinical-time';
import { countOf } from '../shared/text';
import {
  coerciveMeasureKinds,
  legalStatusKinds,
  type CoerciveMeasureKind,
  type LegalStatusKind,
} from '../coercive-care/coercive-care.vocabulary';
import { bvcAlertFrom } from '../measurements/bvc';
import type { News2Risk } from '../measurements/news2';

/*
 * Early warning and deadlines (issue 41, ADR 48): the rules that turn the latest NEWS2 and BVC, the
 * legal status's end, the next evaluation of a measure of compulsory care and passed risk reviews
 * into warnings with the time left. Pure: the moment is passed in, so a test picks it. The SQL in
 * alerts.query.ts only fetches the facts (and renders the intervals below into its filter); what a
 * fact means is decided here.
 */

const minute = 60_000;
const hour = 60 * minute;

/**
 * How often a round is due after a NEWS2, by chart 3 of the RCP's NEWS2 (2017): 0 at least every
 * 12 hours; 1–4 every 4–6 hours (a round is late after 6); a 3 in one parameter or 5–6 at least
 * hourly; 7 or more continuous monitoring — a round recorded in the record is late after 30 minutes.
 */
export const news2Monitoring = [
  { when: 'score 0', minutes: 12 * 60, label: 'minimaal elke 12 uur meten' },
  { when: 'score 1–4', minutes: 6 * 60, label: 'elke 4 tot 6 uur meten' },
  { when: 'een 3 op één parameter', minutes: 60, label: 'minimaal elk uur meten' },
  { when: 'score 5–6', minutes: 60, label: 'minimaal elk uur meten' },
  { when: 'score 7 of meer', minutes: 30, label: 'continu bewaken' },
] as const;

export function news2MonitoringOf(score: number, risk: News2Risk): (typeof news2Monitoring)[number] {
  if (risk === 'hoog') return news2Monitoring[4];
  if (risk === 'gemiddeld') return news2Monitoring[3];
  if (risk === 'laag-gemiddeld') return news2Monitoring[2];
  return score === 0 ? news2Monitoring[0] : news2Monitoring[1];
}

/** A NEWS2 older than this is no longer an observation in progress: it asks for no rounds. */
export const earlyWarningLookbackDays = 7;

/** A BVC of 3 or more is scored again within a shift (the BVC is a per-shift score). */
export const bvcRescoreMinutes = 8 * 60;

/**
 * How long after its start or last evaluation a measure of compulsory care is to be evaluated
 * again: the measures that shut a patient in or tie them down every two hours, the others daily.
 */
export const evaluationMinutes: Record<CoerciveMeasureKind, number> = {
  separatie: 120,
  insluiting: 120,
  'mechanische-fixatie': 120,
  'beperking-bewegingsvrijheid': 120,
  dwangmedicatie: 24 * 60,
  'vocht-en-voeding': 24 * 60,
  'medische-handeling': 24 * 60,
  toezicht: 24 * 60,
  'onderzoek-kleding-lichaam': 24 * 60,
  'onderzoek-ruimte': 24 * 60,
  'controle-middelen': 24 * 60,
  'beperking-eigen-leven': 24 * 60,
  'tijdelijk-verblijf': 24 * 60,
  opname: 24 * 60,
};

/** A legal status ending within this many hours is a warning (a crisismaatregel lasts three days). */
export const legalEndHorizonHours = 48;

/** The facts the SQL reads per patient, before the moment turns them into warnings. */
export interface WarningFacts {
  news2: { score: number; risk: News2Risk; observedAt: Date | string } | null;
  bvc: { score: number; observedAt: Date | string } | null;
  /** The current legal status when it has an end date (not followed by a status that covers the day after). */
  legalEnd: { kind: LegalStatusKind; endsOn: string } | null;
  /** Open measures with their start or last evaluation. */
  measures: { kind: CoerciveMeasureKind; since: Date | string }[];
  /** The oldest passed review date among the current risk assessments, and how many have passed. */
  reviews: { count: number; oldest: string } | null;
}

/** The warnings in figures and codes only (they travel in a summary's meta, ADR 38). */
export interface TimedAlerts {
  /** Latest NEWS2 in the look-back, its band, and the minutes until its next round (negative: late). */
  news2_score: number | null;
  news2_risk: News2Risk | null;
  news2_due_minutes: number | null;
  /** Latest BVC in the look-back; the minutes until it is due again when it is 3 or more. */
  bvc_score: number | null;
  bvc_due_minutes: number | null;
  /** The current legal status that ends within 48 hours, and the minutes until it ends. */
  legal_kind: LegalStatusKind | null;
  legal_end_minutes: number | null;
  /** The open measure whose evaluation is due first, and the minutes until it is (negative: late). */
  evaluation_kind: CoerciveMeasureKind | null;
  evaluation_due_minutes: number | null;
  /** Current risk assessments whose review date has passed, and the days since the oldest one. */
  overdue_reviews: number;
  review_overdue_days: number | null;
}

export const noTimedAlerts: TimedAlerts = {
  news2_score: null,
  news2_risk: null,
  news2_due_minutes: null,
  bvc_score: null,
  bvc_due_minutes: null,
  legal_kind: null,
  legal_end_minutes: null,
  evaluation_kind: null,
  evaluation_due_minutes: null,
  overdue_reviews: 0,
  review_overdue_days: null,
};

const minutesBetween = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / minute);

/** The facts at a moment: each deadline as minutes left (negative when passed). */
export function timedAlerts(facts: WarningFacts, now: Date): TimedAlerts {
  const result = { ...noTimedAlerts };
  const since = now.getTime() - earlyWarningLookbackDays * 24 * hour;
  if (facts.news2 && new Date(facts.news2.observedAt).getTime() >= since) {
    const { score, risk, observedAt } = facts.news2;
    result.news2_score = score;
    result.news2_risk = risk;
    const due = new Date(new Date(observedAt).getTime() + news2MonitoringOf(score, risk).minutes * minute);
    result.news2_due_minutes = minutesBetween(now, due);
  }
  if (facts.bvc && new Date(facts.bvc.observedAt).getTime() >= since) {
    result.bvc_score = facts.bvc.score;
    if (facts.bvc.score >= bvcAlertFrom)
      result.bvc_due_minutes = minutesBetween(now, new Date(new Date(facts.bvc.observedAt).getTime() + bvcRescoreMinutes * minute));
  }
  if (facts.legalEnd) {
    const end = startOfClinicalDay(facts.legalEnd.endsOn, { dayAfter: true });
    const left = end ? minutesBetween(now, end) : null;
    if (left !== null && left >= 0 && left <= legalEndHorizonHours * 60) {
      result.legal_kind = facts.legalEnd.kind;
      result.legal_end_minutes = left;
    }
  }
  for (const measure of facts.measures) {
    const due = minutesBetween(now, new Date(new Date(measure.since).getTime() + evaluationMinutes[measure.kind] * minute));
    if (result.evaluation_due_minutes === null || due < result.evaluation_due_minutes) {
      result.evaluation_due_minutes = due;
      result.evaluation_kind = measure.kind;
    }
  }
  if (facts.reviews && facts.reviews.count > 0) {
    result.overdue_reviews = facts.reviews.count;
    const oldest = startOfClinicalDay(facts.reviews.oldest);
    result.review_overdue_days = oldest ? Math.max(1, Math.floor((now.getTime() - oldest.getTime()) / (24 * hour))) : null;
  }
  return result;
}

/** "2 uur 5 min", "45 min", "1 d 3 uur": a span for a ward's whiteboard ("u" alone would read as the formal "you"). */
export function spanLabel(minutes: number): string {
  const total = Math.abs(minutes);
  if (total < 60) return `${total} min`;
  if (total < 24 * 60) {
    const rest = total % 60;
    return rest ? `${Math.floor(total / 60)} uur ${rest} min` : `${total / 60} uur`;
  }
  const days = Math.floor(total / (24 * 60));
  const hours = Math.floor((total % (24 * 60)) / 60);
  return hours ? `${days} d ${hours} uur` : `${days} d`;
}

/** "over 2 uur 5 min" or "45 min te laat". */
export function timeLeftLabel(minutes: number): string {
  return minutes < 0 ? `${spanLabel(minutes)} te laat` : minutes === 0 ? 'nu' : `over ${spanLabel(minutes)}`;
}

export type WarningKind = 'news2' | 'news2-ronde' | 'bvc' | 'bvc-ronde' | 'rechtspositie' | 'evaluatie' | 'risico-evaluatie';
/** `kritiek`: act now (red in the ward's eyes); `let-op`: plan it in this shift. */
export type WarningLevel = 'kritiek' | 'let-op';

export interface Warning {
  kind: WarningKind;
  level: WarningLevel;
  label: string;
}

export const news2RiskLabels: Record<News2Risk, string> = {
  laag: 'laag risico',
  'laag-gemiddeld': 'laag-gemiddeld risico',
  gemiddeld: 'gemiddeld risico',
  hoog: 'hoog risico',
};

/** Evaluation due within this many minutes (or late) is a warning; later it is only shown as time left. */
const evaluationSoonMinutes = 60;

/**
 * The warnings in the ward's words, most urgent first: the same list in the ward list, the
 * handover detail, the banner, the ward handover, its print and PDF, and the local summary.
 */
export function warningsOf(alerts: TimedAlerts): Warning[] {
  const warnings: Warning[] = [];
  const { news2_score: score, news2_risk: risk, news2_due_minutes: due } = alerts;
  // Loose checks: summaries stored before these fields existed carry none of them.
  if (score != null && risk != null && due != null) {
    const monitoring = news2MonitoringOf(score, risk);
    if (risk !== 'laag')
      warnings.push({
        kind: 'news2',
        level: risk === 'laag-gemiddeld' ? 'let-op' : 'kritiek',
        label: `NEWS2 ${score} (${news2RiskLabels[risk]}): ${monitoring.label}`,
      });
    if (due < 0)
      warnings.push({
        kind: 'news2-ronde',
        level: risk === 'laag' ? 'let-op' : 'kritiek',
        label: `NEWS2-controle ${spanLabel(due)} te laat (${monitoring.label})`,
      });
  }
  if (alerts.bvc_score != null && alerts.bvc_score >= bvcAlertFrom) {
    warnings.push({ kind: 'bvc', level: 'kritiek', label: `BVC ${alerts.bvc_score} (risico op geweld zeer hoog)` });
    if (alerts.bvc_due_minutes != null && alerts.bvc_due_minutes < 0)
      warnings.push({ kind: 'bvc-ronde', level: 'let-op', label: `BVC opnieuw scoren: ${spanLabel(alerts.bvc_due_minutes)} te laat` });
  }
  if (alerts.evaluation_kind && alerts.evaluation_due_minutes != null) {
    const what = coerciveMeasureKinds[alerts.evaluation_kind].label.split(' / ')[0]!.toLowerCase();
    const late = alerts.evaluation_due_minutes < 0;
    if (late || alerts.evaluation_due_minutes <= evaluationSoonMinutes)
      warnings.push({
        kind: 'evaluatie',
        level: late ? 'kritiek' : 'let-op',
        label: `Evaluatie ${what} ${timeLeftLabel(alerts.evaluation_due_minutes)}`,
      });
  }
  if (alerts.legal_kind && alerts.legal_end_minutes != null)
    warnings.push({
      kind: 'rechtspositie',
      level: alerts.legal_end_minutes <= 24 * 60 ? 'kritiek' : 'let-op',
      label: `${legalStatusKinds[alerts.legal_kind].label.replace(/ \(.*\)$/, '')} eindigt ${timeLeftLabel(alerts.legal_end_minutes)}`,
    });
  if (alerts.overdue_reviews > 0)
    warnings.push({
      kind: 'risico-evaluatie',
      level: 'let-op',
      label: `${countOf(alerts.overdue_reviews, 'risico-evaluatie', 'risico-evaluaties')} verlopen${
        alerts.review_overdue_days ? ` (${spanLabel(alerts.review_overdue_days * 24 * 60)} over de datum)` : ''
      }`,
    });
  return warnings.sort((a, b) => (a.level === b.level ? 0 : a.level === 'kritiek' ? -1 : 1));
}

/** How urgent a patient is at handover: critical warnings weigh most, then the others, then the period's counts. */
export function urgencyOf(warnings: readonly Warning[], alertCount: number): number {
  return warnings.reduce((sum, warning) => sum + (warning.level === 'kritiek' ? 1000 : 100), 0) + alertCount;
}
