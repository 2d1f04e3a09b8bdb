/** The four levels of a risk assessment, most severe first. */
export const riskLevels = ['zeer hoog', 'hoog', 'gemiddeld', 'laag'] as const;
export type RiskLevel = (typeof riskLevels)[number];

/**
 * The risks a GGZ ward assesses, as data (issue 25). `type` is the stored `risk_type` and the
 * word the handover, the treatment plan and FHIR (`risicotype`) already read: "suïcide",
 * "agressie", "zelfverwaarlozing", "zelfbeschadiging" and "middelengebruik" keep their spelling.
 * Assessments recorded before this list existed keep whatever type they have.
 */
export const riskTypes = [
  { type: 'suïcide', label: 'Suïcide', hint: 'Doodsgedachten, plannen, eerdere pogingen' },
  { type: 'zelfbeschadiging', label: 'Zelfbeschadiging', hint: 'Snijden, branden, slaan, zonder doodswens' },
  { type: 'agressie', label: 'Agressie', hint: 'Verbaal of fysiek, naar anderen of naar voorwerpen' },
  { type: 'zelfverwaarlozing', label: 'Zelfverwaarlozing', hint: 'Eten, drinken, hygiëne, medicatie' },
  { type: 'middelengebruik', label: 'Middelengebruik', hint: 'Alcohol, drugs, misbruik van medicatie' },
  { type: 'weglopen', label: 'Weglopen', hint: 'Zonder afspraak de afdeling verlaten' },
  { type: 'vallen', label: 'Vallen', hint: 'Duizeligheid, sedatie, orthostase' },
  { type: 'seksueel grensoverschrijdend gedrag', label: 'Seksueel grensoverschrijdend gedrag', hint: 'Naar medepatiënten of personeel' },
] as const;

export type RiskType = (typeof riskTypes)[number]['type'];

export const riskTypeValues = riskTypes.map((entry) => entry.type) as [RiskType, ...RiskType[]];

/** "suïcide" → "Suïcide"; a type from before the list keeps its own word. */
export function riskTypeLabel(type: string): string {
  return riskTypes.find((entry) => entry.type === type)?.label ?? type.charAt(0).toUpperCase() + type.slice(1);
}
