/*
 * Why a patient's episode ends (ontslag): a vocabulary with no imports, so the page, the API, the
 * assistant's chain and its workflow share it, and the database check (migration
 * 20261129120000) holds the same list.
 */

/** The choices offered, beside an optional free text ("Anders" needs the text). */
export const dischargeReasonCodes = [
  'behandeling-afgerond',
  'eigen-verzoek',
  'overplaatsing',
  'terugverwijzing',
  'overleden',
  'anders',
] as const;
export type DischargeReasonCode = (typeof dischargeReasonCodes)[number];

export const dischargeReasonLabels: Record<DischargeReasonCode, string> = {
  'behandeling-afgerond': 'Behandeling afgerond',
  'eigen-verzoek': 'Op eigen verzoek',
  overplaatsing: 'Overplaatsing naar een andere instelling',
  terugverwijzing: 'Terugverwijzing naar huisarts of basis-ggz',
  overleden: 'Overleden',
  anders: 'Anders',
};

/** The free text beside the choice: short, as on the page. */
export const dischargeNoteMaxLength = 300;

export const dischargeMessages = {
  reason: 'Kies de reden van het ontslag.',
  otherNeedsText: 'Beschrijf de reden bij ‘Anders’.',
  noteTooLong: `De toelichting is te lang: gebruik maximaal ${dischargeNoteMaxLength} tekens.`,
  date: 'Vul een geldige ontslagdatum in (jjjj-mm-dd).',
  future: 'De ontslagdatum kan niet in de toekomst liggen.',
  beforeStart: 'De ontslagdatum ligt vóór de start van de behandeling.',
  finished: 'Deze patiënt is al ontslagen: de behandeling is afgerond.',
  cancelled: 'De behandeling van deze patiënt is geannuleerd; er is geen lopende behandeling om te ontslaan.',
} as const;

/** "Behandeling afgerond: gaat naar huis", or only one of the two. */
export function dischargeReasonText(code: DischargeReasonCode, note: string | null | undefined): string {
  const label = code === 'anders' ? '' : dischargeReasonLabels[code];
  return [label, note?.trim() ?? ''].filter(Boolean).join(': ');
}
