/**
 * The Brøset Violence Checklist (BVC): six behaviours, each scored present (1) or absent (0)
 * compared with the patient's usual behaviour, at every shift; the sum predicts violence in the
 * next 24 hours. Source: Almvik R, Woods P, Rasmussen K. The Brøset Violence Checklist:
 * sensitivity, specificity, and interrater reliability. J Interpers Violence 2000;15(12):1284–1296;
 * scoring and advice as in Woods P, Almvik R. The Brøset Violence Checklist (BVC). Acta Psychiatr
 * Scand 2002;106(s412):103–105. Dutch wording after the Dutch translation used in GGZ wards (ADR 36).
 */

export const bvcItems = [
  {
    key: 'verward',
    label: 'Verward',
    help: 'Komt verward en gedesoriënteerd over; is zich mogelijk niet bewust van tijd, plaats of personen.',
  },
  {
    key: 'prikkelbaar',
    label: 'Prikkelbaar',
    help: 'Raakt snel geïrriteerd of boos; verdraagt de aanwezigheid van anderen slecht.',
  },
  {
    key: 'luidruchtig',
    label: 'Luidruchtig',
    help: 'Gedraagt zich openlijk luidruchtig, bijvoorbeeld door met deuren te slaan of te schreeuwen.',
  },
  {
    key: 'verbaal-dreigend',
    label: 'Verbaal dreigend',
    help: 'Een verbale uitval die meer is dan stemverheffing en bedoeld is om een ander te intimideren of te bedreigen.',
  },
  {
    key: 'fysiek-dreigend',
    label: 'Fysiek dreigend',
    help: 'Een duidelijke bedoeling een ander fysiek te bedreigen: dreigende houding, kleding vastgrijpen, arm of vuist heffen.',
  },
  {
    key: 'voorwerpen-aanvallen',
    label: 'Aanvallen van voorwerpen',
    help: 'Een aanval op een voorwerp, niet op een persoon: met voorwerpen gooien, tegen ramen slaan of schoppen, meubilair vernielen.',
  },
] as const;

export type BvcItem = (typeof bvcItems)[number]['key'];
export const bvcItemKeys = bvcItems.map((item) => item.key) as BvcItem[];

export const bvcBands = ['klein', 'matig', 'zeer hoog'] as const;
export type BvcBand = (typeof bvcBands)[number];

/** The publication's three bands: 0, 1–2 and more than 2, each with its action advice. */
export const bvcAdvice: Record<BvcBand, { label: string; advice: string }> = {
  klein: { label: 'Risico op geweld klein', advice: 'Het risico op geweld is klein.' },
  matig: { label: 'Risico op geweld matig', advice: 'Het risico op geweld is matig: neem preventieve maatregelen.' },
  'zeer hoog': {
    label: 'Risico op geweld zeer hoog',
    advice: 'Het risico op geweld is zeer hoog: neem preventieve maatregelen en maak een plan om mogelijk geweld te hanteren.',
  },
};

/** A score from this band up is an alert at handover. */
export const bvcAlertFrom = 3;

export interface BvcScore {
  score: number;
  band: BvcBand;
  advice: string;
}

export function bvcBand(score: number): BvcBand {
  return score === 0 ? 'klein' : score <= 2 ? 'matig' : 'zeer hoog';
}

/** The sum of the behaviours present, its band and advice. */
export function bvc(items: Partial<Record<BvcItem, boolean>>): BvcScore {
  const score = bvcItemKeys.filter((key) => items[key] === true).length;
  const band = bvcBand(score);
  return { score, band, advice: bvcAdvice[band].advice };
}
