import { Pseudonymiser } from '../domain/ai/pseudonymise';
import { readCorpus, scoreHeldOut } from '../tests/support/pseudonymisation-corpus';

/**
 * Per-kind figures on the readable sets (never a held-out one): `tsx scripts/measure-pseudonymise.ts train-n dev-k [--fail]`.
 * A name is a fixture set; a path ending in `.jsonl` is read as it is (a set still being written).
 * Scored as the holdout test scores (the text's own people known), with failing texts listed when asked.
 */
const names = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const showFailures = process.argv.includes('--fail');
for (const name of names) {
  if (/held/i.test(name)) throw new Error('held-out sets are measured by their test only');
  const path = name.endsWith('.jsonl') ? name : new URL(`../tests/fixtures/pseudonymisation/${name}.jsonl`, import.meta.url).pathname;
  const items = readCorpus(path);
  const byId = new Map(items.map((item) => [item.id, item]));
  const outputs = new Map<string, string>();
  const score = scoreHeldOut(items, (item) => {
    const pseudonymiser = new Pseudonymiser([item.patient, ...item.people]);
    const output = pseudonymiser.pseudonymise(item.text);
    outputs.set(item.id, output);
    return { output, surfaceOf: (placeholder) => pseudonymiser.reidentify(placeholder) };
  });
  console.log(
    `${name}: ${score.items} texts, leaking ${score.leakingTexts} (${score.leakedPieces} pieces), damaged ${score.damagedTexts}, clean changed ${score.cleanChanged}, labels patientWrong ${score.labels.patientWrong} otherAsPatient ${score.labels.otherAsPatient}`,
  );
  console.log(
    '  kinds: ' +
      Object.entries(score.byKind)
        .sort()
        .map(([kind, f]) => `${kind} ${f.leaking}/${f.items}${f.damaged ? ` d${f.damaged}` : ''}`)
        .join(', '),
  );
  console.log(
    '  caught: ' +
      Object.entries(score.caught)
        .sort()
        .map(([category, c]) => `${category} ${c.caught}/${c.identifiers}`)
        .join(', '),
  );
  if (!showFailures) continue;
  for (const failure of score.failures) {
    const item = byId.get(failure.id)!;
    console.log(`\n# ${failure.id} ${failure.kind} leaked=${JSON.stringify(failure.leaked)} lost=${JSON.stringify(failure.lost)}`);
    console.log(`  IN : ${item.text}`);
    console.log(`  OUT: ${outputs.get(failure.id)}`);
  }
  for (const item of items)
    if (item.kind === 'no-pii' && outputs.get(item.id) !== item.text && !score.failures.some((f) => f.id === item.id)) {
      console.log(`\n# ${item.id} no-pii CHANGED`);
      console.log(`  IN : ${item.text}`);
      console.log(`  OUT: ${outputs.get(item.id)}`);
    }
}
