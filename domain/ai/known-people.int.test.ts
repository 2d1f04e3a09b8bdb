import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOrm } from '../../tests/support/app-orm';
import { asOwner, createOrganisation, createUser, validBsns } from '../../tests/support/factories';
import type { MikroORM } from '../db/orm';
import { withTenant } from '../db/tenant';
import { createPatient } from '../patient/patient.service';
import { peopleOfCall, staffOf } from './known-people';
import { Pseudonymiser } from './pseudonymise';

// The staff as one prepared group per staff version (ADR 0043): what the model is sent follows
// every change to the staff, and nothing else makes the group be read again.
let orm: MikroORM;
let organisationId: string;
let otherOrganisationId: string;

const staff = () => withTenant(orm, { organisationId }, (em) => staffOf(em, organisationId));
const sent = async (text: string) => new Pseudonymiser([], [await staff()]).pseudonymise(text);
const version = () =>
  asOwner(
    organisationId,
    async (client) => (await client.query<{ version: string }>('select version from staff_versions')).rows[0]?.version,
  );

/** A user by the factory, then named as a person (the factory names everyone 'Test Zorgverlener'). */
async function colleague(organisation: string, name: string, email?: string) {
  const user = await createUser(organisation, email ? { email } : {});
  await asOwner(organisation, (client) => client.query('update users set display_name = $1 where id = $2', [name, user.id]));
  return user;
}

beforeAll(async () => {
  orm = await appOrm();
  organisationId = (await createOrganisation()).id;
  otherOrganisationId = (await createOrganisation()).id;
  await colleague(organisationId, 'Anouk Verbeek', 'a.verbeek@instelling.test');
  await colleague(otherOrganisationId, 'Sjoerd Hoekstra');
});

afterAll(async () => {
  await orm?.close(true);
});

describe('the staff the pseudonymiser knows', () => {
  // Which label a colleague gets is issue 42's (today the first known person is [PATIENT_1]); here:
  // the organisation's staff are known, and what is sent holds neither name nor address.
  it("hides the organisation's staff, by name and e-mail address", async () => {
    const text = await sent('Anouk Verbeek (a.verbeek@instelling.test) belde.');
    expect(text).toMatch(/^\[[A-Z]+_1\] \(\[EMAIL_1\]\) belde\.$/);
  });

  it('is prepared once per staff version: a second call gets the same group', async () => {
    expect(await staff()).toBe(await staff());
  });

  it('follows a new colleague and a renamed one at once', async () => {
    const before = await staff();
    const wessel = await colleague(organisationId, 'Wessel Dijkhuizen');
    expect(await sent('Wessel Dijkhuizen neemt de dienst over.')).toMatch(/^\[[A-Z]+_1\] neemt de dienst over\.$/);
    expect(await staff()).not.toBe(before);

    await asOwner(organisationId, (client) =>
      client.query("update users set display_name = 'Wessel Ravensberg' where id = $1", [wessel.id]),
    );
    expect(await sent('Wessel Ravensberg neemt de dienst over.')).toMatch(/^\[[A-Z]+_1\] neemt de dienst over\.$/);
  });

  it('does not move on for a change the pseudonymiser does not see (a new password)', async () => {
    const [current, group] = [await version(), await staff()];
    await asOwner(organisationId, (client) =>
      client.query("update users set password_hash = 'scrypt$other' where email = 'a.verbeek@instelling.test'"),
    );
    expect(await version()).toBe(current);
    expect(await staff()).toBe(group);
  });
});

describe("the record's patient the pseudonymiser knows", () => {
  // ADR 0107, round five: the record's gender tells a relative's title from the patient's.
  it('carries the gender from the record, so "mw." before a male patient\'s surname is someone else', async () => {
    const user = await createUser(organisationId);
    const sent = await withTenant(orm, { organisationId }, async (em) => {
      const actor = { organisationId, userId: user.id, role: 'verpleegkundige' as const, channel: 'api' as const };
      const patient = await createPatient(em, actor, {
        nameGiven: ['Ricardo'],
        familyName: 'Tjon',
        birthDate: '1990-04-02',
        bsn: validBsns[0],
        gender: 'male',
      });
      const text = 'Moeder belt: Ricardo heeft ingebroken. Mw. Tjon wil geen aangifte, dhr. Tjon ontkent.';
      const { record, staff } = await peopleOfCall(em, organisationId, { patientIds: [patient.id], texts: [text] });
      return new Pseudonymiser(record, [staff]).pseudonymise(text);
    });
    expect(sent).toBe(
      'Moeder belt: [PATIENT_1_VOORNAAM] heeft ingebroken. Mw. [PERSOON_1] wil geen aangifte, dhr. [PATIENT_1_ACHTERNAAM] ontkent.',
    );
  });
});
