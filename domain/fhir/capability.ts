import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';
import { patientSearch } from '../patient/patient.fhir-search';
import { everythingTypes } from './everything';
import { historyDocumentation, historyInteractions, keepsEarlierVersions } from './history';
import { writeCapabilityOf, writeInteractionsOf } from './fhir-writes.use-cases';
import { includesOf, revIncludesOf } from './include';
import { clinicalResources } from './resources';
import { pageLimits, type SearchDefinition } from './search';

/**
 * `GET /api/fhir/metadata`: what the FHIR API really does, built from the same search definitions
 * the routes use, so the statement cannot promise a parameter the search ignores.
 */
export const patientInteractions = ['read', 'update', 'create', 'search-type'] as const;
export const clinicalInteractions = ['read', 'search-type'] as const;

function searchParams(
  search: SearchDefinition,
): Pick<CapabilityStatementRestResource, 'searchParam' | 'searchInclude' | 'searchRevInclude'> {
  const include = includesOf(search.resourceType);
  const revInclude = revIncludesOf(search.resourceType);
  return {
    ...(include.length ? { searchInclude: include } : {}),
    ...(revInclude.length ? { searchRevInclude: revInclude } : {}),
    searchParam: Object.entries(search.parameters).map(([name, parameter]) => ({
      name,
      type: parameter.type,
      documentation: parameter.documentation,
    })),
  };
}

const sorting = (search: SearchDefinition) =>
  `Sorteren (_sort): ${Object.keys(search.sortOrders).join(', ')}; standaard ${Object.keys(search.sortOrders)[0]}.`;

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
        interaction: [{ code: 'transaction' }, { code: 'batch' }, { code: 'history-system' }],
        documentation: `Met een sessie van een zorgverlener of als koppeling (SMART Backend Services, zie security); elke lees- en zoekactie staat in het toegangslog (NEN 7513). Zoeken met GET of POST <type>/_search; _count (1–${pageLimits.max}, standaard ${pageLimits.default}) en _offset; Prefer: handling=strict weigert onbekende parameters; _include en _revinclude volgen de verwijzingen in searchInclude en searchRevInclude (één stap, geen :iterate of *), een andere geeft een waarschuwing (strict: 400); een FHIR-zoekparameter van het type die hier niet staat, een keten (patient.identifier), _has of een onbekende modifier wordt altijd geweigerd. Bundles: transaction (alles of niets) en batch met POST Patient (ook If-None-Exist), PUT Patient (ook voorwaardelijk) en de create en update die elk type hieronder noemt (create ook met If-None-Exist, update met ifMatch). Geen Encounter: de afspraak is het enige contactmoment dat het dossier kent (Appointment). ${historyDocumentation}`,
        resource: [
          {
            type: 'Patient',
            documentation: sorting(patientSearch),
            interaction: [...patientInteractions.map((code) => ({ code })), ...historyInteractions('Patient')],
            // Versions and If-Match (412); vread and _history give the current version only, the record keeps no older ones (ADR 0097).
            versioning: 'versioned-update',
            readHistory: false,
            updateCreate: false,
            ...searchParams(patientSearch),
            operation: [
              {
                name: 'everything',
                definition: 'http://hl7.org/fhir/OperationDefinition/Patient-everything',
                documentation: `GET Patient/<id>/$everything: de patiënt en alles van hem of haar dat deze server levert en het toegangstoken mag lezen (${everythingTypes.join(', ')}), met de genoemde Practitioner en Organization als include; _type, _count (1–${pageLimits.max}, standaard ${pageLimits.max}) en _offset; _since, start en end worden geweigerd (wijzigingen: _history?_since=).`,
              },
            ],
          },
          ...Object.entries(clinicalResources).map(([type, resource]) => ({
            type: type as CapabilityStatementRestResource['type'],
            documentation: `${resource.documentation} ${sorting(resource.search)}`,
            interaction: [
              ...[...clinicalInteractions, ...writeInteractionsOf(type)].map((code) => ({ code })),
              ...historyInteractions(type),
            ],
            versioning: 'versioned' as const,
            readHistory: keepsEarlierVersions(type),
            ...writeCapabilityOf(type),
            ...searchParams(resource.search),
          })),
        ],
      },
    ],
  };
}
