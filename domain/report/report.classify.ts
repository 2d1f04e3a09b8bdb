import { parseOrThrow } from '../shared/validation';
import { classifyInputSchema, type ReportCategory, type ReportType } from './report.schemas';

export interface ReportClassification {
  type: ReportType;
  category: ReportCategory;
  includeInHandover: boolean;
  confidence: number;
}

interface Rule {
  pattern: RegExp;
  type?: ReportType;
  category: ReportCategory;
  handover: boolean;
}

// Ordered from most to least urgent: the first matching rule decides type and category.
const rules: Rule[] = [
  {
    pattern: /\b(crisis|separeer\w*|separatie|fixatie|gefixeerd|dwangmedicatie|suïcid\w*|suicid\w*|zelfdoding|zelfbeschadig\w*)\b/i,
    type: 'crisis',
    category: 'incident',
    handover: true,
  },
  {
    pattern: /\b(geslagen|sloeg|slaan|geschopt|schopte|agressie\w*|agressief|bedreig\w*|vernield|gevallen|valincident|gebeten)\b/i,
    type: 'incident',
    category: 'incident',
    handover: true,
  },
  {
    pattern: /\b(weiger\w*|bijwerking\w*|dosis|dosering|medicatie\w*|med|pillen|tablet\w*|depot|lithium|clozapine)\b/i,
    category: 'medicatie',
    handover: false,
  },
  {
    pattern: /\b(onrustig|geagiteerd|boos|teruggetrokken|somber|angstig|achterdochtig|stemmen|hallucin\w*|wanen|gedrag|ontremd)\b/i,
    category: 'gedrag',
    handover: false,
  },
  {
    pattern: /\b(douche\w*|gedoucht|gewassen|wassen|aankleden|eten|gegeten|maaltijd|toilet|verzorging|adl)\b/i,
    category: 'adl',
    handover: false,
  },
];

// Signals a next shift must hear about, whatever the category.
const handoverSignals =
  /\b(weiger\w*|bijwerking\w*|onrustig|geagiteerd|achterdochtig|stemmen|hallucin\w*|suïcid\w*|suicid\w*|niet gegeten|niet geslapen|koorts)\b/i;

/**
 * The deterministic local classifier for a report text: type, category and handover relevance.
 * It is the fallback of the AI classifier and what runs when no language model is configured.
 */
export function classifyReportLocally(input: unknown): ReportClassification {
  const { text } = parseOrThrow(classifyInputSchema, input);
  const matches = rules.filter((rule) => rule.pattern.test(text));
  const first = matches[0];
  if (!first) return { type: 'dagnotitie', category: 'observatie', includeInHandover: handoverSignals.test(text), confidence: 0.5 };
  return {
    type: first.type ?? 'dagnotitie',
    category: first.category,
    includeInHandover: first.handover || handoverSignals.test(text),
    confidence: matches.length === 1 ? 0.85 : 0.75,
  };
}
