import { useEffect } from 'react';
import { alertParts, type HandoverAlerts } from '../../domain/handover/handover.alerts';
import { sentenceList } from '../../domain/shared/text';
import type { NudgeKind } from '../../domain/nudge/nudge.entity';
import type { NudgeView } from '../../domain/nudge/nudge.service';
import { requestJson } from './api';
import { useConversation } from './conversation';

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

/**
 * "Open bij Jan de Vries: 1 crisis en 2 incidenten.": the ward's alerts of the last 24 hours as hints,
 * most alerts first (the API's order), at most `limit`.
 */
export function wardNudges(patients: readonly WardPatient[], limit = 3): Nudge[] {
  return patients
    .filter((patient) => patient.alerts.total > 0)
    .slice(0, limit)
    .map((patient) => {
      const { alerts } = patient;
      const parts = alertParts(alerts)
        .filter((part) => part.count > 0)
        .map((part) => part.label);
      // Only incidents are "open" for follow-up; vitals and risks are simply there to look at.
      const text =
        alerts.incident_count === alerts.total
          ? `Open bij ${patient.name}: ${sentenceList(parts)}.`
          : `Let op bij ${patient.name}: ${sentenceList(parts)} in de laatste 24 uur.`;
      return {
        id: `ward-${patient.patientId}`,
        text,
        href: `/overdracht?patient=${patient.patientId}`,
        linkLabel: 'Bekijk in de overdracht',
      };
    });
}

const reminderLinks: Record<NudgeKind, string> = { huisartsbrief_beoordelen: 'Brief beoordelen' };

/** The reminders the processes left (a letter waiting for review), as the API lists them. */
export function reminderNudges(views: readonly NudgeView[]): Nudge[] {
  return views.map((view) => ({ id: view.id, text: view.text, href: view.href, linkLabel: reminderLinks[view.kind] }));
}

/**
 * Loads the hints when the assistant is shown: the reminders first, then the ward's alerts.
 * Without them the assistant works just the same.
 */
export function useAssistantNudges(): void {
  const { addNudges } = useConversation();
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    void Promise.all([
      requestJson<{ nudges: NudgeView[] }>('/api/assistant/nudges', { signal }),
      requestJson<{ patients: WardPatient[] }>('/api/overdracht/patients?alerts=true', { signal }),
    ]).then(([reminders, ward]) => {
      if (signal.aborted) return;
      addNudges([...(reminders.ok ? reminderNudges(reminders.data.nudges) : []), ...(ward.ok ? wardNudges(ward.data.patients) : [])]);
    });
    return () => controller.abort();
  }, [addNudges]);
}
