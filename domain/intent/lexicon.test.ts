import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { categoryCues, concepts } from './lexicon';

describe('the intent lexicon', () => {
  // The concepts and category cues are features of intent-model.json. Part of the cues comes from
  // the shared clinical vocabulary, so an edit there reaches the model too. After a deliberate
  // change: npm run intent:train, npm run bench:intent, then put the new fingerprint here.
  it('keeps its words and their order unless the intent model is retrained with them', () => {
    const fingerprint = createHash('sha256').update(JSON.stringify({ concepts, categoryCues })).digest('hex');
    expect(fingerprint).toBe('a5e2d83824def2dc163e6afad6efb8866e99e8eb389cd1c3225a13c22da9f204');
  });
});
