import { expect, it } from 'vitest';
import { Pseudonymiser } from '../../domain/ai/pseudonymise';
import { readCorpus, scoreHeldOut } from './pseudonymisation-corpus';

/** What a set scored by aggregate may not fall below: its measured figures. */
export interface Floor {
  leakingTexts: number;
  damagedTexts: number;
  cleanChanged: number;
  patientWrong: number;
  otherAsPatient: number;
  leakingByKind: Record<string, number>;
  caughtAtLeast: Record<string, number>;
}

/**
 * One set of `tests/fixtures/pseudonymisation/` run as the product runs (only the patient and the text's own people
 * known) and held to its floor; it prints aggregates only, never a failing text.
 */
export function itStaysAtOrBelowItsFloor(set: string, size: number, FLOOR: Floor) {
  it('stays at or below the measured leaks and damage', () => {
    const items = readCorpus(new URL(`../fixtures/pseudonymisation/${set}.jsonl`, import.meta.url).pathname);
    expect(items.length).toBe(size);
    const score = scoreHeldOut(items, (item) => {
      const pseudonymiser = new Pseudonymiser([item.patient, ...item.people]);
      return { output: pseudonymiser.pseudonymise(item.text), surfaceOf: (placeholder) => pseudonymiser.reidentify(placeholder) };
    });
    const rows = Object.entries(score.byKind).map(([kind, figures]) => ({ kind, ...figures }));
    const table = (lines: Record<string, unknown>[]) =>
      console.log([Object.keys(lines[0] ?? {}), ...lines.map((line) => Object.values(line))].map((cells) => cells.join('\t')).join('\n'));
    table(rows);
    table(
      Object.entries(score.caught).map(([category, { identifiers, caught }]) => ({
        category,
        identifiers,
        caught,
        rate: `${((100 * caught) / identifiers).toFixed(1)}%`,
      })),
    );
    console.log(
      `set ${set}: ${score.items} texts, leaking ${score.leakingTexts} (${score.leakedPieces} pieces), clinical text changed ${score.damagedTexts}, ` +
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
  }, 60_000); // some 340 texts through every rule: on a busy shared machine one set has taken over 20 s.
}
