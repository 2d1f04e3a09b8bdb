import { describe, expect, it } from 'vitest';
import { asMainClause } from './word-order';

describe('a dictated "dat …" clause as a note', () => {
  it.each([
    ['hij rustig was', 'Hij was rustig.'],
    ['hij vandaag naar huis gaat', 'Hij gaat vandaag naar huis.'],
    ['ze goed gegeten heeft', 'Ze heeft goed gegeten.'],
    ['zij haar medicatie niet wilde innemen', 'Zij wilde haar medicatie niet innemen.'],
    ['hij rustig was tijdens het eten', 'Hij was rustig tijdens het eten.'],
    ['de patiënt veel huilt', 'De patiënt huilt veel.'],
    ['meneer De Wit zijn medicatie weigerde', 'Meneer De Wit weigerde zijn medicatie.'],
    ['Sanne slecht geslapen heeft', 'Sanne heeft slecht geslapen.'],
    ['Sanne ter Horst vannacht is gevallen', 'Sanne ter Horst is vannacht gevallen.'],
  ])('"%s" → "%s"', (clause, note) => {
    expect(asMainClause(clause)).toBe(note);
  });

  it.each([
    // Already a main clause, no subject, or no finite verb it knows: unchanged but for capital and full stop.
    ['hij was rustig', 'Hij was rustig.'],
    ['goed gegeten en gedronken', 'Goed gegeten en gedronken.'],
    ['hij onrustig', 'Hij onrustig.'],
    ['ze heeft slecht geslapen.', 'Ze heeft slecht geslapen.'],
  ])('leaves "%s" as "%s"', (clause, note) => {
    expect(asMainClause(clause)).toBe(note);
  });
});
