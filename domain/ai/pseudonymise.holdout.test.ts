import { describe, expect, it } from 'vitest';
import { Pseudonymiser } from './pseudonymise';
import { readCorpus, scoreHeldOut } from '../../tests/support/pseudonymisation-corpus';

/*
 * Held-out set g (issue 42): 347 ward texts written blind by someone who never saw the rules. It is
 * scored as the product runs (only the patient and the text's own people known) and by aggregate
 * only: its failing texts are never printed, so the rules are not tuned to them. The floors below
 * are the measured figures; a change may lower them, never raise them.
 */
const FLOOR = {
  leakingTexts: 174,
  damagedTexts: 33,
  cleanChanged: 13,
  patientWrong: 8,
  otherAsPatient: 18,
  leakingByKind: {
    'no-pii': 0,
    'double-surname': 8,
    'initials-name': 17,
    'given-name-alone': 9,
    'surname-no-cue': 18,
    'social-handle': 15,
    'licence-plate': 22,
    'phone-number': 11,
    'long-identifier': 16,
    url: 14,
    postcode: 6,
    iban: 8,
    birthdate: 8,
    email: 1,
    'disguised-name': 11,
    relations: 10,
  } as Record<string, number>,
  caughtAtLeast: { naam: 338, nummer: 38, handle: 1, url: 2, kenteken: 0, telefoon: 14, postcode: 12, iban: 8, email: 21 } as Record<
    string,
    number
  >,
};

describe('held-out set g', () => {
  it('stays at or below the measured leaks and damage', () => {
    const items = readCorpus(new URL('../../tests/fixtures/pseudonymisation/heldout-g.jsonl', import.meta.url).pathname);
    expect(items.length).toBe(347);
    const score = scoreHeldOut(items, (item) => {
      const pseudonymiser = new Pseudonymiser([item.patient, ...item.people]);
      return { output: pseudonymiser.pseudonymise(item.text), surfaceOf: (placeholder) => pseudonymiser.reidentify(placeholder) };
    });
    const rows = Object.entries(score.byKind).map(([kind, figures]) => ({ kind, ...figures }));
    console.table(rows);
    console.table(
      Object.entries(score.caught).map(([category, { identifiers, caught }]) => ({
        category,
        identifiers,
        caught,
        rate: `${((100 * caught) / identifiers).toFixed(1)}%`,
      })),
    );
    console.log(
      `held-out g: ${score.items} texts, leaking ${score.leakingTexts} (${score.leakedPieces} pieces), clinical text changed ${score.damagedTexts}, ` +
        `clean texts changed ${score.cleanChanged}; labels: ${score.labels.texts} texts, patient wrong ${score.labels.patientWrong}, other as patient ${score.labels.otherAsPatient}`,
    );

    expect(score.leakingTexts).toBeLessThanOrEqual(FLOOR.leakingTexts);
    expect(score.damagedTexts).toBeLessThanOrEqual(FLOOR.damagedTexts);
    expect(score.cleanChanged).toBeLessThanOrEqual(FLOOR.cleanChanged);
    expect(score.labels.patientWrong).toBeLessThanOrEqual(FLOOR.patientWrong);
    expect(score.labels.otherAsPatient).toBeLessThanOrEqual(FLOOR.otherAsPatient);
    for (const [kind, leaking] of Object.entries(FLOOR.leakingByKind))
      expect(score.byKind[kind]?.leaking, kind).toBeLessThanOrEqual(leaking);
    for (const [category, caught] of Object.entries(FLOOR.caughtAtLeast))
      expect(score.caught[category]?.caught, category).toBeGreaterThanOrEqual(caught);
  });
});
