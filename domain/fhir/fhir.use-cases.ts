import type { Resource } from '@medplum/fhirtypes';
import type { AuditActor } from '../audit/audit.service';
import { defineUseCase, runUseCaseWithin, thePatient, type UseCase } from '../audit/use-case';
import type { EntityManager } from '../db/orm';
import { toFhirPatient } from '../patient/patient.fhir';
import { searchFhirPatientsOf } from '../patient/patient.use-cases';
import { patientsOf, readClinical, searchClinical } from './clinical';
import { patientEverything, type EverythingInput } from './everything';
import { feedAccess, historyPage, readVersion, type HistoryQuery } from './history';
import { includedAccess, resolveIncludes, type IncludeRequest } from './include';
import { clinicalResource } from './resources';
import type { SearchPage } from './search';

/*
 * The FHIR API's clinical resources besides Patient (ADR 0068): a read and a search of each type
 * is a use case of its own, so a refused or failed attempt is logged as that type. The patients
 * come from the resources found, not from the query.
 */

/** Who may read a type, when not every clinician and koppeling whose scopes cover it may. */
type Access = Pick<UseCase<unknown, unknown>, 'allowed' | 'refusal'>;

const clinicalRead = (type: string, access: Access = {}) =>
  defineUseCase({
    name: `fhir.${type}.read`,
    action: 'read',
    resourceType: type,
    ...access,
    patients: () => [],
    resourceOf: ({ id }: { id: string }) => id,
    run: (em, _actor, { id }) => readClinical(em, clinicalResource(type), id),
    logged: (found) => ({ patientIds: patientsOf(found) }),
  });

const clinicalSearch = (type: string, access: Access = {}) =>
  defineUseCase({
    name: `fhir.${type}.search`,
    action: 'search',
    resourceType: type,
    ...access,
    patients: () => [],
    run: (em, _actor, { query, strict }: { query: URLSearchParams; strict: boolean }) =>
      searchClinical(em, clinicalResource(type), query, { strict }),
    logged: ({ page, search, patientIds }) => ({
      patientIds,
      details: { parameters: search.applied.map(([name]) => name), limit: search.limit, offset: search.offset, total: page.total },
    }),
  });

export const readObservation = clinicalRead('Observation');
export const searchObservations = clinicalSearch('Observation');
export const readCondition = clinicalRead('Condition');
export const searchConditions = clinicalSearch('Condition');
export const readAllergyIntolerance = clinicalRead('AllergyIntolerance');
export const searchAllergyIntolerances = clinicalSearch('AllergyIntolerance');
export const readRiskAssessment = clinicalRead('RiskAssessment');
export const searchRiskAssessments = clinicalSearch('RiskAssessment');
export const readAppointment = clinicalRead('Appointment');
export const searchAppointments = clinicalSearch('Appointment');
export const readDocumentReference = clinicalRead('DocumentReference');
export const searchDocumentReferences = clinicalSearch('DocumentReference');
export const readMedicationRequest = clinicalRead('MedicationRequest');
export const searchMedicationRequests = clinicalSearch('MedicationRequest');
export const readMedicationAdministration = clinicalRead('MedicationAdministration');
export const searchMedicationAdministrations = clinicalSearch('MedicationAdministration');
export const readPractitioner = clinicalRead('Practitioner');
export const searchPractitioners = clinicalSearch('Practitioner');
export const readOrganization = clinicalRead('Organization');
export const searchOrganizations = clinicalSearch('Organization');
export const readEpisodeOfCare = clinicalRead('EpisodeOfCare');
export const searchEpisodesOfCare = clinicalSearch('EpisodeOfCare');
export const readCoverage = clinicalRead('Coverage');
export const searchCoverages = clinicalSearch('Coverage');

/**
 * The access log as a whole is no clinician's to read: the record shows a clinician one patient's
 * log, on that patient's tab (ADR 0085). Through FHIR it is a koppeling's with its own scope
 * (`system/AuditEvent.read`, checked with the token); a refused attempt is itself a `denied` row.
 */
const accessLogAccess: Access = {
  allowed: (actor) => actor.role === 'koppeling',
  refusal:
    'Het toegangslog is via FHIR alleen te lezen door een koppeling met de scope system/AuditEvent.read; als zorgverlener zie je het toegangslog van een patiënt op het tabblad Toegang.',
};
export const readAuditEvent = clinicalRead('AuditEvent', accessLogAccess);
export const searchAuditEvents = clinicalSearch('AuditEvent', accessLogAccess);

const clinicalUseCases: Record<string, { read: ReturnType<typeof clinicalRead>; search: ReturnType<typeof clinicalSearch> }> = {
  Observation: { read: readObservation, search: searchObservations },
  Condition: { read: readCondition, search: searchConditions },
  AllergyIntolerance: { read: readAllergyIntolerance, search: searchAllergyIntolerances },
  RiskAssessment: { read: readRiskAssessment, search: searchRiskAssessments },
  Appointment: { read: readAppointment, search: searchAppointments },
  DocumentReference: { read: readDocumentReference, search: searchDocumentReferences },
  MedicationRequest: { read: readMedicationRequest, search: searchMedicationRequests },
  MedicationAdministration: { read: readMedicationAdministration, search: searchMedicationAdministrations },
  Practitioner: { read: readPractitioner, search: searchPractitioners },
  Organization: { read: readOrganization, search: searchOrganizations },
  EpisodeOfCare: { read: readEpisodeOfCare, search: searchEpisodesOfCare },
  Coverage: { read: readCoverage, search: searchCoverages },
  AuditEvent: { read: readAuditEvent, search: searchAuditEvents },
};

/** The read and search of a clinical type by its FHIR name; an unknown type is the Dutch 404 of `clinicalResource`. */
export function clinicalUseCasesOf(type: string) {
  clinicalResource(type);
  const found = clinicalUseCases[type];
  if (!found) throw new Error(`No use cases declared for the clinical resource ${type}`);
  return found;
}

/** A search's page as FHIR resources, whatever the type: the Patient search keeps its own use case (its contacts, its log). */
async function searchPage(em: EntityManager, actor: AuditActor, type: string, query: URLSearchParams, strict: boolean) {
  if (type === 'Patient') {
    const { page, search, contacts } = await runUseCaseWithin(em, actor, searchFhirPatientsOf, { query, strict });
    const resources: Resource[] = page.items.map((patient) => toFhirPatient(patient, contacts.get(patient.id)));
    return { page: { ...page, resources } as SearchPage<Resource>, search };
  }
  const { page, search } = await runUseCaseWithin(em, actor, clinicalUseCasesOf(type).search, { query, strict });
  return { page: page as SearchPage<Resource>, search };
}

const includingSearches = new Map<string, ReturnType<typeof includingSearchOf>>();
const includingSearchOf = (type: string) =>
  defineUseCase({
    name: `fhir.${type}.search-include`,
    action: 'search',
    resourceType: type,
    patients: () => [],
    run: async (em, actor, { query, strict, includes }: { query: URLSearchParams; strict: boolean; includes: IncludeRequest }) => {
      const { page, search } = await searchPage(em, actor, type, query, strict);
      return { page, search, included: await resolveIncludes(em, page.resources, includes) };
    },
    // The search logs its own row (the matches' patients); each type included is a read of its own, naming its patients.
    logged: ({ included }) => includedAccess(included),
  });

/**
 * A search with `_include`/`_revinclude` (ADR 0089): the type's own search use case, and in the same
 * transaction the resources it includes, each type in the access log with the patients it concerns.
 */
export function includingSearch(type: string) {
  if (type !== 'Patient') clinicalUseCasesOf(type);
  let found = includingSearches.get(type);
  if (!found) includingSearches.set(type, (found = includingSearchOf(type)));
  return found;
}

/**
 * `Patient/{id}/$everything`: one read of the patient's record, logged once naming the patient,
 * with the types and the page it returned; another organisation's patient is a 404 (RLS).
 */
export const patientEverythingOf = defineUseCase({
  name: 'fhir.Patient.everything',
  action: 'read',
  resourceType: 'Patient',
  patients: (_em, { patientId }: EverythingInput) => thePatient({ patientId }),
  resourceOf: ({ patientId }: EverythingInput) => patientId,
  run: (em, _actor, input: EverythingInput) => patientEverything(em, input),
  logged: ({ types, total, offset, count }) => ({ details: { operation: '$everything', types, total, offset, count } }),
});

/**
 * A page of the changes feed (ADR 0097): `<type>/_history` or, over every feed type the caller may
 * read, `[base]/_history`. Logged as a search is, one row per type returned, naming its patients.
 */
const historyFeeds = new Map<string, ReturnType<typeof historyFeedOf>>();
const historyFeedOf = (resourceType: string) =>
  defineUseCase({
    name: `fhir.${resourceType}.history`,
    action: 'search',
    resourceType,
    ...(resourceType === 'AuditEvent' ? accessLogAccess : {}),
    patients: () => [],
    run: (em, _actor, input: { types: readonly string[]; query: HistoryQuery; selfUrl: string }) => historyPage(em, input),
    logged: (page) => feedAccess(page, resourceType),
  });

/** The feed's use case for a type, or for the whole system (`Bundle`). */
export function historyFeed(resourceType: string) {
  let found = historyFeeds.get(resourceType);
  if (!found) historyFeeds.set(resourceType, (found = historyFeedOf(resourceType)));
  return found;
}

/** vread and instance `_history` of one resource: a read of it, logged as its read is, naming its patient. */
const versionReads = new Map<string, ReturnType<typeof versionReadOf>>();
const versionReadOf = (resourceType: string) =>
  defineUseCase({
    name: `fhir.${resourceType}.vread`,
    action: 'read',
    resourceType,
    ...(resourceType === 'AuditEvent' ? accessLogAccess : {}),
    patients: () => [],
    resourceOf: ({ id }: { id: string; versionId: string | null }) => id,
    run: (em, _actor, { id, versionId }) => readVersion(em, resourceType, id, versionId),
    logged: ({ found }, { versionId }) => ({ patientIds: patientsOf(found), details: { version: versionId ?? 'history' } }),
  });

export function versionRead(resourceType: string) {
  if (resourceType !== 'Patient') clinicalResource(resourceType);
  let found = versionReads.get(resourceType);
  if (!found) versionReads.set(resourceType, (found = versionReadOf(resourceType)));
  return found;
}
