/*
 * The beheer page's words for what a koppeling may be granted: each resource type the FHIR API
 * serves, as the record calls it. A type without a label here shows its FHIR name.
 */
export const scopeTypeLabels: Readonly<Record<string, string>> = {
  '*': 'Alle typen (niet het toegangslog)',
  Patient: 'Patiënten',
  Observation: 'Metingen en labuitslagen',
  AllergyIntolerance: 'Allergieën',
  Condition: 'Diagnoses',
  RiskAssessment: 'Risicotaxaties',
  Appointment: 'Afspraken',
  DocumentReference: 'Rapportages',
  MedicationRequest: 'Medicatievoorschriften',
  MedicationAdministration: 'Toedieningen',
  EpisodeOfCare: 'Behandelepisode',
  Coverage: 'Zorgverzekering',
  AuditEvent: 'Toegangslog (NEN 7513)',
};

export const scopeAccessLabels = { read: 'Lezen', write: 'Schrijven' } as const;

export const koppelingNotices: Readonly<Record<string, string>> = {
  geregistreerd:
    'De koppeling is geregistreerd. Geef de leverancier de client_id hieronder; het token-endpoint staat in de SMART-configuratie.',
  ingetrokken: 'De koppeling is ingetrokken: zij krijgt geen nieuw token meer en een token dat zij heeft, werkt niet meer.',
};
