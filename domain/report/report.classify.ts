import { wordPattern } from '../shared/clinical-vocabulary';
import { parseOrThrow } from '../shared/validation';
import { classifyRules, handoverSignals } from './report.classify.rules';
import { classifyInputSchema, type ReportCategory, type ReportType } from './report.schemas';

export interface ReportClassification {
  type: ReportType;
  category: ReportCategory;
  includeInHandover: boolean;
  confidence: number;
}

/** Any of the words, as a whole word, in any case. */
const anyWord = (words: readonly string[]) => new RegExp(String.raw`\b(${words.map(wordPattern).join('|')})\b`, 'i');

// The words are in report.classify.rules.ts, ordered from most to least urgent.
const rules = classifyRules.map((rule) => ({ ...rule, pattern: anyWord(rule.words) }));
const handoverSignal = anyWord(handoverSignals);

/**
 * The deterministic local classifier for a report text: type, category and handover relevance.
 * It is the fallback of the AI classifier and what runs when no language model is configured.
 */
export function classifyReportLocally(input: unknown): ReportClassification {
  const { text } = parseOrThrow(classifyInputSchema, input);
  const matches = rules.filter((rule) => rule.pattern.test(text));
  const first = matches[0];
  if (!first) return { type: 'dagnotitie', category: 'observatie', includeInHandover: handoverSignal.test(text), confidence: 0.5 };
  return {
    type: first.type ?? 'dagnotitie',
    category: first.category,
    includeInHandover: first.handover || handoverSignal.test(text),
    confidence: matches.length === 1 ? 0.85 : 0.75,
  };
}
