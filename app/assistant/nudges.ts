import type { HandoverAlerts } from '../../domain/handover/handover.alerts';

/** A proactive hint of the assistant: not an answer to a question, so it is shown apart. */
export interface Nudge {
  id: string;
  text: string;
  href: string;
  linkLabel: string;
}

export interface WardPatient {
  patientId: string;
  name: string;
  alerts: HandoverAlerts;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function sentenceList(parts: string[]): string {
  return parts.length <= 1 ? parts[0] ?? '' : `${parts.slice(0, -1).join(', ')} en ${parts.at(-1)}`;
}

/**
 * "Er staan 2 incidenten open bij Jan de Vries": the ward's alerts of the last 24 hours as hints,
 * most alerts first (the API's order), at most `limit`.
 */
export function wardNudges(patients: readonly WardPatient[], limit = 3): Nudge[] {
  return patients
    .filter((patient) => patient.alerts.total > 0)
    .slice(0, limit)
    .map((patient) => {
      const { alerts } = patient;
      const incidents = alerts.incident_count - alerts.crisis_count;
      const parts = [
        alerts.crisis_count > 0 ? plural(alerts.crisis_count, 'crisis', 'crises') : '',
        incidents > 0 ? plural(incidents, 'incident', 'incidenten') : '',
        alerts.abnormal_vitals > 0 ? plural(alerts.abnormal_vitals, 'afwijkende vitale waarde', 'afwijkende vitale waarden') : '',
        alerts.high_risks > 0 ? plural(alerts.high_risks, 'hoog risico', "hoge risico's") : '',
      ].filter(Boolean);
      // Only incidents are "open" for follow-up; vitals and risks are simply there to look at.
      const text =
        alerts.incident_count === alerts.total
          ? `Er ${alerts.total === 1 ? 'staat' : 'staan'} ${sentenceList(parts)} open bij ${patient.name}.`
          : `Let op bij ${patient.name}: ${sentenceList(parts)} in de laatste 24 uur.`;
      return {
        id: `ward-${patient.patientId}`,
        text,
        href: `/overdracht?patient=${patient.patientId}`,
        linkLabel: 'Bekijk in de overdracht',
      };
    });
}
