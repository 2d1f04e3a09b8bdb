/**
 * The measurements the record keeps, by the product's own code, with what FHIR needs: the LOINC
 * code, the UCUM unit and the Observation category. Data, so a new measure is one line here.
 */
export interface VitalCode {
  /** As the ward writes it. */
  label: string;
  unit: string;
  loinc: string;
  /** LOINC's display name (English, as LOINC publishes it). */
  display: string;
  ucum: string;
  category: 'vital-signs' | 'laboratory' | 'survey';
  /** Further LOINC codes for the same measurement, sent beside the first. */
  also?: readonly { loinc: string; display: string }[];
}

export const vitalCodes: Record<string, VitalCode> = {
  hartfrequentie: { label: 'Hartfrequentie', unit: '/min', loinc: '8867-4', display: 'Heart rate', ucum: '/min', category: 'vital-signs' },
  'bloeddruk-systolisch': {
    label: 'Bloeddruk (systolisch)',
    unit: 'mmHg',
    loinc: '8480-6',
    display: 'Systolic blood pressure',
    ucum: 'mm[Hg]',
    category: 'vital-signs',
  },
  'bloeddruk-diastolisch': {
    label: 'Bloeddruk (diastolisch)',
    unit: 'mmHg',
    loinc: '8462-4',
    display: 'Diastolic blood pressure',
    ucum: 'mm[Hg]',
    category: 'vital-signs',
  },
  temperatuur: { label: 'Temperatuur', unit: '°C', loinc: '8310-5', display: 'Body temperature', ucum: 'Cel', category: 'vital-signs' },
  ademhaling: {
    label: 'Ademhalingsfrequentie',
    unit: '/min',
    loinc: '9279-1',
    display: 'Respiratory rate',
    ucum: '/min',
    category: 'vital-signs',
  },
  // FHIR's vital-signs profile asks for 2708-6; the pulse oximeter's own code goes beside it.
  saturatie: {
    label: 'Saturatie',
    unit: '%',
    loinc: '2708-6',
    display: 'Oxygen saturation in Arterial blood',
    also: [{ loinc: '59408-5', display: 'Oxygen saturation in Arterial blood by Pulse oximetry' }],
    ucum: '%',
    category: 'vital-signs',
  },
  gewicht: { label: 'Gewicht', unit: 'kg', loinc: '29463-7', display: 'Body weight', ucum: 'kg', category: 'vital-signs' },
  glucose: {
    label: 'Glucose',
    unit: 'mmol/l',
    loinc: '15074-8',
    display: 'Glucose [Moles/volume] in Blood',
    ucum: 'mmol/L',
    category: 'laboratory',
  },
};

export const loincSystem = 'http://loinc.org';

/** The product's codes for a LOINC code (several measures could share one). */
export const productCodesOf = (loinc: string): string[] =>
  Object.entries(vitalCodes).flatMap(([code, entry]) =>
    entry.loinc === loinc || entry.also?.some((other) => other.loinc === loinc) ? [code] : [],
  );

/**
 * Blood pressure is measured as two values but is one Observation in FHIR: the panel 85354-9 with
 * the systolic and diastolic values as components (the vital-signs profile's shape).
 */
export const bloodPressurePanel = {
  code: 'bloeddruk',
  loinc: '85354-9',
  display: 'Blood pressure panel with all children optional',
} as const;
