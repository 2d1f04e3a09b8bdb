import type { Resource } from '@medplum/fhirtypes';
import type { AuditActor } from '../audit/audit.service';
import { defineUseCase, runUseCaseWithin, type UseCase } from '../audit/use-case';
import type { EntityManager } from '../db/orm';
import { createFhirAppointment, updateFhirAppointment } from '../agenda/appointment.fhir-write';
import { createFhirObservation, updateFhirObservation } from '../measurements/vitals.fhir-write';
import { createFhirMedicationAdministration, updateFhirMedicationAdministration } from '../medication/medication.fhir-write';
import { createFhirDocumentReference, updateFhirDocumentReference } from '../report/report.fhir-write';
import { AppError } from '../shared/errors';
import { clinicalUseCasesOf } from './fhir.use-cases';
import type { FhirCreateInput, FhirUpdateInput, FhirWritten } from './write';

/*
 * The FHIR API's writes of record resources (ADR 0098), each declared once: the type's route
 * (`POST <type>`, `PUT <type>/<id>`) and a Bundle entry run the same declaration. The record's own
 * use case inside it (the vitals' round, the nurse's registration, the report, the agenda's change)
 * logs the access as it does from the page; a refused or failed attempt is logged as this one.
 */

type Create = (em: EntityManager, actor: AuditActor, input: FhirCreateInput) => Promise<FhirWritten>;
type Update = (em: EntityManager, actor: AuditActor, input: FhirUpdateInput) => Promise<FhirWritten>;

/**
 * `If-None-Exist`: the type's own search (strict, logged as a search); one match is answered
 * unchanged (200), more is a 412, none creates. Two creates with the same condition at once take
 * turns (a lock held until the transaction ends), so the second finds what the first created.
 */
async function conditionalCreate(em: EntityManager, actor: AuditActor, type: string, input: FhirCreateInput, create: Create) {
  const condition = input.ifNoneExist?.trim();
  if (condition) {
    const query = new URLSearchParams(condition.replace(/^\?/, '').replace(new RegExp(`^${type}\\?`), ''));
    query.sort();
    await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [
      `fhir-if-none-exist:${actor.organisationId}:${type}?${query}`,
    ]);
    const { page } = await runUseCaseWithin(em, actor, clinicalUseCasesOf(type).search, { query, strict: true });
    if (page.total > 1)
      throw new AppError('precondition_failed', `If-None-Exist vindt ${page.total} keer ${type}; maak de voorwaarde specifieker.`);
    const found = page.resources[0] as Resource | undefined;
    if (found) return { resource: found, created: false, unstored: {} };
  }
  return create(em, actor, input);
}

/** A create of `type`; `logType` is what the record's access log calls it (a DocumentReference is a report). */
const fhirCreate = (type: string, create: Create, logType = type) =>
  defineUseCase({
    name: `fhir.${type}.create`,
    action: 'create',
    resourceType: logType,
    patients: () => [],
    run: (em, actor, input: FhirCreateInput) => conditionalCreate(em, actor, type, input, create),
    logged: () => [],
  });

const fhirUpdate = (type: string, update: Update, logType = type) =>
  defineUseCase({
    name: `fhir.${type}.update`,
    action: 'update',
    resourceType: logType,
    patients: () => [],
    resourceOf: ({ id }: FhirUpdateInput) => id,
    run: (em, actor, input: FhirUpdateInput) => update(em, actor, input),
    logged: () => [],
  });

/** A lab result or a device's vital sign, through the vitals' round; a correction of one through the Metingen tab's correction. */
export const createObservation = fhirCreate('Observation', createFhirObservation);
export const updateObservation = fhirUpdate('Observation', updateFhirObservation);
export const createMedicationAdministration = fhirCreate('MedicationAdministration', createFhirMedicationAdministration);
export const updateMedicationAdministration = fhirUpdate('MedicationAdministration', updateFhirMedicationAdministration);
export const createDocumentReference = fhirCreate('DocumentReference', createFhirDocumentReference, 'Report');
export const updateDocumentReference = fhirUpdate('DocumentReference', updateFhirDocumentReference, 'Report');
export const createAppointment = fhirCreate('Appointment', createFhirAppointment);
export const updateAppointment = fhirUpdate('Appointment', updateFhirAppointment);

export interface FhirWrites {
  create?: UseCase<FhirCreateInput, FhirWritten>;
  update?: UseCase<FhirUpdateInput, FhirWritten>;
}

/** The writes each record type takes; a type not here (or an interaction it lacks) answers 405. */
export const fhirWrites: Readonly<Record<string, FhirWrites>> = {
  Observation: { create: createObservation, update: updateObservation },
  MedicationAdministration: { create: createMedicationAdministration, update: updateMedicationAdministration },
  DocumentReference: { create: createDocumentReference, update: updateDocumentReference },
  Appointment: { create: createAppointment, update: updateAppointment },
};

export const fhirWritesOf = (type: string): FhirWrites => (Object.hasOwn(fhirWrites, type) ? fhirWrites[type]! : {});

/** The FHIR interactions the writes add to a type's read and search, for the CapabilityStatement. */
export const writeInteractionsOf = (type: string): ('create' | 'update')[] => {
  const writes = fhirWritesOf(type);
  return [...(writes.create ? (['create'] as const) : []), ...(writes.update ? (['update'] as const) : [])];
};

/** What a type's create and update promise beyond the interaction codes: conditional create, `If-Match`, no update-as-create. */
export function writeCapabilityOf(type: string) {
  const writes = fhirWritesOf(type);
  return {
    ...(writes.create ? { conditionalCreate: true } : {}),
    ...(writes.update ? { updateCreate: false, versioning: 'versioned-update' as const } : {}),
  };
}
