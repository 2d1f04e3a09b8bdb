import { z } from '../shared/validation';

/*
 * The GP letter (huisartsbrief): a draft that a process may rewrite, a clinician reviews and
 * approves, and that is then made ready to send. Statuses and events are the words on the page.
 */

export const gpLetterStatuses = ['concept', 'ter_beoordeling', 'goedgekeurd', 'verzendklaar'] as const;
export type GpLetterStatus = (typeof gpLetterStatuses)[number];

export const gpLetterStatusLabels: Record<GpLetterStatus, string> = {
  concept: 'Concept',
  ter_beoordeling: 'Ter beoordeling',
  goedgekeurd: 'Goedgekeurd',
  verzendklaar: 'Verzendklaar',
};

/** What made a new version: the history of a letter reads as these events. */
export const gpLetterEvents = ['concept', 'herschreven', 'goedgekeurd', 'verzendklaar', 'ingetrokken'] as const;
export type GpLetterEvent = (typeof gpLetterEvents)[number];

export const gpLetterEventLabels: Record<GpLetterEvent, string> = {
  concept: 'Concept opgesteld',
  herschreven: 'Herschreven na no-show',
  goedgekeurd: 'Beoordeeld en goedgekeurd',
  verzendklaar: 'Verzendklaar gemaakt',
  ingetrokken: 'No-show ingetrokken, terug naar concept',
};

export const rewriteSources = ['taalmodel', 'lokaal'] as const;
export type RewriteSource = (typeof rewriteSources)[number];

export const letterTextMax = 20_000;

export const approveLetterSchema = z.object({
  finalText: z
    .string({ error: 'Geef de tekst van de brief mee.' })
    .trim()
    .min(20, 'De brief is te kort om te versturen.')
    .max(letterTextMax, `De brief mag maximaal ${letterTextMax} tekens lang zijn.`),
});
export type ApproveLetter = z.output<typeof approveLetterSchema>;

export const gpLetterNotFound = 'De gevraagde brief is niet gevonden.';

/** Said when a letter is to be made ready to send before it was approved (service and workflow alike). */
export const notYetReviewed =
  'De huisartsbrief is nog niet beoordeeld. Keur de brief eerst goed op de pagina Brieven; daarna kan hij verzendklaar worden gemaakt.';
