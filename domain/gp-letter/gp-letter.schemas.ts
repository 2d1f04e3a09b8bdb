import { roleLabel } from '../auth/auth.schemas';
import { nullableText, z } from '../shared/validation';

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
export const gpLetterEvents = ['concept', 'aangepast', 'herschreven', 'afgewezen', 'goedgekeurd', 'verzendklaar', 'ingetrokken'] as const;
export type GpLetterEvent = (typeof gpLetterEvents)[number];

export const gpLetterEventLabels: Record<GpLetterEvent, string> = {
  concept: 'Concept opgesteld',
  aangepast: 'Concept aangepast',
  herschreven: 'Herschreven omdat de patiënt niet verscheen',
  afgewezen: 'Herschrijving afgewezen, terug naar het origineel',
  goedgekeurd: 'Beoordeeld en goedgekeurd',
  verzendklaar: 'Verzendklaar gemaakt',
  ingetrokken: '‘Niet verschenen’ ingetrokken, terug naar concept',
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

/**
 * Who approves and signs a GP letter: the practitioner who leads the treatment. Of the roles the
 * product knows, that is the psychiatrist (the regiebehandelaar, as for the treatment plan, ADR 13).
 * Anyone with access may prepare a letter, have it rewritten and reject a rewrite.
 */
export const gpLetterSignerRoles: readonly string[] = ['psychiater'];

export function maySignGpLetter(role: string): boolean {
  return gpLetterSignerRoles.includes(role);
}

/** Said (403) when someone else approves, and beside the disabled button on the review page. */
export const onlySignerApproves =
  'Alleen een psychiater (regiebehandelaar) kan een huisartsbrief goedkeuren en ondertekenen. Je kunt de brief wel voorbereiden; een psychiater keurt hem goed.';

/** The signer's title under their name on the letter, from their profile. */
export function signerTitle(role: string): string {
  return role === 'psychiater' ? 'Psychiater, regiebehandelaar' : roleLabel(role);
}

export const gpLetterNotFound = 'De gevraagde brief is niet gevonden.';

/** Said when a letter is to be made ready to send before it was approved (service and workflow alike). */
export const notYetReviewed =
  'De huisartsbrief is nog niet beoordeeld. Keur de brief eerst goed op de pagina Brieven; daarna kan hij verzendklaar worden gemaakt.';

/** To whom the letter goes: without a GP's name a letter cannot be approved. */
export const letterGpSchema = z.object({
  gpName: z
    .string({ error: 'Vul de naam van de huisarts in.' })
    .trim()
    .min(2, 'Vul de naam van de huisarts in.')
    .max(120, 'De naam is te lang.'),
  gpPractice: nullableText(120, 'De naam van de praktijk is te lang.'),
  gpAddress: nullableText(300, 'Het adres is te lang.'),
});
export type LetterGp = z.output<typeof letterGpSchema>;

const letterText = z
  .string({ error: 'Schrijf de tekst van de brief.' })
  .trim()
  .min(20, 'De brief is te kort; schrijf minstens een paar zinnen.')
  .max(letterTextMax, `De brief mag maximaal ${letterTextMax} tekens lang zijn.`);
const letterSubject = z
  .string({ error: 'Vul een onderwerp in.' })
  .trim()
  .min(3, 'Vul een onderwerp in.')
  .max(200, 'Het onderwerp is te lang.');

/** A concept as the clinician writes or edits it. */
export const draftLetterSchema = z.object({ subject: letterSubject, text: letterText });

/** A new letter to the GP, started from the patient's record. */
export const newLetterSchema = draftLetterSchema.extend({
  patientId: z.uuid('Kies een bestaande patiënt.'),
  gpName: nullableText(120, 'De naam is te lang.'),
  gpPractice: nullableText(120, 'De naam van de praktijk is te lang.'),
  gpAddress: nullableText(300, 'Het adres is te lang.'),
});

/** Said when a letter to an unknown GP is to be approved. */
export const gpUnknown = 'Deze brief heeft nog geen huisarts. Kies eerst aan welke huisarts de brief gaat; daarna kun je hem goedkeuren.';

/** The reviewer's rejection of a rewrite: the letter goes back to the original, the reason stays in its history. */
export const rejectRewriteSchema = z.object({
  reason: z
    .string({ error: 'Geef kort aan waarom de herschreven brief wordt afgewezen.' })
    .trim()
    .min(3, 'Geef kort aan waarom de herschreven brief wordt afgewezen.')
    .max(500, 'De reden mag maximaal 500 tekens lang zijn.'),
});
