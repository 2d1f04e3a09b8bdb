/*
 * NEWS2, the National Early Warning Score 2 (Royal College of Physicians, London 2017; ADR 33):
 * chart 1 scores seven parameters 0–3, chart 3 turns the sum (and a 3 in any one parameter) into
 * a clinical risk and a response. SpO2 is scored on scale 1; scale 2 (target 88–92 % for
 * hypercapnic respiratory failure) is the clinician's to prescribe and is not offered here.
 */

export const consciousnessLevels = ['A', 'C', 'V', 'P', 'U'] as const;
export type Consciousness = (typeof consciousnessLevels)[number];
export const consciousnessLabels: Record<Consciousness, string> = {
  A: 'Alert',
  C: 'Nieuwe verwardheid',
  V: 'Reageert op aanspreken',
  P: 'Reageert op pijn',
  U: 'Reageert niet',
};

export interface News2Input {
  respiration: number;
  saturation: number;
  /** Supplemental oxygen at the time of the measurement. */
  oxygen: boolean;
  systolic: number;
  pulse: number;
  consciousness: Consciousness;
  temperature: number;
}

export const news2Risks = ['laag', 'laag-gemiddeld', 'gemiddeld', 'hoog'] as const;
export type News2Risk = (typeof news2Risks)[number];

export interface News2 {
  score: number;
  /** Each parameter's part of the score, in chart 1's order. */
  parts: Record<keyof News2Input, number>;
  risk: News2Risk;
  /** How often to measure and whom to call (chart 3), in Dutch. */
  advice: string;
}

/** Chart 1's bands as (upper bound, score) pairs in rising order: the first bound the value is at or under. */
type Bands = readonly (readonly [number, number])[];
const bands = {
  respiration: [
    [8, 3],
    [11, 1],
    [20, 0],
    [24, 2],
    [Infinity, 3],
  ],
  saturation: [
    [91, 3],
    [93, 2],
    [95, 1],
    [Infinity, 0],
  ],
  systolic: [
    [90, 3],
    [100, 2],
    [110, 1],
    [219, 0],
    [Infinity, 3],
  ],
  pulse: [
    [40, 3],
    [50, 1],
    [90, 0],
    [110, 1],
    [130, 2],
    [Infinity, 3],
  ],
  temperature: [
    [35, 3],
    [36, 1],
    [38, 0],
    [39, 1],
    [Infinity, 2],
  ],
} as const satisfies Record<string, Bands>;

const scored = (value: number, table: Bands): number => table.find(([upTo]) => value <= upTo)![1];

const advice: Record<News2Risk, string> = {
  laag: 'Minimaal elke 4 tot 6 uur meten. De verpleegkundige beoordeelt de patiënt en beslist of vaker meten of opschalen nodig is.',
  'laag-gemiddeld': 'Minimaal elk uur meten. Informeer direct de arts; die beoordeelt met spoed of de zorg moet worden opgeschaald.',
  gemiddeld:
    'Minimaal elk uur meten. Informeer direct de arts: spoedbeoordeling binnen een uur door een arts met ervaring in acuut zieke patiënten, met bewaking.',
  hoog: 'Continu bewaken. Informeer direct de arts (minimaal een specialist): spoedbeoordeling door een team met intensivecarecompetenties; overweeg overplaatsing.',
};
const routine = 'Minimaal elke 12 uur meten; routinematige controle.';

export function news2(input: News2Input): News2 {
  const parts = {
    respiration: scored(input.respiration, bands.respiration),
    saturation: scored(input.saturation, bands.saturation),
    oxygen: input.oxygen ? 2 : 0,
    systolic: scored(input.systolic, bands.systolic),
    pulse: scored(input.pulse, bands.pulse),
    consciousness: input.consciousness === 'A' ? 0 : 3,
    temperature: scored(input.temperature, bands.temperature),
  };
  const score = Object.values(parts).reduce((sum, part) => sum + part, 0);
  const redScore = Object.values(parts).some((part) => part === 3);
  const risk: News2Risk = score >= 7 ? 'hoog' : score >= 5 ? 'gemiddeld' : redScore ? 'laag-gemiddeld' : 'laag';
  return { score, parts, risk, advice: score === 0 ? routine : advice[risk] };
}
