import type { Resource } from '@medplum/fhirtypes';
import type { EntityManager } from '../db/orm';
import { Patient } from '../patient/patient.entity';
import { patientNotFound } from '../patient/patient.service';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';

/*
 * What every FHIR write of a record resource shares (ADR 0098): the patient it names, the elements
 * the record does not keep (warnings per ADR 0065, a 400 under `Prefer: handling=strict`), the
 * version a client expects (`If-Match`), and a domain refusal's fields as the resource's elements.
 * Each type's mapping lives in its own area (`*.fhir-write.ts`) and calls that area's use case.
 */

/** A stored write: the resource as the record now holds it, whether it was created, and what it did not keep. */
export interface FhirWritten<T extends Resource = Resource> {
  resource: T;
  created: boolean;
  unstored: Record<string, string>;
  /** The resource that now holds what the write sent, where the record keeps it as another (a measurement's correction). */
  successor?: string;
}

/** The input of a create: the body, `If-None-Exist` (a search of the type), and strict handling. */
export interface FhirCreateInput {
  body: unknown;
  ifNoneExist?: string | null;
  strict: boolean;
}

/** The input of an update: the URL's id, the body, the version `If-Match` names (undefined: any), strict handling. */
export interface FhirUpdateInput {
  id: string;
  body: unknown;
  version?: string;
  strict: boolean;
}

export const invalidAt = (path: string, message: string) => AppError.validation({ [path]: message }, message);

/** The body as the type's resource, or a 400 naming `resourceType`. */
export function bodyOf<T extends Resource>(type: T['resourceType'], body: unknown): T {
  const resource = body as T | null;
  if (!resource || typeof resource !== 'object' || Array.isArray(resource) || resource.resourceType !== type)
    throw invalidAt(`${type}.resourceType`, `Het veld resourceType moet "${type}" zijn.`);
  return resource;
}

/** The id in a reference `<Type>/<uuid>`, or null. */
export const referencedId = (reference: string | undefined, type: string): string | null => {
  const id = new RegExp(`^${type}/(.+)$`).exec(reference ?? '')?.[1];
  return id && isUuid(id) ? id : null;
};

/**
 * The patient a write names: a reference of the wrong form is a 400 at `path`, a patient the
 * organisation does not have (another's, hidden by RLS) a 404, as reading it would be.
 */
export async function patientOfWrite(em: EntityManager, reference: string | undefined, path: string): Promise<string> {
  const patientId = referencedId(reference, 'Patient');
  if (!patientId) throw invalidAt(path, `Geef de patiënt als verwijzing "Patient/<id>" (${path.replace(/^[A-Za-z]+\./, '')}).`);
  if (!(await em.count(Patient, { id: patientId }))) throw AppError.notFound(patientNotFound);
  return patientId;
}

const notKept = (what: string) => `${what} wordt niet bewaard in het dossier.`;
/** What a server sets itself: never a warning. */
const serverElements = ['resourceType', 'id', 'meta', 'text'];

/**
 * The top-level elements of `body` the record does not keep, and besides them those `more` names
 * (a path → its Dutch message); under strict handling a 400 naming each, and nothing is stored.
 */
export function unstoredOf(
  type: string,
  body: object,
  kept: readonly string[],
  { strict, more = {} }: { strict: boolean; more?: Record<string, string> },
): Record<string, string> {
  const unstored: Record<string, string> = {};
  for (const key of Object.keys(body))
    if (!serverElements.includes(key) && !kept.includes(key)) unstored[`${type}.${key}`] = notKept(`${type}.${key}`);
  Object.assign(unstored, more);
  if (strict && Object.keys(unstored).length)
    throw new AppError('validation_failed', `De ${type} bevat gegevens die het dossier niet bewaart; er is niets opgeslagen.`, {
      fields: unstored,
      issueCode: 'not-supported',
    });
  return unstored;
}

/**
 * The top-level elements an update sends back exactly as the record holds them (a client's
 * read-modify-write echoes `date`, `author`, …): kept, so not warned of.
 */
export const echoedOf = (body: object, current: object): string[] =>
  Object.entries(body).flatMap(([key, value]) =>
    JSON.stringify(value) === JSON.stringify((current as Record<string, unknown>)[key]) ? [key] : [],
  );

/**
 * A domain refusal with its fields (`scheduledFor`, `content`) as the resource's elements, so the
 * OperationOutcome points at what the client sent; a field with no counterpart stays as it is.
 */
export function asResourceError(error: unknown, paths: Record<string, string>): unknown {
  if (!(error instanceof AppError)) return error;
  const details = error.details as { fields?: Record<string, string> } | undefined;
  if (!details?.fields) return error;
  const fields: Record<string, string> = {};
  for (const [field, message] of Object.entries(details.fields)) {
    const path = paths[field] ?? paths[field.split('.')[0]!] ?? field;
    fields[path] = fields[path] ? `${fields[path]} ${message}` : message;
  }
  return new AppError(error.code, error.message, { ...details, fields });
}

/** `If-Match`: the version the client had must still be the stored one (else 412, and nothing changes). */
export function requireVersion(type: string, current: string, expected: string | undefined): void {
  if (expected !== undefined && expected !== current)
    throw new AppError(
      'precondition_failed',
      `Deze ${type} is intussen gewijzigd (versie ${current}, niet ${expected}); lees haar opnieuw en stuur de wijziging dan.`,
    );
}

/** An update's body names the URL's resource, or none (FHIR: a different id is a 400). */
export function requireSameId(type: string, id: string, body: { id?: string }): void {
  if (body.id !== undefined && body.id !== id)
    throw invalidAt(`${type}.id`, `De id in de body (${String(body.id)}) is niet die in de URL (${id}).`);
}
