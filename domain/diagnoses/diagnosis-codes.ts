/**
 * The diagnoses a ward can record (issue 25), as data: DSM-5 classifications common in GGZ, each
 * with its Dutch DSM-5 name and the ICD-10-CM code DSM-5 gives it. The codes are those of DSM-5-TR
 * (APA 2022), which includes the coding updates since the 2013 print (obsessive-compulsive disorder
 * F42.2, not F42; binge-eating disorder F50.81). Where DSM-5 gives two severities one code
 * (moderate and severe use disorders), the entry names both: the code is the key, so one code is
 * one entry. Names follow the Dutch translation of DSM-5 (Boom, 2014). See ADR 34.
 */
/** Hoofddiagnose or nevendiagnose; a patient has at most one active primary. */
export const diagnosisRanks = ['primary', 'secondary'] as const;
export type DiagnosisRank = (typeof diagnosisRanks)[number];
export const rankLabels: Record<DiagnosisRank, string> = { primary: 'Hoofddiagnose', secondary: 'Nevendiagnose' };

export interface DiagnosisCode {
  code: string;
  label: string;
  chapter: DiagnosisChapter;
}

export const diagnosisChapters = [
  'Neurobiologische ontwikkelingsstoornissen',
  'Schizofreniespectrum- en andere psychotische stoornissen',
  'Bipolaire-stemmingsstoornissen en verwante stoornissen',
  'Depressieve-stemmingsstoornissen',
  'Angststoornissen',
  'Obsessieve-compulsieve en verwante stoornissen',
  'Trauma- en stressorgerelateerde stoornissen',
  'Dissociatieve stoornissen',
  'Somatisch-symptoomstoornis en verwante stoornissen',
  'Voedings- en eetstoornissen',
  'Middelgerelateerde en verslavingsstoornissen',
  'Neurocognitieve stoornissen',
  'Persoonlijkheidsstoornissen',
] as const;
export type DiagnosisChapter = (typeof diagnosisChapters)[number];

const [
  development,
  psychosis,
  bipolar,
  depression,
  anxiety,
  compulsion,
  trauma,
  dissociation,
  somatic,
  eating,
  substance,
  cognition,
  personality,
] = diagnosisChapters;

export const diagnosisCodes: readonly DiagnosisCode[] = [
  { chapter: development, code: 'F84.0', label: 'Autismespectrumstoornis' },
  { chapter: development, code: 'F90.2', label: 'Aandachtsdeficiëntie-/hyperactiviteitsstoornis (ADHD), gecombineerd beeld' },
  { chapter: development, code: 'F90.0', label: 'Aandachtsdeficiëntie-/hyperactiviteitsstoornis (ADHD), overwegend onoplettend beeld' },
  {
    chapter: development,
    code: 'F90.1',
    label: 'Aandachtsdeficiëntie-/hyperactiviteitsstoornis (ADHD), overwegend hyperactief-impulsief beeld',
  },
  { chapter: development, code: 'F70', label: 'Verstandelijke beperking, licht' },

  { chapter: psychosis, code: 'F20.9', label: 'Schizofrenie' },
  { chapter: psychosis, code: 'F20.81', label: 'Schizofreniforme stoornis' },
  { chapter: psychosis, code: 'F25.0', label: 'Schizoaffectieve stoornis, bipolaire type' },
  { chapter: psychosis, code: 'F25.1', label: 'Schizoaffectieve stoornis, depressieve type' },
  { chapter: psychosis, code: 'F22', label: 'Waanstoornis' },
  { chapter: psychosis, code: 'F23', label: 'Kortdurende psychotische stoornis' },
  { chapter: psychosis, code: 'F29', label: 'Ongespecificeerde schizofreniespectrum- en andere psychotische stoornis' },

  { chapter: bipolar, code: 'F31.13', label: 'Bipolaire-I-stoornis, huidige of meest recente episode manisch, ernstig' },
  { chapter: bipolar, code: 'F31.2', label: 'Bipolaire-I-stoornis, huidige of meest recente episode manisch, met psychotische kenmerken' },
  { chapter: bipolar, code: 'F31.32', label: 'Bipolaire-I-stoornis, huidige of meest recente episode depressief, matig' },
  { chapter: bipolar, code: 'F31.4', label: 'Bipolaire-I-stoornis, huidige of meest recente episode depressief, ernstig' },
  {
    chapter: bipolar,
    code: 'F31.5',
    label: 'Bipolaire-I-stoornis, huidige of meest recente episode depressief, met psychotische kenmerken',
  },
  { chapter: bipolar, code: 'F31.81', label: 'Bipolaire-II-stoornis' },
  { chapter: bipolar, code: 'F34.0', label: 'Cyclothyme stoornis' },

  { chapter: depression, code: 'F32.0', label: 'Depressieve stemmingsstoornis, eenmalige episode, licht' },
  { chapter: depression, code: 'F32.1', label: 'Depressieve stemmingsstoornis, eenmalige episode, matig' },
  { chapter: depression, code: 'F32.2', label: 'Depressieve stemmingsstoornis, eenmalige episode, ernstig' },
  { chapter: depression, code: 'F32.3', label: 'Depressieve stemmingsstoornis, eenmalige episode, met psychotische kenmerken' },
  { chapter: depression, code: 'F33.1', label: 'Depressieve stemmingsstoornis, recidiverende episode, matig' },
  { chapter: depression, code: 'F33.2', label: 'Depressieve stemmingsstoornis, recidiverende episode, ernstig' },
  { chapter: depression, code: 'F33.3', label: 'Depressieve stemmingsstoornis, recidiverende episode, met psychotische kenmerken' },
  { chapter: depression, code: 'F34.1', label: 'Persisterende depressieve stoornis (dysthymie)' },

  { chapter: anxiety, code: 'F41.0', label: 'Paniekstoornis' },
  { chapter: anxiety, code: 'F41.1', label: 'Gegeneraliseerde-angststoornis' },
  { chapter: anxiety, code: 'F40.10', label: 'Sociale-angststoornis (sociale fobie)' },
  { chapter: anxiety, code: 'F40.00', label: 'Agorafobie' },

  { chapter: compulsion, code: 'F42.2', label: 'Obsessieve-compulsieve stoornis' },

  { chapter: trauma, code: 'F43.10', label: 'Posttraumatische-stressstoornis' },
  { chapter: trauma, code: 'F43.0', label: 'Acute-stressstoornis' },
  { chapter: trauma, code: 'F43.21', label: 'Aanpassingsstoornis met depressieve stemming' },
  { chapter: trauma, code: 'F43.23', label: 'Aanpassingsstoornis met gemengd angstige en depressieve stemming' },
  { chapter: trauma, code: 'F43.25', label: 'Aanpassingsstoornis met gemengde stoornis van emoties en gedrag' },

  { chapter: dissociation, code: 'F44.81', label: 'Dissociatieve-identiteitsstoornis' },

  { chapter: somatic, code: 'F45.1', label: 'Somatisch-symptoomstoornis' },

  { chapter: eating, code: 'F50.01', label: 'Anorexia nervosa, restrictieve type' },
  { chapter: eating, code: 'F50.02', label: 'Anorexia nervosa, eetbuien/purgerende type' },
  { chapter: eating, code: 'F50.2', label: 'Boulimia nervosa' },
  { chapter: eating, code: 'F50.81', label: 'Eetbuienstoornis' },

  { chapter: substance, code: 'F10.10', label: 'Stoornis in alcoholgebruik, licht' },
  { chapter: substance, code: 'F10.20', label: 'Stoornis in alcoholgebruik, matig of ernstig' },
  {
    chapter: substance,
    code: 'F10.230',
    label: 'Alcoholonttrekking zonder waarnemingsstoornissen, bij stoornis in alcoholgebruik, matig of ernstig',
  },
  { chapter: substance, code: 'F12.10', label: 'Stoornis in cannabisgebruik, licht' },
  { chapter: substance, code: 'F12.20', label: 'Stoornis in cannabisgebruik, matig of ernstig' },
  { chapter: substance, code: 'F14.20', label: 'Stoornis in stimulantiagebruik (cocaïne), matig of ernstig' },
  { chapter: substance, code: 'F15.20', label: 'Stoornis in stimulantiagebruik (amfetamineachtige middelen), matig of ernstig' },
  { chapter: substance, code: 'F11.20', label: 'Stoornis in opioïdengebruik, matig of ernstig' },
  { chapter: substance, code: 'F13.20', label: 'Stoornis in sedativa-, hypnotica- of anxiolyticagebruik, matig of ernstig' },
  { chapter: substance, code: 'F63.0', label: 'Gokstoornis' },

  { chapter: cognition, code: 'F05', label: 'Delier door een somatische aandoening' },

  { chapter: personality, code: 'F60.0', label: 'Paranoïde persoonlijkheidsstoornis' },
  { chapter: personality, code: 'F60.1', label: 'Schizoïde persoonlijkheidsstoornis' },
  { chapter: personality, code: 'F21', label: 'Schizotypische persoonlijkheidsstoornis' },
  { chapter: personality, code: 'F60.2', label: 'Antisociale persoonlijkheidsstoornis' },
  { chapter: personality, code: 'F60.3', label: 'Borderline-persoonlijkheidsstoornis' },
  { chapter: personality, code: 'F60.4', label: 'Theatrale persoonlijkheidsstoornis' },
  { chapter: personality, code: 'F60.81', label: 'Narcistische persoonlijkheidsstoornis' },
  { chapter: personality, code: 'F60.6', label: 'Vermijdende-persoonlijkheidsstoornis' },
  { chapter: personality, code: 'F60.7', label: 'Afhankelijke-persoonlijkheidsstoornis' },
  { chapter: personality, code: 'F60.5', label: 'Obsessieve-compulsieve persoonlijkheidsstoornis' },
];

const byCode = new Map(diagnosisCodes.map((entry) => [entry.code, entry]));

/** The list's entry for a code, or undefined when the code is not on the list. */
export function diagnosisCode(code: string): DiagnosisCode | undefined {
  return byCode.get(code);
}

/** The list per chapter, in the chapters' DSM-5 order, for a grouped select. */
export function diagnosisCodesByChapter(): { chapter: DiagnosisChapter; codes: DiagnosisCode[] }[] {
  return diagnosisChapters.map((chapter) => ({ chapter, codes: diagnosisCodes.filter((entry) => entry.chapter === chapter) }));
}
