import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { categoryCues, concepts } from './lexicon';

describe('the intent lexicon', () => {
  // The concepts and category cues are features of intent-model.json. Part of the cues comes from
  // the shared clinical vocabulary, so an edit there reaches the model too. After a deliberate
  // change: npm run intent:train, npm run bench:intent, then put the new fingerprint here.
  it('keeps its words and their order unless the intent model is retrained with them', () => {
    const fingerprint = createHash('sha256').update(JSON.stringify({ concepts, categoryCues })).digest('hex');
    expect(fingerprint).toBe('04140cd6541055269887acc5ec93e3b53c7721d0ee20480ac568fe8a821a1998');
  });
});
