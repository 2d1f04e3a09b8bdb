import { defineUseCase, thePatient } from '../audit/use-case';
import { addContactPerson, contactPersonPatients, listContactPersons, removeContactPerson, updateContactPerson } from './contact-persons';

/** The patient's contact persons, on the record's overview. */
export const listContacts = defineUseCase({
  name: 'contacts.list',
  action: 'read',
  resourceType: 'RelatedPerson',
  patients: (_em, input: { patientId: string }) => thePatient(input),
  run: (em, _actor, { patientId }) => listContactPersons(em, patientId),
});

export const addContact = defineUseCase({
  name: 'contacts.add',
  action: 'create',
  resourceType: 'RelatedPerson',
  patients: (_em, input: { patientId: string; contact: unknown }) => thePatient(input),
  run: (em, actor, { patientId, contact }) => addContactPerson(em, actor, patientId, contact),
  logged: (added) => ({ resourceId: added.id }),
});

/*
 * A change names a contact person of the record's patient (another patient's is a 404): a refused
 * attempt names the patient whose contact person it was, a success the patient it was changed on.
 */

export const updateContact = defineUseCase({
  name: 'contacts.update',
  action: 'update',
  resourceType: 'RelatedPerson',
  patients: (em, input: { patientId: string; contactId: string; contact: unknown }) => contactPersonPatients(em, input.contactId),
  resourceOf: ({ contactId }) => contactId,
  run: (em, _actor, { patientId, contactId, contact }) => updateContactPerson(em, patientId, contactId, contact),
  logged: (_updated, input) => ({ patientIds: thePatient(input) }),
});

export const removeContact = defineUseCase({
  name: 'contacts.remove',
  action: 'delete',
  resourceType: 'RelatedPerson',
  patients: (em, input: { patientId: string; contactId: string }) => contactPersonPatients(em, input.contactId),
  resourceOf: ({ contactId }) => contactId,
  run: (em, _actor, { patientId, contactId }) => removeContactPerson(em, patientId, contactId),
  // Gone once removed: its patient is the record's, which the removal required it to be.
  logged: (_removed, input) => ({ patientIds: thePatient(input) }),
});
