import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { HandoverRole } from './handover.schemas';
import { relevanceFor, relevanceReasonLabels, relevanceReasons, type HandoverSource } from './relevance';

interface LabelledSource {
  source: HandoverSource;
  psychiater: 'keep' | 'drop';
  verpleegkundige: 'keep' | 'drop';
  why: string;
}

const fixture = JSON.parse(
  readFileSync(new URL('../../tests/fixtures/handover-relevance.json', import.meta.url), 'utf8'),
) as LabelledSource[];

const seedCategories = [
  'medicatieprobleem',
  'stemming_gedrag',
  'agitatie',
  'risicosignaal',
  'psychotisch',
  'crisis_dwang',
  'routinemedicatie',
  'adl_routine',
  'adl_afwijkend',
  'sociaal',
  'standaardobservatie',
  'dagstructuur',
];

const holdout = JSON.parse(
  readFileSync(new URL('../../tests/fixtures/handover-relevance-holdout.json', import.meta.url), 'utf8'),
) as LabelledSource[];

function score(role: HandoverRole, entries: LabelledSource[] = fixture) {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  const misses: string[] = [];
  for (const entry of entries) {
    const kept = relevanceFor(role, entry.source).keep;
    const wanted = entry[role] === 'keep';
    if (kept && wanted) truePositives++;
    if (kept && !wanted) falsePositives++;
    if (!kept && wanted) falseNegatives++;
    if (kept !== wanted) misses.push(`${wanted ? 'missed' : 'extra'}: ${JSON.stringify(entry.source)}`);
  }
  return { precision: truePositives / (truePositives + falsePositives), recall: truePositives / (truePositives + falseNegatives), misses };
}

const report = (content: string, category: string | null = 'observatie', type = 'dagnotitie'): HandoverSource => ({
  kind: 'report',
  type,
  category,
  content,
});
const judge = (role: HandoverRole, content: string) => relevanceFor(role, report(content));

describe('role relevance on the labelled ward fixture', () => {
  it('holds on a held-out set written by another author, never used for tuning', () => {
    expect(holdout.length).toBeGreaterThanOrEqual(60);
    const psychiater = score('psychiater', holdout);
    const verpleegkundige = score('verpleegkundige', holdout);
    const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
    console.log(
      `[handover relevance held-out] ${holdout.length} reports · psychiater precision ${percent(psychiater.precision)} recall ${percent(psychiater.recall)} · verpleegkundige precision ${percent(verpleegkundige.precision)} recall ${percent(verpleegkundige.recall)}`,
    );
    // Missing a risk signal is worse than one routine line too many: recall is held higher.
    expect(psychiater.recall, psychiater.misses.join('\n')).toBeGreaterThanOrEqual(0.95);
    expect(psychiater.precision, psychiater.misses.join('\n')).toBeGreaterThanOrEqual(0.8);
    expect(verpleegkundige.recall, verpleegkundige.misses.join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it('covers every seed category of the contract at least four times', () => {
    expect(fixture.length).toBeGreaterThanOrEqual(70);
    const counts = new Map<string, number>();
    for (const entry of fixture) counts.set(entry.why, (counts.get(entry.why) ?? 0) + 1);
    expect([...counts.keys()]).toEqual(expect.arrayContaining(seedCategories));
    for (const category of seedCategories) expect(counts.get(category), category).toBeGreaterThanOrEqual(4);
    expect(fixture.some((entry) => entry.source.kind === 'observation')).toBe(true);
    expect(fixture.some((entry) => entry.source.kind === 'risk')).toBe(true);
  });

  it('keeps what each role needs without burying it in routine', () => {
    const psychiater = score('psychiater');
    const verpleegkundige = score('verpleegkundige');
    const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
    console.log(
      `[handover relevance] ${fixture.length} sources · psychiater precision ${percent(psychiater.precision)} recall ${percent(psychiater.recall)} · verpleegkundige precision ${percent(verpleegkundige.precision)} recall ${percent(verpleegkundige.recall)}`,
    );
    expect(psychiater.recall, psychiater.misses.join('\n')).toBeGreaterThanOrEqual(0.95);
    expect(psychiater.precision, psychiater.misses.join('\n')).toBeGreaterThanOrEqual(0.85);
    expect(verpleegkundige.recall, verpleegkundige.misses.join('\n')).toBeGreaterThanOrEqual(0.95);
    expect(verpleegkundige.precision, verpleegkundige.misses.join('\n')).toBeGreaterThanOrEqual(0.85);
  });
});

describe('relevanceFor', () => {
  it.each([
    ['Geen suïcidale uitingen.', 'standaardobservatie'],
    ['pt niet onrustig geweest', 'standaardobservatie'],
    ['Dienst zonder bijzonderheden.', 'standaardobservatie'],
    ['Suïcidaliteit uitgevraagd: ontkent.', 'standaardobservatie'],
    ['Geen aanwijzingen voor psychotische belevingen.', 'standaardobservatie'],
  ])('reads a negated finding as a standard observation: %s', (content, reason) => {
    expect(judge('psychiater', content)).toEqual({ keep: false, reason, weight: 0 });
  });

  it.each([
    ['geen medicatie ingenomen vanavond', 'medicatieprobleem'],
    ['wilde niet eten', 'adl_afwijkend'],
    ['Niet somber, maar wel erg gespannen.', 'agitatie'],
    ['zegt dat hij niet meer wil leven', 'risicosignaal'],
    ['kon niet stilzitten', 'agitatie'],
  ])('keeps a negation that is itself the signal: %s', (content, reason) => {
    expect(judge('psychiater', content)).toMatchObject({ keep: true, reason });
  });

  it('ends a negation at "en", "maar" and "wel": what follows is asserted again', () => {
    expect(judge('psychiater', 'Geen onrust en somber')).toMatchObject({ keep: true, reason: 'stemming_gedrag' });
    expect(judge('psychiater', 'Niet agressief, wel achterdochtig')).toMatchObject({ keep: true, reason: 'psychotisch' });
  });

  it('reads diacritics, lower case and ward abbreviations alike', () => {
    for (const content of ['Uit suïcidale gedachten', 'uit suicidale gedachten', 'SUÏCIDAAL']) {
      expect(judge('psychiater', content)).toEqual({ keep: true, reason: 'risicosignaal', weight: 3 });
    }
    expect(judge('psychiater', 'pt z.n. lorazepam gegeven i.v.m. spanning')).toMatchObject({ keep: true, reason: 'agitatie' });
    expect(judge('psychiater', 'PRN promethazine voor de nacht')).toMatchObject({ keep: true, reason: 'zo_nodig_medicatie' });
    expect(judge('psychiater', 'med. geweigerd')).toMatchObject({ keep: true, reason: 'medicatieprobleem' });
    expect(judge('psychiater', 'med. ingenomen, gb')).toEqual({ keep: false, reason: 'routinemedicatie', weight: 0 });
  });

  it('prefers the signal when a note holds both a signal and a routine phrase', () => {
    expect(judge('psychiater', 'Rustige dienst, medicatie ingenomen. Wel somber en teruggetrokken.')).toMatchObject({
      keep: true,
      reason: 'stemming_gedrag',
    });
  });

  it('drops routine for both roles and keeps the nurse’s own items for the nurse only', () => {
    for (const content of ['Naar werktherapie geweest.', 'Bezoek van dochter, gezellig.', 'Zelfstandig gedoucht, goed gegeten.', 'gb']) {
      expect(judge('psychiater', content).keep, content).toBe(false);
      expect(judge('verpleegkundige', content).keep, content).toBe(false);
    }
    for (const content of [
      'Slecht geslapen, om 4 uur op.',
      'Morgen om 9:00 afspraak bij de tandarts.',
      'Wond aan de voet verbonden.',
      'Weigerde te douchen.',
    ]) {
      expect(judge('psychiater', content).keep, content).toBe(false);
      expect(judge('verpleegkundige', content).keep, content).toBe(true);
    }
  });

  it.each([
    ['HH', true, 2, true, 2],
    ['LL', true, 2, true, 2],
    ['H', false, 0, true, 1],
    ['L', false, 0, true, 1],
    ['N', false, 0, false, 0],
  ] as const)('judges a %s vital per role', (interpretation, psychiaterKeeps, psychiaterWeight, nurseKeeps, nurseWeight) => {
    const observation: HandoverSource = { kind: 'observation', code: 'hartfrequentie', label: 'Hartfrequentie', interpretation };
    expect(relevanceFor('psychiater', observation)).toMatchObject({ keep: psychiaterKeeps, weight: psychiaterWeight });
    expect(relevanceFor('verpleegkundige', observation)).toMatchObject({ keep: nurseKeeps, weight: nurseWeight });
  });

  it.each([
    ['agressie', 'zeer hoog', true, true, 3],
    ['agressie', 'hoog', true, true, 2],
    ['suïcide', 'hoog', true, true, 3],
    ['suïcide', 'gemiddeld', false, true, 1],
    ['zelfverwaarlozing', 'laag', false, false, 0],
  ] as const)('judges a %s risk of level %s per role', (riskType, riskLevel, psychiaterKeeps, nurseKeeps, nurseWeight) => {
    const risk: HandoverSource = { kind: 'risk', riskType, riskLevel };
    expect(relevanceFor('psychiater', risk).keep).toBe(psychiaterKeeps);
    expect(relevanceFor('verpleegkundige', risk)).toMatchObject({ keep: nurseKeeps, weight: nurseWeight });
  });

  it('always keeps crisis and incident reports at the top weight, whatever they say', () => {
    for (const role of ['psychiater', 'verpleegkundige'] as const) {
      expect(relevanceFor(role, report('Geen bijzonderheden, verliep rustig.', null, 'crisis'))).toEqual({
        keep: true,
        reason: 'crisis_dwang',
        weight: 3,
      });
      expect(relevanceFor(role, report('Geen letsel, beiden rustig.', 'incident', 'incident'))).toEqual({
        keep: true,
        reason: 'incident',
        weight: 3,
      });
    }
  });

  // Issue 41: severity from the values, whatever the wording; a decimal point or comma does not split a value.
  it.each([
    ['Rustige middag. Glucose bij controle 3.1 mmol/l, boterham gegeven.', 'somatisch', 2],
    ['Avond verliep goed; suiker 19,4 mmol/l voor het slapen.', 'somatisch', 2],
    ['Pt zat buiten te roken. T 39,1, voelt zich warm.', 'somatisch', 2],
    ['Gezellig gekaart. Sat 90% bij controle.', 'vitaal_afwijkend', 2],
    ['Rustig. NEWS2: 6 na de avondronde.', 'vitaal_afwijkend', 2],
    ['Bezoek van zus gehad. BVC score 4 om 20:00.', 'risicosignaal', 3],
    ['Was vrolijk. RR 186/104 bij de controle.', 'vitaal_afwijkend', 2],
    ['Gewogen: 71,0 kg, dat is 2,4 kg minder dan vorige maand.', 'adl_afwijkend', 1],
    ['Gewogen, +3 kg sinds de start van de clozapine.', 'adl_afwijkend', 1],
  ])('keeps a value that needs action, for the nurse: %s', (content, reason, weight) => {
    expect(judge('verpleegkundige', content)).toEqual({ keep: true, reason, weight });
  });

  it('leaves normal values and a slightly deviating one to the nurse', () => {
    const normal = judge('verpleegkundige', 'Glucose 6,2 mmol/l, RR 124/78, T 36,9, sat 97%.');
    expect(normal.weight).toBeLessThan(2);
    expect(['somatisch', 'vitaal_afwijkend']).not.toContain(normal.reason);
    expect(judge('psychiater', 'Gewogen: 71,0 kg, dat is 2,4 kg minder dan vorige maand.').keep).toBe(false);
    expect(judge('psychiater', 'Suiker 2,9 mmol/l, dextro gegeven.')).toMatchObject({ keep: true, weight: 2 });
  });

  it.each([
    'Arts op de hoogte gebracht.',
    'Doorgegeven aan de dienstdoende AIOS.',
    'Gemeld bij de huisarts van de afdeling.',
    'Overlegd met de psychiater over de avond.',
    'Diëtist ingeschakeld voor een eetlijst.',
    'Fysiotherapeut erbij gehaald voor de mobiliteit.',
  ])('keeps a call to a doctor or another discipline: %s', (content) => {
    expect(judge('verpleegkundige', content)).toMatchObject({ keep: true, reason: 'arts_ingeschakeld' });
  });

  it('has a Dutch label for every reason', () => {
    for (const reason of relevanceReasons) expect(relevanceReasonLabels[reason]).toMatch(/^[A-Z]/);
    expect(relevanceReasonLabels.medicatieprobleem).toBe('Medicatieprobleem');
  });
});
