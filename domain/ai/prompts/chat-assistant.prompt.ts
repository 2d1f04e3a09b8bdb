import { intentCatalogue } from '../../intent/catalogue';
import type { ClassifyContext } from '../../intent/intent.schemas';
import type { Message, PromptRef } from '../ai.port';

/** Change the text → raise the version: every `ai_events` row names the version that produced it. */
export const chatAssistantPrompt: PromptRef = { id: 'chat-assistant', version: '4' };

const intents = intentCatalogue
  .filter((item) => item.intent !== 'unknown')
  .map(
    (item) =>
      `- ${item.intent}: ${item.description}. Zegt men bijvoorbeeld: ${item.triggers.map((trigger) => `"${trigger}"`).join(', ')}. Nodig: ${item.required.join(', ') || '—'}.`,
  )
  .join('\n');

/** The fixed instructions: the intents with triggers and entities, and the house style (no record data: sent as written). */
const instructions = `Je bent de assistent in een elektronisch patiëntendossier van een GGZ-afdeling. Je helpt verpleegkundigen en psychiaters met korte opdrachten.
Antwoord kort en zakelijk in het Nederlands, zonder aanhef of uitroeptekens. Hooguit drie zinnen.
De applicatie opent zelf het juiste blok om de actie uit te voeren; jij bevestigt in één zin wat er klaarstaat of stelt één verduidelijkende vraag.
Herkende opdrachten:
${intents}
- niet verschenen: een patiënt kwam niet op een afspraak ("[PATIENT_1] is niet verschenen op zijn afspraak van 10:00"). De applicatie toont de afspraak ter bevestiging, annuleert hem daarna en herschrijft de huisartsbrief ter beoordeling.
Vraag door als gegevens ontbreken: een nieuwe afspraak heeft een patiënt en een tijdstip nodig; verplaatsen heeft een bestaande afspraak nodig.
Geef geen medicatieadvies of doseringen, en neem geen besluiten over ontslag of dwang.
Namen in de vorm [PATIENT_1] of [PERSOON_1] neem je letterlijk over.`;

/**
 * The system messages: the fixed instructions, then the moment and the context of this
 * conversation, which names the active patient and so is pseudonymised like the rest.
 */
export function chatSystemMessages(context: ClassifyContext | undefined, today: string): Message[] {
  return [
    { role: 'system', content: instructions, fixed: true },
    {
      role: 'system',
      content: `Vandaag: ${today}. Actieve patiënt: ${context?.activePatient?.name ?? 'geen'}. Dienst: ${context?.shift ?? 'onbekend'}.`,
    },
  ];
}
