import type { ChainAction } from '../intent/intent.schemas';
import { reportCategoryLabels } from '../report/report.schemas';

/** Below this the client opens no block (CONTRACT §7), so the reply says it did not understand. */
export const routingThreshold = 0.7;

const who = (action: ChainAction) => action.entities.patientName ?? 'de patiënt';

/**
 * The assistant's answer without a language model: one short, dry line per action, from the
 * classification. It says what is ready or asks the one question that is missing.
 */
export function localReply(actions: ChainAction[]): string {
  const understood = actions.filter((action) => action.intent !== 'unknown' && action.confidence >= routingThreshold);
  if (understood.length === 0) return 'Dat begrijp ik niet zeker. Formuleer het anders, of kijk in de agenda.';
  const lines = understood.map((action) => lineFor(action));
  if (understood.length > 1) return `${understood.length} stappen: ${lines.map((line) => line.replace(/\.$/, '')).join('; ')}. Bevestig voordat er iets wordt vastgelegd.`;
  return lines[0]!;
}

/** The no-show sentence opens its own confirmation block in the chat (ADR 14). */
export const noShowReply = 'Niet verschenen: controleer de afspraak hieronder en bevestig. Daarna wordt de afspraak geannuleerd en de huisartsbrief herschreven voor je beoordeling.';

function lineFor(action: ChainAction): string {
  const { entities } = action;
  switch (action.intent) {
    case 'dagnotitie':
      if (!entities.patientName) return 'Voor welke patiënt is de dagnotitie?';
      return `Dagnotitie voor ${who(action)} staat klaar${entities.category ? ` (${reportCategoryLabels[entities.category]})` : ''}. Controleer en sla op.`;
    case 'zoeken':
      return entities.patientName ? `Zoeken naar ${entities.patientName}.` : 'Wie zoek je?';
    case 'overdracht':
      return entities.patientName ? `Overdracht van ${who(action)}.` : 'Overdracht van de afdeling.';
    case 'rapportage':
      return entities.patientName ? `Rapportages van ${who(action)}.` : 'Van welke patiënt wil je de rapportages?';
    case 'agenda':
      return `Agenda${entities.dateLabel ? ` ${entities.dateLabel}` : ''}.`;
    case 'agenda_query':
      return `Afspraken${entities.patientName ? ` van ${who(action)}` : ''}${entities.dateLabel ? ` ${entities.dateLabel}` : ''}.`;
    case 'create_appointment':
      if (!entities.patientName) return 'Met welke patiënt moet de afspraak worden gepland?';
      if (!entities.datetime) return `Wanneer moet de afspraak met ${who(action)} plaatsvinden?`;
      return `Nieuwe afspraak met ${who(action)} staat klaar. Bevestig om te plannen.`;
    case 'cancel_appointment':
      if (!entities.patientName && !entities.identifier) return 'Welke afspraak moet worden geannuleerd?';
      return `Annulering van de afspraak${entities.patientName ? ` van ${who(action)}` : ''}${entities.identifier ? ` (${entities.identifier})` : ''} staat klaar. Bevestig om te annuleren.`;
    case 'reschedule_appointment':
      if (!entities.identifier && !entities.patientName) return 'Welke afspraak wil je verplaatsen?';
      if (!entities.datetime) return 'Naar wanneer moet de afspraak worden verplaatst?';
      return `Verplaatsing van de afspraak${entities.patientName ? ` van ${who(action)}` : ''} staat klaar. Bevestig om te verplaatsen.`;
    case 'intake_status':
      return `Intakestatus van ${who(action)}.`;
    case 'intake_navigeer':
      return `Intake van ${who(action)} openen.`;
    case 'risico_query':
      return `Risico's van ${who(action)}.`;
    case 'diagnose_query':
      return `Diagnoses van ${who(action)}.`;
    case 'unknown':
      return 'Dat kan ik niet uitvoeren.';
  }
}
