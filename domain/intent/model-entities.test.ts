import { describe, expect, it } from 'vitest';
import { withLocalDates } from './model-entities';
import { classifyReflex } from './reflex';
import type { ChainAction } from './intent.schemas';

const saturday = new Date('2026-11-28T10:00:00+01:00');

describe("the model's answer with the days and times read from the words", () => {
  it('keeps the day, time and kind the reflex read over what the model reckoned (issue: intake on Monday 30 November)', () => {
    const local = classifyReflex('plan intake voor mevrouw Bakker volgende week dinsdag 10 uur', {}, saturday).actions;
    const model: ChainAction[] = [
      {
        intent: 'create_appointment',
        entities: {
          patientName: 'Bakker',
          dateLabel: 'volgende week',
          datetime: '2026-11-30T10:00:00+01:00',
          identifier: 'behandelgesprek',
        },
        confidence: 0.9,
      },
    ];
    expect(withLocalDates(model, local)[0]!.entities).toMatchObject({
      datetime: '2026-12-01T10:00:00+01:00',
      identifier: 'intake',
    });
    expect(withLocalDates(model, local)[0]!.entities.assumedTime).toBeUndefined();
  });

  it('keeps a written 07:30 when the model made it 19:30', () => {
    const local = classifyReflex('plan een gesprek met Jan morgen om 07:30', {}, saturday).actions;
    const model: ChainAction[] = [
      { intent: 'create_appointment', entities: { patientName: 'Jan', datetime: '2026-11-29T19:30:00+01:00' }, confidence: 0.9 },
    ];
    expect(withLocalDates(model, local)[0]!.entities.datetime).toBe('2026-11-29T07:30:00+01:00');
  });

  it('marks a time only the model gave as a guess, to be checked in the plan', () => {
    const local: ChainAction[] = [{ intent: 'create_appointment', entities: { patientName: 'Jan' }, confidence: 0.6 }];
    const model: ChainAction[] = [
      {
        intent: 'create_appointment',
        entities: { patientName: 'Jan', datetime: '2026-11-29T13:00:00+01:00', assumedTime: 'zeker' },
        confidence: 0.9,
      },
    ];
    expect(withLocalDates(model, local)[0]!.entities).toMatchObject({
      datetime: '2026-11-29T13:00:00+01:00',
      assumedTime: 'door het taalmodel ingevuld als 13:00',
    });
  });

  it('matches each model action to the local action at its place in the chain', () => {
    const local = classifyReflex(
      'plan een gesprek met Jan morgen om 09:00 en plan een gesprek met Kees overmorgen om 11:00',
      {},
      saturday,
    ).actions;
    expect(local.map((action) => action.entities.datetime)).toEqual(['2026-11-29T09:00:00+01:00', '2026-11-30T11:00:00+01:00']);
    const model: ChainAction[] = local.map((action) => ({ ...action, entities: { patientName: action.entities.patientName } }));
    expect(withLocalDates(model, local).map((action) => action.entities.datetime)).toEqual([
      '2026-11-29T09:00:00+01:00',
      '2026-11-30T11:00:00+01:00',
    ]);
  });
});
