import type { Bundle } from '@medplum/fhirtypes';
import type { AuditActor } from '../domain/audit/audit.service';
import { clinicalUseCasesOf, includingSearch, patientEverythingOf } from '../domain/fhir/fhir.use-cases';
import { includeOutcome, parseIncludes, type CanRead } from '../domain/fhir/include';
import { clinicalResource } from '../domain/fhir/resources';
import { searchsetBundle, type SearchDefinition } from '../domain/fhir/search';
import { toFhirPatient } from '../domain/patient/patient.fhir';
import { patientSearch } from '../domain/patient/patient.fhir-search';
import { searchFhirPatientsOf } from '../domain/patient/patient.use-cases';
import { requireBodyType, strictHandling } from './fhir.server';
import { perform } from './tenant.server';

/** `POST <type>/_search`: the URL's parameters and the form body's together, as FHIR says. */
export async function postedQuery(request: Request): Promise<URLSearchParams> {
  requireBodyType(request, 'form');
  const query = new URLSearchParams(new URL(request.url).search);
  for (const [name, value] of new URLSearchParams(await request.text())) query.append(name, value);
  return query;
}

const defaultSort = (search: SearchDefinition) => Object.keys(search.sortOrders)[0]!;

/**
 * GET <type>?… and POST <type>/_search share this: one audited search, one searchset Bundle. With
 * `_include`/`_revinclude` the included resources follow the matches (`search.mode = include`),
 * read in the same transaction and each type logged; what was asked and not followed is a warning
 * entry (`search.mode = outcome`), or a 400 under `Prefer: handling=strict`.
 */
export async function searchBundle(
  actor: AuditActor,
  request: Request,
  type: string,
  query: URLSearchParams,
  canRead: CanRead,
): Promise<Bundle> {
  const selfUrl = new URL(`/api/fhir/${type}`, request.url);
  const strict = strictHandling(request);
  if (type !== 'Patient') clinicalResource(type);
  const includes = parseIncludes(type, query, { strict, canRead });
  if (includes.include.length || includes.revinclude.length || includes.ignored.length) {
    const { page, search, included } = await perform(actor, includingSearch(type), { query, strict, includes });
    const definition = type === 'Patient' ? patientSearch : clinicalResource(type).search;
    const bundle = searchsetBundle(
      page,
      selfUrl,
      { ...search, applied: [...search.applied, ...includes.applied] },
      defaultSort(definition),
    );
    const outcome = includeOutcome(includes.ignored, included.truncated);
    bundle.entry = [
      ...(bundle.entry ?? []),
      ...included.found.map(({ resource }) => ({
        fullUrl: new URL(`/api/fhir/${resource.resourceType}/${resource.id}`, selfUrl).toString(),
        resource,
        search: { mode: 'include' as const },
      })),
      ...(outcome ? [{ resource: outcome, search: { mode: 'outcome' as const } }] : []),
    ];
    return bundle;
  }
  if (type === 'Patient') {
    const { page, search, contacts } = await perform(actor, searchFhirPatientsOf, { query, strict });
    const resources = page.items.map((patient) => toFhirPatient(patient, contacts.get(patient.id)));
    return searchsetBundle({ ...page, resources }, selfUrl, search, defaultSort(patientSearch));
  }
  const definition = clinicalResource(type);
  const { page, search } = await perform(actor, clinicalUseCasesOf(type).search, { query, strict });
  return searchsetBundle(page, selfUrl, search, defaultSort(definition.search));
}

/** One clinical resource by id, with its version as ETag. */
export async function readResponse(actor: AuditActor, type: string, id: string) {
  const { resource } = await perform(actor, clinicalUseCasesOf(type).read, { id });
  return { resource, etag: `W/"${resource.meta?.versionId ?? '1'}"` };
}

/** `Patient/{id}/$everything`: the patient and their record, one page of one ordered list. */
export async function everythingBundle(actor: AuditActor, request: Request, patientId: string, canRead: CanRead): Promise<Bundle> {
  const url = new URL(request.url);
  const { bundle } = await perform(actor, patientEverythingOf, {
    patientId,
    query: url.searchParams,
    strict: strictHandling(request),
    canRead,
    selfUrl: new URL(url.pathname, request.url).toString(),
  });
  return bundle;
}
