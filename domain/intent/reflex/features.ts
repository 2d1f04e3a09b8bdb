import type { Classified } from './classify';
import { lookup, noHit } from './lookup';
import { momentIn } from './times';
import type { Token } from './tokens';

// What the intent model sees of a part (ADR 0031): its words with the patient's name masked, word
// pairs, the ends of longer words (typos, compounds), the lexicon's concepts and what the rules read.

export function featuresOf(tokens: Token[], reading: Classified): string[] {
  const features = new Set<string>();
  const { name, head } = reading;
  let previous = '^';
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const inName = [name, ...reading.others].some((span) => span !== null && index >= span.start && index < span.end);
    const word = inName
      ? '<naam>'
      : token.kind === 'time' || /^\d+$/.test(token.norm)
        ? '<getal>'
        : token.kind === 'punct'
          ? token.norm === '?'
            ? '?'
            : '<p>'
          : token.norm;
    const hit = token.kind === 'word' && !inName ? lookup(token.norm) : noHit;
    if (hit.category) features.add(`cat:${hit.category}`);
    if (index >= head.length) {
      // A note's own text: its words say what the note is about, not what to do.
      if (token.kind === 'word') features.add(`c:${word}`);
      continue;
    }
    features.add(`w:${word}`);
    features.add(`b:${previous}_${word}`);
    previous = word;
    for (const concept of hit.concepts) features.add(`k:${concept}`);
    if (token.kind === 'word' && !inName && word.length >= 6) {
      features.add(`s:${word.slice(-4)}`);
      features.add(`p:${word.slice(0, 5)}`);
    }
  }
  features.add(`r:${reading.intent}`);
  if (reading.confidence >= 0.85) features.add(`r+:${reading.intent}`);
  for (const rival of reading.rivals) features.add(`r2:${rival}`);
  if (name) features.add('naam');
  if (reading.hasPronoun) features.add('pron');
  if (reading.question) features.add('vraag');
  if (reading.contentAt !== null) features.add('inhoud');
  const moment = momentIn(head, 0, head.length);
  if (moment.time) features.add('tijd');
  if (moment.label) features.add('dag');
  return [...features];
}
