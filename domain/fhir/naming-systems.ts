/** The Dutch naming systems (fhir.nl) of the identifiers the FHIR API serves besides the BSN. */
export const namingSystems = {
  agb: 'http://fhir.nl/fhir/NamingSystem/agb-z',
  big: 'http://fhir.nl/fhir/NamingSystem/big',
  uzi: 'http://fhir.nl/fhir/NamingSystem/uzi-nr-pers',
  ura: 'http://fhir.nl/fhir/NamingSystem/ura',
  uzovi: 'http://fhir.nl/fhir/NamingSystem/uzovi',
} as const;
