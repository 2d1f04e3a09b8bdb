import type { Intent } from './intent.schemas';

export interface IntentDescription {
  intent: Intent;
  /** What the clinician wants, in the words of the ward. */
  description: string;
  triggers: string[];
  entities: string[];
  /** Without these the assistant asks before acting. */
  required: string[];
}

/** The intents the assistant knows: the orchestrator's prompt and the chat's system prompt read this one list. */
export const intentCatalogue: IntentDescription[] = [
  {
    intent: 'dagnotitie',
    description: 'Korte dagnotitie over een patiënt schrijven',
    triggers: ['maak een dagnotitie', 'noteer', 'notitie', 'weigerde medicatie', 'heeft gegeten'],
    entities: ['patientName', 'category', 'content'],
    required: ['patientName', 'content'],
  },
  {
    intent: 'zoeken',
    description: 'Een patiënt opzoeken of diens dossier openen',
    triggers: ['zoek', 'vind', 'open het dossier van', 'wie is'],
    entities: ['patientName'],
    required: ['patientName'],
  },
  {
    intent: 'overdracht',
    description: 'De overdracht (samenvatting van de dienst) van een patiënt of de afdeling',
    triggers: ['overdracht', 'wat moet ik weten over', 'hoe was de nacht'],
    entities: ['patientName', 'dateLabel'],
    required: [],
  },
  {
    intent: 'rapportage',
    description: 'Rapportages van een patiënt lezen of een formele rapportage schrijven',
    triggers: ['rapportages', 'verslag', 'incidentrapportage', 'wat is er gerapporteerd'],
    entities: ['patientName', 'content'],
    required: ['patientName'],
  },
  {
    intent: 'agenda',
    description: 'De agenda openen zonder specifieke vraag',
    triggers: ['open de agenda', 'mijn agenda', 'planning'],
    entities: ['dateLabel', 'dateRange'],
    required: [],
  },
  {
    intent: 'agenda_query',
    description: 'Een vraag over afspraken',
    triggers: ['wanneer heeft', 'welke afspraken', 'heeft … een afspraak'],
    entities: ['patientName', 'dateLabel', 'dateRange'],
    required: [],
  },
  {
    intent: 'create_appointment',
    description: 'Een nieuwe afspraak plannen',
    triggers: ['plan een afspraak', 'maak een afspraak', 'inplannen', 'boek'],
    entities: ['patientName', 'datetime', 'dateLabel'],
    required: ['patientName', 'datetime'],
  },
  {
    intent: 'cancel_appointment',
    description: 'Een afspraak annuleren',
    triggers: ['annuleer', 'zeg af', 'gaat niet door'],
    entities: ['patientName', 'identifier', 'dateLabel'],
    required: ['patientName'],
  },
  {
    intent: 'reschedule_appointment',
    description: 'Een afspraak verplaatsen',
    triggers: ['verplaats', 'verzet', 'schuif op naar'],
    entities: ['patientName', 'identifier', 'datetime', 'dateLabel'],
    required: ['identifier', 'datetime'],
  },
  {
    intent: 'ontslag',
    description: 'Een patiënt ontslaan: de behandeling eindigt, met reden en datum (wordt pas na bevestiging vastgelegd)',
    triggers: ['ontsla', 'ontslag voor', 'gaat met ontslag', 'ontslag regelen'],
    entities: ['patientName', 'dateLabel'],
    required: ['patientName'],
  },
  {
    intent: 'intake_status',
    description: 'Stand van de intake van een patiënt',
    triggers: ['hoe staat de intake', 'is de intake compleet'],
    entities: ['patientName'],
    required: ['patientName'],
  },
  {
    intent: 'intake_navigeer',
    description: 'Naar (een sectie van) het intakeformulier gaan',
    triggers: ['ga naar de intake', 'open de anamnese'],
    entities: ['patientName'],
    required: ['patientName'],
  },
  {
    intent: 'risico_query',
    description: 'De risico’s van een patiënt',
    triggers: ['risico’s', 'suïciderisico', 'agressierisico'],
    entities: ['patientName'],
    required: ['patientName'],
  },
  {
    intent: 'diagnose_query',
    description: 'Diagnoses of DSM-classificatie van een patiënt',
    triggers: ['diagnose', 'dx', 'DSM'],
    entities: ['patientName'],
    required: ['patientName'],
  },
  {
    intent: 'dossiervraag',
    description:
      'Een vrije vraag over het dossier van één patiënt die geen van de vaste vragen hierboven is (medicatie, metingen, slaap, eerdere maatregelen, contactpersonen): beantwoord uit het dossier, met bronnen',
    triggers: ['wanneer is de … verhoogd', 'hoe sliep', 'heeft … eerder', 'wat was de laatste', 'wie is zijn mentor', '… vraagteken'],
    entities: ['patientName', 'vraag'],
    required: ['patientName'],
  },
  {
    intent: 'unknown',
    description: 'Al het andere: medicatieopdrachten geven, ontslagbrieven, bellen, vragen buiten het dossier',
    triggers: [],
    entities: [],
    required: [],
  },
];
