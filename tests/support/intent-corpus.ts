import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ClassifyContext, Intent } from '../../domain/intent/intent.schemas';
import { classifyReflex } from '../../domain/intent/reflex';

/** The labelled ward sentences in tests/fixtures, shared by the corpus test, the bench and the training script. */
export interface CorpusEntry {
  input: string;
  context?: ClassifyContext;
  expect: { intent: Intent; patientName?: string; category?: string; dateLabel?: string }[];
  tags: string[];
}

export function loadCorpus(): CorpusEntry[] {
  return JSON.parse(readFileSync(fileURLToPath(new URL('../fixtures/intent-corpus.json', import.meta.url)), 'utf8')) as CorpusEntry[];
}

export interface CorpusScore {
  entries: number;
  topIntent: number;
  chain: number;
  patientName: number;
  category: number;
  dateLabel: number;
  byTag: Record<string, { entries: number; chain: number }>;
  /** Share of correct top intents per confidence band: a calibrated band is right as often as it says. */
  bands: Record<string, { entries: number; correct: number }>;
  misses: { input: string; expected: string; got: string }[];
}

const same = (a: string | undefined, b: string | undefined) =>
  (a ?? '').toLowerCase().replace(/\s+/g, ' ').trim() === (b ?? '').toLowerCase().replace(/\s+/g, ' ').trim();

export function bandOf(confidence: number): string {
  if (confidence > 0.9) return '> 0.9';
  if (confidence >= 0.7) return '0.7–0.9';
  if (confidence >= 0.5) return '0.5–0.7';
  return '< 0.5';
}

export function scoreCorpus(corpus: CorpusEntry[], now: Date): CorpusScore {
  let top = 0;
  let chain = 0;
  const names = { total: 0, right: 0 };
  const categories = { total: 0, right: 0 };
  const labels = { total: 0, right: 0 };
  const byTag: CorpusScore['byTag'] = {};
  const bands: CorpusScore['bands'] = {};
  const misses: CorpusScore['misses'] = [];
  for (const entry of corpus) {
    const { actions } = classifyReflex(entry.input, entry.context, now);
    const topRight = actions[0]?.intent === entry.expect[0]?.intent;
    if (topRight) top++;
    const band = bandOf(actions[0]?.confidence ?? 0);
    bands[band] ??= { entries: 0, correct: 0 };
    bands[band].entries++;
    if (topRight) bands[band].correct++;
    const chainRight =
      actions.length === entry.expect.length && actions.every((action, index) => action.intent === entry.expect[index]!.intent);
    if (chainRight) chain++;
    else
      misses.push({
        input: entry.input,
        expected: entry.expect.map((action) => action.intent).join(' → '),
        got: actions.map((action) => action.intent).join(' → '),
      });
    for (const tag of entry.tags) {
      byTag[tag] ??= { entries: 0, chain: 0 };
      byTag[tag].entries++;
      if (chainRight) byTag[tag].chain++;
    }
    entry.expect.forEach((expected, index) => {
      const got = actions[index];
      if (expected.patientName) {
        names.total++;
        if (same(got?.entities.patientName, expected.patientName)) names.right++;
        else misses.push({ input: entry.input, expected: `name ${expected.patientName}`, got: `name ${got?.entities.patientName ?? '—'}` });
      }
      if (expected.category && got?.intent === 'dagnotitie') {
        categories.total++;
        if (got.entities.category === expected.category) categories.right++;
        else
          misses.push({ input: entry.input, expected: `category ${expected.category}`, got: `category ${got.entities.category ?? '—'}` });
      }
      if (expected.dateLabel && got?.intent === expected.intent) {
        labels.total++;
        if (same(got.entities.dateLabel, expected.dateLabel)) labels.right++;
      }
    });
  }
  const share = (right: number, total: number) => (total === 0 ? 1 : right / total);
  return {
    entries: corpus.length,
    topIntent: share(top, corpus.length),
    chain: share(chain, corpus.length),
    patientName: share(names.right, names.total),
    category: share(categories.right, categories.total),
    dateLabel: share(labels.right, labels.total),
    byTag,
    bands,
    misses,
  };
}
