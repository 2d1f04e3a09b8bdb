import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scoreCorpus, type CorpusEntry } from '../tests/support/intent-corpus';
import {
  contextClause,
  trainIntentModel,
  swapIntentModel,
  type Example,
  type IntentModelFile,
  type TrainOptions,
} from '../domain/intent/intent-model';
import { partFeatures } from '../domain/intent/reflex';

/**
 * Fits the reflex's intent model (ADR 0031) on every labelled sentence we own and writes
 * `domain/intent/intent-model.json`. The held-out sets in `bench/held-out/` are never read here.
 *
 *   npm run intent:train            train and write the model
 *   npm run intent:train -- --check train on the training sets only and print the figures of
 *                                   the validation sets named in INTENT_VALIDATE (file paths)
 */
const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as CorpusEntry[];

export function trainingFiles(): string[] {
  const folder = root('domain/intent/training');
  const own = readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => `${folder}/${file}`);
  return [root('tests/fixtures/intent-corpus.json'), root('tests/fixtures/intent-holdout.json'), ...own].filter((file) => existsSync(file));
}

export function trainingHash(files: string[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(file));
  return hash.digest('hex');
}

// How much a part that only gives context weighs against a part with an action (ADR 0105, round 2): with much more
// written text of actions, weight 3 kept the model reading context as context on the dev sets L and M.
const contextWeight = Number(process.env.INTENT_CONTEXT_WEIGHT ?? 1);

/** One example per part when the reflex splits the sentence into as many parts as it has actions. */
function examplesOf(entries: CorpusEntry[], weight = 1): { examples: Example[]; skipped: number } {
  const examples: Example[] = [];
  let skipped = 0;
  for (const entry of entries) {
    const parts = partFeatures(entry.input);
    // A generated sentence that opens with a context clause: where the rules split it off, that part is no action.
    // A written sentence split into one part more than it has actions: where the rules read every later
    // part as labelled and not so the earlier parts, its first part is a context clause ("mw. X gaat met
    // verlof; wat zijn haar risico's").
    const ruleOf = (features: string[]) => features.find((feature) => feature.startsWith('r:'))?.slice(2);
    const agree = (from: number) => entry.expect.filter((action, index) => ruleOf(parts[from + index]!) === action.intent).length;
    const opensWithContext = parts.length === entry.expect.length + 1 && agree(1) === entry.expect.length && agree(0) < entry.expect.length;
    if (((entry as { contextAt?: string }).contextAt === 'first' || opensWithContext) && parts.length === entry.expect.length + 1) {
      examples.push({ features: parts[0]!, intent: contextClause, weight: weight * contextWeight });
      parts.slice(1).forEach((features, index) => examples.push({ features, intent: entry.expect[index]!.intent, weight }));
      continue;
    }
    if (parts.length !== entry.expect.length) {
      skipped++;
      continue;
    }
    parts.forEach((features, index) => examples.push({ features, intent: entry.expect[index]!.intent, weight }));
  }
  return { examples, skipped };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/**
 * The model from these files. The reflex's segmenter asks the model whether a clause is context, so the parts a sentence
 * splits into depend on the model in use: fitted on the parts of whatever model was loaded before, a retrain of the same
 * files gave another model each time. Now the first fit reads the parts the rules alone give, the second the parts the
 * first fit gives, and the same files and options always give the same model.
 */
function fitTwice(
  files: string[],
  options: TrainOptions,
): { model: IntentModelFile; entries: CorpusEntry[]; parts: number; skipped: number } {
  // Sentences from our own templates (scripts/generate-intent-training.ts) weigh less than written ones.
  const generated = files.filter((file) => file.endsWith('-generated.json'));
  const entries = files.flatMap(read);
  const fitOnce = () => {
    const written = examplesOf(files.filter((file) => !generated.includes(file)).flatMap(read));
    const fromTemplates = examplesOf(generated.flatMap(read), Number(process.env.INTENT_GENERATED_WEIGHT ?? 0.5));
    const examples = [...written.examples, ...fromTemplates.examples];
    return {
      model: trainIntentModel(examples, trainingHash(files), options),
      parts: examples.length,
      skipped: written.skipped + fromTemplates.skipped,
    };
  };
  swapIntentModel(null);
  const first = fitOnce();
  swapIntentModel(first.model);
  return { ...fitOnce(), entries };
}

function main() {
  const files = trainingFiles();
  const options: TrainOptions = {
    epochs: Number(process.env.INTENT_EPOCHS ?? 40),
    rate: Number(process.env.INTENT_RATE ?? 0.2),
    l2: Number(process.env.INTENT_L2 ?? 1e-4),
    minCount: Number(process.env.INTENT_MIN_COUNT ?? 2),
    // Averaged over five shuffled orders: a retrained model moves the never-seen sets less (issue 43).
    orders: Number(process.env.INTENT_ORDERS ?? 5),
  };
  const started = performance.now();
  const { model, entries, parts, skipped } = fitTwice(files, options);
  console.log(
    `[train] ${entries.length} sentences → ${parts} parts (${skipped} sentences split otherwise, left out); ${Object.keys(model.weights).length} features; ${(performance.now() - started).toFixed(0)} ms`,
  );
  if (process.argv.includes('--check')) {
    const now = new Date('2026-11-22T09:00:00+01:00');
    for (const path of (process.env.INTENT_VALIDATE ?? '').split(',').filter(Boolean)) {
      swapIntentModel(null);
      const before = scoreCorpus(read(path), now);
      swapIntentModel(model);
      const after = scoreCorpus(read(path), now);
      const line = (score: typeof before) =>
        `top ${percent(score.topIntent)} · chain ${percent(score.chain)} · name ${percent(score.patientName)}`;
      console.log(`[train] ${path.split('/').pop()}: rules ${line(before)} → with model ${line(after)}`);
    }
    return;
  }
  writeFileSync(root('domain/intent/intent-model.json'), `${JSON.stringify(model)}\n`);
  console.log(`[train] wrote domain/intent/intent-model.json (${(JSON.stringify(model).length / 1024).toFixed(0)} KiB)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
