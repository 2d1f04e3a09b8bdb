import type { Patient, Practitioner, Reference, Resource } from '@medplum/fhirtypes';
import { User, clinicalRoles } from '../auth/auth.entities';
import { koppelingNames } from '../auth/staff-names';
import type { EntityManager } from '../db/orm';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseSearch, runSearch, type ParsedSearch, type SearchDefinition, type SearchPage } from './search';

/**
 * A clinical resource of the FHIR API (issue 21): read and search, mapped from the record. Each
 * one is a search definition over its table plus a loader that maps rows to FHIR; the routes, the
 * access log and the CapabilityStatement are the same for all of them.
 */
export interface ClinicalResource<T extends Resource = Resource> {
  search: SearchDefinition;
  /** Why a reader would want it, for the CapabilityStatement. */
  documentation: string;
  /** The resources with these ids that the organisation holds (RLS), each with its patient (none for staff, the organisation). */
  load: (em: EntityManager, ids: readonly string[]) => Promise<Found<T>[]>;
}

/** A resource with the patient it concerns, or the patients (an access-log row of a search names several). */
export interface Found<T extends Resource = Resource> {
  resource: T;
  patientId: string | null;
  patientIds?: readonly string[];
}

/** The patients a found resource concerns, for the access log of reading it. */
export const patientsOf = (found: Pick<Found, 'patientId' | 'patientIds'>): string[] =>
  found.patientIds ? [...found.patientIds] : found.patientId ? [found.patientId] : [];

/** `Patient/<id>` as a reference. */
export const patientReference = (patientId: string): Reference<Patient> => ({ reference: `Patient/${patientId}` });

/**
 * The staff members (or koppelingen) with these ids as FHIR references, in one query each: a
 * clinician is `Practitioner/<id>` (the API serves it) with the name as display; anyone else, and a
 * koppeling that wrote a row (ADR 0098: "Lab Noord (koppeling)"), a name only.
 */
export async function practitionerReferences(
  em: EntityManager,
  ids: readonly (string | null | undefined)[],
): Promise<Map<string, Reference<Practitioner>>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length > 0))];
  const users = wanted.length ? await em.find(User, { id: { $in: wanted } }, { fields: ['id', 'displayName', 'role'] }) : [];
  const clinician = (role: string) => (clinicalRoles as readonly string[]).includes(role);
  const references = new Map<string, Reference<Practitioner>>(
    users.map((user) => [
      user.id,
      clinician(user.role) ? { reference: `Practitioner/${user.id}`, display: user.displayName } : { display: user.displayName },
    ]),
  );
  const others = wanted.filter((id) => !references.has(id));
  for (const [id, name] of await koppelingNames(em, others)) references.set(id, { display: name });
  return references;
}

/**
 * Rows of the record → resources, each with a reference to the staff member it names
 * (`performer`, `author`, `participant`, `recorder`, `requester`), read in one query.
 */
export async function withStaff<R extends { patientId: string }, T extends Resource>(
  em: EntityManager,
  rows: readonly R[],
  staffOf: (row: R) => string | null | undefined,
  toFhir: (row: R, staff: Reference<Practitioner> | undefined) => T,
): Promise<{ resource: T; patientId: string }[]> {
  const references = await practitionerReferences(em, rows.map(staffOf));
  return rows.map((row) => {
    const staff = staffOf(row);
    return { resource: toFhir(row, staff ? references.get(staff) : undefined), patientId: row.patientId };
  });
}

const notFound = (resourceType: string) => AppError.notFound(`${resourceType} is niet gevonden.`);

/** One resource by id, with its patient; 404 for an unknown id or another organisation's (RLS hides it). */
export async function readClinical<T extends Resource>(em: EntityManager, definition: ClinicalResource<T>, id: string): Promise<Found<T>> {
  const resourceType = definition.search.resourceType;
  if (!isUuid(id)) throw notFound(resourceType);
  const [found] = await definition.load(em, [id]);
  if (!found) throw notFound(resourceType);
  return found;
}

/** A search page in the order of the query, with the patients it shows (for the access log). */
export async function searchClinical<T extends Resource>(
  em: EntityManager,
  definition: ClinicalResource<T>,
  query: URLSearchParams,
  { strict = false } = {},
): Promise<{ page: SearchPage<T>; search: ParsedSearch; patientIds: string[] }> {
  const search = parseSearch(definition.search, query, { strict });
  const { ids, total } = await runSearch(em, definition.search, search);
  const byId = new Map((ids.length ? await definition.load(em, ids) : []).map((found) => [found.resource.id, found]));
  const found = ids.flatMap((id) => byId.get(id) ?? []);
  return {
    page: { resources: found.map((item) => item.resource), total, limit: search.limit, offset: search.offset },
    search,
    patientIds: [...new Set(found.flatMap(patientsOf))],
  };
}
