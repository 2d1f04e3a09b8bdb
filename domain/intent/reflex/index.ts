/**
 * The local reflex (ADR 0009, 0031): a Dutch sentence → an ordered chain of actions. One module per
 * concern, in the order a sentence passes them: `tokens` → `lookup` (lexicon, typos) → `segments`
 * (one per action, with `clauses` for what is negated, declined or only told) → `names` and `times`
 * → `classify` (the rules' reading) → `features` (what the intent model sees) → `entities` →
 * `merge` (pieces that are no action of their own) → `sentence` (the whole chain).
 */
export { classifyReflex, partFeatures, type ReflexResult } from './sentence';
export { normalizeWord } from './tokens';
