import type { EntityManager } from '../db/orm';
import {
  anyOf,
  codeParameter,
  dateParameter,
  idParameter,
  inList,
  invalidParameter,
  nothing,
  parseSearch,
  runSearch,
  splitToken,
  values,
  type Condition,
  type ParsedSearch,
  type SearchDefinition,
} from '../fhir/search';
import { normalizeName } from './name-matching';
import { Patient } from './patient.entity';
import { episodeStatuses, genders } from './patient.schemas';
import { bsnSystem } from './patient.fhir';
import { toPatientView, type PatientPage } from './patient.service';

const genderSystem = 'http://hl7.org/fhir/administrative-gender';
const fullName = "array_to_string(name_given, ' ') || ' ' || coalesce(name_prefix || ' ', '') || family_name";
/** Patient.name.family as served: the prefix and the own name ("van der Berg"). */
const familyWithPrefix = "coalesce(name_prefix || ' ', '') || family_name";

/** `normalizeName` in SQL: lower case, accents off (Latin letters), every run of other characters one space. */
export const normalized = (expression: string) =>
  `trim(regexp_replace(translate(lower(${expression}), 'áàâäãåéèêëíìîïóòôöõúùûüýÿçñ', 'aaaaaaeeeeiiiiooooouuuuyycn'), '[^a-z0-9]+', ' ', 'g'))`;

/**
 * A name part, contained (the default here, documented: clinicians type parts of names) or
 * `:exact` as stored. `search_name` is the whole name normalised with a trigram index, so its LIKE
 * finds the candidates through the index (ADR 0028) and the part's own column decides.
 */
function nameContains(
  expression: string | null,
  exact: (part: string) => Condition,
): (value: string, modifier: string | null) => Condition {
  return (value, modifier) =>
    anyOf(
      values(value).map((part) => {
        if (modifier === 'exact') return exact(part);
        // `normalizeName` leaves only [a-z0-9 ], so the term holds no LIKE wildcard of its own.
        const pattern = `%${normalizeName(part)}%`;
        return expression
          ? { sql: `(search_name like ? and ${normalized(expression)} like ?)`, params: [pattern, pattern] }
          : { sql: 'search_name like ?', params: [pattern] };
      }),
    );
}

/** FHIR search on Patient (issue 21): the parameters, sort orders and the one audited query. */
export const patientSearch: SearchDefinition = {
  resourceType: 'Patient',
  from: 'patients',
  parameters: {
    _id: idParameter,
    identifier: {
      type: 'token',
      documentation: `BSN als ${bsnSystem}|<bsn> of alleen <bsn>.`,
      condition: (value) =>
        anyOf(
          values(value).map((part) => {
            const { system, code } = splitToken(part);
            // `|value` asks for an identifier without a system: a BSN always has one.
            if (system !== null && system !== bsnSystem) return nothing;
            return code
              ? { sql: 'bsn = ?', params: [code.replace(/\D/g, '')] }
              : system === bsnSystem
                ? { sql: 'bsn is not null', params: [] }
                : nothing;
          }),
        ),
    },
    name: {
      type: 'string',
      documentation:
        'Deel van de naam (voornamen, voorvoegsel of achternaam), zonder hoofdletters of accenten; :exact: precies één naamdeel zoals geschreven (achternaam met voorvoegsel, een voornaam of de volledige naam).',
      modifiers: ['exact', 'contains'],
      condition: nameContains(null, (part) => ({
        sql: `(${familyWithPrefix} = ? or ? = any(name_given) or ${fullName} = ?)`,
        params: [part, part, part],
      })),
    },
    family: {
      type: 'string',
      documentation:
        'Deel van de achternaam met voorvoegsel; :exact vergelijkt Patient.name.family zoals geschreven, met voorvoegsel ("van der Berg").',
      modifiers: ['exact', 'contains'],
      condition: nameContains(familyWithPrefix, (part) => ({ sql: `${familyWithPrefix} = ?`, params: [part] })),
    },
    given: {
      type: 'string',
      documentation: 'Deel van een voornaam; :exact vergelijkt één voornaam.',
      modifiers: ['exact', 'contains'],
      condition: nameContains("array_to_string(name_given, ' ')", (part) => ({ sql: '? = any(name_given)', params: [part] })),
    },
    birthdate: dateParameter(
      'birthdate',
      'birth_date',
      false,
      'Geboortedatum, met voorvoegsel eq (standaard), ne, ge, gt, le of lt; precisie jaar, maand of dag.',
    ),
    _lastUpdated: dateParameter(
      '_lastUpdated',
      'updated_at',
      true,
      'Laatste wijziging, met voorvoegsel eq, ne, ge, gt, le of lt; datum (een dag in Nederlandse tijd) of tijdstip met tijdzone.',
    ),
    gender: codeParameter('gender', `Geslacht: ${genders.join(', ')}, met of zonder ${genderSystem}|.`, (code, system) =>
      (system === null || system === genderSystem) && (genders as readonly string[]).includes(code) ? code : null,
    ),
    status: {
      type: 'token',
      documentation: `Status van de behandelepisode: ${episodeStatuses.join(', ')} (extensie episode-status); all voor alle.`,
      condition: (value) => {
        const wanted = values(value);
        if (wanted.includes('all')) return { sql: 'true', params: [] };
        const known = wanted.filter((part) => (episodeStatuses as readonly string[]).includes(part));
        if (known.length !== wanted.length)
          throw invalidParameter('status', `Zoekparameter "status": kies all, ${episodeStatuses.join(', ')}.`);
        return inList('episode_status', known);
      },
    },
  },
  sortOrders: {
    '-_lastUpdated': 'updated_at desc, id asc',
    _lastUpdated: 'updated_at asc, id asc',
    birthdate: 'birth_date asc nulls last, id asc',
    '-birthdate': 'birth_date desc nulls last, id asc',
  },
};

export interface PatientSearch {
  page: PatientPage;
  search: ParsedSearch;
}

export async function searchFhirPatients(em: EntityManager, query: URLSearchParams, { strict = false } = {}): Promise<PatientSearch> {
  const search = parseSearch(patientSearch, query, { strict });
  const { ids, total } = await runSearch(em, patientSearch, search);
  const byId = new Map((ids.length ? await em.find(Patient, { id: { $in: ids } }) : []).map((patient) => [patient.id, patient]));
  const patients = ids.flatMap((id) => byId.get(id) ?? []);
  return { page: { items: patients.map(toPatientView), total, limit: search.limit, offset: search.offset }, search };
}

/** What the access log says of a FHIR search of patients: the patients on the page, and the parameters used (never their values). */
export const patientSearchAccess = ({ page, search }: PatientSearch) => ({
  patientIds: page.items.map((patient) => patient.id),
  details: { parameters: search.applied.map(([name]) => name), limit: search.limit, offset: search.offset, total: page.total },
});
