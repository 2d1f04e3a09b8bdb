import { describe, expect, it } from 'vitest';
import { AppError } from '../shared/errors';
import { capabilityStatement } from './capability';
import { includesOf, parseIncludes, revIncludesOf, servedReferences } from './include';
import { clinicalResources } from './resources';

const everyType = (_type: string) => true;
const parse = (type: string, query: string, strict = false, canRead = everyType) =>
  parseIncludes(type, new URLSearchParams(query), { strict, canRead });

describe('parseIncludes', () => {
  it('follows a served reference, with or without its target type, once', () => {
    const request = parse('Observation', '_include=Observation:subject&_include=Observation:subject:Patient&_include=Observation:patient');
    expect(request.include.map((ref) => `${ref.source}:${ref.parameter}`)).toEqual(['Observation:subject', 'Observation:patient']);
    expect(request.applied).toHaveLength(3);
    expect(request.ignored).toEqual([]);
    expect(parse('Patient', '_revinclude=MedicationRequest:patient').revinclude).toHaveLength(1);
  });

  it('leaves out with a warning what it does not follow, and refuses it under strict handling', () => {
    for (const query of [
      '_include=*',
      '_include:iterate=Observation:subject',
      '_include=Observation:performer',
      '_include=Condition:subject',
      '_include=Observation:subject:Practitioner',
      '_revinclude=Observation:subject',
    ]) {
      const request = parse('Observation', query);
      expect(request.include, query).toEqual([]);
      expect(request.revinclude, query).toEqual([]);
      expect(request.ignored, query).toHaveLength(1);
      expect(() => parse('Observation', query, true), query).toThrow(AppError);
    }
  });

  it('refuses an include of a type the caller may not read', () => {
    const onlyObservations = (type: string) => type === 'Observation';
    expect(() => parse('Observation', '_include=Observation:subject', false, onlyObservations)).toThrow(/Patient\.read/);
    expect(() => parse('Patient', '_revinclude=Condition:subject', false, (type) => type === 'Patient')).toThrow(/Condition\.read/);
  });
});

describe('the served references', () => {
  it('are each a reference search parameter of their source type', () => {
    for (const ref of servedReferences)
      expect(clinicalResources[ref.source]!.search.parameters[ref.parameter]?.type, `${ref.source}:${ref.parameter}`).toBe('reference');
  });

  it('are what the CapabilityStatement declares', () => {
    const statement = capabilityStatement('http://localhost/api/fhir', { version: 'test' });
    for (const resource of statement.rest![0]!.resource!) {
      expect(resource.searchInclude ?? [], resource.type).toEqual(includesOf(resource.type));
      expect(resource.searchRevInclude ?? [], resource.type).toEqual(revIncludesOf(resource.type));
    }
  });
});
