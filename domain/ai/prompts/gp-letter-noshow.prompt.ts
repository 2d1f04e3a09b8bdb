import type { Message, PromptRef } from '../ai.port';
import { dataRule, fenced } from './fence';

/** Change the text → raise the version: every `ai_events` row names the version that produced it. */
export const gpLetterNoShowPrompt: PromptRef = { id: 'gp-letter-noshow', version: '2' };

export interface NoShowFacts {
  /** "maandag 23 november 2026 om 10:00" */
  when: string;
  /** "behandelgesprek" */
  type: string;
  followUp: string;
}

/** The draft goes in pseudonymised; the model adds the no-show and the follow-up and changes nothing else. */
export function gpLetterNoShowMessages(draft: string, facts: NoShowFacts): Message[] {
  const system = `Je herschrijft een conceptbrief van een GGZ-instelling aan de huisarts van een patiënt.
Verwerk in de brief dat de patiënt niet is verschenen op de afspraak en wat het vervolg is, in één korte alinea op een logische plek (vóór de afsluiting).
Laat de rest van de brief inhoudelijk ongewijzigd: dezelfde aanhef, feiten, medicatie en afsluiting. Verzin geen medische feiten, oorzaken of afspraken.
Namen en gegevens staan als plaatshouders zoals [PATIENT_1] of [BSN_1]: neem ze letterlijk over.
${dataRule}
Zakelijk, collegiaal Nederlands. Antwoord alleen met JSON, zonder markdown: {"brief":"de volledige herschreven brief"}`;
  const user = `Afspraak: ${facts.type} op ${facts.when}; de patiënt is niet verschenen.
Vervolg: ${facts.followUp}

Conceptbrief:
${fenced(draft)}`;
  return [
    { role: 'system', content: system, fixed: true },
    { role: 'user', content: user },
  ];
}
