/*
 * Dutch health insurers by UZOVI number (Unieke Zorgverzekeraars Identificatie), the number Vektis
 * gives each insurer in its UZOVI register (https://www.vektis.nl, "UZOVI-register"). Kept small on
 * purpose: the insurers patients name most, each under the names a clinician types. A company not
 * listed still gets its Coverage, with the payor's name only (ADR 0099). Add a row only from the
 * register itself.
 */

export interface UzoviInsurer {
  /** The four-digit UZOVI number. */
  uzovi: string;
  /** The name as the record usually holds it. */
  label: string;
  /** Further names that mean this insurer, written folded (lower case, no accents). */
  aliases: readonly string[];
}

export const uzoviInsurers: readonly UzoviInsurer[] = [
  { uzovi: '3311', label: 'Zilveren Kruis', aliases: ['zilveren kruis achmea'] },
  { uzovi: '3313', label: 'Interpolis', aliases: [] },
  { uzovi: '3332', label: 'Menzis', aliases: [] },
  { uzovi: '3351', label: 'FBTO', aliases: [] },
  { uzovi: '3358', label: 'De Friesland', aliases: ['friesland'] },
  { uzovi: '7095', label: 'VGZ', aliases: [] },
  { uzovi: '7119', label: 'CZ', aliases: [] },
];

/** Words of a company's legal name that do not tell insurers apart ("VGZ Zorgverzekeraar N.V." is VGZ). */
export const legalFormWords: readonly string[] = [
  'nv',
  'ua',
  'owm',
  'groep',
  'zorgverzekeringen',
  'zorgverzekering',
  'zorgverzekeraar',
  'ziektekostenverzekeraar',
];
