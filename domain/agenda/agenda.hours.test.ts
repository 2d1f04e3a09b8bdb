import { describe, expect, it } from 'vitest';
import { scheduleWarnings } from './agenda.hours';

describe('warnings for a moment in the agenda', () => {
  it('warns for a treatment session on a Sunday afternoon', () => {
    expect(scheduleWarnings('behandelgesprek', '2026-11-29T13:00:00Z')).toEqual([
      'Een behandelgesprek wordt in het weekend niet gehouden (zondag 29 november).',
    ]);
  });

  it('lets a crisis meeting be on a Saturday, but not at 23:30 without a word', () => {
    expect(scheduleWarnings('crisisoverleg', '2026-11-28T10:00:00Z')).toEqual([]);
    expect(scheduleWarnings('crisisoverleg', '2026-11-28T22:30:00Z')).toEqual(['23:30 valt buiten de agendatijden (07:00–21:00).']);
  });

  it('says nothing for a weekday in the agenda hours, also on a DST Sunday for a kind held then', () => {
    expect(scheduleWarnings('behandelgesprek', '2026-11-30T08:00:00Z')).toEqual([]);
    expect(scheduleWarnings('medicatiecontrole', '2026-03-29T08:00:00Z')).toEqual([]);
  });
});
