import { clinicalTimeZone } from '../shared/clinical-time';
import { TZDate } from '@date-fns/tz';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import type { EntityManager } from '../db/orm';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { hiddenCharacters } from '../shared/validation';
import { commonSearchParameters, r4SearchParameters } from './r4-search-parameters';

/*
 * FHIR R4 search (issue 21), for every resource type. A resource's search is one definition: its
 * table, and per parameter how the value is read and which SQL condition it becomes. The route,
 * the Bundle's `self` link and the CapabilityStatement all read the same definition, so what is
 * advertised is what works.
 *
 * Repeating a parameter is AND, a comma inside one value is OR, as FHIR says. A value that cannot
 * be read is a 400; a parameter that would narrow but is not applied (a FHIR parameter of the type
 * we do not serve, a chain, an unknown modifier) is a 400 too; a name FHIR does not define is
 * ignored and left out of `self`, or a 400 with `Prefer: handling=strict` (ADR 0074). Every query
 * runs in the tenant transaction, so row-level security keeps it to the user's organisation.
 */

export interface Condition {
  sql: string;
  params: unknown[];
}

export interface SearchParameter {
  type: 'token' | 'string' | 'date' | 'reference';
  documentation: string;
  /** One occurrence of the parameter (its raw value, its modifier) → an SQL condition. */
  condition: (value: string, modifier: string | null) => Condition;
  modifiers?: readonly string[];
}

export interface SearchDefinition {
  resourceType: string;
  /** The table (or a subquery with an alias) the conditions are written against; it has `id`. */
  from: string;
  parameters: Record<string, SearchParameter>;
  /** `_sort` values → SQL order; the first is the default. */
  sortOrders: Record<string, string>;
}

/** A search problem is about a query parameter, not a resource element: its OperationOutcome has no FHIRPath. */
export const parameterProblem = 'query';
export const invalidParameter = (name: string, message: string) =>
  new AppError('validation_failed', message, { fields: { [name]: message }, location: parameterProblem });

export const nothing: Condition = { sql: 'false', params: [] };
/** Any of these conditions; none (an empty OR list, `date=,,,`) matches nothing. */
export const anyOf = (conditions: Condition[]): Condition =>
  conditions.length ? { sql: `(${conditions.map((c) => c.sql).join(' or ')})`, params: conditions.flatMap((c) => c.params) } : nothing;
/** The values of one occurrence: split on commas that are not escaped (`\,`). */
export const values = (value: string): string[] =>
  value
    .split(/(?<!\\),/)
    .map((part) => part.replace(/\\,/g, ',').trim())
    .filter(Boolean);
/** `column in (…)` for these values; no values matches nothing. */
export const inList = (column: string, items: readonly string[]): Condition =>
  items.length ? { sql: `${column} in (${items.map(() => '?').join(', ')})`, params: [...items] } : nothing;
/** A token `system|code` (or `|code`, or `code` alone: system null). */
export function splitToken(part: string): { system: string | null; code: string } {
  const bar = part.indexOf('|');
  return bar < 0 ? { system: null, code: part } : { system: part.slice(0, bar), code: part.slice(bar + 1) };
}

/** `_id`: the logical ids, several separated by commas. */
export const idParameter: SearchParameter = {
  type: 'token',
  documentation: 'Logisch id; meerdere gescheiden door komma’s.',
  condition: (value) => inList('id', values(value).filter(isUuid)),
};

/** `patient` (and `subject`): `Patient/<id>` or `<id>`. */
export function patientParameter(column = 'patient_id'): SearchParameter {
  return {
    type: 'reference',
    documentation: 'De patiënt als Patient/<id> of <id>.',
    condition: (value) =>
      inList(
        column,
        values(value)
          .map((part) => part.replace(/^(?:.*\/)?Patient\//, ''))
          .filter(isUuid),
      ),
  };
}

/** A reference to a resource of this type (`<Type>/<id>` or `<id>`) against a column holding its id. */
export function referenceParameter(resourceType: string, column: string, documentation: string): SearchParameter {
  const prefix = new RegExp(`^(?:.*/)?${resourceType}/`);
  return {
    type: 'reference',
    documentation,
    condition: (value) =>
      inList(
        column,
        values(value)
          .map((part) => part.replace(prefix, ''))
          .filter(isUuid),
      ),
  };
}

/** A token against a column holding one of a fixed set of codes: `toColumnValue` gets the system as written (null without a bar, `''` for `|code`, which asks for codes without a system). */
export function codeParameter(
  column: string,
  documentation: string,
  toColumnValue: (code: string, system: string | null) => string | readonly string[] | null,
): SearchParameter {
  return {
    type: 'token',
    documentation,
    condition: (value) =>
      inList(
        column,
        values(value).flatMap((part) => {
          const { system, code } = splitToken(part);
          return toColumnValue(code, system) ?? [];
        }),
      ),
  };
}

export const datePrefixes = /^(eq|ne|ge|le|gt|lt|sa|eb)/;

/**
 * A FHIR date with its precision as a half-open range [start, end). A date without a time is a
 * day in the clinic's time zone (Amsterdam, summer time included) when the column holds moments.
 */
/** A UTC midnight; unlike `Date.UTC`, the years 0–99 stay those years (not 1900–1999). */
function utcDay(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  return date;
}

/** Past 9999 an ISO string gets a sign and six digits, which PostgreSQL does not read; its `infinity` is that bound. */
const lastIsoInstant = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export function dateRange(name: string, text: string, withTime: boolean): { start: Date; end: Date } {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/.exec(text);
  const problem = () =>
    invalidParameter(
      name,
      `Zoekparameter "${name}": ongeldige datum "${text}"; gebruik JJJJ, JJJJ-MM of JJJJ-MM-DD${withTime ? ', eventueel met tijd en tijdzone' : ''}.`,
    );
  if (!match || (!withTime && match[4])) throw problem();
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  if (hour !== undefined) {
    // The precision the client wrote is the range: a minute, a second, or down to a millisecond
    // (digits beyond the millisecond are what the record keeps anyway, at most a millisecond apart).
    const digits = Math.min(fraction?.length ?? 0, 3);
    const milliseconds = (fraction ?? '').slice(0, 3).padEnd(3, '0');
    const start = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second ?? '00'}.${milliseconds}${zone}`);
    if (Number.isNaN(start.getTime())) throw problem();
    const width = second === undefined ? 60_000 : 1000 / 10 ** digits;
    return { start, end: new Date(start.getTime() + width) };
  }
  const y = Number(year);
  const m = month ? Number(month) - 1 : 0;
  const d = day ? Number(day) : 1;
  const check = utcDay(y, m, d);
  if (check.getUTCMonth() !== m || check.getUTCDate() !== d) throw problem();
  const [endY, endM, endD] = day ? [y, m, d + 1] : month ? [y, m + 1, 1] : [y + 1, 0, 1];
  // Before 1900 the ward's time zone means nothing (and Date would read a year below 100 as 19xx): UTC.
  if (!withTime || y < 1900) return { start: check, end: utcDay(endY, endM, endD) };
  return {
    start: new Date(new TZDate(y, m, d, clinicalTimeZone).getTime()),
    end: new Date(new TZDate(endY, endM, endD, clinicalTimeZone).getTime()),
  };
}

/** A date parameter with the prefixes eq (default), ne, ge, gt, le, lt, sa, eb, on a date or timestamp column. */
export function dateParameter(name: string, column: string, withTime: boolean, documentation: string): SearchParameter {
  const asParam = (date: Date) =>
    date.getTime() > lastIsoInstant ? 'infinity' : withTime ? date.toISOString() : date.toISOString().slice(0, 10);
  return {
    type: 'date',
    documentation,
    condition: (value) =>
      anyOf(
        values(value).map((part) => {
          const prefix = datePrefixes.exec(part)?.[1] ?? 'eq';
          const { start, end } = dateRange(name, part.replace(datePrefixes, ''), withTime);
          switch (prefix) {
            case 'eq':
              return { sql: `(${column} >= ? and ${column} < ?)`, params: [asParam(start), asParam(end)] };
            case 'ne':
              return { sql: `(${column} < ? or ${column} >= ?)`, params: [asParam(start), asParam(end)] };
            case 'ge':
              return { sql: `${column} >= ?`, params: [asParam(start)] };
            case 'gt':
            case 'sa':
              return { sql: `${column} >= ?`, params: [asParam(end)] };
            case 'le':
              return { sql: `${column} < ?`, params: [asParam(end)] };
            default:
              return { sql: `${column} < ?`, params: [asParam(start)] };
          }
        }),
      ),
  };
}

/**
 * Result parameters: how many, from where, in which order; `_format` is accepted and has one answer;
 * `_include` and `_revinclude` add to the page and are read by `parseIncludes` (ADR 0089).
 */
const resultParameters = new Set(['_count', '_offset', '_sort', '_format', '_pretty', '_include', '_revinclude']);
export const pageLimits = { default: 25, max: 100 } as const;

export interface ParsedSearch {
  where: Condition;
  /** The parameters that were applied, as they go into `self` (name with modifier, value). */
  applied: [string, string][];
  limit: number;
  offset: number;
  sort: string;
}

/** A whole-number parameter (`_count`, `_offset`) within its bounds, or a 400 naming it. */
export function integer(name: string, text: string | null, fallback: number, min: number, max: number): number {
  if (text === null || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max)
    throw invalidParameter(name, `Zoekparameter "${name}" moet een geheel getal van ${min} tot en met ${max} zijn.`);
  return value;
}

/**
 * Would this parameter narrow the answer if it were applied? A parameter we know (with a modifier
 * we do not), a chain, a reverse chain, and every search parameter FHIR R4 defines for the type
 * do; a name FHIR does not define for it (a typo, another server's own) is no filter the client
 * can rely on.
 */
const narrows = (resourceType: string, name: string, parameter: SearchParameter | undefined) =>
  parameter !== undefined ||
  name.includes('.') ||
  name.startsWith('_has') ||
  commonSearchParameters.includes(name) ||
  (r4SearchParameters[resourceType] ?? []).includes(name);

/** The query string → one SQL condition; every problem at once, each named by the parameter the client sent. */
export function parseSearch(definition: SearchDefinition, query: URLSearchParams, { strict = false } = {}): ParsedSearch {
  const conditions: Condition[] = [];
  const applied: [string, string][] = [];
  const problems: Record<string, string> = {};
  const attempt = <T>(work: () => T): T | undefined => {
    try {
      return work();
    } catch (error) {
      const fields = error instanceof AppError ? (error.details as { fields?: Record<string, string> } | undefined)?.fields : undefined;
      if (!fields) throw error;
      Object.assign(problems, fields);
      return undefined;
    }
  };
  for (const [key, value] of query) {
    const [name = '', modifier = null] = key.split(':') as [string, string?];
    if (resultParameters.has(name)) continue;
    const parameter = Object.hasOwn(definition.parameters, name) ? definition.parameters[name] : undefined;
    if (!parameter || (modifier !== null && !parameter.modifiers?.includes(modifier))) {
      // A chain (`patient.identifier`), a reverse chain (`_has`), a modifier of a parameter we
      // know (`gender:not`), a common filter (`_filter`, `_tag`, …) or a FHIR parameter of the type
      // we do not apply (`performer`, `value-quantity`) is meant to narrow: ignoring it would widen
      // the answer, so it is refused whatever the handling. A name FHIR does not know is ignored unless strict.
      if (strict || narrows(definition.resourceType, name, parameter)) problems[key] = `Zoekparameter "${key}" wordt niet ondersteund.`;
      continue;
    }
    if (hiddenCharacters.test(value)) {
      problems[key] = `Zoekparameter "${key}" bevat een onzichtbaar stuurteken (zoals een nulteken); haal het weg.`;
      continue;
    }
    // Only commas (`date=,,,`) is no value either: an empty OR list.
    if (!values(value).length) {
      if (strict) problems[key] = `Zoekparameter "${key}" heeft geen waarde.`;
      continue;
    }
    const condition = attempt(() => parameter.condition(value, modifier));
    if (condition) conditions.push(condition);
    applied.push([key, value]);
  }
  const limit = attempt(() => integer('_count', query.get('_count'), pageLimits.default, 1, pageLimits.max));
  const offset = attempt(() => integer('_offset', query.get('_offset'), 0, 0, 1_000_000));
  const sortOrders = Object.keys(definition.sortOrders);
  const sort = query.get('_sort') ?? sortOrders[0]!;
  if (!sortOrders.includes(sort)) problems._sort = `Zoekparameter "_sort": sorteren kan op ${sortOrders.join(', ')}.`;
  if (Object.keys(problems).length > 0 || limit === undefined || offset === undefined) {
    throw new AppError('validation_failed', 'Controleer de zoekparameters.', { fields: problems, location: parameterProblem });
  }
  const where = conditions.length
    ? { sql: conditions.map((condition) => condition.sql).join(' and '), params: conditions.flatMap((condition) => condition.params) }
    : { sql: 'true', params: [] };
  return { where, applied, limit, offset, sort };
}

/** The page's and the count's SQL with their parameters (the bench runs them raw beside the API). */
export function searchSql(definition: SearchDefinition, search: ParsedSearch): { page: [string, unknown[]]; count: [string, unknown[]] } {
  const { where, limit, offset, sort } = search;
  return {
    page: [
      `select id from ${definition.from} where ${where.sql} order by ${definition.sortOrders[sort]} limit ? offset ?`,
      [...where.params, limit, offset],
    ],
    count: [`select count(*) as total from ${definition.from} where ${where.sql}`, where.params],
  };
}

/** The ids of one page, in order, and the total; rows outside the organisation are not there (RLS). */
export async function runSearch(
  em: EntityManager,
  definition: SearchDefinition,
  search: ParsedSearch,
): Promise<{ ids: string[]; total: number }> {
  const { page, count } = searchSql(definition, search);
  const rows = await em.execute<{ id: string }[]>(...page);
  const [counted] = await em.execute<{ total: string }[]>(...count);
  return { ids: rows.map((row) => row.id), total: Number(counted?.total ?? 0) };
}

export interface SearchPage<T> {
  resources: T[];
  total: number;
  limit: number;
  offset: number;
}

/**
 * A searchset Bundle. `self` holds only the parameters that were applied (an ignored one is not
 * echoed as if it had filtered), then the page; `first`, `last`, `next` and `previous` the same.
 */
export function searchsetBundle<T extends Resource>(
  page: SearchPage<T>,
  selfUrl: URL,
  search: Pick<ParsedSearch, 'applied' | 'sort'>,
  defaultSort: string,
): Bundle<T> {
  const link = (offset: number) => {
    const url = new URL(selfUrl.pathname, selfUrl);
    for (const [name, value] of search.applied) url.searchParams.append(name, value);
    if (search.sort !== defaultSort) url.searchParams.set('_sort', search.sort);
    url.searchParams.set('_count', String(page.limit));
    url.searchParams.set('_offset', String(offset));
    return url.toString();
  };
  const lastOffset = page.total === 0 ? 0 : Math.floor((page.total - 1) / page.limit) * page.limit;
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: page.total,
    link: [
      { relation: 'self', url: link(page.offset) },
      { relation: 'first', url: link(0) },
      ...(page.offset + page.limit < page.total ? [{ relation: 'next', url: link(page.offset + page.limit) }] : []),
      ...(page.offset > 0 ? [{ relation: 'previous', url: link(Math.max(0, page.offset - page.limit)) }] : []),
      { relation: 'last', url: link(lastOffset) },
    ],
    entry: page.resources.map((resource) => ({
      fullUrl: new URL(`/api/fhir/${resource.resourceType}/${resource.id}`, selfUrl).toString(),
      resource,
      search: { mode: 'match' },
    })),
  };
}

/**
 * `identifier` over columns that each hold one naming system's value (AGB, BIG, …): `system|value`
 * asks that column, `value` alone any of them, `system|` any value of that system, and `|value`
 * (an identifier without a system) nothing, since every one served has its system.
 */
export function identifierParameter(columns: Record<string, string>, documentation: string): SearchParameter {
  return {
    type: 'token',
    documentation,
    condition: (value) =>
      anyOf(
        values(value).map((part) => {
          const { system, code } = splitToken(part);
          if (system === null) return anyOf(Object.values(columns).map((column) => ({ sql: `${column} = ?`, params: [code] })));
          const column = Object.hasOwn(columns, system) ? columns[system] : undefined;
          if (!column) return nothing;
          return code ? { sql: `${column} = ?`, params: [code] } : { sql: `${column} is not null`, params: [] };
        }),
      ),
  };
}

/** The served identifiers among these (system, value) pairs: a value the record does not hold is left out. */
export const identifiersOf = (pairs: [system: string, value: string | null | undefined][]) =>
  pairs.flatMap(([system, value]) => (value ? [{ system, value }] : []));
