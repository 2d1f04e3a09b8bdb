import { describe, expect, it } from 'vitest';
import { isNoShowCommand, parseNoShowCommand } from './noshow.command';

describe('the no-show chat command', () => {
  it.each([
    ['Jan de Vries is niet verschenen op zijn afspraak van 10:00', { patientName: 'Jan de Vries', time: '10:00', dateLabel: null }],
    [
      'Fatima el Amrani is vanochtend niet op haar afspraak van 9:30 verschenen',
      { patientName: 'Fatima el Amrani', time: '09:30', dateLabel: null },
    ],
    ['mw el Amrani niet verschenen om 10 uur', { patientName: 'el Amrani', time: '10:00', dateLabel: null }],
    [
      'dhr. Van der Berg kwam niet opdagen bij het behandelgesprek van 14.15',
      { patientName: 'Van der Berg', time: '14:15', dateLabel: null },
    ],
    ['No-show van Pieter van der Berg maandag 11:00', { patientName: 'Pieter van der Berg', time: '11:00', dateLabel: 'maandag' }],
    ['Jan de Vries is gisteren niet gekomen', { patientName: 'Jan de Vries', time: null, dateLabel: 'gisteren' }],
  ])('reads "%s"', (sentence, expected) => {
    expect(isNoShowCommand(sentence)).toBe(true);
    expect(parseNoShowCommand(sentence)).toEqual(expected);
  });

  it.each([
    'maak een dagnotitie voor Jan de Vries',
    'annuleer de afspraak van Jan morgen 10:00',
    'Jan is op tijd verschenen',
    'is Jan verschenen?',
  ])('leaves other sentences alone: "%s"', (sentence) => {
    expect(isNoShowCommand(sentence)).toBe(false);
    expect(parseNoShowCommand(sentence)).toBeNull();
  });
});
