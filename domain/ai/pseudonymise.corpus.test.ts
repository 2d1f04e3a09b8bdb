import { describe, expect, it } from 'vitest';
import { Pseudonymiser } from './pseudonymise';
import { readCorpus, scoreCorpus } from '../../tests/support/pseudonymisation-corpus';

/*
 * The corpus was written by someone who saw only the list of kinds in issue 20, never the rules:
 * ward texts with the people the record knows for each. Nothing identifying may survive, and the
 * clinical words (doses, times, symptoms, medication) must reach the model unchanged.
 */
const fixtures = new URL('../../tests/fixtures/pseudonymisation/', import.meta.url);

describe('pseudonymisation corpus', () => {
  it('leaves no identifier in any text when the record knows its people', () => {
    const items = readCorpus(new URL('corpus.jsonl', fixtures).pathname);
    expect(items.length).toBeGreaterThanOrEqual(150);
    const score = scoreCorpus(items, (item) => new Pseudonymiser([item.patient, ...item.people]).pseudonymise(item.text));
    expect(score.failures).toEqual([]);
  });

  it('keeps ordinary words that are also names', () => {
    const items = readCorpus(new URL('false-positives.jsonl', fixtures).pathname);
    const score = scoreCorpus(items, (item) => new Pseudonymiser([item.patient, ...item.people]).pseudonymise(item.text));
    expect(score.failures).toEqual([]);
  });
});
