import { dischargeReasonText, type DischargeReasonCode } from '../discharge/discharge.vocabulary';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { KnownPerson } from '../ai/pseudonymise';
import type { AuditActor } from '../audit/audit.service';
import type { EntityManager } from '../db/orm';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseOrThrow } from '../shared/validation';
import { searchKeysOf, searchNameOf } from './name-matching';
import { Patient } from './patient.entity';
import {
  patientInputSchema,
  patientListQuerySchema,
  patientPatchSchema,
  type EpisodeStatus,
  type Gender,
  type StatusFilter,
  type ValidPatientInput,
} from './patient.schemas';

export interface PatientView {
  id: string;
  namePrefix: string | null;
  nameGiven: string[];
  familyName: string;
  displayName: string;
  bsn: string | null;
  johnDoe: boolean;
  birthDate: string | null;
  gender: Gender;
  address: { street: string | null; postalCode: string | null; city: string | null };
  contact: { phone: string | null; email: string | null };
  insurance: { company: string | null; policyNumber: string | null };
  episodeStatus: EpisodeStatus;
  /** Kamer/bed on the ward; null when none is assigned. */
  room: string | null;
  /** The episode's end (ontslag, ADR 0080): its day and reason as one line; null while it runs. */
  discharge: { dischargedOn: string; reasonCode: DischargeReasonCode; reasonText: string } | null;
  createdAt: string;
  updatedAt: string;
  /** The database's version of the row: FHIR `meta.versionId`, `ETag: W/"<version>"`. */
  version: number;
}

export const patientNotFound = 'De gevraagde patiënt is niet gevonden.';
const duplicateBsn = 'Er is al een patiënt met dit BSN geregistreerd.';
const unknownFamilyName = 'Onbekend';

export function displayName(name: { nameGiven: readonly string[]; namePrefix?: string | null; familyName: string }): string {
  return [name.nameGiven.join(' '), name.namePrefix, name.familyName].filter(Boolean).join(' ');
}

/** The patient's fields the pseudonymiser uses: an entity, or a row read as JSON with the same names. */
export type KnownPatientFields = Pick<
  Patient,
  | 'nameGiven'
  | 'namePrefix'
  | 'familyName'
  | 'bsn'
  | 'birthDate'
  | 'addressStreet'
  | 'addressPostalCode'
  | 'addressCity'
  | 'phone'
  | 'email'
  | 'gender'
>;

/** What the pseudonymiser needs to recognise this patient in text sent to a language model. */
export function knownPerson(patient: KnownPatientFields): KnownPerson {
  return {
    name: displayName(patient),
    given: [...patient.nameGiven],
    prefix: patient.namePrefix ?? null,
    family: patient.familyName,
    bsn: patient.bsn ?? null,
    birthDate: patient.birthDate ? String(patient.birthDate).slice(0, 10) : null,
    street: patient.addressStreet ?? null,
    postalCode: patient.addressPostalCode ?? null,
    city: patient.addressCity ?? null,
    phone: patient.phone ?? null,
    email: patient.email ?? null,
    gender: patient.gender ?? null,
  };
}

export function toPatientView(patient: Patient): PatientView {
  return {
    id: patient.id,
    namePrefix: patient.namePrefix ?? null,
    nameGiven: patient.nameGiven,
    familyName: patient.familyName,
    displayName: displayName(patient),
    bsn: patient.bsn ?? null,
    johnDoe: patient.johnDoe,
    birthDate: patient.birthDate ?? null,
    gender: patient.gender,
    address: { street: patient.addressStreet ?? null, postalCode: patient.addressPostalCode ?? null, city: patient.addressCity ?? null },
    contact: { phone: patient.phone ?? null, email: patient.email ?? null },
    insurance: { company: patient.insuranceCompany ?? null, policyNumber: patient.insurancePolicyNumber ?? null },
    episodeStatus: patient.episodeStatus,
    room: patient.room ?? null,
    discharge:
      patient.dischargedOn && patient.dischargeReasonCode
        ? {
            dischargedOn: patient.dischargedOn,
            reasonCode: patient.dischargeReasonCode,
            reasonText: dischargeReasonText(patient.dischargeReasonCode, patient.dischargeReason),
          }
        : null,
    createdAt: patient.createdAt.toISOString(),
    updatedAt: patient.updatedAt.toISOString(),
    version: patient.version,
  };
}

/** Entity columns from validated input; the search columns are derived here, in one place. */
const comparable = (value: unknown) => JSON.stringify(value instanceof Date ? value.toISOString() : (value ?? null));
const sameValue = (stored: unknown, next: unknown) =>
  comparable(stored) === comparable(next) || (stored instanceof Date && typeof next === 'string' && stored.toISOString().startsWith(next));

export function patientColumns(input: ValidPatientInput) {
  const familyName = input.familyName ?? unknownFamilyName;
  const name = { nameGiven: input.nameGiven, namePrefix: input.namePrefix ?? null, familyName };
  const searchName = searchNameOf(name);
  return {
    ...name,
    bsn: input.bsn ?? null,
    johnDoe: input.johnDoe,
    birthDate: input.birthDate ?? null,
    gender: input.gender,
    addressStreet: input.address.street ?? null,
    addressPostalCode: input.address.postalCode ?? null,
    addressCity: input.address.city ?? null,
    phone: input.contact.phone ?? null,
    email: input.contact.email ?? null,
    insuranceCompany: input.insurance.company ?? null,
    insurancePolicyNumber: input.insurance.policyNumber ?? null,
    searchName,
    searchKeys: searchKeysOf(searchName, name.namePrefix),
    // FHIR has no room on a Patient: a PUT there leaves it as it is (ADR 0061).
    ...(input.room !== undefined ? { room: input.room } : {}),
  };
}

async function assertBsnFree(em: EntityManager, bsn: string | undefined, exceptId?: string): Promise<void> {
  if (!bsn) return;
  const existing = await em.findOne(Patient, { bsn, ...(exceptId ? { id: { $ne: exceptId } } : {}) }, { fields: ['id'] });
  if (existing) throw AppError.validation({ bsn: duplicateBsn });
}

async function flushUnique(em: EntityManager): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    // Two registrations of one BSN at the same moment: the unique index decides.
    if (error instanceof UniqueConstraintViolationException) throw AppError.validation({ bsn: duplicateBsn });
    throw error;
  }
}

/** Registers a patient; every new episode starts as `planned`. */
export async function createPatient(em: EntityManager, actor: AuditActor, input: unknown): Promise<PatientView> {
  const valid = parseOrThrow(patientInputSchema, input);
  await assertBsnFree(em, valid.bsn);
  const patient = em.create(Patient, { organisationId: actor.organisationId, ...patientColumns(valid), episodeStatus: 'planned' });
  await flushUnique(em);
  return toPatientView(patient);
}

/** The patient of the tenant in `em`, or the Dutch 404 (also for a malformed id). */
export async function findPatient(em: EntityManager, id: string): Promise<Patient> {
  if (!isUuid(id)) throw AppError.notFound(patientNotFound);
  const patient = await em.findOne(Patient, { id });
  if (!patient) throw AppError.notFound(patientNotFound);
  return patient;
}

/**
 * A patient filter (`?patientId=`) names a patient of the tenant in `em`: an unknown id, or one of
 * another organisation, is the Dutch 404 as everywhere else, not an answer about nobody.
 */
export async function assertPatientExists(em: EntityManager, id: string): Promise<void> {
  if (!isUuid(id) || (await em.count(Patient, { id })) === 0) throw AppError.notFound(patientNotFound);
}

export async function getPatient(em: EntityManager, id: string): Promise<PatientView> {
  return toPatientView(await findPatient(em, id));
}

/** A change of the patient's data: the patient after it, and which fields changed (for the access log: names, never values). */
export interface PatientChange {
  patient: PatientView;
  changed: string[];
}

/** Replaces the patient's data; the episode status changes only when the input names one. */
export const versionMismatch = 'Deze patiënt is intussen gewijzigd; haal de nieuwe versie op en probeer het opnieuw.';

/** `expectedVersion` (FHIR `If-Match`): the change is made only on that version, else 412 and nothing changes. */
export async function updatePatient(em: EntityManager, id: string, input: unknown, expectedVersion?: number): Promise<PatientChange> {
  const patient = await findPatient(em, id);
  if (expectedVersion !== undefined) {
    // Locked until the transaction ends, so no other change can slip in between the check and the write.
    const [row] = await em.execute<{ version: number }[]>('select version from patients where id = ? for update', [patient.id]);
    if (row?.version !== expectedVersion) throw new AppError('precondition_failed', versionMismatch, { currentVersion: row?.version });
  }
  const valid = parseOrThrow(patientInputSchema, input);
  await assertBsnFree(em, valid.bsn, patient.id);
  const before = toPatientView(patient);
  // Only what differs is written: a PUT that changes nothing leaves the row, and so its version, alone.
  const columns: Record<string, unknown> = { ...patientColumns(valid), episodeStatus: valid.episodeStatus ?? patient.episodeStatus };
  // The search columns follow from the name and are lazy (not loaded, so never equal to anything):
  // they are written with a change of the name, not compared.
  const derived = new Set(['searchName', 'searchKeys']);
  const differing = Object.entries(columns).filter(
    ([key, value]) => !derived.has(key) && !sameValue((patient as Record<string, unknown>)[key], value),
  );
  if (differing.some(([key]) => key === 'nameGiven' || key === 'namePrefix' || key === 'familyName'))
    differing.push(...Object.entries(columns).filter(([key]) => derived.has(key)));
  if (differing.length) em.assign(patient, Object.fromEntries(differing));
  await flushUnique(em);
  const [stored] = await em.execute<{ version: number }[]>('select version from patients where id = ?', [patient.id]);
  const after = { ...toPatientView(patient), version: stored?.version ?? patient.version };
  const changed = (Object.keys(after) as (keyof PatientView)[]).filter(
    (key) => key !== 'updatedAt' && key !== 'version' && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return { patient: after, changed };
}

/**
 * `PATCH /api/patients/{id}`: the ward's data of the patient (the room), without sending the whole
 * patient again. The access log names what changed, never the value.
 */
export async function patchPatient(em: EntityManager, id: string, input: unknown): Promise<PatientChange> {
  const patient = await findPatient(em, id);
  const { room } = parseOrThrow(patientPatchSchema, input);
  const changed = (patient.room ?? null) !== room ? ['room'] : [];
  if (changed.length) em.assign(patient, { room });
  await em.flush();
  const [stored] = await em.execute<{ version: number }[]>('select version from patients where id = ?', [patient.id]);
  return { patient: { ...toPatientView(patient), version: stored?.version ?? patient.version }, changed };
}

export interface PatientPage {
  items: PatientView[];
  total: number;
  limit: number;
  offset: number;
}

/** Newest change first; the status filter narrows to one episode status. */
/**
 * How many patients the organisation has (with a status): from the counts the database keeps with
 * every write (ADR 0022), not by counting a ward of 100 000 rows per page. Flushed first, as a
 * count by the ORM would: the unit of work's own new patients count.
 */
export async function patientCount(em: EntityManager, status: StatusFilter): Promise<number> {
  await em.flush();
  const [row] = await em.execute<{ total: number }[]>(
    'select coalesce(sum(count), 0)::int as total from patient_counts where ?::text is null or episode_status = ?',
    [status === 'all' ? null : status, status === 'all' ? null : status],
  );
  return row?.total ?? 0;
}

export async function listPatients(em: EntityManager, query: unknown): Promise<PatientPage> {
  const { status, limit, offset } = parseOrThrow(patientListQuerySchema, query);
  const where = status === 'all' ? {} : { episodeStatus: status };
  const patients = await em.find(Patient, where, { orderBy: { updatedAt: 'desc', id: 'asc' }, limit, offset });
  const total = await patientCount(em, status);
  return { items: patients.map(toPatientView), total, limit, offset };
}
