/** The phases and parts of a signaleringsplan, as data: the service, the forms and the database check read these lists. */

/**
 * The phases of a signaleringsplan as Dutch wards draw them: green (stable), orange (rising
 * tension), red (crisis). Per phase: what you see, what the patient does, what the team does.
 */
export const signaleringsplanPhases = [
  { key: 'groen', label: 'Rustig / stabiel', hint: 'Hoe gaat het als het goed gaat, en wat helpt om zo te blijven?' },
  { key: 'oranje', label: 'Spanning', hint: 'De eerste signalen dat het slechter gaat, en wat dan helpt.' },
  { key: 'rood', label: 'Crisis', hint: 'Wat je ziet in een crisis, en de afspraken voor dat moment.' },
] as const;

export type SignaleringsplanPhase = (typeof signaleringsplanPhases)[number]['key'];

export const signaleringsplanPhaseKeys = signaleringsplanPhases.map((phase) => phase.key);

export const signaleringsplanParts = [
  { key: 'signals', label: 'Signalen (wat je ziet)' },
  { key: 'patientActions', label: 'Wat de patiënt zelf doet' },
  { key: 'teamActions', label: 'Wat het team doet' },
] as const;

export type SignaleringsplanPart = (typeof signaleringsplanParts)[number]['key'];
