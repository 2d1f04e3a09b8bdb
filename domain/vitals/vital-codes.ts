/**
 * The measurements the record keeps, by the product's own code, with what FHIR needs: the LOINC
 * code, the UCUM unit and the Observation category. Data, so a new measure is one line here.
 */
export interface VitalCode {
  loinc: string;
  /** LOINC's display name (English, as LOINC publishes it). */
  display: string;
  ucum: string;
  category: 'vital-signs' | 'laboratory' | 'survey';
}

export const vitalCodes: Record<string, VitalCode> = {
  hartfrequentie: { loinc: '8867-4', display: 'Heart rate', ucum: '/min', category: 'vital-signs' },
  'bloeddruk-systolisch': { loinc: '8480-6', display: 'Systolic blood pressure', ucum: 'mm[Hg]', category: 'vital-signs' },
  'bloeddruk-diastolisch': { loinc: '8462-4', display: 'Diastolic blood pressure', ucum: 'mm[Hg]', category: 'vital-signs' },
  temperatuur: { loinc: '8310-5', display: 'Body temperature', ucum: 'Cel', category: 'vital-signs' },
  ademhaling: { loinc: '9279-1', display: 'Respiratory rate', ucum: '/min', category: 'vital-signs' },
  saturatie: { loinc: '59408-5', display: 'Oxygen saturation in Arterial blood by Pulse oximetry', ucum: '%', category: 'vital-signs' },
  gewicht: { loinc: '29463-7', display: 'Body weight', ucum: 'kg', category: 'vital-signs' },
  glucose: { loinc: '15074-8', display: 'Glucose [Moles/volume] in Blood', ucum: 'mmol/L', category: 'laboratory' },
};

export const loincSystem = 'http://loinc.org';

/** The product's codes for a LOINC code (several measures could share one). */
export const productCodesOf = (loinc: string): string[] =>
  Object.entries(vitalCodes).flatMap(([code, entry]) => (entry.loinc === loinc ? [code] : []));
