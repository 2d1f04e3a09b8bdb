/** The banner's facts the ward handover prints with every patient (issue 41, point 4); no server code, the print page renders it. */
export interface WardSafetyFacts {
  /** "Penicilline (ernstig), Lactose (licht)", "Geen bekende allergieën" or "Allergieën niet vastgelegd". */
  allergies: string;
  /** The current legal status with its end, or null when none is recorded. */
  legalStatus: string | null;
}

/** "Allergieën: …", "Rechtspositie: …": the lines the print page and the PDF put under every patient. */
export function safetyLines(safety: WardSafetyFacts): string[] {
  return [`Allergieën: ${safety.allergies}`, `Rechtspositie: ${safety.legalStatus ?? 'niet vastgelegd'}`];
}
