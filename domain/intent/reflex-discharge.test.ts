import { describe, expect, it } from 'vitest';
import { classifyReflex } from './reflex';

/*
 * Discharge is an action of its own (ADR 0080): the reflex hears it however a nurse types it, and
 * leaves it alone where the word is talk about a discharge (a wish, a question, the letter, the
 * planning) or the reason of another command.
 */

const now = new Date('2026-11-22T09:00:00+01:00');
const active = { activePatient: { id: '00000000-0000-4000-8000-000000000001', name: 'Fatima el Amrani' } };
const classify = (input: string, context = {}) => classifyReflex(input, context, now);
const intentsOf = (input: string, context = {}) => classify(input, context).actions.map((action) => action.intent);

describe('discharge in the words of the ward', () => {
  it.each([
    ['ontsla Jan de Vries', 'Jan de Vries'],
    ['ontslag voor mw. Bakker', 'Bakker'],
    ['Kees Jansen gaat vandaag met ontslag', 'Kees Jansen'],
    ['dhr. Ramdin ontslaan', 'Ramdin'],
    ['ontslag Pieter Zomerdijk', 'Pieter Zomerdijk'],
    ['ontsla dhr. Ramdin na de lunch', 'Ramdin'],
    ['ontslag dhr. smit regelen', 'Smit'],
  ])('hears a discharge in “%s”, for the patient named', (input, patientName) => {
    const { actions } = classify(input);
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ intent: 'ontslag', entities: { patientName } });
    expect(actions[0]!.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('gives the discharge of “hem” to the patient on screen', () => {
    expect(classify('ontsla hem maar', active).actions).toMatchObject([
      { intent: 'ontslag', entities: { patientName: 'Fatima el Amrani', patientId: active.activePatient.id } },
    ]);
  });

  it('hears “mag naar huis, ontslag regelen” as the discharge of the patient named first', () => {
    const { actions } = classify('Bram ter Horst mag naar huis, ontslag regelen');
    expect(actions.map((action) => [action.intent, action.entities.patientName])).toEqual([['ontslag', 'Bram ter Horst']]);
  });

  it('keeps the note after a discharge as a step of its own, for the same patient', () => {
    const { actions } = classify('ontsla Jan en maak een notitie dat hij naar huis gaat');
    expect(actions.map((action) => [action.intent, action.entities.patientName, action.entities.content])).toEqual([
      ['ontslag', 'Jan', undefined],
      ['dagnotitie', 'Jan', 'Hij gaat naar huis.'],
    ]);
  });

  it.each([
    'wordt Jan de Vries vandaag ontslagen?',
    'is mw. Bakker al met ontslag?',
    'meneer Kuipers wil morgen met ontslag',
    'schrijf een ontslagbrief voor Kees van der Berg',
    'ontslag pt Bos voorbereiden',
    'Zet het ontslag van mevrouw van Dijk in gang',
    'ontslagdatum van dhr. van Dijk doorgeven aan de huisarts',
  ])('does not discharge on talk about a discharge: %s', (input) => {
    expect(intentsOf(input)).not.toContain('ontslag');
  });

  it('leaves “ivm ontslag” as the reason of the command it belongs to', () => {
    expect(intentsOf('annuleer de afspraak van Jan de Vries morgen ivm ontslag')).toEqual(['cancel_appointment']);
  });

  it('drops a discharge said not to be done', () => {
    expect(intentsOf('niet ontslaan, noteer dat mw. Roos vandaag rustig was')).toEqual(['dagnotitie']);
  });
});
