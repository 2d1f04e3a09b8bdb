import type { EntityManager } from '../db/orm';
import { arrayLiteral } from '../db/sql';
import { capitaliseFirst } from '../shared/text';
import { parseOrThrow } from '../shared/validation';
import { nameMatcher, normalizeName, queryKeyGroups, splitInitials } from './name-matching';
import { patientSearchQuerySchema, type EpisodeStatus } from './patient.schemas';
import { displayName } from './patient.service';

export interface PatientSearchResult {
  id: string;
  name: string;
  birthDate: string | null;
  status: EpisodeStatus;
  score: number;
}

export interface SearchOptions {
  /** The core API's contract: the term's first letter is capitalised before given names are matched. */
  capitaliseTerm?: boolean;
}

const candidateLimit = 200;

interface CandidateRow {
  id: string;
  search_name: string;
  name_given: string[];
  updated_at: Date;
  bsn_match: boolean;
}

interface ResultRow {
  id: string;
  name_given: string[];
  name_prefix: string | null;
  family_name: string;
  birth_date: string | null;
  episode_status: EpisodeStatus;
}

/**
 * Candidates in three stages, each on an index, each only when the one before found nothing:
 * 1. every word of the query matches a key of the name (GIN on search_keys, BitmapAnd: selective);
 * 2. any word matches;
 * 3. trigram similarity of the whole name (GIN pg_trgm), for spellings no key catches.
 * The 200 most recently changed candidates are read (id, name, date only); `nameScore` ranks them
 * and the winners are loaded afterwards.
 * A 9-digit term is a BSN lookup. Exported so the benchmark runs the very same SQL.
 */
export function searchCandidatesQuery(normalized: string, bsn: string | null, status: string): { sql: string; params: unknown[] } {
  const statusFilter = `(?::text = 'all' or episode_status = ?)`;
  const columns = 'id, search_name, name_given, updated_at';
  if (bsn)
    return { sql: `select ${columns}, true as bsn_match from patients where bsn = ? and ${statusFilter}`, params: [bsn, status, status] };

  const groups = queryKeyGroups(normalized);
  const all = groups.length ? groups : [['']];
  // Recency only: the planner can then walk the (organisation, updated_at) index for common names
  // and stop at 200, or use the key index for rare ones.
  const recentFirst = `order by updated_at desc limit ${candidateLimit}`;
  const sql = `with strict as (
      select ${columns} from patients
       where ${all.map(() => 'search_keys && ?::text[]').join(' and ')} and ${statusFilter}
       ${recentFirst}
    ), broad as (
      select ${columns} from patients
       where not exists (select 1 from strict) and search_keys && ?::text[] and ${statusFilter}
       ${recentFirst}
    ), fuzzy as (
      select ${columns} from patients
       where not exists (select 1 from strict) and not exists (select 1 from broad) and search_name % ? and ${statusFilter}
       order by similarity(search_name, ?) desc, updated_at desc limit ${candidateLimit}
    )
    select *, false as bsn_match from strict union all select *, false from broad union all select *, false from fuzzy`;
  const params = [
    ...all.map(arrayLiteral),
    status,
    status,
    arrayLiteral(all.flat()),
    status,
    status,
    normalized,
    status,
    status,
    normalized,
  ];
  return { sql, params };
}

export const searchDetailsSql = `select id, name_given, name_prefix, family_name, to_char(birth_date, 'YYYY-MM-DD') as birth_date, episode_status
   from patients where id = any(?::uuid[])`;

const minimumScore = 0.6;

/**
 * One search for the list page, the FHIR-adjacent API, the core API and the assistant. PostgreSQL
 * finds candidates through two indexes (trigrams on the name, phonetic keys per word) and a BSN
 * match; `nameScore` ranks them. Best score first, ties by most recent change.
 */
export async function searchPatients(em: EntityManager, query: unknown, options: SearchOptions = {}): Promise<PatientSearchResult[]> {
  const parsed = parseOrThrow(patientSearchQuerySchema, query);
  const term = options.capitaliseTerm ? capitaliseFirst(parsed.q) : parsed.q;
  // "J.P. de Wit": the index is searched for the name, the initials only rank its candidates.
  const { initials, name } = splitInitials(term);
  const normalized = normalizeName(name);
  const digits = term.replace(/[\s.-]/g, '');
  const bsn = /^\d{9}$/.test(digits) ? digits : null;

  const candidates = searchCandidatesQuery(normalized, bsn, parsed.status);
  // One planner decision less: these index lookups are small, parallel workers only add start-up time.
  await em.execute('set local max_parallel_workers_per_gather = 0');
  const rows = await em.execute<CandidateRow[]>(candidates.sql, candidates.params);

  const score = nameMatcher(normalized, initials);
  const best = rows
    .map((row) => ({ row, score: row.bsn_match ? 1 : score(row.search_name, row.name_given) }))
    .filter(({ score }) => score >= minimumScore)
    .sort((a, b) => b.score - a.score || new Date(b.row.updated_at).getTime() - new Date(a.row.updated_at).getTime())
    .slice(0, parsed.limit);

  const details = best.length ? await em.execute<ResultRow[]>(searchDetailsSql, [arrayLiteral(best.map(({ row }) => row.id))]) : [];
  const byId = new Map(details.map((row) => [row.id, row]));
  const results = best.flatMap(({ row, score }) => {
    const patient = byId.get(row.id);
    if (!patient) return [];
    return [
      {
        id: patient.id,
        name: displayName({ nameGiven: patient.name_given, namePrefix: patient.name_prefix, familyName: patient.family_name }),
        birthDate: patient.birth_date,
        status: patient.episode_status,
        score: Math.round(score * 1000) / 1000,
      },
    ];
  });

  return results;
}
