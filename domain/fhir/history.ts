import type { Bundle, BundleEntry, Resource } from '@medplum/fhirtypes';
import { toFhirAllergyIntolerance } from '../allergies/allergies.fhir';
import { Allergy } from '../allergies/allergy.entity';
import type { AccessOf } from '../audit/use-case';
import type { EntityManager } from '../db/orm';
import { loadAdministrations, toFhirMedicationRequest } from '../medication/medication.fhir';
import { MedicationAdministration, MedicationOrder } from '../medication/medication.entity';
import { observationAsRecorded, observations } from '../measurements/vitals.fhir';
import { earlierDocumentReferences } from '../report/report.fhir';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { hiddenCharacters } from '../shared/validation';
import { patientsOf, withStaff, type Found } from './clinical';
import { loadResources, type CanRead } from './include';
import { integer, invalidParameter, pageLimits, parameterProblem } from './search';

/*
 * Sync (issue 46, point 3; ADR 0097): a changes feed as FHIR `_history` with `_since`, and vread of
 * the versions the record holds. Most of what it serves keeps no earlier state (a patient's version
 * is a counter, a report's its last change), so their history is the current version: said so in
 * the CapabilityStatement and in the 404 of an old version, rather than invented. A medication
 * order and an allergy are never changed but to stop or lapse, which only adds its own columns:
 * their first version is the row without them, and is served.
 */

/**
 * The types in the feed, each with the SQL moment that is its `meta.lastUpdated` (the same the
 * mapper writes): only types whose `lastUpdated` is the moment of the write. An Observation's,
 * Condition's and RiskAssessment's is when the row was recorded or last changed (ADR 0102), not
 * the clinical moment — a lab value posted today with yesterday's time is seen today.
 */
export const feedSources: Record<string, { from: string; changedAt: string; deleted?: string }> = {
  Patient: { from: 'patients', changedAt: 'updated_at' },
  EpisodeOfCare: { from: 'patients', changedAt: 'updated_at' },
  AllergyIntolerance: { from: 'allergies', changedAt: 'coalesce(lapsed_at, recorded_at)' },
  MedicationRequest: { from: 'medication_orders', changedAt: 'coalesce(stopped_at, created_at)' },
  MedicationAdministration: { from: 'medication_administrations', changedAt: 'coalesce(effect_at, created_at)' },
  Appointment: { from: 'appointments', changedAt: 'updated_at' },
  // A deleted report is in the feed once more, as its deletion (the delete moves `updated_at`).
  DocumentReference: { from: 'reports', changedAt: 'updated_at', deleted: 'deleted_at is not null' },
  Observation: { from: observations, changedAt: 'updated_at' },
  Condition: { from: 'diagnoses', changedAt: 'updated_at' },
  RiskAssessment: { from: 'risk_assessments', changedAt: 'updated_at' },
};
export const feedTypes = Object.keys(feedSources);
export const inFeed = (type: string) => Object.hasOwn(feedSources, type);

/**
 * A change is in a page only once every transaction that could still commit an earlier moment has
 * ended: the feed stops at the start of the oldest open transaction, less this margin for the
 * clock of the app server that stamped the change (moments are written by the app, not the database).
 */
export const settleMargin = 1000;

/** The history parameters; anything else narrows nothing we can apply here, so it is refused. */
const historyParameters = new Set(['_since', '_till', '_count', '_cursor', '_format', '_pretty']);

/**
 * An instant as FHIR writes it (`2026-11-30T01:02:03.456Z`, or with an offset), to the millisecond;
 * a date that does not exist (30 February, hour 25) is refused rather than rolled over.
 */
export function parseInstant(name: string, text: string): Date {
  const problem = (why: string) => invalidParameter(name, `Parameter "${name}": ${why}`);
  if (hiddenCharacters.test(text)) throw problem('bevat een onzichtbaar stuurteken (zoals een nulteken); haal het weg.');
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(text);
  const shape = 'gebruik een tijdstip met tijdzone, zoals 2026-11-30T09:15:00.123Z of 2026-11-30T10:15:00+01:00.';
  if (!match) throw problem(`"${text}" is geen tijdstip; ${shape}`);
  const [, y, mo, d, h, mi, s, fraction = '', zone] = match as unknown as string[];
  const fields = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const local = new Date(0);
  local.setUTCFullYear(fields[0], fields[1] - 1, fields[2]);
  local.setUTCHours(fields[3], fields[4], fields[5], Number(fraction.slice(0, 3).padEnd(3, '0')));
  const exists =
    local.getUTCFullYear() === fields[0] &&
    local.getUTCMonth() === fields[1] - 1 &&
    local.getUTCDate() === fields[2] &&
    local.getUTCHours() === fields[3] &&
    local.getUTCMinutes() === fields[4] &&
    local.getUTCSeconds() === fields[5];
  const [, sign, oh = '0', om = '0'] = /^([+-])(\d{2}):(\d{2})$/.exec(zone!) ?? [];
  if (!exists || Number(oh) > 14 || Number(om) > 59) throw problem(`"${text}" bestaat niet als datum en tijd; ${shape}`);
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000 : 0;
  const instant = new Date(local.getTime() - offset);
  // ISO's year 0 is 1 BC, and past 9999 an ISO string gets a sign: PostgreSQL reads neither as written.
  if (instant.getUTCFullYear() < 1) throw problem(`"${text}" ligt vóór het jaar 1; ${shape}`);
  if (instant.getUTCFullYear() > 9999) throw problem(`"${text}" ligt na het jaar 9999; ${shape}`);
  return instant;
}

interface Cursor {
  at: Date;
  type: string;
  id: string;
}

const cursorText = ({ at, type, id }: Cursor) => `${at.toISOString()}|${type}|${id}`;

function parseCursor(text: string): Cursor {
  const [at = '', type = '', id = '', ...rest] = text.split('|');
  if (rest.length || !inFeed(type) || !isUuid(id))
    throw invalidParameter('_cursor', 'Parameter "_cursor" is ongeldig; volg de link "next" van de vorige pagina.');
  return { at: parseInstant('_cursor', at), type, id };
}

export interface HistoryQuery {
  since: Date | null;
  till: Date | null;
  cursor: Cursor | null;
  count: number;
}

/** The query of a type's or the system's `_history`: every problem at once, in Dutch, a 400. */
export function parseHistoryQuery(query: URLSearchParams): HistoryQuery {
  const problems: Record<string, string> = {};
  const attempt = <T>(name: string, work: () => T): T | null => {
    try {
      return work();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const fields = (error.details as { fields?: Record<string, string> } | undefined)?.fields ?? { [name]: error.message };
      Object.assign(problems, fields);
      return null;
    }
  };
  for (const [name] of query)
    if (!historyParameters.has(name))
      problems[name] = `Parameter "${name}" wordt bij _history niet ondersteund; wel _since, _count en de link "next".`;
  for (const name of ['_since', '_till', '_count', '_cursor'])
    if (query.getAll(name).length > 1) problems[name] = `Parameter "${name}" mag één keer voorkomen.`;
  const text = (name: string) => query.get(name);
  const since = text('_since') === null ? null : attempt('_since', () => parseInstant('_since', text('_since')!));
  const till = text('_till') === null ? null : attempt('_till', () => parseInstant('_till', text('_till')!));
  const cursor = text('_cursor') === null ? null : attempt('_cursor', () => parseCursor(text('_cursor')!));
  const count = attempt('_count', () => integer('_count', text('_count'), pageLimits.max, 1, pageLimits.max)) ?? 0;
  if (Object.keys(problems).length)
    throw new AppError('validation_failed', 'Controleer de parameters van _history.', { fields: problems, location: parameterProblem });
  return { since, till, cursor, count };
}

/**
 * Where the feed stops now: the start of the oldest other open transaction of this database (its
 * changes, once committed, carry a moment at or after it), or now, less `settleMargin`, to the
 * millisecond. Read before the page itself, so nothing that commits in between is passed over.
 */
export async function settledHorizon(em: EntityManager): Promise<Date> {
  const [row] = await em.execute<{ horizon: Date | string }[]>(
    `select date_trunc('milliseconds', least(clock_timestamp(), coalesce(min(xact_start), 'infinity')) - ? * interval '1 millisecond') as horizon
       from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend' and xact_start is not null`,
    [settleMargin],
  );
  return new Date(row!.horizon);
}

export interface HistoryPage {
  bundle: Bundle;
  found: Found[];
  types: string[];
}

/**
 * One page of the feed over these types: every resource whose last change falls in
 * [`_since`, horizon), oldest change first (then type, then id), each once in its current version.
 * Pages are cut by the last row's (moment, type, id), not by an offset, and the horizon travels in
 * `next` as `_till`: a resource that changes while a client walks the pages leaves this walk and
 * is in the next poll; none is skipped, none is on two pages.
 */
export async function historyPage(
  em: EntityManager,
  input: { types: readonly string[]; query: HistoryQuery; selfUrl: string },
): Promise<HistoryPage> {
  const { types, query } = input;
  const settled = await settledHorizon(em);
  const till = query.till && query.till < settled ? query.till : settled;
  // The window is bounded on each table's own moment (bounds to the millisecond: the same rows as on
  // the truncated moment), so an index on it can be used; the cursor's tie-break is on the whole list.
  const from = query.cursor && (!query.since || query.cursor.at > query.since) ? query.cursor.at : query.since;
  const partParams: unknown[] = [];
  const parts = types.map((type) => {
    const source = feedSources[type]!;
    partParams.push(till.toISOString(), ...(from ? [from.toISOString()] : []));
    return `select '${type}'::text as type, id, date_trunc('milliseconds', ${source.changedAt}) as changed, ${source.deleted ?? 'false'} as deleted from ${source.from}
      where ${source.changedAt} < ?${from ? ` and ${source.changedAt} >= ?` : ''}`;
  });
  const conditions = ['true'];
  const params: unknown[] = [...partParams];
  if (query.cursor) {
    conditions.push('(changed, type, id::text) > (?::timestamptz, ?, ?)');
    params.push(query.cursor.at.toISOString(), query.cursor.type, query.cursor.id);
  }
  const rows = types.length
    ? await em.execute<{ type: string; id: string; changed: Date | string; deleted: boolean }[]>(
        `select type, id, changed, deleted from (${parts.join(' union all ')}) as changes where ${conditions.join(' and ')}
          order by changed, type, id::text limit ?`,
        [...params, query.count + 1],
      )
    : [];
  const page = rows.slice(0, query.count);
  const loaded = new Map<string, Found>();
  const present = page.filter((row) => !row.deleted);
  for (const type of new Set(present.map((row) => row.type)))
    for (const item of await loadResources(
      em,
      type,
      present.filter((row) => row.type === type).map((row) => row.id),
    ))
      loaded.set(`${type}/${item.resource.id}`, item);
  const found = present.flatMap((row) => loaded.get(`${row.type}/${row.id}`) ?? []);

  const link = (extra: Record<string, string>) => {
    const url = new URL(input.selfUrl);
    if (query.since) url.searchParams.set('_since', query.since.toISOString());
    url.searchParams.set('_till', till.toISOString());
    url.searchParams.set('_count', String(query.count));
    for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
    return url.toString();
  };
  const last = page.at(-1);
  const bundle: Bundle = {
    resourceType: 'Bundle',
    type: 'history',
    // The moment the feed is complete up to: the next poll's `_since`.
    meta: { lastUpdated: till.toISOString() },
    link: [
      { relation: 'self', url: link(query.cursor ? { _cursor: cursorText(query.cursor) } : {}) },
      ...(rows.length > query.count && last
        ? [{ relation: 'next', url: link({ _cursor: cursorText({ at: new Date(last.changed), type: last.type, id: last.id }) }) }]
        : []),
    ],
    entry: page.flatMap((row) => {
      if (row.deleted) return [deletionEntry(`${row.type}/${row.id}`, new Date(row.changed), input.selfUrl)];
      const item = loaded.get(`${row.type}/${row.id}`);
      return item ? [historyEntry(item.resource, input.selfUrl)] : [];
    }),
  };
  return { bundle, found, types: [...types] };
}

/** A deletion as a history entry: no resource, the request that removed it (FHIR: `410 Gone`). */
function deletionEntry(url: string, at: Date, base: string): BundleEntry {
  return {
    fullUrl: new URL(`/api/fhir/${url}`, base).toString(),
    request: { method: 'DELETE', url },
    response: { status: '410 Gone', lastModified: at.toISOString() },
  };
}

/** A version as a history entry: the resource, and the write that made it (a first version a create). */
export function historyEntry(resource: Resource, base: string): BundleEntry {
  const url = `${resource.resourceType}/${resource.id}`;
  const first = resource.meta?.versionId === '1';
  return {
    fullUrl: new URL(`/api/fhir/${url}`, base).toString(),
    resource,
    request: { method: first ? 'POST' : 'PUT', url: first ? resource.resourceType : url },
    response: {
      status: first ? '201 Created' : '200 OK',
      etag: `W/"${resource.meta?.versionId ?? '1'}"`,
      ...(resource.meta?.lastUpdated ? { lastModified: resource.meta.lastUpdated } : {}),
    },
  };
}

/** The types a caller may poll at once (`GET [base]/_history`): the feed's types its scopes cover. */
export const systemFeedTypes = (canRead: CanRead) => feedTypes.filter(canRead);

/** The access log of a feed page: per type, the patients whose data it returned, as a search logs them. */
export function feedAccess(page: HistoryPage, resourceType: string): AccessOf[] {
  const byType = new Map<string, Found[]>();
  for (const item of page.found) byType.set(item.resource.resourceType, [...(byType.get(item.resource.resourceType) ?? []), item]);
  const details = (items: number) => ({ operation: '_history', types: page.types, returned: items });
  if (!byType.size) return [{ action: 'search', resourceType, resourceId: null, patientIds: [], details: details(0) }];
  return [...byType].map(([type, items]) => ({
    action: 'search' as const,
    resourceType: type,
    resourceId: null,
    patientIds: [...new Set(items.flatMap(patientsOf))],
    details: details(items.length),
  }));
}

/**
 * The first version of a resource whose changes only add columns the first version did not have
 * (a stop, a lapse, a correction's mark): the row as it was written, mapped as its read maps it. Null
 * while it has no second version.
 */
const firstVersions: Record<string, (em: EntityManager, id: string) => Promise<Resource | null>> = {
  MedicationRequest: async (em, id) => {
    const order = await em.findOne(MedicationOrder, { id });
    if (!order?.stoppedAt) return null;
    const asWritten = { ...order, stoppedAt: null, stoppedBy: null, stopReason: null };
    const [first] = await withStaff(em, [asWritten], (row) => row.prescribedBy, toFhirMedicationRequest);
    return first?.resource ?? null;
  },
  Observation: observationAsRecorded,
  MedicationAdministration: async (em, id) => {
    const dose = await em.findOne(MedicationAdministration, { id });
    if (!dose?.effect) return null;
    const asWritten = { ...dose, effect: null, effectAt: null, effectBy: null };
    const [first] = await loadAdministrations(em, [asWritten]);
    return first?.resource ?? null;
  },
  AllergyIntolerance: async (em, id) => {
    const allergy = await em.findOne(Allergy, { id });
    if (!allergy?.lapsedAt) return null;
    const asWritten = { ...allergy, lapsedAt: null, lapsedBy: null, lapseReason: null };
    const [first] = await withStaff(em, [asWritten], (row) => row.recordedBy, toFhirAllergyIntolerance);
    return first?.resource ?? null;
  },
};
/** Types whose every change keeps the version it replaced (ADR 0101): all earlier versions, newest first. */
const keptVersions: Record<string, (em: EntityManager, id: string) => Promise<Resource[]>> = {
  DocumentReference: earlierDocumentReferences,
};
/** Whether the record keeps a type's earlier version (`readHistory` in the CapabilityStatement). */
export const keepsEarlierVersions = (type: string) => Object.hasOwn(firstVersions, type) || Object.hasOwn(keptVersions, type);

export interface Versions {
  /** The resource as its read loads it, with its patient (for the access log). */
  found: Found;
  /** The versions asked for, newest first. */
  versions: Resource[];
}

/**
 * One resource in the version asked (`versionId`), or all the versions the record keeps (null),
 * newest first. A version the record does not keep is a 404 that says which it does keep.
 */
export async function readVersion(em: EntityManager, type: string, id: string, versionId: string | null): Promise<Versions> {
  const [found] = isUuid(id) ? await loadResources(em, type, [id]) : [];
  if (!found) throw AppError.notFound(`${type} is niet gevonden.`);
  const current = found.resource.meta?.versionId ?? '1';
  const first = current !== '1' && Object.hasOwn(firstVersions, type) ? await firstVersions[type]!(em, id) : null;
  const earlier = Object.hasOwn(keptVersions, type) ? await keptVersions[type]!(em, id) : first ? [first] : [];
  const kept = [found.resource, ...earlier];
  if (versionId === null) return { found, versions: kept };
  const asked = kept.find((version) => version.meta?.versionId === versionId);
  if (!asked)
    throw AppError.notFound(
      keepsEarlierVersions(type)
        ? `Versie ${versionId.slice(0, 40)} van ${type}/${id} is er niet; ${kept.length > 1 ? `er zijn de versies ${versionList(kept)}` : `er is alleen versie ${current}`}.`
        : `Versie ${versionId.slice(0, 40)} van ${type}/${id} is er niet: het dossier bewaart van ${type} alleen de huidige versie (${current}).`,
    );
  return { found, versions: [asked] };
}

/** The kept versions, oldest first, as a Dutch list ("1 en 2", "1, 5 en 9"). */
function versionList(kept: readonly Resource[]): string {
  const ids = kept.map((version) => version.meta?.versionId ?? '1').reverse();
  return `${ids.slice(0, -1).join(', ')} en ${ids.at(-1)}`;
}

/** `<Type>/<id>/_history`: the versions the record keeps, newest first. */
export function instanceHistory(versions: readonly Resource[], base: string): Bundle {
  return { resourceType: 'Bundle', type: 'history', total: versions.length, entry: versions.map((version) => historyEntry(version, base)) };
}

/** For the CapabilityStatement: the history interactions of a type, as they work. */
export const historyInteractions = (type: string) =>
  (['vread', 'history-instance', ...(inFeed(type) ? (['history-type'] as const) : [])] as const).map((code) => ({ code }));

export const historyDocumentation = `Versies: vread en <type>/<id>/_history geven de versies die het dossier bewaart: van MedicationRequest, MedicationAdministration, AllergyIntolerance en Observation (een meting) ook de eerste (het voorschrift, de gift, de allergie of de waarden zoals vastgelegd, vóór stoppen, het effect, vervallen of corrigeren), van DocumentReference elke eerdere versie die een correctie verving (versionId is het moment van die versie), van de andere typen alleen de huidige (een oudere versie is een 404). Wijzigingen ophalen: GET _history of <type>/_history met _since (een tijdstip met tijdzone, tot op de milliseconde) voor ${feedTypes.join(', ')}; een Bundle van type history, per resource de huidige versie, oudste wijziging eerst, gepagineerd met de link next (_count 1–${pageLimits.max}, standaard ${pageLimits.max}); meta.lastUpdated van de Bundle is de _since van de volgende vraag. meta.lastUpdated is bij elk type het moment van vastleggen of laatste wijziging; bij Observation, Condition en RiskAssessment staat het klinische moment in effectiveDateTime, recordedDate en occurrenceDateTime.`;
