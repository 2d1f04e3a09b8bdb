import type { ChainAction, Intent } from '../../domain/intent/intent.schemas';
import type { dailyNoteCategories } from '../../domain/report/report.schemas';

/** Below this the client opens no block (CONTRACT §7; the classifier's bands start at 0.7). */
export const routingThreshold = 0.7;

export interface PatientRef {
  id: string;
  name: string;
}

export type DailyNoteCategory = (typeof dailyNoteCategories)[number];
export type AgendaChange = 'create' | 'cancel' | 'reschedule';

/** What a chat turn shows under the reply: one block per understood request. */
export type Block =
  | { type: 'dagnotitie'; patient: PatientRef; category: DailyNoteCategory; content: string }
  | { type: 'zoeken'; query: string }
  | { type: 'overdracht'; patient: PatientRef }
  | { type: 'rapportage'; patient: PatientRef }
  | { type: 'intake'; patient: PatientRef }
  | { type: 'risico'; patient: PatientRef }
  | { type: 'diagnose'; patient: PatientRef }
  | { type: 'dossiervraag'; patient: PatientRef; vraag: string }
  | { type: 'agenda'; mode: 'overview' | 'query'; label?: string; range?: { start: string; end: string }; patient?: PatientRef }
  | { type: 'agenda-change'; mode: AgendaChange; action: ChainAction }
  | { type: 'chain'; actions: ChainAction[] }
  | { type: 'noshow'; sentence: string };

export type Missing = 'patient' | 'datetime' | 'identifier';

export type Routing =
  { kind: 'fallback' } | { kind: 'clarify'; missing: Missing; question: string; action: ChainAction } | { kind: 'block'; block: Block };

/** Intents about one patient; without a resolved patient they ask which one first. */
const patientBound: Partial<Record<Intent, string>> = {
  dagnotitie: 'Voor welke patiënt is de dagnotitie?',
  overdracht: 'Van welke patiënt wil je de overdracht zien?',
  rapportage: 'Van welke patiënt wil je de rapportages zien?',
  intake_status: 'Van welke patiënt wil je de intake zien?',
  intake_navigeer: 'Van welke patiënt wil je de intake openen?',
  risico_query: "Van welke patiënt wil je de risico's zien?",
  diagnose_query: 'Van welke patiënt wil je de diagnoses zien?',
  create_appointment: 'Met welke patiënt wil je een afspraak inplannen?',
  ontslag: 'Welke patiënt gaat met ontslag?',
  dossiervraag: 'Over welke patiënt gaat je vraag?',
};

function patientOf(action: ChainAction): PatientRef | null {
  const { patientId, patientName } = action.entities;
  return patientId ? { id: patientId, name: patientName ?? 'de patiënt' } : null;
}

function whichPatient(action: ChainAction, question: string): Routing {
  const named = action.entities.patientName;
  return { kind: 'clarify', missing: 'patient', question: named ? `Welke patiënt bedoel je met “${named}”?` : question, action };
}

/**
 * On a patient's page, "maak een dagnotitie" means that patient: a patient-bound action that names
 * nobody takes the active patient. (Pronouns are already resolved by the classifier.)
 */
export function withActivePatient(action: ChainAction, activePatient: PatientRef | null | undefined): ChainAction {
  if (!activePatient || action.entities.patientId || action.entities.patientName || !(action.intent in patientBound)) return action;
  return { ...action, entities: { ...action.entities, patientId: activePatient.id, patientName: activePatient.name } };
}

/**
 * Which block a classified message opens (CONTRACT §7): nothing under 0.7 confidence; a chain of
 * several actions is shown step by step for confirmation; a single action opens its block, or asks
 * for the one thing it still needs.
 */
export function routeActions(actions: readonly ChainAction[], activePatient?: PatientRef | null): Routing {
  const [first] = actions;
  if (!first || first.confidence < routingThreshold) return { kind: 'fallback' };
  if (actions.length > 1)
    return { kind: 'block', block: { type: 'chain', actions: actions.map((action) => withActivePatient(action, activePatient)) } };
  return routeAction(withActivePatient(first, activePatient));
}

export function routeAction(action: ChainAction): Routing {
  const { entities } = action;
  const patient = patientOf(action);
  const patientQuestion = patientBound[action.intent];
  if (patientQuestion && !patient) return whichPatient(action, patientQuestion);

  switch (action.intent) {
    case 'unknown':
      return { kind: 'fallback' };
    case 'dagnotitie':
      return {
        kind: 'block',
        block: { type: 'dagnotitie', patient: patient!, category: entities.category ?? 'observatie', content: entities.content ?? '' },
      };
    case 'zoeken':
      return { kind: 'block', block: { type: 'zoeken', query: entities.patientName ?? '' } };
    case 'overdracht':
      return { kind: 'block', block: { type: 'overdracht', patient: patient! } };
    case 'rapportage':
      return { kind: 'block', block: { type: 'rapportage', patient: patient! } };
    case 'intake_status':
    case 'intake_navigeer':
      return { kind: 'block', block: { type: 'intake', patient: patient! } };
    case 'risico_query':
      return { kind: 'block', block: { type: 'risico', patient: patient! } };
    case 'diagnose_query':
      return { kind: 'block', block: { type: 'diagnose', patient: patient! } };
    case 'dossiervraag':
      // A read (issue 47): answered in the block from the record, nothing to confirm.
      return { kind: 'block', block: { type: 'dossiervraag', patient: patient!, vraag: entities.vraag ?? '' } };
    case 'agenda':
    case 'agenda_query':
      // A name that did not resolve must not silently widen the answer to the whole agenda.
      if (entities.patientName && !patient) return whichPatient(action, '');
      return {
        kind: 'block',
        block: {
          type: 'agenda',
          mode: action.intent === 'agenda' ? 'overview' : 'query',
          label: entities.dateLabel,
          range: entities.dateRange,
          patient: patient ?? undefined,
        },
      };
    case 'create_appointment':
      if (!entities.datetime)
        return { kind: 'clarify', missing: 'datetime', question: `Wanneer moet de afspraak met ${patient!.name} plaatsvinden?`, action };
      return { kind: 'block', block: { type: 'agenda-change', mode: 'create', action } };
    case 'ontslag':
      // A write like the others (ADR 0080): proposed in the chain's block, with its reason and date, until confirmed.
      return { kind: 'block', block: { type: 'chain', actions: [action] } };
    case 'cancel_appointment':
      if (!entities.identifier && !patient) {
        if (entities.patientName) return whichPatient(action, '');
        return {
          kind: 'clarify',
          missing: 'identifier',
          question: 'Welke afspraak wil je annuleren? Noem de dag en het tijdstip, bijvoorbeeld “morgen 10:00”.',
          action,
        };
      }
      return { kind: 'block', block: { type: 'agenda-change', mode: 'cancel', action } };
    case 'reschedule_appointment':
      // With the patient known and no source named, the patient's next appointment is moved.
      if (!entities.identifier && !patient) {
        if (entities.patientName) return whichPatient(action, '');
        return {
          kind: 'clarify',
          missing: 'identifier',
          question: 'Welke afspraak wil je verplaatsen? Noem de huidige dag en het tijdstip, bijvoorbeeld “morgen 10:00”.',
          action,
        };
      }
      if (!entities.datetime)
        return { kind: 'clarify', missing: 'datetime', question: 'Naar wanneer wil je de afspraak verplaatsen?', action };
      return { kind: 'block', block: { type: 'agenda-change', mode: 'reschedule', action } };
  }
}

/** The action with the clarified entity filled in, routed again. */
export function clarified(action: ChainAction, answer: { patient: PatientRef } | { datetime: string } | { identifier: string }): Routing {
  const entities =
    'patient' in answer
      ? { ...action.entities, patientId: answer.patient.id, patientName: answer.patient.name }
      : { ...action.entities, ...answer };
  return routeAction({ ...action, entities });
}
