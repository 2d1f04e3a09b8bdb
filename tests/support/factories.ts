import { type Shift } from '../../domain/shared/clinical-time';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { hashPassword } from '../../domain/auth/password';
import type { Role } from '../../domain/auth/auth.entities';
import type { RiskLevel } from '../../domain/intake/intake.entities';
import type { ReportCategory, ReportType } from '../../domain/report/report.schemas';
import type { Interpretation } from '../../domain/vitals/vitals.entity';
import { json, login } from './http';

/**
 * Test data written as the table owner, inside a transaction that sets the organisation, so it
 * works whether or not the owner role bypasses row-level security.
 */
export async function asOwner<T>(
  organisationId: string | null,
  work: (client: pg.Client) => Promise<T>,
  ownerUrl = inject('ownerUrl'),
): Promise<T> {
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
export async function createOrganisation(
  name = `Testinstelling ${randomUUID().slice(0, 8)}`,
  ownerUrl?: string,
): Promise<{ id: string; name: string }> {
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

export async function createUser(
  organisationId: string,
  overrides: Partial<Omit<TestUser, 'id' | 'organisationId'>> = {},
  ownerUrl?: string,
): Promise<TestUser> {
  const user = {
    id: randomUUID(),
    organisationId,
    email: overrides.email ?? `zorg-${randomUUID().slice(0, 8)}@test.nl`,
    password: overrides.password ?? `Wachtwoord-${randomUUID().slice(0, 6)}`,
    role: overrides.role ?? 'verpleegkundige',
  };
  const hash = await hashPassword(user.password);
  await asOwner(
    organisationId,
    (client) =>
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

export const validBsns = [
  '111222333',
  '123456782',
  '999999990',
  '100000009',
  '100007910',
  '100015839',
  '100023757',
  '100031675',
  '100039595',
  '100047518',
  '100055436',
  '100063354',
];

export function fhirPatientBody(overrides: Record<string, unknown> = {}) {
  return {
    resourceType: 'Patient',
    extension: [
      {
        url: 'https://ggz-epd.nl/fhir/StructureDefinition/insurance',
        valueString: JSON.stringify({ company: 'CZ', policyNumber: 'P-77' }),
      },
    ],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: '123456782' }],
    name: [
      {
        family: 'de Vries',
        given: ['Jan'],
        _family: {
          extension: [
            { url: 'http://hl7.org/fhir/StructureDefinition/humanname-own-prefix', valueString: 'de' },
            { url: 'http://hl7.org/fhir/StructureDefinition/humanname-own-name', valueString: 'Vries' },
          ],
        },
      },
    ],
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
    client.query<{ id: string }>(`insert into ${table} (${columns.join(', ')}) values (${placeholders}) returning id`, [
      organisationId,
      ...Object.values(values),
    ]),
  );
  return rows[0]!.id;
}

// ---------------------------------------------------------------------------------------------
// Clinical records as the past left them: no API writes a backdated report, measurement, risk
// assessment or appointment, so tests that need history write these rows as the table owner.

export interface ReportFactory {
  patientId: string;
  createdBy: string;
  content: string;
  type?: ReportType;
  category?: ReportCategory | null;
  createdAt?: Date | string;
  includeInHandover?: boolean;
  /** The shift the report belongs to; its date is the Amsterdam date of `createdAt`. */
  shift?: Shift;
}

export async function createReport(organisationId: string, report: ReportFactory): Promise<string> {
  return insertReturningId(
    organisationId,
    `insert into reports (organisation_id, patient_id, type, category, content, include_in_handover, created_by, created_at, shift_date, shift)
     values ($1, $2, $3, $4, $5, $6, $7, $8, ($8::timestamptz at time zone 'Europe/Amsterdam')::date, $9) returning id`,
    [
      organisationId,
      report.patientId,
      report.type ?? 'dagnotitie',
      report.category === undefined ? 'observatie' : report.category,
      report.content,
      report.includeInHandover ?? false,
      report.createdBy,
      report.createdAt ?? new Date(),
      report.shift ?? 'dag',
    ],
  );
}

export interface VitalFactory {
  patientId: string;
  code: string;
  label: string;
  value: number;
  unit: string;
  interpretation: Interpretation;
  observedAt?: Date | string;
}

export async function createVital(organisationId: string, vital: VitalFactory): Promise<string> {
  return insertReturningId(
    organisationId,
    'insert into vital_observations (organisation_id, patient_id, code, label, value, unit, interpretation, observed_at) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id',
    [
      organisationId,
      vital.patientId,
      vital.code,
      vital.label,
      vital.value,
      vital.unit,
      vital.interpretation,
      vital.observedAt ?? new Date(),
    ],
  );
}

export interface RiskFactory {
  patientId: string;
  riskType: string;
  riskLevel: RiskLevel;
  rationale: string;
  assessedAt?: Date | string;
}

export async function createRisk(organisationId: string, risk: RiskFactory): Promise<string> {
  return insertReturningId(
    organisationId,
    'insert into risk_assessments (organisation_id, patient_id, risk_type, risk_level, rationale, assessed_at) values ($1, $2, $3, $4, $5, $6) returning id',
    [organisationId, risk.patientId, risk.riskType, risk.riskLevel, risk.rationale, risk.assessedAt ?? new Date()],
  );
}

export interface AppointmentFactory {
  patientId: string;
  /** The clinician who sees the patient and owns the appointment. */
  practitionerId: string;
  startAt: Date;
  minutes?: number;
  type?: string;
  location?: string | null;
}

export async function createAppointment(organisationId: string, appointment: AppointmentFactory): Promise<string> {
  return insertReturningId(
    organisationId,
    `insert into appointments (organisation_id, patient_id, start_at, end_at, type, practitioner_id, owner_id, location)
     values ($1, $2, $3, $4, $5, $6, $6, $7) returning id`,
    [
      organisationId,
      appointment.patientId,
      appointment.startAt,
      new Date(appointment.startAt.getTime() + (appointment.minutes ?? 45) * 60_000),
      appointment.type ?? 'behandelgesprek',
      appointment.practitionerId,
      appointment.location ?? null,
    ],
  );
}

export interface GpLetterFactory {
  patientId: string;
  createdBy: string;
  text: string;
  subject?: string;
  gpName?: string;
  gpPractice?: string;
}

/** A concept letter to the GP with its first version, as the letter service leaves it. */
export async function createGpLetter(organisationId: string, letter: GpLetterFactory): Promise<string> {
  return asOwner(organisationId, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      'insert into gp_letters (organisation_id, patient_id, gp_name, gp_practice, subject, original_text, created_by) values ($1, $2, $3, $4, $5, $6, $7) returning id',
      [
        organisationId,
        letter.patientId,
        letter.gpName ?? 'Dr. H. Jansen',
        letter.gpPractice ?? 'Praktijk Jansen',
        letter.subject ?? 'Voortgang',
        letter.text,
        letter.createdBy,
      ],
    );
    await client.query(
      "insert into gp_letter_versions (organisation_id, letter_id, version, event, status, text, created_by) values ($1, $2, 1, 'concept', 'concept', $3, $4)",
      [organisationId, rows[0]!.id, letter.text, letter.createdBy],
    );
    return rows[0]!.id;
  });
}

async function insertReturningId(organisationId: string, sql: string, values: unknown[]): Promise<string> {
  return asOwner(organisationId, async (client) => (await client.query<{ id: string }>(sql, values)).rows[0]!.id);
}
