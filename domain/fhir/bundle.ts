import type { Bundle, BundleEntry, OperationOutcome, Resource } from '@medplum/fhirtypes';
import type { AuditActor } from '../audit/audit.service';
import { runUseCaseWithin } from '../audit/use-case';
import type { EntityManager } from '../db/orm';
import { etagOf, expectedVersion, toFhirPatient } from '../patient/patient.fhir';
import { createFhirPatientOf, searchFhirPatientsOf, updateFhirPatientOf } from '../patient/patient.use-cases';
import { AppError } from '../shared/errors';
import { fhirWrites, fhirWritesOf } from './fhir-writes.use-cases';
import type { FhirWritten } from './write';
import { fhirExpression, operationOutcome, writeOutcome } from './outcome';
import { parameterProblem } from './search';

/*
 * `POST [base]` with a Bundle of type `transaction` (all or nothing: one database transaction, the
 * first failing entry fails the whole, and nothing is kept) or `batch` (each entry on its own).
 * Entries: create of Patient (conditional with `ifNoneExist`), update of Patient (by id, or
 * conditional by search: none → create, one → update, more → 412), and the record's other writes
 * (`fhirWrites`: create, conditional with `ifNoneExist`, and update by id with `ifMatch`). A reference to an
 * entry's `fullUrl` (`urn:uuid:…`) is resolved to what that entry created.
 */

export const bundleLimit = 200;
type Access = (resourceType: string, access: 'read' | 'write') => void;
/** How the Bundle's entries are run: the caller's scopes, and `Prefer: handling=strict` (refuse what the record cannot keep). */
export interface BundleOptions {
  canAccess: Access;
  strict: boolean;
}

export interface EntryResult {
  resource: Resource;
  status: string;
  location?: string;
  etag?: string;
  /** The elements the record did not keep, as the entry's `response.outcome` warnings. */
  unstored?: Record<string, string>;
}

/**
 * An entry's error, named by the entry in every issue: the client sees which of the entries failed
 * (`Bundle.entry[3]: …`), and a field of the resource as its place in the Bundle
 * (`Bundle.entry[3].resource.valueQuantity.value`). A search parameter keeps its own name.
 */
function entryError(index: number, error: AppError): AppError {
  const at = `Bundle.entry[${index}]`;
  const details = error.details as { fields?: Record<string, string>; location?: string } | undefined;
  const inBundle = (field: string) => {
    if (details?.location === parameterProblem) return field;
    const expression = fhirExpression(field);
    return expression && !expression.startsWith('Bundle') ? expression.replace(/^[A-Za-z]+/, `${at}.resource`) : field;
  };
  const fields: Record<string, string> = {};
  for (const [field, message] of Object.entries(details?.fields ?? {})) {
    const key = inBundle(field);
    fields[key] = fields[key] ? `${fields[key]} ${message}` : `${at}: ${message}`;
  }
  return new AppError(error.code, `${at}: ${error.message}`, {
    ...(details as object),
    ...(details?.fields ? { fields } : {}),
    entry: index,
  });
}

function resolveReferences(resource: unknown, created: Map<string, string>): unknown {
  if (!created.size) return resource;
  return JSON.parse(JSON.stringify(resource), (key, value: unknown) =>
    key === 'reference' && typeof value === 'string' && created.has(value) ? created.get(value) : value,
  );
}

/** One entry, in the unit of work `em` holds: each write and search through its own use case, so it is logged as at its own route. */
export async function runEntry(
  em: EntityManager,
  actor: AuditActor,
  entry: BundleEntry,
  { canAccess, strict }: BundleOptions,
): Promise<EntryResult> {
  const method = entry.request?.method;
  const url = entry.request?.url ?? '';
  const [path = '', search = ''] = url.split('?');
  const [type = '', id] = path.replace(/^\//, '').split('/');
  const resource = entry.resource as Resource | undefined;
  if (!resource) throw AppError.validation({ resource: 'Deze entry heeft geen resource.' }, 'Deze entry heeft geen resource.');
  if (resource.resourceType !== type)
    throw AppError.validation(
      { 'request.url': `request.url (${url}) hoort bij ${resource.resourceType}.` },
      `request.url (${url}) hoort bij ${resource.resourceType}.`,
    );
  canAccess(type, 'write');
  if (method === 'POST' && type === 'Patient' && !id) {
    const { patient, created, unstored } = await runUseCaseWithin(em, actor, createFhirPatientOf, {
      body: resource,
      ifNoneExist: entry.request?.ifNoneExist ?? null,
      strict,
    });
    return {
      resource: toFhirPatient(patient),
      status: created ? '201 Created' : '200 OK',
      location: `Patient/${patient.id}`,
      etag: etagOf(patient),
      unstored,
    };
  }
  if (method === 'PUT' && type === 'Patient') {
    let target = id;
    if (!target && search) {
      const { page } = await runUseCaseWithin(em, actor, searchFhirPatientsOf, {
        query: new URLSearchParams(search),
        strict: true,
        withContacts: false,
      });
      if (page.total > 1) throw new AppError('precondition_failed', `De voorwaarde vindt ${page.total} patiënten; maak haar specifieker.`);
      if (!page.items[0]) {
        const { patient, unstored } = await runUseCaseWithin(em, actor, createFhirPatientOf, { body: resource, ifNoneExist: null, strict });
        return {
          resource: toFhirPatient(patient),
          status: '201 Created',
          location: `Patient/${patient.id}`,
          etag: etagOf(patient),
          unstored,
        };
      }
      target = page.items[0].id;
    }
    const body = { ...(resource as object), id: (resource as { id?: string }).id ?? target };
    const { patient, unstored } = await runUseCaseWithin(em, actor, updateFhirPatientOf, {
      patientId: target ?? '',
      body,
      version: undefined,
      strict,
    });
    return { resource: toFhirPatient(patient), status: '200 OK', location: `Patient/${patient.id}`, etag: etagOf(patient), unstored };
  }
  // The record's other writes (ADR 0098): the same declarations the type's route runs.
  const writes = fhirWritesOf(type);
  if (method === 'POST' && !id && writes.create) {
    const written = await runUseCaseWithin(em, actor, writes.create, {
      body: resource,
      ifNoneExist: entry.request?.ifNoneExist ?? null,
      strict,
    });
    return writtenResult(written);
  }
  if (method === 'PUT' && id && !search && writes.update) {
    const version = expectedVersion(entry.request?.ifMatch ?? null);
    const written = await runUseCaseWithin(em, actor, writes.update, {
      id,
      body: resource,
      version: version === undefined ? undefined : String(version),
      strict,
    });
    return writtenResult(written);
  }
  const served = Object.entries(fhirWrites).flatMap(([name, { create, update }]) => [
    ...(create ? [`POST ${name}`] : []),
    ...(update ? [`PUT ${name}/<id>`] : []),
  ]);
  throw new AppError(
    'method_not_allowed',
    `${method ?? '(geen methode)'} ${url} wordt in een Bundle niet ondersteund; wel POST Patient, PUT Patient, ${served.join(', ')}.`,
  );
}

const writtenResult = ({ resource, created, unstored }: FhirWritten): EntryResult => ({
  resource,
  status: created ? '201 Created' : '200 OK',
  location: `${resource.resourceType}/${resource.id}`,
  etag: `W/"${resource.meta?.versionId ?? '1'}"`,
  unstored,
});

const response = (result: EntryResult): BundleEntry => ({
  fullUrl: `${result.resource.resourceType}/${result.resource.id}`,
  resource: result.resource,
  response: {
    status: result.status,
    location: result.location,
    etag: result.etag,
    ...(result.unstored && Object.keys(result.unstored).length
      ? { outcome: writeOutcome('Opgeslagen, zonder de gegevens die het dossier niet bewaart.', result.unstored) }
      : {}),
  },
});

/** The Bundle's shape: a transaction or batch with entries that each have a request. */
export function bundleOf(body: unknown): Bundle & { type: 'transaction' | 'batch' } {
  const bundle = body as Bundle;
  if (bundle?.resourceType !== 'Bundle') throw AppError.validation({ 'Bundle.resourceType': 'Stuur een Bundle.' }, 'Stuur een Bundle.');
  if (bundle.type !== 'transaction' && bundle.type !== 'batch')
    throw AppError.validation(
      { 'Bundle.type': 'Een Bundle is hier een transaction of een batch.' },
      'Een Bundle is hier een transaction of een batch.',
    );
  const entries = bundle.entry ?? [];
  if (entries.length > bundleLimit)
    throw new AppError('too_large', `Een Bundle heeft hoogstens ${bundleLimit} entries; deze heeft er ${entries.length}.`);
  entries.forEach((entry, index) => {
    if (!entry.request?.method || !entry.request.url)
      throw AppError.validation({ [`Bundle.entry[${index}].request`]: 'Elke entry heeft request.method en request.url nodig.' });
  });
  return bundle as Bundle & { type: 'transaction' | 'batch' };
}

/** A transaction in the one transaction `em` runs in: the first failing entry throws, naming it, and nothing stays. */
export async function runTransaction(em: EntityManager, actor: AuditActor, bundle: Bundle, options: BundleOptions): Promise<Bundle> {
  const created = new Map<string, string>();
  const entries: BundleEntry[] = [];
  for (const [index, entry] of (bundle.entry ?? []).entries()) {
    try {
      const result = await runEntry(em, actor, { ...entry, resource: resolveReferences(entry.resource, created) as Resource }, options);
      if (entry.fullUrl) created.set(entry.fullUrl, `${result.resource.resourceType}/${result.resource.id}`);
      entries.push(response(result));
    } catch (error) {
      throw error instanceof AppError ? entryError(index, error) : error;
    }
  }
  return { resourceType: 'Bundle', type: 'transaction-response', entry: entries };
}

/** A batch: each entry in a transaction of its own (`runOne`), a failure an OperationOutcome in its place. */
export async function runBatch(bundle: Bundle, runOne: (entry: BundleEntry) => Promise<EntryResult>): Promise<Bundle> {
  const entries: BundleEntry[] = [];
  for (const entry of bundle.entry ?? []) {
    try {
      entries.push(response(await runOne(entry)));
    } catch (error) {
      const appError = error instanceof AppError ? error : new AppError('internal', 'Deze entry kon niet worden verwerkt.');
      const outcome: OperationOutcome = operationOutcome(appError);
      entries.push({ response: { status: String(appError.status), outcome } });
    }
  }
  return { resourceType: 'Bundle', type: 'batch-response', entry: entries };
}

/** The patients a Bundle's entries concern: a Patient itself, any other resource its subject or patient. */
export function patientsOfEntries(results: readonly Resource[]): string[] {
  const ids = results.map((resource) => {
    if (resource.resourceType === 'Patient') return resource.id;
    const reference =
      (resource as { subject?: { reference?: string }; patient?: { reference?: string } }).subject ??
      (resource as { patient?: { reference?: string } }).patient;
    return /^Patient\/(.+)$/.exec(reference?.reference ?? '')?.[1];
  });
  return [...new Set(ids.filter((id): id is string => !!id))];
}
