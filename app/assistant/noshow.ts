import { isNoShowCommand } from '../../domain/noshow/noshow.command';
import type { ApiResult } from './api';

/*
 * The chat's side of "Jan de Vries is niet verschenen op zijn afspraak van 10:00": find the
 * appointment, show it for confirmation (the assistant changes nothing unconfirmed, ADR 7), then
 * start the no-show process and link to the letter's review page (ADR 14). The chat passes its own
 * `requestJson`, so errors and the session expiry are handled as for every other block.
 */

type JsonRequest = <T>(path: string, options?: { method?: 'GET' | 'POST'; body?: unknown }) => Promise<ApiResult<T>>;

export interface NoShowCandidate {
  appointmentId: string;
  patientName: string;
  start: string;
  label: string;
}

interface FindAnswer {
  /** `window`: the hour searched around the time named. */
  query: { patientName: string; time: string | null; date: string; window: { from: string; to: string } | null };
  appointments: NoShowCandidate[];
}

interface StartAnswer {
  letter: { id: string } | null;
  workflow: { status: string; statusLabel: string; error?: string } | null;
}

export type NoShowStep =
  | { kind: 'bevestigen'; text: string; candidates: NoShowCandidate[] }
  | { kind: 'gestart'; text: string; href: string | null }
  | { kind: 'niet_gevonden'; text: string }
  | { kind: 'afgewezen' }
  | { kind: 'fout'; text: string };

/** Null when the sentence is no no-show; otherwise what the chat shows next. */
export async function findNoShow(sentence: string, request: JsonRequest): Promise<NoShowStep | null> {
  if (!isNoShowCommand(sentence)) return null;
  const found = await request<FindAnswer>(`/api/noshow/find?q=${encodeURIComponent(sentence)}`);
  if (!found.ok) return { kind: 'fout', text: found.error.fields ? Object.values(found.error.fields)[0]! : found.error.message };
  const { query, appointments } = found.data;
  if (appointments.length === 0) {
    const when = `${query.date}${query.window ? ` tussen ${query.window.from} en ${query.window.to}` : ''}`;
    return {
      kind: 'niet_gevonden',
      text: `Geen eigen afspraak van ${query.patientName} gevonden ${when} die al begonnen is en nog niet is afgerond of geannuleerd.`,
    };
  }
  const text =
    appointments.length === 1
      ? `${appointments[0]!.label}: als niet verschenen registreren en de huisartsbrief herschrijven?`
      : 'Meerdere afspraken passen. Welke is bedoeld?';
  return { kind: 'bevestigen', text, candidates: appointments };
}

/**
 * After the clinician confirmed one appointment: cancel it as a no-show (the process starts or is
 * joined), then wait for the rewritten letter.
 */
export async function startNoShow(appointmentId: string, request: JsonRequest): Promise<NoShowStep> {
  const cancelled = await request<StartAnswer>(`/api/noshow/${appointmentId}/cancel`, { method: 'POST', body: {} });
  if (!cancelled.ok) return { kind: 'fout', text: cancelled.error.message };
  const rewritten = await request<StartAnswer>(`/api/noshow/${appointmentId}/rescript`, { method: 'POST', body: {} });
  // The appointment is cancelled either way; the letter's trouble is told as it is.
  const { letter, workflow } = rewritten.ok ? rewritten.data : cancelled.data;
  if (workflow?.status === 'mislukt') return { kind: 'fout', text: workflow.error ?? workflow.statusLabel };
  const text =
    workflow?.status === 'ter_beoordeling'
      ? 'Afspraak staat op niet verschenen. De huisartsbrief is herschreven en wacht op beoordeling.'
      : `Afspraak staat op niet verschenen. Huisartsbrief: ${workflow?.statusLabel.toLowerCase() ?? 'wordt herschreven'}.`;
  return { kind: 'gestart', text, href: letter ? `/brieven/${letter.id}` : null };
}
