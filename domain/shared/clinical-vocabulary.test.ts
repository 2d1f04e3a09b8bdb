import { describe, expect, it } from 'vitest';
import { relevanceFor } from '../handover/relevance';
import { categoryCues } from '../intent/lexicon';
import { classifyReportLocally } from '../report/report.classify';
import * as vocabulary from './clinical-vocabulary';

// The expected decisions below were taken from the rules as they were before the shared
// vocabulary existed: sharing a list must not change what its users decide.

const lists = Object.entries(vocabulary).flatMap(([name, value]) =>
  Array.isArray(value) ? [[name, value as readonly string[]] as const] : [],
);

describe('the shared clinical vocabulary', () => {
  it('is written normalised: lower case, no diacritics, at most a trailing * for a stem, no repeats', () => {
    expect(lists.length).toBeGreaterThan(0);
    for (const [name, words] of lists) {
      for (const word of words) expect(word, name).toMatch(/^[a-z]+(?: [a-z]+)*\*?$/);
      expect(new Set(words).size, name).toBe(words.length);
    }
  });

  it('turns a stem into a pattern for any ending', () => {
    expect(vocabulary.wordPattern('tablet*')).toBe(String.raw`tablet\w*`);
    expect(vocabulary.wordPattern('pil')).toBe('pil');
  });

  it('is taken into the intent lexicon as whole runs, in order, so the model sees the same words', () => {
    const run = (cues: readonly string[], words: readonly string[]) => cues.join('\n').includes(words.join('\n'));
    expect(run(categoryCues.medicatie, [...vocabulary.medicationWords, ...vocabulary.medicationTakenWords])).toBe(true);
    expect(run(categoryCues.medicatie, vocabulary.asNeededMedicationWords)).toBe(true);
    expect(run(categoryCues.adl, vocabulary.washingWords)).toBe(true);
    expect(run(categoryCues.adl, vocabulary.mealWords)).toBe(true);
    expect(run(categoryCues.observatie, vocabulary.sleepWords)).toBe(true);
    expect(run(categoryCues.incident, vocabulary.aggressionWords)).toBe(true);
  });
});

describe('handover relevance decides as before on sentences with shared words', () => {
  const kept = (reason: string, weight: number) => ({ keep: true, reason, weight });
  const dropped = (reason: string) => ({ keep: false, reason, weight: 0 });
  it.each([
    ['Weigerde vanochtend zijn medicatie.', kept('medicatieprobleem', 2)],
    ['Tabletten niet ingenomen, wel gegeten.', kept('medicatieprobleem', 2)],
    ['Medicatie ingenomen zoals voorgeschreven.', dropped('routinemedicatie')],
    ['Inname zonder problemen.', dropped('routinemedicatie')],
    ['Om 22:00 z.n. lorazepam gegeven.', kept('zo_nodig_medicatie', 1)],
    ['Kreeg prn om 15:00.', kept('zo_nodig_medicatie', 1)],
    ['Ontbijt en lunch gegeten, zichzelf gewassen.', dropped('adl_routine')],
    ['Maaltijden samen met de groep.', dropped('adl_routine')],
    ['Slaapt.', dropped('standaardobservatie')],
    ['Sliep om 23:00.', dropped('standaardobservatie')],
    ['Hoort stemmen die commentaar geven.', kept('psychotisch', 2)],
    ['Hallucineert, praat in zichzelf.', kept('psychotisch', 2)],
    ['Geen hallucinaties, stemming stabiel.', dropped('standaardobservatie')],
    ['Uitte suïcidale gedachten.', kept('risicosignaal', 3)],
    ['Zelfbeschadiging ontkent.', dropped('standaardobservatie')],
  ])('%s', (content, expected) => {
    for (const role of ['psychiater', 'verpleegkundige'] as const) {
      expect(relevanceFor(role, { kind: 'report', type: 'dagnotitie', category: 'observatie', content }), role).toEqual(expected);
    }
  });

  it.each([
    ['suïcide', 3],
    ['Suïcidaliteit', 3],
    ['zelfdoding', 3],
    ['zelfbeschadiging', 3],
    ['automutilatie', 3],
    ['agressie', 2],
    ['zelfverwaarlozing', 2],
  ])('a high risk of %s weighs %i', (riskType, weight) => {
    expect(relevanceFor('psychiater', { kind: 'risk', riskType, riskLevel: 'hoog' }).weight).toBe(weight);
  });
});

describe('the local report classifier decides as before on sentences with shared words', () => {
  it.each([
    ['Pt uitte suïcidale gedachten', 'crisis', 'incident', true, 0.85],
    ['Sprak vandaag over zelfdoding', 'crisis', 'incident', true, 0.85],
    ['Zelfbeschadigend gedrag op de kamer', 'crisis', 'incident', true, 0.75],
    ['Verbaal agressief naar een medepatiënt', 'incident', 'incident', true, 0.85],
    ['Agressie-incident in de huiskamer', 'incident', 'incident', true, 0.85],
    ['Hoort stemmen, verder rustig', 'dagnotitie', 'gedrag', true, 0.85],
    ['Hallucinaties in de nacht', 'dagnotitie', 'gedrag', true, 0.85],
    ['Heeft zich gewassen en aangekleed', 'dagnotitie', 'adl', false, 0.85],
    ['Wassen lukt niet zelfstandig', 'dagnotitie', 'adl', false, 0.85],
    ['Las de krant in de huiskamer', 'dagnotitie', 'observatie', false, 0.5],
  ])('%s', (text, type, category, includeInHandover, confidence) => {
    expect(classifyReportLocally({ text })).toEqual({ type, category, includeInHandover, confidence });
  });
});
