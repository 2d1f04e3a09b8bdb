import { type Shift } from '../../domain/shared/clinical-time';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { hashPassword } from '../../domain/auth/password';
import type { AppointmentStatus } from '../../domain/agenda/agenda.schemas';
import type { Role } from '../../domain/auth/auth.entities';
import type { Diagnosis } from '../../domain/diagnoses/diagnosis.entities';
import type { RiskLevel } from '../../domain/risks/risk-types';
import type { intakeSections } from '../../domain/intake/intake.service';
import type { NudgeKind } from '../../domain/nudge/nudge.entity';
import type { ReportCategory, ReportType } from '../../domain/report/report.schemas';
import type { Interpretation } from '../../domain/measurements/vitals.entity';
import { json, login } from './http';
import { appTenantSettings } from './app-orm';

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
  // With the tenant proven as the app proves it (ADR 0046): an organisation id alone opens nothing.
  const settings = Object.entries(appTenantSettings(organisationId));
  return asOwner(
    null,
    async (client) => {
      for (const [name, value] of settings) await client.query('select set_config($1, $2, true)', [name, value]);
      return work(client);
    },
    inject('appUrl'),
  );
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
  overrides: Partial<Omit<TestUser, 'id' | 'organisationId'>> & { displayName?: string } = {},
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
        overrides.displayName ?? 'Test Zorgverlener',
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

// ---------------------------------------------------------------------------------------------
// Clinical records as the past left them: no API writes a backdated report, measurement, risk
// assessment, diagnosis or appointment, so tests that need history write these rows as the table
// owner. Each factory answers the new row's id.

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
  /** The appointment the report was written for. */
  encounterId?: string | null;
  /** A report deleted by `deletedBy` (soft delete, as the report service does). */
  deletedAt?: Date | string | null;
  deletedBy?: string | null;
}

export async function createReport(organisationId: string, report: ReportFactory): Promise<string> {
  return insertReturningId(
    organisationId,
    `insert into reports (organisation_id, patient_id, type, category, content, include_in_handover, created_by, created_at, shift_date, shift,
                          encounter_id, deleted_at, deleted_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, ($8::timestamptz at time zone 'Europe/Amsterdam')::date, $9, $10, $11, $12) returning id`,
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
      report.encounterId ?? null,
      report.deletedAt ?? null,
      report.deletedBy ?? null,
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
  /** The clinician who measured it; none for a device's measurement. */
  recordedBy?: string | null;
}

export async function createVital(organisationId: string, vital: VitalFactory): Promise<string> {
  return insertReturningId(
    organisationId,
    `insert into vital_observations (organisation_id, patient_id, code, label, value, unit, interpretation, observed_at, recorded_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [
      organisationId,
      vital.patientId,
      vital.code,
      vital.label,
      vital.value,
      vital.unit,
      vital.interpretation,
      vital.observedAt ?? new Date(),
      vital.recordedBy ?? null,
    ],
  );
}

export interface RiskFactory {
  patientId: string;
  riskType: string;
  riskLevel: RiskLevel;
  rationale: string;
  assessedAt?: Date | string;
  assessedBy?: string | null;
}

export async function createRisk(organisationId: string, risk: RiskFactory): Promise<string> {
  return insertReturningId(
    organisationId,
    `insert into risk_assessments (organisation_id, patient_id, risk_type, risk_level, rationale, assessed_at, assessed_by)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [organisationId, risk.patientId, risk.riskType, risk.riskLevel, risk.rationale, risk.assessedAt ?? new Date(), risk.assessedBy ?? null],
  );
}

export interface DiagnosisFactory {
  patientId: string;
  /** The ICD-10 code of the DSM-5 classification, e.g. F20.0. */
  code: string;
  label: string;
  rank?: Diagnosis['rank'];
  /** A date (the column has no time): `2025-03-01`; today in Amsterdam when absent. */
  diagnosedAt?: string;
  diagnosedBy?: string | null;
}

export async function createDiagnosis(organisationId: string, diagnosis: DiagnosisFactory): Promise<string> {
  return insertReturningId(
    organisationId,
    `insert into diagnoses (organisation_id, patient_id, rank, code, label, diagnosed_at, diagnosed_by)
     values ($1, $2, $3, $4, $5, coalesce($6::date, (now() at time zone 'Europe/Amsterdam')::date), $7) returning id`,
    [
      organisationId,
      diagnosis.patientId,
      diagnosis.rank ?? 'primary',
      diagnosis.code,
      diagnosis.label,
      diagnosis.diagnosedAt ?? null,
      diagnosis.diagnosedBy ?? null,
    ],
  );
}

export type IntakeSectionKey = (typeof intakeSections)[number]['key'];

export interface IntakeSectionFactory {
  patientId: string;
  sectionKey: IntakeSectionKey;
  /** When the section was completed; `null` for a section that is started but still open. */
  completedAt?: Date | string | null;
}

/** One row of the intake checklist; completed now unless `completedAt` says otherwise. */
export async function createIntakeSection(organisationId: string, section: IntakeSectionFactory): Promise<string> {
  return insertReturningId(
    organisationId,
    'insert into intake_sections (organisation_id, patient_id, section_key, completed_at) values ($1, $2, $3, $4) returning id',
    [organisationId, section.patientId, section.sectionKey, section.completedAt === undefined ? new Date() : section.completedAt],
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
  status?: AppointmentStatus;
  cancelReason?: string | null;
}

export async function createAppointment(organisationId: string, appointment: AppointmentFactory): Promise<string> {
  return insertReturningId(
    organisationId,
    `insert into appointments (organisation_id, patient_id, start_at, end_at, type, practitioner_id, owner_id, location, status, cancel_reason)
     values ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9) returning id`,
    [
      organisationId,
      appointment.patientId,
      appointment.startAt,
      new Date(appointment.startAt.getTime() + (appointment.minutes ?? 45) * 60_000),
      appointment.type ?? 'behandelgesprek',
      appointment.practitionerId,
      appointment.location ?? null,
      appointment.status ?? 'gepland',
      appointment.cancelReason ?? null,
    ],
  );
}

export interface GpLetterFactory {
  patientId: string;
  createdBy: string;
  text: string;
  subject?: string;
  /** `null` for a letter without a known GP. */
  gpName?: string | null;
  gpPractice?: string | null;
}

/** A concept letter to the GP with its first version, as the letter service leaves it. */
export async function createGpLetter(organisationId: string, letter: GpLetterFactory): Promise<string> {
  return asOwner(organisationId, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      'insert into gp_letters (organisation_id, patient_id, gp_name, gp_practice, subject, original_text, created_by) values ($1, $2, $3, $4, $5, $6, $7) returning id',
      [
        organisationId,
        letter.patientId,
        letter.gpName === undefined ? 'Dr. H. Jansen' : letter.gpName,
        letter.gpPractice === undefined ? 'Praktijk Jansen' : letter.gpPractice,
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

export interface NudgeFactory {
  text: string;
  /** The clinician the reminder is for; `null` (the default) for anyone of the organisation. */
  userId?: string | null;
  patientId?: string | null;
  kind?: NudgeKind;
  href?: string;
  /** What the reminder is about, e.g. the letter waiting for review. */
  subjectId?: string | null;
  dismissedAt?: Date | string | null;
}

/** A reminder as the no-show workflow leaves it (workflows/noshow). */
export async function createNudge(organisationId: string, nudge: NudgeFactory): Promise<string> {
  return insertReturningId(
    organisationId,
    `insert into nudges (organisation_id, user_id, patient_id, kind, text, href, subject_id, dismissed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      organisationId,
      nudge.userId ?? null,
      nudge.patientId ?? null,
      nudge.kind ?? 'huisartsbrief_beoordelen',
      nudge.text,
      nudge.href ?? '/brieven',
      nudge.subjectId ?? null,
      nudge.dismissedAt ?? null,
    ],
  );
}

async function insertReturningId(organisationId: string, sql: string, values: unknown[]): Promise<string> {
  return asOwner(organisationId, async (client) => (await client.query<{ id: string }>(sql, values)).rows[0]!.id);
}
