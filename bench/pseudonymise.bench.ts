import { Pseudonymiser, type KnownPerson } from '../domain/ai/pseudonymise';
import { readCorpus, scoreCorpus, type CorpusItem } from '../tests/support/pseudonymisation-corpus';

/**
 * Pseudonymisation figures: for each corpus, how many texts still hold a piece of an identifier
 * and how many had clinical words changed, first with only the patient known (what the AI paths
 * passed before issue 20), then with every person the record knows. Also the cost per text.
 *
 *   npm run bench:pseudonymise [-- more.jsonl ...]   # held-out sets are extra arguments
 */
const log = (line: string) => console.log(`[bench] ${line}`);
const fixtures = new URL('../tests/fixtures/pseudonymisation/', import.meta.url);
const sets = [
  { label: 'eigen corpus (A)', path: new URL('corpus.jsonl', fixtures).pathname, own: true },
  { label: 'gewone woorden (A)', path: new URL('false-positives.jsonl', fixtures).pathname, own: true },
  // Held-out sets are scored by count only: their failing texts are never shown to whoever tunes the rules.
  ...process.argv.slice(2).map((path) => ({ label: path, path, own: false })),
];

const patientOnly = (item: CorpusItem): KnownPerson[] => [item.patient];
const everyone = (item: CorpusItem): KnownPerson[] => [item.patient, ...item.people];

for (const { label, path, own } of sets) {
  const items = readCorpus(path);
  for (const [known, people] of [
    ['patient only', patientOnly],
    ['all known', everyone],
  ] as const) {
    const started = performance.now();
    const score = scoreCorpus(items, (item) => new Pseudonymiser(people(item)).pseudonymise(item.text));
    const perText = (performance.now() - started) / items.length;
    log(
      `${label} — ${known}: ${score.items} texts, leaking ${score.leakingTexts} (${score.leakedPieces} pieces), clinical text changed ${score.damagedTexts}, ${perText.toFixed(2)} ms/text`,
    );
    if (own && known === 'all known' && process.env.BENCH_VERBOSE) {
      for (const failure of score.failures)
        log(`  ${failure.id} ${failure.kind}: leaked ${failure.leaked.length}, lost ${failure.lost.length}`);
    }
  }
}
