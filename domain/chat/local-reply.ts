import { isWriting, type ChainAction } from '../intent/intent.schemas';
import { reportCategoryLabels } from '../report/report.schemas';

/** Below this the client opens no block (CONTRACT §7), so the reply says it did not understand. */
export const routingThreshold = 0.7;

const who = (action: ChainAction) => action.entities.patientName ?? 'de patiënt';
const untilConfirmed = ' Er wordt niets vastgelegd zonder je bevestiging.';

/**
 * The assistant's answer without a language model: one short, dry line per action, from the
 * classification. It says what was understood or asks the one question that is missing. It never
 * says a change "staat klaar": the text is streamed before the block has prepared anything, and
 * the block says whether it could (issue 22).
 */
export function localReply(actions: ChainAction[]): string {
  const understood = actions.filter((action) => action.intent !== 'unknown' && action.confidence >= routingThreshold);
  if (understood.length === 0) return 'Dat begrijp ik niet zeker. Formuleer het anders, of kijk in de agenda.';
  const lines = understood.map((action) => lineFor(action));
  if (understood.length > 1)
    return `${understood.length} stappen: ${lines.map((line) => line.replace(untilConfirmed, '').replace(/\.$/, '')).join('; ')}.${understood.some((action) => isWriting(action.intent)) ? untilConfirmed : ''}`;
  return lines[0]!;
}

/** The no-show sentence opens its own confirmation block in the chat (ADR 14). */
export const noShowReply =
  'Niet verschenen: controleer de afspraak hieronder en bevestig. Daarna wordt de afspraak geannuleerd en de huisartsbrief herschreven voor je beoordeling.';

function lineFor(action: ChainAction): string {
  const { entities } = action;
  switch (action.intent) {
    case 'dagnotitie':
      if (!entities.patientName) return 'Voor welke patiënt is de dagnotitie?';
      return `Dagnotitie voor ${who(action)}${entities.category ? ` (${reportCategoryLabels[entities.category]})` : ''}: controleer de tekst hieronder.${untilConfirmed}`;
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
      return `Nieuwe afspraak met ${who(action)}: zie hieronder.${untilConfirmed}`;
    case 'cancel_appointment':
      if (!entities.patientName && !entities.identifier) return 'Welke afspraak moet worden geannuleerd?';
      return `Annulering van de afspraak${entities.patientName ? ` van ${who(action)}` : ''}${entities.identifier ? ` (${entities.identifier})` : ''}: zie hieronder.${untilConfirmed}`;
    case 'reschedule_appointment':
      if (!entities.identifier && !entities.patientName) return 'Welke afspraak wil je verplaatsen?';
      if (!entities.datetime) return 'Naar wanneer moet de afspraak worden verplaatst?';
      return `Verplaatsing van de afspraak${entities.patientName ? ` van ${who(action)}` : ''}: zie hieronder.${untilConfirmed}`;
    case 'ontslag':
      if (!entities.patientName) return 'Welke patiënt gaat met ontslag?';
      return `Ontslag van ${who(action)}: controleer de reden en de datum hieronder.${untilConfirmed}`;
    case 'intake_status':
      return `Intakestatus van ${who(action)}.`;
    case 'intake_navigeer':
      return `Intake van ${who(action)} openen.`;
    case 'risico_query':
      return `Risico's van ${who(action)}.`;
    case 'diagnose_query':
      return `Diagnoses van ${who(action)}.`;
    case 'dossiervraag':
      return entities.patientName
        ? `Vraag aan het dossier van ${who(action)}: het antwoord staat hieronder, met de bronnen.`
        : 'Over welke patiënt gaat je vraag?';
    case 'unknown':
      return 'Dat kan ik niet uitvoeren.';
  }
}
