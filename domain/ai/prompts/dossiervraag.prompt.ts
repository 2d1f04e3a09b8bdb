import type { Message, PromptRef } from '../ai.port';
import { dataRule, fenced } from './fence';

/** Change the text → raise the version: every `ai_events` row names the version that produced it. */
export const dossiervraagPrompt: PromptRef = { id: 'dossiervraag', version: '1' };

/** What the model says when the sources do not answer; the checker lets this one sentence through without a source. */
export const modelDoesNotKnow = 'Ik weet het niet: het dossier geeft hier geen antwoord op.';

/** The fixed instructions (no record data: sent as written). */
const instructions = `Je beantwoordt een vraag van een zorgverlener over het dossier van één patiënt van een GGZ-afdeling.
Gebruik alleen de genummerde bronnen hieronder. Verzin niets: geen doseringen, datums, tijden, getallen, medicijnen of namen die niet letterlijk in een bron staan.
Zet na elke zin de bron of bronnen waarop die zin berust, tussen vierkante haken: [B1] of [B1, B3]. Een zin zonder bron wordt weggelaten.
Schrijf datums, getallen en medicijnnamen zoals ze in de bron staan.
Staat het antwoord niet in de bronnen, antwoord dan alleen: "${modelDoesNotKnow}"
${dataRule}
Antwoord in kort, zakelijk Nederlands, in hooguit vijf zinnen, zonder aanhef en zonder opsommingstekens.
Namen in de vorm [PATIENT_1] of [PERSOON_1] neem je letterlijk over.`;

/** A source as the model sees it, one line: its label, kind, date, author and passage. */
export interface PromptSource {
  label: string;
  line: string;
}

/** The system prompt, then the question and the sources, fenced as data (both are pseudonymised on the way out). */
export function dossiervraagMessages(vraag: string, sources: readonly PromptSource[]): Message[] {
  const lines = sources.map((source) => `[${source.label}] ${source.line}`).join('\n');
  return [
    { role: 'system', content: instructions, fixed: true },
    { role: 'user', content: `Vraag:\n${fenced(vraag)}\n\nBronnen:\n${fenced(lines)}` },
  ];
}
