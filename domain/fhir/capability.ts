import type { CapabilityStatement } from '@medplum/fhirtypes';
import { patientSearchParameters, patientSortOrders } from './patient.fhir-search';

/**
 * `GET /api/fhir/metadata`: what the FHIR API really does, built from the same search-parameter
 * table the search uses, so the statement cannot promise a parameter the search ignores.
 */
export const patientInteractions = ['read', 'update', 'create', 'search-type'] as const;

export function capabilityStatement(base: string, software: { version: string }): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-24',
    kind: 'instance',
    software: { name: 'GGZ-EPD', version: software.version },
    implementation: { description: 'GGZ-EPD FHIR R4 API', url: base },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json'],
    rest: [
      {
        mode: 'server',
        documentation: `Alleen met een sessie van een zorgverlener; elke lees- en zoekactie staat in het toegangslog (NEN 7513). Zoeken: _count (1–100), _offset, _sort (${Object.keys(patientSortOrders).join(', ')}); Prefer: handling=strict weigert onbekende parameters.`,
        resource: [
          {
            type: 'Patient',
            interaction: patientInteractions.map((code) => ({ code })),
            // Versions and If-Match (412), without a stored history: no vread, no _history.
            versioning: 'versioned-update',
            readHistory: false,
            updateCreate: false,
            searchParam: Object.entries(patientSearchParameters).map(([name, parameter]) => ({ name, type: parameter.type, documentation: parameter.documentation })),
          },
        ],
      },
    ],
  };
}
