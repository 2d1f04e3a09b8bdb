import { aggressionWords, hallucinationWords, suicideAndSelfHarmWords, washingWords } from '../shared/clinical-vocabulary';
import type { ReportCategory, ReportType } from './report.schemas';

/**
 * The words of the local report classifier (`report.classify.ts` applies them). The classifier
 * reads the text as typed, case-insensitively but with its diacritics, so a word that is often
 * written with one is listed in both spellings ("suïcid*" beside "suicid*"). A trailing `*` makes
 * a word a stem ("tablet*" covers tabletten).
 */
export interface ClassifyRule {
  words: readonly string[];
  /** The report type when this rule decides; a daily note when left out. */
  type?: ReportType;
  category: ReportCategory;
  /** Whether a note this rule decides always goes to the next shift. */
  handover: boolean;
}

// Ordered from most to least urgent: the first matching rule decides type and category.
export const classifyRules: readonly ClassifyRule[] = [
  {
    // Crisis and coercion, suicidality and self-harm.
    words: ['crisis', 'separeer*', 'separatie', 'fixatie', 'gefixeerd', 'dwangmedicatie', 'suïcid*', ...suicideAndSelfHarmWords],
    type: 'crisis',
    category: 'incident',
    handover: true,
  },
  {
    // Violence, threats and falls.
    words: [
      'geslagen',
      'sloeg',
      'slaan',
      'geschopt',
      'schopte',
      ...aggressionWords,
      'bedreig*',
      'vernield',
      'gevallen',
      'valincident',
      'gebeten',
    ],
    type: 'incident',
    category: 'incident',
    handover: true,
  },
  {
    words: ['weiger*', 'bijwerking*', 'dosis', 'dosering', 'medicatie*', 'med', 'pillen', 'tablet*', 'depot', 'lithium', 'clozapine'],
    category: 'medicatie',
    handover: false,
  },
  {
    words: [
      'onrustig',
      'geagiteerd',
      'boos',
      'teruggetrokken',
      'somber',
      'angstig',
      'achterdochtig',
      ...hallucinationWords,
      'wanen',
      'gedrag',
      'ontremd',
    ],
    category: 'gedrag',
    handover: false,
  },
  {
    words: ['douche*', 'gedoucht', ...washingWords, 'aankleden', 'eten', 'gegeten', 'maaltijd', 'toilet', 'verzorging', 'adl'],
    category: 'adl',
    handover: false,
  },
];

/** Signals a next shift must hear about, whatever the category. */
export const handoverSignals = [
  'weiger*',
  'bijwerking*',
  'onrustig',
  'geagiteerd',
  'achterdochtig',
  ...hallucinationWords,
  'suïcid*',
  'suicid*',
  'niet gegeten',
  'niet geslapen',
  'koorts',
] as const;
