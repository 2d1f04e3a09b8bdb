import { describe, expect, it } from 'vitest';
import type { Bron } from './handover.schemas';
import { actionItemKey, matchActionItems } from './action-ticks';

const bron = (id: string): Bron => ({ id, type: 'observation', label: 'Bloeddruk systolisch', date: '2026-11-28T08:00:00Z' });

describe('the same action item across a regeneration (ADR 0056)', () => {
  it('sets case, accents, spacing and punctuation aside, but not the source or a number', () => {
    const item = { tekst: 'Bloeddruk systolisch deze dienst opnieuw meten.', bron: bron('v1') };
    expect(actionItemKey({ tekst: '  bloeddruk  SYSTOLISCH deze dienst opnieuw meten', bron: bron('v1') })).toBe(actionItemKey(item));
    expect(actionItemKey({ tekst: 'Medicatie bespreken; één keer.' })).toBe(actionItemKey({ tekst: 'medicatie bespreken, een keer' }));
    // A new measurement is a new reason to act, though the words are the same.
    expect(actionItemKey({ ...item, bron: bron('v2') })).not.toBe(actionItemKey(item));
    expect(actionItemKey({ tekst: item.tekst })).not.toBe(actionItemKey(item));
    expect(actionItemKey({ tekst: 'NEWS2 opnieuw meten: NEWS2 7 (hoog).' })).not.toBe(
      actionItemKey({ tekst: 'NEWS2 opnieuw meten: NEWS2 5 (hoog).' }),
    );
  });

  it('finds each earlier item in its new place, once, and leaves out what did not come back', () => {
    const previous = [{ tekst: 'A meten.' }, { tekst: 'B bespreken.' }, { tekst: 'A meten.' }, { tekst: 'C nalopen.' }];
    const items = [{ tekst: 'C nalopen.' }, { tekst: 'a meten' }, { tekst: 'D regelen.' }];
    expect([...matchActionItems(previous, items)]).toEqual([
      [0, 1],
      [3, 0],
    ]);
  });
});
