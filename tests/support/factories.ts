import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { hashPassword } from '../../domain/auth/password';
import type { Role } from '../../domain/auth/auth.entities';
import { json, login } from './http';

/**
 * Test data written as the table owner, inside a transaction that sets the organisation, so it
 * works whether or not the owner role bypasses row-level security.
 */
export async function asOwner<T>(organisationId: string | null, work: (client: pg.Client) => Promise<T>, ownerUrl = inject('ownerUrl')): Promise<T> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query('begin');
    if (organisationId) await client.query("select set_config('app.organisation_id', $1, true)", [organisationId]);
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    await client.end();
  }
}

/** The same transaction as the application role: only what the app's own connections may do. */
export function asApplication<T>(organisationId: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  return asOwner(organisationId, work, inject('appUrl'));
}

/** `ownerUrl` writes to another database than the stack's (a fault test's own PostgreSQL). */
export async function createOrganisation(name = `Testinstelling ${randomUUID().slice(0, 8)}`, ownerUrl?: string): Promise<{ id: string; name: string }> {
  const id = randomUUID();
  await asOwner(id, (client) => client.query('insert into organisations (id, name) values ($1, $2)', [id, name]), ownerUrl);
  return { id, name };
}

export interface TestUser {
  id: string;
  organisationId: string;
  email: string;
  password: string;
  role: Role;
}

export async function createUser(organisationId: string, overrides: Partial<Omit<TestUser, 'id' | 'organisationId'>> = {}, ownerUrl?: string): Promise<TestUser> {
  const user = {
    id: randomUUID(),
    organisationId,
    email: overrides.email ?? `zorg-${randomUUID().slice(0, 8)}@test.nl`,
    password: overrides.password ?? `Wachtwoord-${randomUUID().slice(0, 6)}`,
    role: overrides.role ?? 'verpleegkundige',
  };
  const hash = await hashPassword(user.password);
  await asOwner(organisationId, (client) =>
    client.query('insert into users (id, organisation_id, email, display_name, role, password_hash) values ($1, $2, $3, $4, $5, $6)', [
      user.id,
      organisationId,
      user.email,
      'Test Zorgverlener',
      user.role,
      hash,
    ]),
    ownerUrl,
  );
  return user;
}

export interface SignedIn {
  user: TestUser;
  organisationId: string;
  cookie: string;
}

/** A fresh organisation with one signed-in user: tests never see each other's data. */
export async function signedInUser(role: Role = 'verpleegkundige'): Promise<SignedIn> {
  const organisation = await createOrganisation();
  const user = await createUser(organisation.id, { role });
  const { cookie } = await login(user.email, user.password);
  if (!cookie) throw new Error('test login failed');
  return { user, organisationId: organisation.id, cookie };
}

export const validBsns = ['111222333', '123456782', '999999990', '100000009', '100007910', '100015839', '100023757', '100031675', '100039595', '100047518', '100055436', '100063354'];

export function fhirPatientBody(overrides: Record<string, unknown> = {}) {
  return {
    resourceType: 'Patient',
    extension: [{ url: 'https://ggz-epd.nl/fhir/StructureDefinition/insurance', valueString: JSON.stringify({ company: 'CZ', policyNumber: 'P-77' }) }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: '123456782' }],
    name: [{ family: 'de Vries', given: ['Jan'], _family: { extension: [{ url: 'http://hl7.org/fhir/StructureDefinition/humanname-own-prefix', valueString: 'de' }, { url: 'http://hl7.org/fhir/StructureDefinition/humanname-own-name', valueString: 'Vries' }] } }],
    gender: 'male',
    birthDate: '1971-04-12',
    ...overrides,
  };
}

/** A patient registered through the FHIR API by the signed-in user (`fhirPatientBody` with overrides): its id. */
export async function registerPatient(cookie: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const created = await json('/api/fhir/Patient', { method: 'POST', cookie, body: fhirPatientBody(overrides) });
  if (created.status !== 201) throw new Error(`registering a test patient answered ${created.status}: ${await created.text()}`);
  return ((await created.json()) as { id: string }).id;
}

/** Clinical rows the product has no write API for yet (issue 25): one row, written as the application role. */
export type ClinicalTable = 'vital_observations' | 'risk_assessments' | 'diagnoses' | 'appointments' | 'reports';

export async function addRecord(organisationId: string, table: ClinicalTable, values: Record<string, unknown>): Promise<string> {
  const columns = ['organisation_id', ...Object.keys(values)];
  const placeholders = columns.map((_, index) => `$${index + 1}`).join(', ');
  const { rows } = await asApplication(organisationId, (client) =>
    client.query<{ id: string }>(`insert into ${table} (${columns.join(', ')}) values (${placeholders}) returning id`, [organisationId, ...Object.values(values)]),
  );
  return rows[0]!.id;
}
