import { seededRandom, shuffleInPlace } from '../shared/random';
import { intents, type Intent } from './intent.schemas';
import trained from './intent-model.json';

/**
 * The reflex's learned part (ADR 0031): a softmax regression over the features the rules read in a
 * part of a sentence. Trained offline by `npm run intent:train` on the labelled sentences in
 * `domain/intent/training/` and `tests/fixtures/`; the weights are data in `intent-model.json`.
 */
/**
 * Besides the intents, the model knows a part that is no action at all: a context clause the rules
 * split off ("ik begin zo aan de nacht, …", "agenda erbij pakken en …"). Where it says so, the
 * part is dropped rather than made an action — the model, not a rule per phrase, decides.
 */
export const contextClause = 'context';
export type ModelClass = Intent | typeof contextClause;

export interface IntentModelFile {
  /** sha256 of the training sentences the weights were fitted on: a test fails when they drift. */
  trainedOn: string;
  classes: ModelClass[];
  bias: number[];
  /** Feature → "classIndex:weight classIndex:weight …" (weights near zero left out). */
  weights: Record<string, string>;
}

export interface Scored {
  intent: ModelClass;
  probability: number;
}

interface Model {
  classes: ModelClass[];
  bias: number[];
  weights: Map<string, [number, number][]>;
}

function load(file: IntentModelFile): Model | null {
  if (
    file.classes.length === 0 ||
    file.classes.some((intent) => intent !== contextClause && !(intents as readonly string[]).includes(intent))
  )
    return null;
  const weights = new Map<string, [number, number][]>();
  for (const [feature, packed] of Object.entries(file.weights)) {
    weights.set(
      feature,
      packed.split(' ').map((pair) => {
        const [index, weight] = pair.split(':');
        return [Number(index), Number(weight)];
      }),
    );
  }
  return { classes: file.classes, bias: file.bias, weights };
}

let model = load(trained as IntentModelFile);

/** Swaps the weights in use: the training script scores a fresh model before writing it. */
export function swapIntentModel(file: IntentModelFile | null): void {
  model = file ? load(file) : null;
}

function softmax(scores: number[]): number[] {
  const top = Math.max(...scores);
  const exps = scores.map((score) => Math.exp(score - top));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((value) => value / sum);
}

/** The intents by probability, best first; null when no model is present. */
export function predictIntent(features: string[]): [Scored, Scored, ...Scored[]] | null {
  if (!model) return null;
  const { bias, weights, classes } = model;
  const scores = [...bias];
  for (const feature of features) {
    for (const [index, weight] of weights.get(feature) ?? []) scores[index]! += weight;
  }
  return softmax(scores)
    .map((probability, index) => ({ intent: classes[index]!, probability }))
    .sort((a, b) => b.probability - a.probability) as [Scored, Scored, ...Scored[]];
}

// ---------------------------------------------------------------------------------------------
// Training: deterministic (seeded order), so the same sentences give the same weights.

export interface Example {
  features: string[];
  intent: ModelClass;
  weight?: number;
}

export interface TrainOptions {
  epochs?: number;
  rate?: number;
  l2?: number;
  /** Features seen in fewer examples than this are dropped: a word seen once is noise. */
  minCount?: number;
  /**
   * Models fitted in as many shuffled orders, their weights averaged: one order's luck (a few
   * sentences more or less right on unseen text) averages out.
   */
  orders?: number;
}

export function trainIntentModel(examples: Example[], trainedOn: string, options: TrainOptions = {}): IntentModelFile {
  const { epochs = 40, rate = 0.2, l2 = 1e-4, minCount = 2, orders = 1 } = options;
  const classes: ModelClass[] = [...intents, contextClause];
  const counts = new Map<string, number>();
  for (const example of examples) for (const feature of new Set(example.features)) counts.set(feature, (counts.get(feature) ?? 0) + 1);
  const vocabulary = [...counts]
    .filter(([, count]) => count >= minCount)
    .map(([feature]) => feature)
    .sort();
  const featureIndex = new Map(vocabulary.map((feature, index) => [feature, index]));
  const size = classes.length;
  const rows = examples.map((example) => ({
    ids: [...new Set(example.features)].map((feature) => featureIndex.get(feature)).filter((id): id is number => id !== undefined),
    target: classes.indexOf(example.intent),
    weight: example.weight ?? 1,
  }));
  const weights = new Float64Array(vocabulary.length * size);
  const bias = new Float64Array(size);
  for (let run = 0; run < orders; run++) {
    const fitted = fit(rows, vocabulary.length, size, { epochs, rate, l2, seed: 22 + run * 7919 });
    for (let at = 0; at < weights.length; at++) weights[at]! += fitted.weights[at]! / orders;
    for (let c = 0; c < size; c++) bias[c]! += fitted.bias[c]! / orders;
  }
  const packed: Record<string, string> = {};
  vocabulary.forEach((feature, id) => {
    const pairs: string[] = [];
    for (let c = 0; c < size; c++) {
      const weight = weights[id * size + c]!;
      if (Math.abs(weight) >= 0.05) pairs.push(`${c}:${Number(weight.toFixed(2))}`);
    }
    if (pairs.length > 0) packed[feature] = pairs.join(' ');
  });
  return { trainedOn, classes, bias: [...bias].map((value) => Number(value.toFixed(2))), weights: packed };
}

/** One fit: AdaGrad over the rows in a seeded order, the same rows and seed giving the same weights. */
function fit(
  rows: { ids: number[]; target: number; weight: number }[],
  features: number,
  size: number,
  { epochs, rate, l2, seed }: { epochs: number; rate: number; l2: number; seed: number },
): { weights: Float64Array; bias: Float64Array } {
  const weights = new Float64Array(features * size);
  const squared = new Float64Array(features * size).fill(1e-8);
  const bias = new Float64Array(size);
  const biasSquared = new Float64Array(size).fill(1e-8);
  const random = seededRandom(seed);
  const order = rows.map((_, index) => index);
  for (let epoch = 0; epoch < epochs; epoch++) {
    shuffleInPlace(order, random);
    for (const rowIndex of order) {
      const row = rows[rowIndex]!;
      const scores = [...bias];
      for (const id of row.ids) for (let c = 0; c < size; c++) scores[c]! += weights[id * size + c]!;
      const probabilities = softmax(scores);
      for (let c = 0; c < size; c++) {
        const gradient = (probabilities[c]! - (c === row.target ? 1 : 0)) * row.weight;
        biasSquared[c]! += gradient * gradient;
        bias[c]! -= (rate * gradient) / Math.sqrt(biasSquared[c]!);
        for (const id of row.ids) {
          const at = id * size + c;
          const step = gradient + l2 * weights[at]!;
          squared[at]! += step * step;
          weights[at]! -= (rate * step) / Math.sqrt(squared[at]!);
        }
      }
    }
  }
  return { weights, bias };
}
