/**
 * Clinical words that mean the same thing to more than one reader of ward text: the handover's
 * relevance rules (`domain/handover/relevance.rules.ts`), the local report classifier
 * (`domain/report/report.classify.rules.ts`) and the intent lexicon (`domain/intent/lexicon.ts`).
 * Each list is the part its users have in common; a user that needs more adds its own words next
 * to the list instead of copying it.
 *
 * Words are written normalised (lower case, no diacritics); a trailing `*` makes a word a stem
 * ("tablet*" covers tablet, tabletten). `wordPattern` turns a word into a regular-expression
 * alternative for the readers that work with patterns.
 *
 * Lists marked "intent lexicon" are features of the trained intent model
 * (`domain/intent/intent-model.json`, ADR 31): changing them changes what the model sees, so run
 * `npm run intent:train` and `npm run bench:intent` after any change to them. The lexicon takes
 * each of its lists in place as a run of words, so their order counts too.
 */

/** Medication in general, by whatever word a ward note uses. Relevance rules, intent lexicon. */
export const medicationWords = ['medicatie*', 'med', 'meds', 'medicijn*', 'pil', 'pillen', 'tablet*'] as const;

/** Medication taken as prescribed. Relevance rules (routine medication), intent lexicon. */
export const medicationTakenWords = ['ingenomen', 'innemen', 'inname'] as const;

/** As-needed medication: "prn", "z.n." (zo nodig). Relevance rules, intent lexicon. */
export const asNeededMedicationWords = ['prn', 'zn'] as const;

/** Meals. Relevance rules (routine ADL), intent lexicon (ADL cue). */
export const mealWords = ['maaltijd*', 'ontbijt', 'lunch', 'avondeten'] as const;

/** Washing. Relevance rules (routine ADL), report classifier (ADL), intent lexicon (ADL cue). */
export const washingWords = ['wassen', 'gewassen'] as const;

/** Sleeping, said as a plain observation. Relevance rules (standard observation), intent lexicon. */
export const sleepWords = ['slaapt', 'sliep'] as const;

/** Hearing voices and hallucinating. Relevance rules (psychotic), report classifier (behaviour, handover signal). */
export const hallucinationWords = ['stemmen', 'hallucin*'] as const;

/** Suicidality and self-harm. Relevance rules (self-directed risk types), report classifier (crisis). */
export const suicideAndSelfHarmWords = ['suicid*', 'zelfdoding', 'zelfbeschadig*'] as const;

/** Aggression named as such. Report classifier (incident), intent lexicon (incident cue). */
export const aggressionWords = ['agressie*', 'agressief'] as const;

/** A vocabulary word as a regular-expression alternative: "tablet*" → "tablet\w*". */
export const wordPattern = (word: string): string => (word.endsWith('*') ? String.raw`${word.slice(0, -1)}\w*` : word);
