import { recordAudit, type AuditActor } from '../audit/audit.service';
import type { EntityManager } from '../db/orm';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { normalizeName } from './name-matching';
import { Patient } from './patient.entity';
import { episodeStatuses, genders } from './patient.schemas';
import { bsnSystem } from './patient.fhir';
import { toPatientView, type PatientPage } from './patient.service';

/*
 * FHIR R4 search on Patient (issue 21). Each supported parameter is one definition here: how its
 * value is read and what SQL condition it becomes. The route, the Bundle's `self` link and (later)
 * the CapabilityStatement all read the same table, so what is advertised is what works.
 *
 * Repeating a parameter is AND, a comma inside one value is OR, as FHIR says. A value that cannot
 * be read is a 400; an unknown parameter is ignored and left out of `self`, or a 400 with
 * `Prefer: handling=strict`.
 */

interface Condition {
  sql: string;
  params: unknown[];
}

interface SearchParameter {
  type: 'token' | 'string' | 'date';
  documentation: string;
  /** One occurrence of the parameter (its modifier, its raw value) → an SQL condition. */
  condition: (value: string, modifier: string | null) => Condition;
  modifiers?: readonly string[];
}

const invalid = (name: string, message: string) => AppError.validation({ [name]: message });
const anyOf = (conditions: Condition[]): Condition => ({ sql: `(${conditions.map((c) => c.sql).join(' or ')})`, params: conditions.flatMap((c) => c.params) });
const values = (value: string): string[] => value.split(/(?<!\\),/).map((part) => part.replace(/\\,/g, ',').trim()).filter(Boolean);

/** Lower case without accents, in SQL, as `normalizeName` does in TypeScript (Latin letters). */
const fold = (expression: string) => `translate(lower(${expression}), 'áàâäãåéèêëíìîïóòôöõúùûüýÿçñ', 'aaaaaaeeeeiiiiooooouuuuyycn')`;

function stringMatch(expression: string): SearchParameter['condition'] {
  return (value, modifier) =>
    anyOf(
      values(value).map((part) => {
        const folded = normalizeName(part);
        if (modifier === 'exact') return { sql: `${expression} = ?`, params: [part] };
        // Default FHIR string search is "starts with"; clinicians type parts of names, so `contains` is the default here too (documented).
        return { sql: `${fold(expression)} like ?`, params: [`%${folded.replace(/[%_\\]/g, '\\$&')}%`] };
      }),
    );
}

/** A FHIR date with its precision as a half-open range [start, end). */
function dateRange(name: string, text: string, withTime: boolean): { start: Date; end: Date } {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/.exec(text);
  if (!match || (!withTime && match[4])) throw invalid(name, `Ongeldige datum "${text}": gebruik JJJJ, JJJJ-MM of JJJJ-MM-DD${withTime ? ', eventueel met tijd en tijdzone' : ''}.`);
  const [, year, month, day, hour, minute, second, zone] = match;
  if (hour !== undefined) {
    const start = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second ?? '00'}${zone}`);
    if (Number.isNaN(start.getTime())) throw invalid(name, `Ongeldige datum "${text}".`);
    return { start, end: new Date(start.getTime() + (second === undefined ? 60_000 : 1000)) };
  }
  const y = Number(year);
  const m = month ? Number(month) - 1 : 0;
  const d = day ? Number(day) : 1;
  const start = new Date(Date.UTC(y, m, d));
  if (start.getUTCMonth() !== m || start.getUTCDate() !== d) throw invalid(name, `Ongeldige datum "${text}".`);
  const end = day ? new Date(Date.UTC(y, m, d + 1)) : month ? new Date(Date.UTC(y, m + 1, 1)) : new Date(Date.UTC(y + 1, 0, 1));
  return { start, end };
}

function dateMatch(name: string, column: string, withTime: boolean): SearchParameter['condition'] {
  const asParam = (date: Date) => (withTime ? date.toISOString() : date.toISOString().slice(0, 10));
  return (value) =>
    anyOf(
      values(value).map((part) => {
        const prefix = /^(eq|ne|ge|le|gt|lt|sa|eb)/.exec(part)?.[1] ?? 'eq';
        const { start, end } = dateRange(name, part.replace(/^(eq|ne|ge|le|gt|lt|sa|eb)/, ''), withTime);
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
    );
}

const nothing: Condition = { sql: 'false', params: [] };

export const patientSearchParameters: Record<string, SearchParameter> = {
  _id: {
    type: 'token',
    documentation: 'Logisch id van de patiënt; meerdere gescheiden door komma’s.',
    condition: (value) => {
      const ids = values(value).filter(isUuid);
      return ids.length ? { sql: `id in (${ids.map(() => '?').join(', ')})`, params: ids } : nothing;
    },
  },
  identifier: {
    type: 'token',
    documentation: `BSN als ${bsnSystem}|<bsn> of alleen <bsn>.`,
    condition: (value) =>
      anyOf(
        values(value).map((part) => {
          const [system, code] = part.includes('|') ? [part.slice(0, part.indexOf('|')), part.slice(part.indexOf('|') + 1)] : [null, part];
          if (system !== null && system !== '' && system !== bsnSystem) return nothing;
          return code ? { sql: 'bsn = ?', params: [code.replace(/\D/g, '')] } : system === bsnSystem ? { sql: 'bsn is not null', params: [] } : nothing;
        }),
      ),
  },
  name: {
    type: 'string',
    documentation: 'Deel van de naam (voornamen, voorvoegsel of achternaam), zonder hoofdletters of accenten; :exact vergelijkt de volledige naam.',
    modifiers: ['exact', 'contains'],
    condition: stringMatch("array_to_string(name_given, ' ') || ' ' || coalesce(name_prefix || ' ', '') || family_name"),
  },
  family: {
    type: 'string',
    documentation: 'Deel van de achternaam met voorvoegsel; :exact vergelijkt de achternaam zonder voorvoegsel.',
    modifiers: ['exact', 'contains'],
    condition: (value, modifier) => (modifier === 'exact' ? stringMatch('family_name')(value, modifier) : stringMatch("coalesce(name_prefix || ' ', '') || family_name")(value, modifier)),
  },
  given: {
    type: 'string',
    documentation: 'Deel van een voornaam.',
    modifiers: ['exact', 'contains'],
    condition: (value, modifier) => (modifier === 'exact' ? { sql: '? = any(name_given)', params: [value] } : stringMatch("array_to_string(name_given, ' ')")(value, modifier)),
  },
  birthdate: {
    type: 'date',
    documentation: 'Geboortedatum, met voorvoegsel eq (standaard), ne, ge, gt, le of lt; precisie jaar, maand of dag.',
    condition: dateMatch('birthdate', 'birth_date', false),
  },
  _lastUpdated: {
    type: 'date',
    documentation: 'Laatste wijziging, met voorvoegsel eq, ne, ge, gt, le of lt; datum of tijdstip met tijdzone.',
    condition: dateMatch('_lastUpdated', 'updated_at', true),
  },
  gender: {
    type: 'token',
    documentation: `Geslacht: ${genders.join(', ')}.`,
    condition: (value) => {
      const wanted = values(value).filter((part) => (genders as readonly string[]).includes(part));
      return wanted.length ? { sql: `gender in (${wanted.map(() => '?').join(', ')})`, params: wanted } : nothing;
    },
  },
  status: {
    type: 'token',
    documentation: `Status van de behandelepisode: ${episodeStatuses.join(', ')} (extensie episode-status); all voor alle.`,
    condition: (value) => {
      const wanted = values(value);
      if (wanted.includes('all')) return { sql: 'true', params: [] };
      const known = wanted.filter((part) => (episodeStatuses as readonly string[]).includes(part));
      if (known.length !== wanted.length) throw invalid('status', `Kies een status: all, ${episodeStatuses.join(', ')}.`);
      return { sql: `episode_status in (${known.map(() => '?').join(', ')})`, params: known };
    },
  },
};

/** Result parameters: how many, from where, in which order. */
export const patientSortOrders = { '-_lastUpdated': 'updated_at desc, id asc', _lastUpdated: 'updated_at asc, id asc', birthdate: 'birth_date asc nulls last, id asc', '-birthdate': 'birth_date desc nulls last, id asc' } as const;
const resultParameters = new Set(['_count', '_offset', '_sort', '_format']);

export interface PatientSearch {
  page: PatientPage;
  /** The parameters that were applied, as they go into `self` (name with modifier, value). */
  applied: [string, string][];
  sort: keyof typeof patientSortOrders;
}

function integer(name: string, text: string | null, fallback: number, min: number, max: number): number {
  if (text === null || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw invalid(name, `${name} moet een geheel getal van ${min} tot en met ${max} zijn.`);
  return value;
}

export async function searchFhirPatients(em: EntityManager, actor: AuditActor, query: URLSearchParams, { strict = false } = {}): Promise<PatientSearch> {
  const conditions: Condition[] = [];
  const applied: [string, string][] = [];
  // Every problem at once, named by the parameter the client sent.
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
    const definition = Object.hasOwn(patientSearchParameters, name) ? patientSearchParameters[name] : undefined;
    if (!definition || (modifier !== null && !definition.modifiers?.includes(modifier))) {
      if (strict) problems[key] = `Zoekparameter "${key}" wordt niet ondersteund.`;
      continue;
    }
    if (!value.trim()) {
      if (strict) problems[key] = `Zoekparameter "${key}" heeft geen waarde.`;
      continue;
    }
    const condition = attempt(() => definition.condition(value, modifier));
    if (condition) conditions.push(condition);
    applied.push([key, value]);
  }
  const limit = attempt(() => integer('_count', query.get('_count'), 25, 1, 100));
  const offset = attempt(() => integer('_offset', query.get('_offset'), 0, 0, 1_000_000));
  const sortText = query.get('_sort') ?? '-_lastUpdated';
  if (!Object.hasOwn(patientSortOrders, sortText)) problems._sort = `Sorteren kan op ${Object.keys(patientSortOrders).join(', ')}.`;
  if (Object.keys(problems).length > 0 || limit === undefined || offset === undefined) throw AppError.validation(problems);
  const sort = sortText as keyof typeof patientSortOrders;

  const where = conditions.length ? conditions.map((condition) => condition.sql).join(' and ') : 'true';
  const params = conditions.flatMap((condition) => condition.params);
  const [rows, counted] = [
    await em.execute<{ id: string }[]>(`select id from patients where ${where} order by ${patientSortOrders[sort]} limit ? offset ?`, [...params, limit, offset]),
    await em.execute<{ total: string }[]>(`select count(*) as total from patients where ${where}`, params),
  ];
  const byId = new Map((rows.length ? await em.find(Patient, { id: { $in: rows.map((row) => row.id) } }) : []).map((patient) => [patient.id, patient]));
  const patients = rows.flatMap((row) => byId.get(row.id) ?? []);
  const total = Number(counted[0]?.total ?? 0);
  recordAudit(em, actor, { action: 'search', resourceType: 'Patient', patientIds: patients.map((patient) => patient.id), details: { parameters: applied.map(([name]) => name), limit, offset, total } });
  return { page: { items: patients.map(toPatientView), total, limit, offset }, applied, sort };
}
