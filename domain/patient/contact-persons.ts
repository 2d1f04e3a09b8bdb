import type { AuditActor } from '../audit/audit.service';
import type { EntityManager } from '../db/orm';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseOrThrow } from '../shared/validation';
import { ContactPerson } from './contact-person.entity';
import { contactNotFound, contactPersonSchema, type ContactPersonView, type ContactRelation } from './contact-persons.schemas';
import { findPatient } from './patient.service';

const view = (row: ContactPerson): ContactPersonView => ({
  id: row.id,
  name: row.name,
  relation: row.relation as ContactRelation,
  phone: row.phone ?? null,
  email: row.email ?? null,
});

/** The record page's read, of a patient of the organisation (an unknown one is a 404). */
export async function listContactPersons(em: EntityManager, patientId: string): Promise<ContactPersonView[]> {
  const patient = await findPatient(em, patientId);
  return contactPersonsOf(em, patient.id);
}

/**
 * The contact persons of one patient, in the order they were added; inside the caller's tenant
 * transaction. Not logged itself: its callers log the read they are part of (the Patient read of
 * FHIR) or show nothing (the pseudonymiser).
 */
export async function contactPersonsOf(em: EntityManager, patientId: string): Promise<ContactPersonView[]> {
  if (!isUuid(patientId)) return [];
  return (await em.find(ContactPerson, { patientId }, { orderBy: { createdAt: 'asc', id: 'asc' } })).map(view);
}

/** For many patients at once (a FHIR search page): one query. */
export async function contactPersonsByPatient(em: EntityManager, patientIds: readonly string[]): Promise<Map<string, ContactPersonView[]>> {
  const byPatient = new Map<string, ContactPersonView[]>();
  if (patientIds.length === 0) return byPatient;
  for (const row of await em.find(ContactPerson, { patientId: { $in: [...patientIds] } }, { orderBy: { createdAt: 'asc', id: 'asc' } })) {
    byPatient.set(row.patientId, [...(byPatient.get(row.patientId) ?? []), view(row)]);
  }
  return byPatient;
}

export async function addContactPerson(
  em: EntityManager,
  actor: AuditActor,
  patientId: string,
  input: unknown,
): Promise<ContactPersonView> {
  const patient = await findPatient(em, patientId);
  const data = parseOrThrow(contactPersonSchema, input);
  const row = em.create(ContactPerson, { organisationId: actor.organisationId, patientId: patient.id, createdBy: actor.userId, ...data });
  await em.flush();
  return view(row);
}

async function findContact(em: EntityManager, patientId: string, contactId: string): Promise<ContactPerson> {
  const row = isUuid(patientId) && isUuid(contactId) ? await em.findOne(ContactPerson, { id: contactId, patientId }) : null;
  if (!row) throw AppError.notFound(contactNotFound);
  return row;
}

export async function updateContactPerson(
  em: EntityManager,
  patientId: string,
  contactId: string,
  input: unknown,
): Promise<ContactPersonView> {
  const row = await findContact(em, patientId, contactId);
  Object.assign(row, parseOrThrow(contactPersonSchema, input));
  await em.flush();
  return view(row);
}

export async function removeContactPerson(em: EntityManager, patientId: string, contactId: string): Promise<void> {
  const row = await findContact(em, patientId, contactId);
  em.remove(row);
  await em.flush();
}

/** The patient of a contact person of the organisation in `em`, for the access log of a change that names the contact person. */
export async function contactPersonPatients(em: EntityManager, contactId: string): Promise<string[]> {
  const row = isUuid(contactId) ? await em.findOne(ContactPerson, { id: contactId }, { fields: ['patientId'] }) : null;
  return row ? [row.patientId] : [];
}
