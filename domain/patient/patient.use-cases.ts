import { defineUseCase, thePatient, type AccessOf } from '../audit/use-case';
import { bannerOf } from './banner';
import { parseOrThrow } from '../shared/validation';
import { contactPersonsByPatient, contactPersonsOf } from './contact-persons';
import { patientSearchAccess, searchFhirPatients } from './patient.fhir-search';
import { createFhirPatient, updateFhirPatient } from './patient.fhir-write';
import { patientSearchQuerySchema } from './patient.schemas';
import { searchPatients, type SearchOptions } from './patient.search';
import { assertPatientExists, createPatient, getPatient, patchPatient, updatePatient } from './patient.service';
import { wardPatientList } from './ward-list';

/*
 * The patient record itself (ADR 0068): opening it, the patient's data read and changed, and the
 * patient list and searches. A change is logged with the names of the fields it changed, never
 * their values: the access log must not become a second copy of the record.
 */

type OfPatient = { patientId: string };
const ofPatient = (_em: unknown, input: OfPatient) => thePatient(input);
const thePatientId = ({ patientId }: OfPatient) => patientId;

/**
 * Opening a patient's record (the layout of every record page): the patient and the banner above
 * it, one transaction and one access-log row at the shift change.
 */
export const openRecord = defineUseCase({
  name: 'patient.record',
  action: 'read',
  resourceType: 'Patient',
  patients: ofPatient,
  resourceOf: thePatientId,
  run: async (em, _actor, { patientId }: OfPatient) => {
    const patient = await getPatient(em, patientId);
    return { patient, banner: await bannerOf(em, patient.id) };
  },
});

/**
 * A record tab loaded on its own (a client-side switch of tab): the patient must be one of the
 * organisation's before anything of theirs is read, and the check is a read of the record.
 */
export const checkPatient = defineUseCase({
  name: 'patient.check',
  action: 'read',
  resourceType: 'Patient',
  patients: ofPatient,
  resourceOf: thePatientId,
  run: (em, _actor, { patientId }: OfPatient) => assertPatientExists(em, patientId),
});

/** The patient's data as the record holds it (the edit form, `GET /api/patients/{id}`). */
export const readPatient = defineUseCase({
  name: 'patient.read',
  action: 'read',
  resourceType: 'Patient',
  patients: ofPatient,
  resourceOf: thePatientId,
  run: (em, _actor, { patientId }: OfPatient) => getPatient(em, patientId),
});

/** The created patient is the one the row names: a new registration has no id before it. */
const created = (patient: { id: string }): AccessOf => ({ resourceId: patient.id, patientIds: [patient.id] });

/** Registers a patient (the form); every new episode starts as `planned`. */
export const registerPatient = defineUseCase({
  name: 'patient.create',
  action: 'create',
  resourceType: 'Patient',
  patients: () => [],
  run: (em, actor, { patient }: { patient: unknown }) => createPatient(em, actor, patient),
  logged: created,
});

/** Replaces the patient's data (the form); the episode status changes only when the input names one. */
export const changePatient = defineUseCase({
  name: 'patient.update',
  action: 'update',
  resourceType: 'Patient',
  patients: ofPatient,
  resourceOf: thePatientId,
  run: (em, _actor, { patientId, patient }: OfPatient & { patient: unknown }) => updatePatient(em, patientId, patient),
  logged: ({ changed }) => ({ details: { changed } }),
});

/** `PATCH /api/patients/{id}`: the ward's data of the patient (the room). */
export const changeRoom = defineUseCase({
  name: 'patient.room',
  action: 'update',
  resourceType: 'Patient',
  patients: ofPatient,
  resourceOf: thePatientId,
  run: (em, _actor, { patientId, patch }: OfPatient & { patch: unknown }) => patchPatient(em, patientId, patch),
  logged: ({ changed }) => ({ details: { changed } }),
});

/**
 * The name or BSN search of the list page, the API, the core API and the assistant: the patients
 * found are in the log, with the term (the door is the row's channel).
 */
export const lookUpPatients = defineUseCase({
  name: 'patient.search',
  action: 'search',
  resourceType: 'Patient',
  patients: () => [],
  run: (em, _actor, { query, options }: { query: unknown; options?: SearchOptions }) => searchPatients(em, query, options),
  logged: (results, { query }) => {
    const { q, status } = parseOrThrow(patientSearchQuerySchema, query);
    return { patientIds: results.map((result) => result.id), details: { query: q, status, results: results.length } };
  },
});

/** One page of the patient list with the ward's facts (the shift change): the patients shown are in the log. */
export const wardList = defineUseCase({
  name: 'patient.ward-list',
  action: 'search',
  resourceType: 'Patient',
  patients: () => [],
  run: (em, _actor, query: unknown) => wardPatientList(em, query),
  logged: ({ items, status, order, limit, offset, total }) => ({
    patientIds: items.map((patient) => patient.id),
    details: { status, order, limit, offset, total },
  }),
});

/** FHIR `GET Patient/{id}`: the patient with their contact persons. */
export const readFhirPatient = defineUseCase({
  name: 'patient.fhir-read',
  action: 'read',
  resourceType: 'Patient',
  patients: ofPatient,
  resourceOf: thePatientId,
  run: async (em, _actor, { patientId }: OfPatient) => ({
    patient: await getPatient(em, patientId),
    contacts: await contactPersonsOf(em, patientId),
  }),
});

/** FHIR search of patients (GET or POST `_search`), each with their contact persons; a Bundle's conditional update searches without them. */
export const searchFhirPatientsOf = defineUseCase({
  name: 'patient.fhir-search',
  action: 'search',
  resourceType: 'Patient',
  patients: () => [],
  run: async (em, _actor, { query, strict, withContacts = true }: { query: URLSearchParams; strict: boolean; withContacts?: boolean }) => {
    const found = await searchFhirPatients(em, query, { strict });
    const ids = found.page.items.map((patient) => patient.id);
    return { ...found, contacts: withContacts ? await contactPersonsByPatient(em, ids) : new Map<string, never[]>() };
  },
  logged: (found) => patientSearchAccess(found),
});

/**
 * FHIR create, conditional with `If-None-Exist`: its search is logged as a search (the patients it
 * found), and a patient created as a create.
 */
export const createFhirPatientOf = defineUseCase({
  name: 'patient.fhir-create',
  action: 'create',
  resourceType: 'Patient',
  patients: () => [],
  run: (em, actor, { body, ifNoneExist, strict }: { body: unknown; ifNoneExist: string | null; strict: boolean }) =>
    createFhirPatient(em, actor, body, ifNoneExist, { strict }),
  logged: (result) => [
    ...(result.searched ? [{ action: 'search' as const, resourceId: null, ...result.searched }] : []),
    ...(result.created ? [created(result.patient)] : []),
  ],
});

/** FHIR `PUT Patient/{id}` (`If-Match` as the version): the patient after it, with their contact persons. */
export const updateFhirPatientOf = defineUseCase({
  name: 'patient.fhir-update',
  action: 'update',
  resourceType: 'Patient',
  patients: ofPatient,
  resourceOf: thePatientId,
  run: async (
    em,
    _actor,
    { patientId, body, version, strict }: OfPatient & { body: unknown; version: number | undefined; strict: boolean },
  ) => ({
    ...(await updateFhirPatient(em, patientId, body, version, { strict })),
    contacts: await contactPersonsOf(em, patientId),
  }),
  logged: ({ changed }) => ({ details: { changed } }),
});
