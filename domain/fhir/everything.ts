import type { Bundle, Resource } from '@medplum/fhirtypes';
import type { EntityManager } from '../db/orm';
import { findPatient } from '../patient/patient.service';
import { AppError } from '../shared/errors';
import type { Found } from './clinical';
import { includeLimit, loadResources, type CanRead } from './include';
import { clinicalResources } from './resources';
import { integer, pageLimits, parameterProblem, searchsetBundle, values } from './search';

/*
 * `GET Patient/{id}/$everything` (issue 46, point 5; ADR 0089): the patient and every resource of
 * theirs this server serves, as one searchset paged with `_count` and `_offset`. The list is one
 * query over the types' own search definitions (each type's `patient` parameter and its default
 * order), so a page is a stable slice of one ordered list: no resource on two pages, none skipped.
 * The staff and the organisation those resources name come along per page as `include` entries.
 */

/** The patient's types, in the order of the answer: who they are, their episode, then the record. */
export const everythingTypes = [
  'Patient',
  'EpisodeOfCare',
  'Coverage',
  'AllergyIntolerance',
  'Condition',
  'RiskAssessment',
  'Observation',
  'MedicationRequest',
  'MedicationAdministration',
  'Appointment',
  'DocumentReference',
] as const;

/** The types named by references in those resources, included per page. */
const referencedTypes = ['Practitioner', 'Organization'] as const;

/** FHIR's parameters of the operation that would narrow the answer and are not applied: refused (ADR 0074). */
const refused = ['_since', 'start', 'end'];
const applied = new Set(['_count', '_offset', '_type', '_format', '_pretty']);

export interface EverythingInput {
  patientId: string;
  query: URLSearchParams;
  strict: boolean;
  canRead: CanRead;
  selfUrl: string;
}

export interface Everything {
  bundle: Bundle;
  /** The types that were asked and readable (for the access log). */
  types: string[];
  total: number;
  offset: number;
  count: number;
}

/** The parameters: `_type` chooses types (each one served and readable), `_count`/`_offset` the page. */
function parse({ query, strict, canRead }: Pick<EverythingInput, 'query' | 'strict' | 'canRead'>) {
  const problems: Record<string, string> = {};
  for (const [name] of query) {
    if (applied.has(name)) continue;
    if (refused.includes(name) || strict)
      problems[name] =
        name === '_since'
          ? 'Parameter "_since" wordt bij $everything niet ondersteund; vraag wijzigingen op met _history?_since= (per type of voor alle typen).'
          : `Parameter "${name}" wordt bij $everything niet ondersteund; wel _type, _count en _offset.`;
  }
  let types: string[] = everythingTypes.filter(canRead);
  const asked = query.getAll('_type').flatMap(values);
  if (asked.length) {
    for (const type of asked) {
      if (!(everythingTypes as readonly string[]).includes(type))
        problems._type = `_type: ${type} hoort niet bij $everything; kies uit ${everythingTypes.join(', ')}.`;
      else if (!canRead(type))
        throw AppError.forbidden(`Dit toegangstoken geeft geen recht op lezen van ${type} (scope system/${type}.read).`);
    }
    types = types.filter((type) => asked.includes(type));
  }
  const echoed = asked.filter((type, index) => types.includes(type) && asked.indexOf(type) === index);
  let count = 0;
  let offset = 0;
  try {
    count = integer('_count', query.get('_count'), pageLimits.max, 1, pageLimits.max);
    offset = integer('_offset', query.get('_offset'), 0, 0, 1_000_000);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    Object.assign(problems, (error.details as { fields: Record<string, string> }).fields);
  }
  if (Object.keys(problems).length)
    throw new AppError('validation_failed', 'Controleer de parameters van $everything.', { fields: problems, location: parameterProblem });
  return { types, count, offset, asked: asked.length ? echoed : null };
}

/** One part of the list: a type's rows of this patient, numbered in the type's default order. */
function part(type: string, index: number, patientId: string): { sql: string; params: unknown[] } {
  if (type === 'Patient')
    return { sql: `select 'Patient' as type, id, ${index} as part, 1::bigint as n from patients where id = ?`, params: [patientId] };
  const search = clinicalResources[type]!.search;
  const condition = search.parameters.patient!.condition(patientId, null);
  const order = Object.values(search.sortOrders)[0]!;
  return {
    sql: `select '${type}' as type, id, ${index} as part, row_number() over (order by ${order}) as n from ${search.from} where ${condition.sql}`,
    params: condition.params,
  };
}

/** The `Practitioner/…` and `Organization/…` references anywhere in these resources. */
function referencedIds(resources: readonly Resource[]): Map<string, Set<string>> {
  const byType = new Map<string, Set<string>>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'reference' && typeof inner === 'string') {
          const [, type, id] = /^([A-Za-z]+)\/([^/]+)$/.exec(inner) ?? [];
          if (type && id && (referencedTypes as readonly string[]).includes(type))
            byType.set(type, (byType.get(type) ?? new Set()).add(id));
        } else walk(inner);
      }
    }
  };
  walk(resources);
  return byType;
}

/** The patient's everything, one page; 404 for a patient not of the organisation (RLS hides them). */
export async function patientEverything(em: EntityManager, input: EverythingInput): Promise<Everything> {
  await findPatient(em, input.patientId);
  const { types, count, offset, asked } = parse(input);
  const parts = types.map((type, index) => part(type, index, input.patientId));
  const union = parts.length
    ? parts.map((p) => p.sql).join(' union all ')
    : `select null::text as type, null::uuid as id, 0 as part, 0::bigint as n where false`;
  const params = parts.flatMap((p) => p.params);
  const rows = await em.execute<{ type: string; id: string }[]>(
    `select type, id from (${union}) as everything order by part, n, id limit ? offset ?`,
    [...params, count, offset],
  );
  const [counted] = await em.execute<{ total: string }[]>(`select count(*) as total from (${union}) as everything`, params);
  const total = Number(counted?.total ?? 0);

  const loaded = new Map<string, Found>();
  for (const type of new Set(rows.map((row) => row.type))) {
    const found = await loadResources(
      em,
      type,
      rows.filter((row) => row.type === type).map((row) => row.id),
    );
    for (const item of found) loaded.set(`${type}/${item.resource.id}`, item);
  }
  const resources = rows.flatMap((row) => loaded.get(`${row.type}/${row.id}`)?.resource ?? []);

  const included: Resource[] = [];
  for (const [type, ids] of referencedIds(resources)) {
    if (!input.canRead(type)) continue;
    included.push(...(await loadResources(em, type, [...ids])).slice(0, includeLimit).map((item) => item.resource));
  }

  const selfUrl = new URL(input.selfUrl);
  const bundle = searchsetBundle(
    { resources, total, limit: count, offset },
    selfUrl,
    { applied: asked ? [['_type', asked.join(',')]] : [], sort: '' },
    '',
  );
  bundle.entry = [
    ...(bundle.entry ?? []),
    ...included.map((resource) => ({
      fullUrl: new URL(`/api/fhir/${resource.resourceType}/${resource.id}`, selfUrl).toString(),
      resource,
      search: { mode: 'include' as const },
    })),
  ];
  return { bundle, types, total, offset, count };
}
