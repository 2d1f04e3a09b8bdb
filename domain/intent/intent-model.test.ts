import { describe, expect, it } from 'vitest';
import { trainingFiles, trainingHash } from '../../scripts/train-intent';
import { predictIntent, trainIntentModel, type Example } from './intent-model';
import trained from './intent-model.json';

const examples: Example[] = [
  { features: ['w:noteer', 'w:<naam>'], intent: 'dagnotitie' },
  { features: ['w:noteer', 'w:dat'], intent: 'dagnotitie' },
  { features: ['w:annuleer', 'w:afspraak'], intent: 'cancel_appointment' },
  { features: ['w:annuleer', 'w:<naam>'], intent: 'cancel_appointment' },
  { features: ['w:zoek', 'w:<naam>'], intent: 'zoeken' },
  { features: ['w:zoek', 'w:dossier'], intent: 'zoeken' },
];

describe('the intent model', () => {
  it('learns which words point to which intent, and gives the same weights for the same sentences', () => {
    const first = trainIntentModel(examples, 'x', { minCount: 1 });
    const second = trainIntentModel(examples, 'x', { minCount: 1 });
    expect(second).toEqual(first);
    const weightsOf = (word: string) => Object.fromEntries(first.weights[word]!.split(' ').map((pair) => pair.split(':').map(Number)));
    const classes = first.classes;
    // "annuleer" weighs for cancelling and against the note; the shared name weighs little either way.
    expect(weightsOf('w:annuleer')[classes.indexOf('cancel_appointment')]).toBeGreaterThan(1);
    expect(weightsOf('w:annuleer')[classes.indexOf('dagnotitie')]).toBeLessThan(0);
  });

  it('drops features seen in fewer examples than the minimum', () => {
    const model = trainIntentModel(examples, 'x', { minCount: 2 });
    expect(model.weights['w:dossier']).toBeUndefined();
    expect(model.weights['w:zoek']).toBeDefined();
  });

  it('is trained on the training sentences as they are now (run npm run intent:train after changing them)', () => {
    expect(trained.trainedOn).toBe(trainingHash(trainingFiles()));
    expect(predictIntent(['w:noteer', 'k:noteVerb', 'r:dagnotitie', 'r+:dagnotitie'])![0].intent).toBe('dagnotitie');
  });
});
