import type { Bundle, BundleEntry } from '@medplum/fhirtypes';
import { defineUseCase, type UseCase } from '../audit/use-case';
import { createFhirObservation } from '../measurements/vitals.fhir-write';
import { patientsOfEntries, runEntry, runTransaction, type BundleOptions } from './bundle';
import { patientsOf, readClinical, searchClinical } from './clinical';
import { clinicalResource } from './resources';

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
  RiskAssessment: { read: readRiskAssessment, search: searchRiskAssessments },
  Appointment: { read: readAppointment, search: searchAppointments },
  DocumentReference: { read: readDocumentReference, search: searchDocumentReferences },
  MedicationRequest: { read: readMedicationRequest, search: searchMedicationRequests },
  MedicationAdministration: { read: readMedicationAdministration, search: searchMedicationAdministrations },
  Practitioner: { read: readPractitioner, search: searchPractitioners },
  Organization: { read: readOrganization, search: searchOrganizations },
  EpisodeOfCare: { read: readEpisodeOfCare, search: searchEpisodesOfCare },
  AuditEvent: { read: readAuditEvent, search: searchAuditEvents },
};

/** The read and search of a clinical type by its FHIR name; an unknown type is the Dutch 404 of `clinicalResource`. */
export function clinicalUseCasesOf(type: string) {
  clinicalResource(type);
  const found = clinicalUseCases[type];
  if (!found) throw new Error(`No use cases declared for the clinical resource ${type}`);
  return found;
}

/**
 * FHIR create of an Observation (a lab result, a device's vital sign) through the vitals' own
 * rules: the round it records is logged by the vitals' round itself, as from the record page.
 */
export const createObservation = defineUseCase({
  name: 'fhir.observation-create',
  action: 'create',
  resourceType: 'Observation',
  patients: () => [],
  run: (em, actor, body: unknown) => createFhirObservation(em, actor, body),
  logged: () => [],
});

/**
 * A transaction Bundle, all or nothing: each entry is logged as at its own route, and the Bundle
 * once, naming the patients its entries concern; a failure is the Bundle's attempt.
 */
export const fhirTransaction = defineUseCase({
  name: 'fhir.transaction',
  action: 'create',
  resourceType: 'Bundle',
  patients: () => [],
  run: (em, actor, { bundle, options }: { bundle: Bundle; options: BundleOptions }) => runTransaction(em, actor, bundle, options),
  logged: (answer, { bundle }) => ({
    patientIds: patientsOfEntries((answer.entry ?? []).flatMap((entry) => entry.resource ?? [])),
    details: { entries: bundle.entry?.length ?? 0 },
  }),
});

/** One entry of a batch Bundle, in a transaction of its own: logged as the transaction is, per entry. */
export const fhirBatchEntry = defineUseCase({
  name: 'fhir.batch-entry',
  action: 'create',
  resourceType: 'Bundle',
  patients: () => [],
  run: (em, actor, { entry, options }: { entry: BundleEntry; options: BundleOptions }) => runEntry(em, actor, entry, options),
  logged: (result) => ({ patientIds: patientsOfEntries([result.resource]), details: { entries: 1 } }),
});
