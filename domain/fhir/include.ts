import type { OperationOutcome, Reference, Resource } from '@medplum/fhirtypes';
import type { AccessOf } from '../audit/use-case';
import type { EntityManager } from '../db/orm';
import { toFhirPatient } from '../patient/patient.fhir';
import { contactPersonsByPatient } from '../patient/contact-persons';
import { Patient } from '../patient/patient.entity';
import { toPatientView } from '../patient/patient.service';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { patientsOf, type Found } from './clinical';
import { clinicalResources } from './resources';
import { parameterProblem } from './search';

/*
 * `_include` and `_revinclude` (issue 46, point 5; ADR 0089): the references this server serves as
 * search parameters, followed one step (no `:iterate`, no `*`). A reference is one row of
 * `servedReferences`: the search parameter of the source type, the type it points to, and where in
 * the source resource the reference stands. `_include` reads the references of the page's matches;
 * `_revinclude` runs the source type's own search parameter with the matches' ids, so both
 * directions read the same definition the plain search does, under the same row-level security.
 */

/** Whether the caller may read a type: a koppeling's scopes, a clinician every type a session reads. */
export type CanRead = (resourceType: string) => boolean;

export interface ServedReference {
  source: string;
  parameter: string;
  target: string;
  /** The references of this kind in a source resource. */
  references: (resource: Resource) => (Reference | undefined)[];
}

const subject = (resource: Resource) => [(resource as { subject?: Reference }).subject];
const patientOf = (resource: Resource) => [(resource as { patient?: Reference }).patient];
const beneficiary = (resource: Resource) => [(resource as { beneficiary?: Reference }).beneficiary];
const participants = (resource: Resource) =>
  ((resource as { participant?: { actor?: Reference }[] }).participant ?? []).map((participant) => participant.actor);

/** Every reference a search may follow: the patient of each clinical type, and the organisation of the episode (no staff: `recorder`, `performer` are not followed). */
export const servedReferences: readonly ServedReference[] = [
  ...['Observation', 'Condition', 'RiskAssessment', 'MedicationRequest', 'MedicationAdministration', 'DocumentReference'].flatMap(
    (source) => [
      { source, parameter: 'patient', target: 'Patient', references: subject },
      { source, parameter: 'subject', target: 'Patient', references: subject },
    ],
  ),
  { source: 'AllergyIntolerance', parameter: 'patient', target: 'Patient', references: patientOf },
  { source: 'Appointment', parameter: 'patient', target: 'Patient', references: participants },
  { source: 'Appointment', parameter: 'actor', target: 'Patient', references: participants },
  { source: 'EpisodeOfCare', parameter: 'patient', target: 'Patient', references: patientOf },
  { source: 'Coverage', parameter: 'patient', target: 'Patient', references: beneficiary },
  { source: 'Coverage', parameter: 'beneficiary', target: 'Patient', references: beneficiary },
  {
    source: 'EpisodeOfCare',
    parameter: 'organization',
    target: 'Organization',
    references: (resource) => [(resource as { managingOrganization?: Reference }).managingOrganization],
  },
];

/** `Observation:subject` for the CapabilityStatement: what a type's search may `_include`, and what may `_revinclude` it. */
export const includesOf = (type: string) =>
  servedReferences.filter((ref) => ref.source === type).map((ref) => `${ref.source}:${ref.parameter}`);
export const revIncludesOf = (type: string) =>
  servedReferences.filter((ref) => ref.target === type).map((ref) => `${ref.source}:${ref.parameter}`);

/** At most this many resources are included per page; past it the page says so in an OperationOutcome entry. */
export const includeLimit = 500;

export interface IncludeRequest {
  include: ServedReference[];
  revinclude: ServedReference[];
  /** The include parameters applied, for the Bundle's links. */
  applied: [string, string][];
  /** What was asked and not served, as the page's warning (lenient handling only). */
  ignored: string[];
}

/**
 * The `_include`/`_revinclude` parameters of a search on `type`. One this server does not follow
 * (`*`, `:iterate`, a reference it does not serve) is a 400 under `Prefer: handling=strict`, and
 * otherwise left out with a warning: an include only adds to the answer, so leaving it out never
 * widens what the client believes matched (ADR 0074). An include of a type the caller may not
 * read is a 403, as reading that type would be.
 */
export function parseIncludes(
  type: string,
  query: URLSearchParams,
  { strict, canRead }: { strict: boolean; canRead: CanRead },
): IncludeRequest {
  const request: IncludeRequest = { include: [], revinclude: [], applied: [], ignored: [] };
  const problems: Record<string, string> = {};
  for (const [key, value] of query) {
    const [name, ...modifiers] = key.split(':');
    if (name !== '_include' && name !== '_revinclude') continue;
    const reverse = name === '_revinclude';
    const [source = '', parameter = '', targetType, ...rest] = value.split(':');
    const served = servedReferences.find(
      (ref) =>
        ref.source === source &&
        ref.parameter === parameter &&
        (targetType === undefined || ref.target === targetType) &&
        (reverse ? ref.target === type : ref.source === type),
    );
    if (modifiers.length || rest.length || !served) {
      const message = `${key}=${value} wordt niet ondersteund; deze server volgt ${[...(reverse ? revIncludesOf(type) : includesOf(type))].join(', ') || 'hier geen verwijzingen'} (zonder :iterate en zonder *).`;
      if (strict) problems[`${key}=${value}`] = message;
      else request.ignored.push(message);
      continue;
    }
    const readType = reverse ? served.source : served.target;
    if (!canRead(readType))
      throw AppError.forbidden(
        `Dit toegangstoken geeft geen recht op lezen van ${readType} (scope system/${readType}.read), dus ook niet op ${key}=${value}.`,
      );
    if (!(reverse ? request.revinclude : request.include).includes(served)) (reverse ? request.revinclude : request.include).push(served);
    request.applied.push([key, value]);
  }
  if (Object.keys(problems).length)
    throw new AppError('validation_failed', 'Controleer de zoekparameters.', { fields: problems, location: parameterProblem });
  return request;
}

/** Patients by id, with their contact persons, as FHIR; another organisation's are not there (RLS). */
async function loadPatients(em: EntityManager, ids: readonly string[]): Promise<Found[]> {
  const patients = await em.find(Patient, { id: { $in: [...ids] } });
  const contacts = await contactPersonsByPatient(
    em,
    patients.map((patient) => patient.id),
  );
  return patients.map((patient) => ({ resource: toFhirPatient(toPatientView(patient), contacts.get(patient.id)), patientId: patient.id }));
}

/** Resources of one type by id, each with its patient: what a read of each would return. */
export async function loadResources(em: EntityManager, type: string, ids: readonly string[]): Promise<Found[]> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (!wanted.length) return [];
  if (type === 'Patient') return loadPatients(em, wanted);
  const definition = Object.hasOwn(clinicalResources, type) ? clinicalResources[type] : undefined;
  return definition ? definition.load(em, wanted) : [];
}

export interface Included {
  found: Found[];
  /** Set when more would have been included than `includeLimit`. */
  truncated: boolean;
}

const key = (resource: Resource) => `${resource.resourceType}/${resource.id}`;

/**
 * The resources the page's matches reference (`_include`) and those that reference them
 * (`_revinclude`), each once and none that is already a match. Every one is loaded as its own read
 * would load it, so row-level security keeps them to the organisation.
 */
export async function resolveIncludes(em: EntityManager, matches: readonly Resource[], request: IncludeRequest): Promise<Included> {
  const seen = new Set(matches.map(key));
  const found: Found[] = [];
  let truncated = false;
  const add = (items: Found[]) => {
    for (const item of items) {
      if (seen.has(key(item.resource))) continue;
      if (found.length >= includeLimit) {
        truncated = true;
        return;
      }
      seen.add(key(item.resource));
      found.push(item);
    }
  };
  const byTarget = new Map<string, Set<string>>();
  for (const ref of request.include) {
    for (const match of matches) {
      if (match.resourceType !== ref.source) continue;
      for (const reference of ref.references(match)) {
        const [, id] = new RegExp(`^${ref.target}/([^/]+)$`).exec(reference?.reference ?? '') ?? [];
        if (id) byTarget.set(ref.target, (byTarget.get(ref.target) ?? new Set()).add(id));
      }
    }
  }
  for (const [target, ids] of byTarget) add(await loadResources(em, target, [...ids]));
  for (const ref of request.revinclude) {
    const targets = matches.filter((match) => match.resourceType === ref.target).map((match) => match.id!);
    if (!targets.length) continue;
    const definition = clinicalResources[ref.source]!.search;
    const condition = definition.parameters[ref.parameter]!.condition(targets.join(','), null);
    const order = Object.values(definition.sortOrders)[0]!;
    const rows = await em.execute<{ id: string }[]>(`select id from ${definition.from} where ${condition.sql} order by ${order} limit ?`, [
      ...condition.params,
      includeLimit + 1,
    ]);
    const byId = new Map(
      (
        await loadResources(
          em,
          ref.source,
          rows.map((row) => row.id),
        )
      ).map((item) => [item.resource.id, item]),
    );
    add(rows.flatMap((row) => byId.get(row.id) ?? []));
  }
  return { found, truncated };
}

/** One access-log row per type included, naming the patients whose data it was. */
export function includedAccess(included: Included): AccessOf[] {
  const byType = new Map<string, Found[]>();
  for (const item of included.found) byType.set(item.resource.resourceType, [...(byType.get(item.resource.resourceType) ?? []), item]);
  return [...byType].map(([resourceType, items]) => ({
    action: 'read' as const,
    resourceType,
    resourceId: null,
    patientIds: [...new Set(items.flatMap(patientsOf))],
    details: { included: items.length },
  }));
}

/** The page's warnings as a searchset entry (`search.mode = outcome`): includes left out, or cut at the limit. */
export function includeOutcome(ignored: readonly string[], truncated: boolean): OperationOutcome | null {
  const issues = [
    ...ignored.map((diagnostics) => ({ severity: 'warning' as const, code: 'not-supported' as const, diagnostics })),
    ...(truncated
      ? [
          {
            severity: 'warning' as const,
            code: 'too-costly' as const,
            diagnostics: `Er zijn hoogstens ${includeLimit} resources per pagina meegeleverd; vraag een kleinere pagina (_count).`,
          },
        ]
      : []),
  ];
  return issues.length ? { resourceType: 'OperationOutcome', issue: issues } : null;
}
