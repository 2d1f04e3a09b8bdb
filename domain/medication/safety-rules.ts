/**
 * The medication safety rules as data (ADR 60); `safety.ts` is the engine that reads them. Without
 * a G-Standaard licence the rules work on ATC codes (WHO ATC/DDD index), the code every product in
 * `products.ts` carries. A new rule is a line here.
 */

/**
 * Words an allergy may be recorded with (folded: lower case, no accents), and the ATC codes they
 * cover. A prefix covers a whole class ("N05AD" is every butyrofenon). The active substance of each
 * product is matched by its own name too (see `safety.ts`), so "Haloperidol" needs no line here;
 * this list adds classes and brand names a ward writes.
 */
export const allergyTerms: readonly { terms: readonly string[]; atc: readonly string[]; label: string }[] = [
  { terms: ['penicilline', 'penicillines', 'amoxicilline', 'flucloxacilline'], atc: ['J01C'], label: 'penicillines' },
  { terms: ['antipsychotica', 'antipsychoticum', 'neuroleptica', 'neurolepticum'], atc: ['N05A'], label: 'antipsychotica' },
  { terms: ['butyrofenonen', 'butyrofenon', 'haldol'], atc: ['N05AD'], label: 'butyrofenonen (haloperidol)' },
  { terms: ['fenothiazinen', 'fenothiazine'], atc: ['N05AA', 'N05AB', 'N05AC', 'R06AD'], label: 'fenothiazinen' },
  {
    terms: ['benzodiazepinen', 'benzodiazepine', 'benzos', 'temesta', 'seresta', 'valium'],
    atc: ['N05BA', 'N05CD'],
    label: 'benzodiazepinen',
  },
  { terms: ['ssri', "ssri's", 'zoloft', 'cipramil', 'prozac', 'seroxat'], atc: ['N06AB'], label: "SSRI's" },
  { terms: ['zyprexa'], atc: ['N05AH03'], label: 'olanzapine' },
  { terms: ['seroquel'], atc: ['N05AH04'], label: 'quetiapine' },
  { terms: ['leponex'], atc: ['N05AH02'], label: 'clozapine' },
  { terms: ['risperdal'], atc: ['N05AX08'], label: 'risperidon' },
  { terms: ['abilify'], atc: ['N05AX12'], label: 'aripiprazol' },
  { terms: ['lithium', 'priadel', 'camcolit'], atc: ['N05AN01'], label: 'lithium' },
  { terms: ['nsaid', "nsaid's", 'ibuprofen', 'diclofenac', 'naproxen'], atc: ['M01A'], label: "NSAID's" },
  { terms: ['opiaten', 'opioiden', 'morfine', 'codeine'], atc: ['N02A', 'N07BC'], label: 'opioïden' },
  { terms: ['insuline'], atc: ['A10A'], label: 'insuline' },
];

/**
 * Two active orders in one of these classes are a duplicate therapy: olanzapine beside haloperidol
 * is two antipsychotics. `except` leaves out codes inside the prefix that are another kind of drug:
 * lithium sits under N05A (N05AN) but is a mood stabiliser, given beside an antipsychotic by design.
 */
export const duplicateClasses: readonly { atc: string; except?: readonly string[]; label: string }[] = [
  { atc: 'N05A', except: ['N05AN'], label: 'antipsychotica' },
  { atc: 'N06AB', label: "SSRI's" },
];

/**
 * High-risk medication: a second nurse checks product, dose, patient and moment before the dose is
 * given, and both names are recorded (the VMS "high risk medicatie" practice, adapted to a GGZ
 * ward). Each entry says why.
 */
export const highRiskClasses: readonly { atc: string; label: string; why: string }[] = [
  { atc: 'N05AH02', label: 'clozapine', why: 'kans op agranulocytose en ernstige bijwerkingen bij een verkeerde dosis' },
  { atc: 'N05AN01', label: 'lithium', why: 'smalle therapeutische breedte' },
  { atc: 'A10A', label: 'insuline', why: 'hypoglykemie bij een verkeerde dosis' },
  { atc: 'N02A', label: 'opioïden', why: 'ademhalingsdepressie bij een verkeerde dosis' },
  { atc: 'N07BC', label: 'opioïden bij verslaving (methadon)', why: 'ademhalingsdepressie bij een verkeerde dosis' },
];

/**
 * The minimum time between two zo-nodig doses when the prescriber sets none: one hour. It is a
 * floor against a dose given twice (two nurses, one round), not a dosing rule; the prescriber sets
 * the interval the product needs (0 to 24 hours).
 */
export const defaultMinIntervalMinutes = 60;
export const maxMinIntervalMinutes = 24 * 60;
