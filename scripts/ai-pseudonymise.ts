import { createInterface } from 'node:readline';
import { pseudonymiseLine } from '../domain/ai/pseudonymise.cli';

/** `npm run --silent ai:pseudonymise < texts.jsonl`: one JSON line out per JSON line in (README, "Pseudonimisering controleren"). */
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim()) process.stdout.write(`${pseudonymiseLine(line)}\n`);
}
