/**
 * The vocabularies of legal status, allergies, the signaleringsplan and compulsory care, as data:
 * the services, the forms and the database checks (migration 20261125210000) read these lists.
 */

export const laws = ['Wvggz', 'Wzd'] as const;

export type Law = (typeof laws)[number];

/**
 * A patient's legal status (rechtspositie). `groundsForCompulsoryCare`: a Wvggz measure of this kind
 * is the legal basis for compulsory care under the Wvggz (art. 3:2); vrijwillig and the Wzd
 * measures are not (the Wzd has its own involuntary care, outside this module). `short`: the
 * patient list's column, where the full label follows for screen readers and on hover.
 */
export const legalStatusKinds = {
  vrijwillig: { label: 'Vrijwillig', short: 'Vrijwillig', law: null, groundsForCompulsoryCare: false },
  'wvggz-crisismaatregel': { label: 'Crisismaatregel (Wvggz)', short: 'Crisismaatregel', law: 'Wvggz', groundsForCompulsoryCare: true },
  'wvggz-machtiging-voortzetting': {
    label: 'Machtiging tot voortzetting van de crisismaatregel (Wvggz)',
    short: 'Voortzetting CM',
    law: 'Wvggz',
    groundsForCompulsoryCare: true,
  },
  'wvggz-zorgmachtiging': { label: 'Zorgmachtiging (Wvggz)', short: 'Zorgmachtiging', law: 'Wvggz', groundsForCompulsoryCare: true },
  'wzd-rechterlijke-machtiging': { label: 'Rechterlijke machtiging (Wzd)', short: 'RM (Wzd)', law: 'Wzd', groundsForCompulsoryCare: false },
  'wzd-inbewaringstelling': { label: 'Inbewaringstelling (Wzd)', short: 'IBS (Wzd)', law: 'Wzd', groundsForCompulsoryCare: false },
  'wzd-artikel-21': { label: 'Artikel 21-besluit (Wzd)', short: 'Art. 21 (Wzd)', law: 'Wzd', groundsForCompulsoryCare: false },
} as const satisfies Record<string, { label: string; short: string; law: Law | null; groundsForCompulsoryCare: boolean }>;

export type LegalStatusKind = keyof typeof legalStatusKinds;

export const legalStatusKindKeys = Object.keys(legalStatusKinds) as LegalStatusKind[];

/**
 * Forms of compulsory care (verplichte zorg) under Wvggz art. 3:2 lid 2, as a ward registers
 * them: the article's letters, split where the ward names the measures apart (separatie and
 * insluiting are both "insluiten"; fixatie is a restriction of movement).
 */
export const coerciveMeasureKinds = {
  separatie: { label: 'Separatie / afzondering', article: 'art. 3:2 lid 2 sub c Wvggz (insluiten)' },
  insluiting: { label: 'Insluiting op de eigen kamer', article: 'art. 3:2 lid 2 sub c Wvggz (insluiten)' },
  'mechanische-fixatie': { label: 'Mechanische fixatie', article: 'art. 3:2 lid 2 sub b Wvggz (beperken bewegingsvrijheid)' },
  dwangmedicatie: { label: 'Toedienen van medicatie (dwangmedicatie)', article: 'art. 3:2 lid 2 sub a Wvggz' },
  'vocht-en-voeding': { label: 'Toedienen van vocht en voeding', article: 'art. 3:2 lid 2 sub a Wvggz' },
  'medische-handeling': { label: 'Medische controle of handeling', article: 'art. 3:2 lid 2 sub a Wvggz' },
  'beperking-bewegingsvrijheid': { label: 'Beperking van de bewegingsvrijheid', article: 'art. 3:2 lid 2 sub b Wvggz' },
  toezicht: { label: 'Toezicht (bijvoorbeeld cameratoezicht)', article: 'art. 3:2 lid 2 sub d Wvggz' },
  'onderzoek-kleding-lichaam': { label: 'Onderzoek aan kleding of lichaam', article: 'art. 3:2 lid 2 sub e Wvggz' },
  'onderzoek-ruimte': { label: 'Onderzoek van de woon- of verblijfsruimte', article: 'art. 3:2 lid 2 sub f Wvggz' },
  'controle-middelen': { label: 'Controle op gedragsbeïnvloedende middelen', article: 'art. 3:2 lid 2 sub g Wvggz' },
  'beperking-eigen-leven': {
    label: 'Beperking van de vrijheid het eigen leven in te richten',
    article: 'art. 3:2 lid 2 sub h Wvggz',
  },
  'tijdelijk-verblijf': { label: 'Tijdelijk verblijf in een accommodatie', article: 'art. 3:2 lid 2 sub i Wvggz' },
  opname: { label: 'Opname in een accommodatie', article: 'art. 3:2 lid 2 sub j Wvggz' },
} as const satisfies Record<string, { label: string; article: string }>;

export type CoerciveMeasureKind = keyof typeof coerciveMeasureKinds;

export const coerciveMeasureKindKeys = Object.keys(coerciveMeasureKinds) as CoerciveMeasureKind[];

/** The ground a measure was taken on: the patient's current Wvggz measure, or an emergency. */
export const legalBases = ['maatregel', 'noodsituatie'] as const;

export type LegalBasis = (typeof legalBases)[number];

export const emergencyLabel = 'Noodsituatie (art. 8:11 Wvggz)';
