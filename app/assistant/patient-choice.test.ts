import { describe, expect, it } from 'vitest';
import type { ChainAction } from '../../domain/intent/intent.schemas';
import { namesToChoose, withPatient } from './patient-choice';

const search: ChainAction = { intent: 'zoeken', entities: { patientName: 'Pieter' }, confidence: 0.9 };
const note: ChainAction = {
  intent: 'dagnotitie',
  entities: { patientName: 'Pieter', category: 'gedrag', content: 'Hij was rustig.' },
  confidence: 0.9,
};
const other: ChainAction = { intent: 'risico_query', entities: { patientName: 'Fatima' }, confidence: 0.9 };

describe('choosing a patient for a chain', () => {
  it('asks for each unresolved name once, in the order of the actions, and not for other fields', () => {
    const fields = {
      'actions.1.entities.patientId': 'Kies…',
      'actions.2.entities.patientId': 'Kies…',
      'actions.1.entities.content': 'Vul…',
    };
    expect(namesToChoose([search, note, other], fields)).toEqual(['Pieter', 'Fatima']);
    expect(namesToChoose([search, note], { 'actions.1.entities.content': 'Vul…' })).toEqual([]);
    expect(namesToChoose([search, note], undefined)).toEqual([]);
  });

  it('fills the chosen patient into every action with that name, and only those', () => {
    const chosen = withPatient([search, note, other], 'Pieter', { id: '6f1c3a52-3b0e-4c1e-9a3e-1d2b3c4d5e6f', name: 'Pieter de Boer' });
    expect(chosen.map((action) => action.entities.patientId ?? null)).toEqual([
      '6f1c3a52-3b0e-4c1e-9a3e-1d2b3c4d5e6f',
      '6f1c3a52-3b0e-4c1e-9a3e-1d2b3c4d5e6f',
      null,
    ]);
    expect(chosen[1]!.entities).toMatchObject({ patientName: 'Pieter de Boer', content: 'Hij was rustig.' });
    expect(namesToChoose(chosen, { 'actions.1.entities.patientId': 'Kies…' })).toEqual([]);
  });
});
